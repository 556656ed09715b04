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

final class DependencyManifestTests: XCTestCase {
    private func read(_ text: String, path: String, kind: ProjectFileKind) -> (DependencyManifests, [Diagnostic]) {
        var manifests = DependencyManifests()
        let diagnostics = manifests.add(Array(text.utf8), path: path, kind: kind)
        manifests.sort()
        return (manifests, diagnostics)
    }

    private func summary(_ packages: [LinkedPackage]) -> [String] {
        packages.map { "\($0.line):\($0.name)@\($0.version ?? "-")>\($0.target ?? "-")" }
    }

    func testPodfileWithTargetsDefinitionsAndBlocks() {
        let podfile = """
            platform :ios, '15.0'
            source 'https://cdn.cocoapods.org/' # trunk
            use_frameworks!

            pod 'SwiftLint' # everywhere

            def auth_pods
              pod 'GoogleSignIn', '~> 7.0'
              pod "FBSDKLoginKit/Login", '>= 16.0', :modular_headers => true
            end

            target 'MyApp' do
              auth_pods
              pod 'Firebase/Auth'
              pod 'Local', :path => '../Local'
              pod 'Edge', :git => 'https://github.com/x/edge.git', :branch => 'main'
              # pod 'Commented'

              target 'MyAppTests' do
                inherit! :search_paths
                pod 'Quick', '7.3.0'
              end
            end

            abstract_target 'Widgets' do
              pod 'WidgetKitHelpers'
              target :WidgetExtension do
                pod 'Charts'
              end
            end

            post_install do |installer|
              installer.pods_project.targets.each do |target|
                if target.name == 'x'
                  puts "pod 'NotAPod'"
                end
              end
            end
            pod 'Late'
            """
        let (manifests, diagnostics) = read(podfile, path: "Podfile", kind: .podfile)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(
            summary(manifests.linkedPackages),
            [
                "5:SwiftLint@->-",
                "8:GoogleSignIn@~> 7.0>MyApp",
                "9:FBSDKLoginKit/Login@>= 16.0>MyApp",
                "14:Firebase/Auth@->MyApp",
                "15:Local@->MyApp",
                "16:Edge@->MyApp",
                "21:Quick@7.3.0>MyAppTests",
                "26:WidgetKitHelpers@->Widgets",
                "28:Charts@->WidgetExtension",
                "39:Late@->-",
            ])
        XCTAssertEqual(manifests.linkedPackages.first { $0.name == "Local" }?.location, "../Local")
        XCTAssertEqual(manifests.linkedPackages.first { $0.name == "Edge" }?.location, "https://github.com/x/edge.git")
        XCTAssertEqual(manifests.linkedPackages.first { $0.name.hasPrefix("FBSDK") }?.baseName, "FBSDKLoginKit")
        XCTAssertTrue(manifests.linkedPackages.allSatisfy { $0.manager == .cocoaPods && $0.source == "Podfile" })
        XCTAssertEqual(manifests.packages(forTarget: "MyAppTests").map(\.name), ["SwiftLint", "Quick", "Late"])
    }

    func testPodfileLock() {
        let lock = """
            PODS:
              - AppAuth (1.7.5):
                - AppAuth/Core (= 1.7.5)
                - AppAuth/ExternalUserAgent (= 1.7.5)
              - "FBSDKCoreKit (16.3.1)":
                - FBSDKCoreKit_Basics (= 16.3.1)
              - GoogleSignIn (7.1.0):
                - AppAuth (< 2.0, >= 1.7.3)
              - GTMSessionFetcher/Core (3.4.1)

            DEPENDENCIES:
              - GoogleSignIn (~> 7.0)

            SPEC CHECKSUMS:
              AppAuth: 501c04eda8a8d11f179dbe8637b7a91bb7e5d2fa

            COCOAPODS: 1.15.2
            """
        let (manifests, _) = read(lock, path: "ios/Podfile.lock", kind: .podfileLock)
        XCTAssertEqual(
            summary(manifests.linkedPackages),
            [
                "2:AppAuth@1.7.5>-", "5:FBSDKCoreKit@16.3.1>-", "7:GoogleSignIn@7.1.0>-",
                "9:GTMSessionFetcher/Core@3.4.1>-",
            ])
        XCTAssertEqual(manifests.linkedPackages.first?.source, "ios/Podfile.lock")
    }

    func testPackageResolvedVersions() {
        let v2 = """
            {
              "originHash" : "abc",
              "pins" : [
                {
                  "identity" : "googlesignin-ios",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/google/GoogleSignIn-iOS",
                  "state" : {
                    "revision" : "a7965d134c5d3567026c523e0a8a583f73b62b0d",
                    "version" : "7.1.0"
                  }
                },
                {
                  "identity" : "appauth-ios",
                  "kind" : "remoteSourceControl",
                  "location" : "https://github.com/openid/AppAuth-iOS.git",
                  "state" : {
                    "branch" : "master",
                    "revision" : "c89ed571ae140f8eb1142735e6e23d7bb8c34cb2"
                  }
                }
              ],
              "version" : 2
            }
            """
        let (manifests, diagnostics) = read(
            v2, path: "App.xcworkspace/xcshareddata/swiftpm/Package.resolved", kind: .packageResolved)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(summary(manifests.linkedPackages), ["5:googlesignin-ios@7.1.0>-", "14:appauth-ios@master>-"])
        XCTAssertEqual(manifests.linkedPackages.first?.location, "https://github.com/google/GoogleSignIn-iOS")

        let v1 = """
            {
              "object": {
                "pins": [
                  {
                    "package": "Facebook",
                    "repositoryURL": "https://github.com/facebook/facebook-ios-sdk",
                    "state": { "branch": null, "revision": "abc", "version": "14.1.0" }
                  }
                ]
              },
              "version": 1
            }
            """
        let (old, _) = read(v1, path: "Package.resolved", kind: .packageResolved)
        XCTAssertEqual(summary(old.linkedPackages), ["5:Facebook@14.1.0>-"])
        XCTAssertEqual(old.linkedPackages.first?.location, "https://github.com/facebook/facebook-ios-sdk")

        let v3 =
            #"{"originHash":"x","pins":[{"identity":"yams","kind":"remoteSourceControl","location":"https://github.com/jpsim/Yams","state":{"revision":"r","version":"6.2.2"}}],"version":3}"#
        XCTAssertEqual(
            summary(read(v3, path: "Package.resolved", kind: .packageResolved).0.linkedPackages), ["1:yams@6.2.2>-"])

        for broken in ["{ not json", "[1, 2]", #"{"version": 2}"#] {
            let (none, problems) = read(broken, path: "Package.resolved", kind: .packageResolved)
            XCTAssertEqual(none.linkedPackages, [], broken)
            XCTAssertEqual(problems.map(\.kind), [.malformedManifest], broken)
        }
    }

    func testPackageManifestTargetsAndProducts() {
        let manifest = #"""
            // swift-tools-version:5.9
            import PackageDescription

            /* .target(name: "CommentedOut") */
            let package = Package(
                name: "LoginKit",
                platforms: [.iOS(.v16)],
                products: [.library(name: "LoginKit", targets: ["LoginKit"])],
                dependencies: [
                    .package(url: "https://github.com/google/GoogleSignIn-iOS.git", from: "7.0.0"),
                    .package(url: "https://github.com/facebook/facebook-ios-sdk", "16.0.0"..<"17.0.0"),
                    .package(name: "Local", path: "../LocalKit"),
                ],
                targets: [
                    .target(
                        name: "LoginKit",
                        dependencies: [
                            "Core",
                            .product(name: "GoogleSignIn", package: "GoogleSignIn-iOS"),
                            .product(name: "FacebookLogin", package: "facebook-ios-sdk", condition: .when(platforms: [.iOS])),
                            .target(name: "Helpers"),
                        ],
                        path: "Sources/Login Kit"
                    ),
                    .target(name: "Core"),
                    .executableTarget(name: "Tool", dependencies: [.byName(name: "Core")]),
                    .testTarget(name: "LoginKitTests", dependencies: ["LoginKit"]),
                ]
            )
            """#
        let (manifests, _) = read(manifest, path: "Packages/LoginKit/Package.swift", kind: .packageManifest)
        XCTAssertEqual(
            manifests.swiftPackageTargets.map { "\($0.line):\($0.kind):\($0.name)=\($0.path)" },
            [
                "15:target:LoginKit=Packages/LoginKit/Sources/Login Kit",
                "25:target:Core=Packages/LoginKit/Sources/Core",
                "26:executableTarget:Tool=Packages/LoginKit/Sources/Tool",
                "27:testTarget:LoginKitTests=Packages/LoginKit/Tests/LoginKitTests",
            ])
        XCTAssertEqual(
            manifests.swiftPackageTargets.first?.dependencies, ["Core", "GoogleSignIn", "FacebookLogin", "Helpers"])
        XCTAssertEqual(manifests.swiftPackageTargets[2].dependencies, ["Core"])
        XCTAssertTrue(manifests.swiftPackageTargets[0].contains("Packages/LoginKit/Sources/Login Kit/SignIn.swift"))
        XCTAssertFalse(manifests.swiftPackageTargets[1].contains("Packages/LoginKit/Sources/CoreExtras/X.swift"))
        XCTAssertEqual(
            summary(manifests.linkedPackages),
            [
                "10:GoogleSignIn-iOS@7.0.0>-", "11:facebook-ios-sdk@16.0.0>-", "12:Local@->-",
                "19:GoogleSignIn@->LoginKit", "20:FacebookLogin@->LoginKit",
            ])
        XCTAssertEqual(manifests.linkedPackages.first?.location, "https://github.com/google/GoogleSignIn-iOS.git")
        XCTAssertEqual(manifests.linkedPackages[3].location, "GoogleSignIn-iOS")
    }

    func testCartfiles() {
        let cartfile = """
            # Auth
            github "openid/AppAuth-iOS" ~> 1.6
            git "https://example.com/team/Secrets.git" "main"
            binary "https://dl.google.com/GoogleSignIn.json" ~> 7.0
            """
        let (manifests, _) = read(cartfile, path: "Cartfile", kind: .cartfile)
        XCTAssertEqual(
            summary(manifests.linkedPackages),
            ["2:AppAuth-iOS@~> 1.6>-", "3:Secrets@main>-", "4:GoogleSignIn@~> 7.0>-"])
        XCTAssertEqual(manifests.linkedPackages.first?.manager, .carthage)
        let resolved = #"github "openid/AppAuth-iOS" "1.7.5""#
        XCTAssertEqual(
            summary(read(resolved, path: "Cartfile.resolved", kind: .cartfileResolved).0.linkedPackages),
            ["1:AppAuth-iOS@1.7.5>-"])
    }

    func testScannerCollectsManifestsInPathOrder() throws {
        let tree = try ScanFixture()
        try tree.write("Podfile", "target 'App' do\n  pod 'GoogleSignIn'\nend\n")
        try tree.write("Cartfile", "github \"openid/AppAuth-iOS\"\n")
        try tree.write(
            "Package.swift",
            ".target(name: \"App\", dependencies: [.product(name: \"GoogleSignIn\", package: \"GoogleSignIn-iOS\")])")
        try tree.write("Package@swift-5.9.swift", ".target(name: \"Duplicate\")")
        try tree.write("Package.resolved", "{ broken")
        let project = tree.scan()
        XCTAssertEqual(project.manifests.linkedPackages.map(\.source), ["Cartfile", "Package.swift", "Podfile"])
        XCTAssertEqual(
            project.manifests.swiftPackageTargets.map(\.name), ["App"],
            "a version-specific manifest beside Package.swift is skipped")
        XCTAssertEqual(project.swiftPackageTargets(containing: "Sources/App/Main.swift").map(\.name), ["App"])
        XCTAssertEqual(project.diagnostics.map(\.kind), [.malformedManifest])
    }
}
