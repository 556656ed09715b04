import Foundation
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

/// How the code of a tree is grouped into the apps it ships in.
final class ProjectShapeTests: XCTestCase {
    private func lint(_ tree: ScanFixture) throws -> LintReport {
        try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: [tree.root]), catalog: try RuleCatalog.builtin(), currentDirectory: tree.root))
    }

    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.applesignin</key>
        \t<array><string>Default</string></array>
        </dict>
        </plist>
        """

    static let appleRequest = """
        import AuthenticationServices
        import CryptoKit

        final class AppleSignIn {
            func start(nonce: String) {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.nonce = sha256(nonce)
                ASAuthorizationController(authorizationRequests: [request]).performRequests()
            }
        }
        """

    func testWithoutAProjectFileAnInfoPlistDoesNotSplitTheApp() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/Info.plist", "<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>")
        try tree.write("App/App.entitlements", Self.entitlements)
        try tree.write(
            "App/AppDelegate.swift",
            """
            import UIKit
            import AuthenticationServices

            final class AppDelegate: UIResponder {
                func check(user: String) {
                    ASAuthorizationAppleIDProvider().getCredentialState(forUserID: user) { state, _ in }
                }
            }
            """)
        try tree.write("Auth/AppleSignIn.swift", Self.appleRequest)
        let report = try lint(tree)
        XCTAssertEqual(
            report.findings.map { "\($0.path):\($0.line): \($0.rule)" }.filter { $0.contains("credential-state") }, [])
        XCTAssertEqual(report.signIn.map(\.name), ["project"])

        // With a project file in the tree, a folder with its own Info.plist is an app of its own.
        try tree.write("Other/Other.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = {}; rootObject = X; }\n")
        let split = try lint(tree)
        XCTAssertEqual(
            split.findings.map { "\($0.path): \($0.rule)" }.filter { $0.contains("credential-state") },
            ["Auth/AppleSignIn.swift: no-credential-state-check"])
    }

    func testTuistManifestsGiveTargetsAndEntitlements() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write(
            "Project.swift",
            """
            import ProjectDescription

            let project = Project(
                name: "Harbor",
                targets: [
                    .target(
                        name: "Harbor",
                        destinations: .iOS,
                        product: .app,
                        bundleId: "com.example.harbor",
                        infoPlist: .extendingDefault(with: ["UILaunchScreen": [:]]),
                        sources: ["Harbor/Sources/**"],
                        entitlements: .dictionary([
                            "aps-environment": .string("production"),
                            "com.apple.developer.associated-domains": .array([.string("applinks:example.com")]),
                        ])
                    ),
                    .target(
                        name: "HarborKit",
                        destinations: .iOS,
                        product: .framework,
                        bundleId: "com.example.harbor.kit",
                        sources: .sourceFilesList(globs: [.glob("Kit/**", excluding: ["Kit/Legacy/**"])])
                    ),
                ]
            )
            """)
        try tree.write("Harbor/Sources/AppleSignIn.swift", Self.appleRequest)
        try tree.write("Kit/Helpers.swift", "import Foundation\n")
        try tree.write("Kit/Legacy/Old.swift", "import Foundation\n")
        let scanned = ProjectScanner.scan(ScanOptions(paths: [tree.root]), currentDirectory: tree.root)
        XCTAssertEqual(scanned.xcodeProjects.first?.targets.map(\.name), ["Harbor", "HarborKit"])
        XCTAssertEqual(scanned.xcodeProjects.first?.targets.first?.isApplication, true)
        XCTAssertEqual(scanned.xcodeProjects.first?.targets.last?.sourceFiles, ["Kit/Helpers.swift"])
        XCTAssertEqual(scanned.sourceFiles.map(\.path).contains("Project.swift"), false, "the manifest is not app code")
        XCTAssertEqual(scanned.entitlements.map(\.path), ["Project.swift"])

        let report = try lint(tree)
        let entitlement = report.findings.filter { $0.rule == "missing-applesignin-entitlement" }
        XCTAssertEqual(entitlement.map { "\($0.path):\($0.line) \($0.severity)" }, ["Project.swift:13 error"])
        XCTAssertEqual(report.signIn.map(\.name), ["target Harbor"])

        // Written as a file the tree holds, with the capability.
        try tree.write("Harbor/Harbor.entitlements", Self.entitlements)
        let manifest = try String(contentsOfFile: tree.root + "/Project.swift", encoding: .utf8)
        let start = try XCTUnwrap(manifest.range(of: "entitlements: .dictionary(["))
        let end = try XCTUnwrap(manifest.range(of: "])\n", range: start.upperBound..<manifest.endIndex))
        try tree.write(
            "Project.swift",
            manifest.replacingCharacters(
                in: start.lowerBound..<end.upperBound,
                with: "entitlements: .file(path: \"Harbor/Harbor.entitlements\")\n"))
        XCTAssertEqual(try lint(tree).findings.filter { $0.rule == "missing-applesignin-entitlement" }.map(\.path), [])
    }

    func testXcodeGenSpecsGiveTargetsAndEntitlements() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write(
            "project.yml",
            """
            name: Harbor
            targets:
              Harbor:
                type: application
                platform: iOS
                sources:
                  - path: Harbor
                    excludes: ["**/*.md"]
                entitlements:
                  path: Harbor/Harbor.entitlements
                  properties:
                    com.apple.developer.applesignin: [Default]
              HarborTests:
                type: bundle.unit-test
                sources: [HarborTests]
            """)
        try tree.write("Harbor/AppleSignIn.swift", Self.appleRequest)
        try tree.write("HarborTests/LoginTests.swift", "import Foundation\n")
        let scanned = ProjectScanner.scan(ScanOptions(paths: [tree.root]), currentDirectory: tree.root)
        XCTAssertEqual(scanned.xcodeProjects.first?.targets.map(\.name), ["Harbor", "HarborTests"])
        XCTAssertEqual(
            scanned.xcodeProjects.first?.targets.map(\.sourceFiles),
            [["Harbor/AppleSignIn.swift"], ["HarborTests/LoginTests.swift"]])
        XCTAssertEqual(scanned.xcodeProjects.first?.targets.last?.isTest, true)
        // The properties are the entitlements: the generated file is often not committed.
        XCTAssertEqual(try lint(tree).findings.filter { $0.rule == "missing-applesignin-entitlement" }.map(\.path), [])

        try tree.write(
            "project.yml",
            """
            name: Harbor
            targets:
              Harbor:
                type: application
                sources: Harbor
                entitlements:
                  path: ../../outside.entitlements
            """)
        let report = try lint(tree)
        XCTAssertEqual(
            report.diagnostics.map { "\($0.path):\($0.line ?? 0) \($0.kind.rawValue)" }, ["project.yml:7 outside-root"])
        XCTAssertEqual(
            report.findings.filter { $0.rule == "missing-applesignin-entitlement" }.map { "\($0.path) \($0.severity)" },
            ["Harbor/AppleSignIn.swift note"])
    }

    /// Face ID's purpose string, as Tuist and XcodeGen manifests write an Info.plist.
    func testManifestsSayWhatTheirGeneratedInfoPlistHolds() throws {
        let unlock =
            "import LocalAuthentication\n\nfunc unlock() {\n    LAContext().evaluatePolicy(.deviceOwnerAuthentication, localizedReason: \"Unlock\") { _, _ in }\n}\n"
        func faceID(_ tree: ScanFixture) throws -> [String] {
            try lint(tree).findings.filter { $0.rule == "missing-faceid-usage-description" }.map {
                "\($0.path):\($0.line) \($0.severity)"
            }
        }
        let tuist = { (infoPlist: String) in
            """
            import ProjectDescription

            let project = Project(name: "Vault", targets: [
                .target(name: "Vault", destinations: .iOS, product: .app, bundleId: "com.example.vault",
                        infoPlist: \(infoPlist), sources: ["Vault/**"]),
            ])
            """
        }
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("Vault/Unlock.swift", unlock)
        try tree.write(
            "Project.swift",
            tuist(
                #".extendingDefault(with: ["NSFaceIDUsageDescription": "Face ID unlocks the vault.", "UILaunchScreen": [:]])"#
            ))
        XCTAssertEqual(try faceID(tree), [])
        try tree.write("Project.swift", tuist(#".extendingDefault(with: ["UILaunchScreen": [:]])"#))
        XCTAssertEqual(try faceID(tree), ["Vault/Unlock.swift:4 error"])
        try tree.write("Project.swift", tuist(".default"))
        XCTAssertEqual(try faceID(tree), ["Vault/Unlock.swift:4 error"])
        // Computed by a helper: what it holds is unknown, and nothing is said.
        try tree.write("Project.swift", tuist("InfoPlist.vault()"))
        XCTAssertEqual(try faceID(tree), [])
        // Code no target of the project compiles (a local package) is not judged either.
        try tree.write("Project.swift", tuist(".default"))
        try tree.write("Packages/Lock/Sources/Lock/Unlock.swift", unlock)
        XCTAssertEqual(try faceID(tree), ["Vault/Unlock.swift:4 error"])

        try FileManager.default.removeItem(atPath: tree.root + "/Project.swift")
        let target = "name: Vault\ntargets:\n  Vault:\n    type: application\n    sources: Vault\n"
        try tree.write(
            "project.yml",
            target + """
                    info:
                      path: Vault/Info.plist
                      properties:
                        NSFaceIDUsageDescription: Face ID unlocks the vault.
                """)
        XCTAssertEqual(try faceID(tree), [])
        try tree.write(
            "project.yml",
            target + """
                    settings:
                      base:
                        GENERATE_INFOPLIST_FILE: YES
                        INFOPLIST_KEY_NSFaceIDUsageDescription: Face ID unlocks the vault.
                """)
        XCTAssertEqual(try faceID(tree), [])
    }

    func testAFrameworkAnAppLinksShipsInTheApp() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write(
            "Projects/App/Project.swift",
            """
            import ProjectDescription

            let project = Project(name: "App", targets: [
                .target(name: "Maru", destinations: .iOS, product: .app, bundleId: "com.example.maru",
                        sources: ["Sources/**"], dependencies: [.project(target: "Feature", path: "../Feature")]),
            ])
            """)
        try tree.write(
            "Projects/Feature/Project.swift",
            """
            import ProjectDescription

            let project = Project(name: "Feature", targets: [
                .target(name: "Feature", destinations: .iOS, product: .staticFramework, bundleId: "com.example.feature",
                        sources: ["Sources/**"], dependencies: [.target(name: "Network")]),
                .target(name: "Network", destinations: .iOS, product: .framework, bundleId: "com.example.network",
                        sources: ["Network/**"]),
            ])
            """)
        try tree.write("Projects/App/Sources/MaruApp.swift", "import SwiftUI\n")
        try tree.write(
            "Projects/Feature/Sources/KakaoLogin.swift",
            """
            import KakaoSDKUser

            func signIn() {
                UserApi.shared.loginWithKakaoTalk { token, error in }
            }
            """)
        try tree.write("Projects/Feature/Network/Client.swift", "import Foundation\n")
        let report = try lint(tree)
        XCTAssertEqual(
            report.findings.filter { $0.rule == "third-party-login-without-apple" }.map(\.path),
            ["Projects/Feature/Sources/KakaoLogin.swift"])
        XCTAssertEqual(report.signIn.map(\.name), ["target Maru"])
        let scanned = ProjectScanner.scan(ScanOptions(paths: [tree.root]), currentDirectory: tree.root)
        let network = try XCTUnwrap(scanned.xcodeTargets(containing: "Projects/Feature/Network/Client.swift").first)
        XCTAssertEqual(
            scanned.applicationsShippingLibraries().application(embedding: network)?.name, "Maru", "through Feature")
    }

    /// A project with one target whose sources are the synchronized folder named after it, which
    /// builds `product` and links the files of `links` from the build products folder, and
    /// `packageProduct` of the local package two folders up.
    private func synchronizedProject(
        target: String, productType: String, product: String, links: [String], packageProduct: String? = nil
    ) -> String {
        let linked = links.enumerated().map { index, file in
            (
                file: "2B00000000000000000000\(String(format: "%02d", index))",
                build: "3B00000000000000000000\(String(format: "%02d", index))", path: file
            )
        }
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 77;
            \tobjects = {
            \t\t1A000000000000000000000A = {isa = PBXFileReference; path = \(product); sourceTree = BUILT_PRODUCTS_DIR; };
            \(linked.map { "\t\t\($0.file) = {isa = PBXFileReference; path = \($0.path); sourceTree = BUILT_PRODUCTS_DIR; };" }.joined(separator: "\n"))
            \(linked.map { "\t\t\($0.build) = {isa = PBXBuildFile; fileRef = \($0.file); };" }.joined(separator: "\n"))
            \t\t4A000000000000000000000A = {isa = PBXFrameworksBuildPhase; files = (\(linked.map { "\($0.build), " }.joined())); };
            \t\tC1000000000000000000000A = {isa = PBXFileSystemSynchronizedRootGroup; path = \(target); sourceTree = "<group>"; };
            \t\tB1000000000000000000000A = {isa = PBXGroup; children = (C1000000000000000000000A, ); sourceTree = "<group>"; };
            \(packageProduct.map { "\t\tE1000000000000000000000A = {isa = XCLocalSwiftPackageReference; relativePath = ../..; };\n\t\tF1000000000000000000000A = {isa = XCSwiftPackageProductDependency; package = E1000000000000000000000A; productName = \($0); };" } ?? "")
            \t\tD1000000000000000000000A = {isa = PBXNativeTarget; buildPhases = (4A000000000000000000000A, ); fileSystemSynchronizedGroups = (C1000000000000000000000A, ); name = \(target); packageProductDependencies = (\(packageProduct == nil ? "" : "F1000000000000000000000A, ")); productReference = 1A000000000000000000000A; productType = "\(productType)"; };
            \t\tA1000000000000000000000A = {isa = PBXProject; mainGroup = B1000000000000000000000A; packageReferences = (\(packageProduct == nil ? "" : "E1000000000000000000000A, ")); targets = (D1000000000000000000000A, ); };
            \t};
            \trootObject = A1000000000000000000000A;
            }

            """
    }

    func testAFrameworkAnotherProjectBuildsShipsInTheAppThatLinksIt() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        let app = { (links: [String]) in
            self.synchronizedProject(
                target: "Maru", productType: "com.apple.product-type.application", product: "Maru.app", links: links)
        }
        try tree.write(
            "Auth/Auth.xcodeproj/project.pbxproj",
            synchronizedProject(
                target: "Auth", productType: "com.apple.product-type.framework", product: "Auth.framework", links: []))
        try tree.write("App/Maru/MaruApp.swift", "import SwiftUI\n")
        try tree.write(
            "Auth/Auth/AppleSignIn.swift",
            """
            import AuthenticationServices

            func signIn() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.nonce = sha256(nonce)
            }

            """)
        let stateCheck = { () throws -> [String] in
            try self.lint(tree).findings.filter { $0.rule == "no-credential-state-check" }.map(\.path)
        }
        // Linked, though no dependency names the framework's target: the framework ships in the app.
        try tree.write("App/App.xcodeproj/project.pbxproj", app(["Auth.framework"]))
        XCTAssertEqual(try stateCheck(), ["Auth/Auth/AppleSignIn.swift"])
        let scanned = ProjectScanner.scan(ScanOptions(paths: [tree.root]), currentDirectory: tree.root)
        let auth = try XCTUnwrap(scanned.xcodeTargets(containing: "Auth/Auth/AppleSignIn.swift").first)
        XCTAssertEqual(scanned.applicationsShippingLibraries().application(embedding: auth)?.name, "Maru")
        // Not linked: a library no app ships, which the app rules do not judge.
        try tree.write("App/App.xcodeproj/project.pbxproj", app([]))
        XCTAssertEqual(try stateCheck(), [])
    }

    func testAVaporPackageAnAppLinksShipsInTheApp() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Shared",
                products: [.library(name: "Shared", targets: ["Shared"])],
                dependencies: [.package(url: "https://github.com/vapor/vapor.git", from: "4.99.0")],
                targets: [.target(name: "Shared", dependencies: [.product(name: "Vapor", package: "vapor")])]
            )

            """)
        try tree.write("Sources/Shared/Session.swift", "struct Session {}\n")
        try tree.write("Examples/Demo/Demo/DemoApp.swift", "import SwiftUI\n")
        let kind = { () -> BuildTarget.Kind in
            let scanned = ProjectScanner.scan(ScanOptions(paths: [tree.root]), currentDirectory: tree.root)
            let built = BuildTargetBuilder.build(
                files: scanned.sourceFiles.map { BuildTargetBuilder.File(path: $0.path, imports: []) }, scanned: scanned
            )
            let file = scanned.sourceFiles.firstIndex { $0.path == "Sources/Shared/Session.swift" }!
            return built.targets[built.targetOfFile[FileID(file)]].kind
        }
        XCTAssertEqual(kind(), .server)
        try tree.write(
            "Examples/Demo/Demo.xcodeproj/project.pbxproj",
            synchronizedProject(
                target: "Demo", productType: "com.apple.product-type.application", product: "Demo.app", links: [],
                packageProduct: "Shared"))
        XCTAssertEqual(kind(), .app)
    }

    func testAPackageAnExampleAppBesideItLinksShipsInTheApp() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "AuthKit",
                products: [
                    .library(name: "AuthKit", targets: ["AuthKit"]),
                    .library(name: "Widgets", targets: ["Widgets"]),
                ],
                targets: [
                    .target(name: "AuthKit", dependencies: ["AuthCore"]),
                    .target(name: "AuthCore"),
                    .target(name: "Widgets"),
                ]
            )

            """)
        try tree.write("Sources/AuthCore/AppleSignIn.swift", Self.appleRequest + "\n")
        try tree.write("Sources/AuthKit/AuthKit.swift", "import AuthCore\n")
        try tree.write("Sources/Widgets/Widget.swift", "struct Widget {}\n")
        try tree.write("Examples/Demo/Demo/DemoApp.swift", "import SwiftUI\n")
        let stateCheck = { () throws -> [String] in
            try self.lint(tree).findings.filter { $0.rule == "no-credential-state-check" }.map(\.path)
        }
        let demo = { (product: String) in
            self.synchronizedProject(
                target: "Demo", productType: "com.apple.product-type.application", product: "Demo.app", links: [],
                packageProduct: product)
        }
        // The app links the product whose target depends on the sign-in's: the package ships in it.
        try tree.write("Examples/Demo/Demo.xcodeproj/project.pbxproj", demo("AuthKit"))
        XCTAssertEqual(try stateCheck(), ["Sources/AuthCore/AppleSignIn.swift"])
        let scanned = ProjectScanner.scan(ScanOptions(paths: [tree.root]), currentDirectory: tree.root)
        XCTAssertEqual(
            scanned.manifests.swiftPackageProducts.map { "\($0.kind) \($0.name) \($0.targets)" },
            ["library AuthKit [\"AuthKit\"]", "library Widgets [\"Widgets\"]"])
        let core = try XCTUnwrap(scanned.swiftPackageTargets(containing: "Sources/AuthCore/AppleSignIn.swift").first)
        XCTAssertEqual(scanned.application(linking: scanned.manifests.products(containing: core))?.name, "Demo")
        // Another product linked: the sign-in's target is a library no app ships.
        try tree.write("Examples/Demo/Demo.xcodeproj/project.pbxproj", demo("Widgets"))
        XCTAssertEqual(try stateCheck(), [])
    }

    /// A Swift Playgrounds app package: its `.iOSApplication` product's targets are an app.
    func testAnAppPackageIsAnApp() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        let manifest = { (product: String) in
            """
            // swift-tools-version: 5.9
            import PackageDescription
            import AppleProductTypes

            let package = Package(
                name: "Maru",
                platforms: [.iOS("17.0")],
                products: [
                    \(product)
                ],
                targets: [
                    .executableTarget(name: "Maru", path: ".")
                ]
            )

            """
        }
        try tree.write("Login.swift", Self.appleRequest + "\n")
        let stateCheck = { () throws -> [String] in
            try self.lint(tree).findings.filter { $0.rule == "no-credential-state-check" }.map(\.path)
        }
        try tree.write(
            "Package.swift",
            manifest(".iOSApplication(name: \"Maru\", targets: [\"Maru\"], bundleIdentifier: \"com.example.maru\")"))
        XCTAssertEqual(try stateCheck(), ["Login.swift"])
        try tree.write("Package.swift", manifest(".executable(name: \"Maru\", targets: [\"Maru\"])"))
        XCTAssertEqual(try stateCheck(), [])
    }
}
