import ProjectDescription

// Harbor is defined with Tuist: authlint reads this manifest (without running it) for the
// target's sources, entitlements and Info.plist, as it reads a project.pbxproj.
let project = Project(
    name: "Harbor",
    targets: [
        .target(
            name: "Harbor",
            destinations: .iOS,
            product: .app,
            bundleId: "org.harborsailing.app",
            infoPlist: .extendingDefault(with: [
                "UILaunchScreen": [:],
                "NSFaceIDUsageDescription": "Face ID unlocks Harbor without your password.",
            ]),
            sources: ["Harbor/**"],
            resources: ["Harbor/PrivacyInfo.xcprivacy"],
            entitlements: .file(path: "Harbor/Harbor.entitlements"),
            dependencies: [
                .external(name: "GoogleSignIn"),
                .external(name: "FirebaseAuth"),
            ]
        ),
    ]
)
