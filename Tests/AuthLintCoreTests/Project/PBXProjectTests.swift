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

final class PBXProjectTests: XCTestCase {
    private func parse(_ text: String) -> Result<PBXNode, PBXParseError> {
        PBXProjectParser.parse(Array(text.utf8))
    }

    func testParserReadsOldStyleSyntax() throws {
        let text = """
            // !$*UTF8*$!
            {
                plain = abc_$/:.-+9;  /* comment */ quoted = "say \\"hi\\"\\n\\ttab \\\\ \\U00e9 \\101";
                single = 'it\\'s';
                // line comment
                list = ( one, "two", (nested), {k = v;}, );
                empty = ( );
                data = <0fbd 77ac>;
                "multi
            line" = x;
                utf8 = "日本";
            }
            """
        let node = try parse(text).get()
        XCTAssertEqual(node.line, 2)
        XCTAssertEqual(node["plain"]?.stringValue, "abc_$/:.-+9")
        XCTAssertEqual(node["single"]?.stringValue, "it's")
        XCTAssertEqual(node["quoted"]?.stringValue, "say \"hi\"\n\ttab \\ é A")
        XCTAssertEqual(node["list"]?.arrayValue?.count, 4)
        XCTAssertEqual(node["list"]?.stringArrayValue, ["one", "two"])
        XCTAssertEqual(node["list"]?.arrayValue?[3]["k"]?.stringValue, "v")
        XCTAssertEqual(node["list"]?.line, 6)
        XCTAssertEqual(node["empty"]?.arrayValue, [])
        XCTAssertEqual(node["data"]?.value, .data([0x0F, 0xBD, 0x77, 0xAC]))
        XCTAssertEqual(node["multi\nline"]?.stringValue, "x")
        XCTAssertEqual(node["utf8"]?.stringValue, "日本")
        XCTAssertEqual(node["utf8"]?.line, 11)
        XCTAssertEqual(node["list"]?.settingValue, "one two nested")
    }

    func testParserRejectsMalformedInputWithLines() {
        let cases: [(String, Int)] = [
            ("{\n a = b\n}", 3),
            ("{\n a = (x y);\n}", 2),
            ("{\n a = \"open;\n}", 2),
            ("{\n a = b;\n", 3),
            ("{ a = b; } extra", 1),
            ("", 1),
            ("{\n = b; }", 2),
            ("{ a = <0g>; }", 1),
        ]
        for (text, line) in cases {
            guard case .failure(let error) = parse(text) else {
                XCTFail("accepted: \(text)")
                continue
            }
            XCTAssertEqual(error.line, line, "\(text): \(error.message)")
        }
        let deep = String(repeating: "(", count: 1000) + String(repeating: ")", count: 1000)
        guard case .failure = parse(deep) else { return XCTFail("nesting is bounded") }
    }

    private func twoTargetProject() throws -> XcodeProject {
        let widgetConfig = XCConfig.parse(
            Array(
                """
                #include "Base.xcconfig"
                // entitlements for release builds
                CODE_SIGN_ENTITLEMENTS = $(PROJECT_DIR)/MyWidget/$(TARGET_NAME)-Release.entitlements
                CODE_SIGN_ENTITLEMENTS[sdk=iphonesimulator*] = Simulator.entitlements
                OTHER_LDFLAGS = $(inherited) -framework AuthenticationServices
                """.utf8), path: "ios/Configs/Widget.xcconfig"
        ).config
        let baseConfig = XCConfig.parse(
            Array("SWIFT_VERSION = 5.9\nOTHER_LDFLAGS = -ObjC\n".utf8), path: "ios/Configs/Base.xcconfig"
        ).config
        let configs = [widgetConfig.path: widgetConfig, baseConfig.path: baseConfig]
        let (project, diagnostics) = XcodeProject.parse(
            Array(XcodeProjectFixtures.twoTargets.utf8), path: "ios/MyApp.xcodeproj/project.pbxproj",
            rootPath: "/work/repo", xcconfigs: { configs[$0] })
        XCTAssertEqual(diagnostics, [])
        return try XCTUnwrap(project)
    }

    func testTargetsMembershipAndBuildPhases() throws {
        let project = try twoTargetProject()
        XCTAssertEqual(project.name, "MyApp")
        XCTAssertEqual(project.projectDirectory, "ios")
        XCTAssertEqual(project.targets.map(\.name), ["MyApp", "MyWidget"])
        let app = try XCTUnwrap(project.target(named: "MyApp"))
        XCTAssertEqual(app.productType, "com.apple.product-type.application")
        XCTAssertTrue(app.isApplication && app.isAppLike && !app.isAppExtension && !app.isTest)
        XCTAssertEqual(app.line, 122)
        XCTAssertEqual(
            app.sourceFiles,
            [
                "Shared/Auth/Login.swift", "ios/MyApp/AppDelegate.swift", "ios/MyApp/Legacy.m",
                "ios/MyApp/Views/SignInView.swift",
            ])
        XCTAssertEqual(app.resourceFiles, ["ios/PrivacyInfo.xcprivacy"])
        XCTAssertEqual(app.linkedFrameworks, ["AuthenticationServices.framework", "GoogleSignIn"])
        XCTAssertEqual(app.packageProductDependencies, ["GoogleSignIn"])
        XCTAssertEqual(app.dependencies, ["MyWidget"])
        let widget = try XCTUnwrap(project.target(named: "MyWidget"))
        XCTAssertTrue(widget.isAppExtension && widget.isAppLike && !widget.isApplication)
        XCTAssertEqual(widget.sourceFiles, ["Shared/Auth/Login.swift", "ios/MyWidget/Widget View.swift"])
        XCTAssertEqual(project.targets(containing: "Shared/Auth/Login.swift").map(\.name), ["MyApp", "MyWidget"])
        XCTAssertEqual(
            project.packageReferences,
            [
                XcodePackageReference(
                    location: "https://github.com/google/GoogleSignIn-iOS",
                    isLocal: false, requirement: "7.0.0", line: 361)
            ])
    }

    func testBuildConfigurationsAndEntitlementsPerConfiguration() throws {
        let project = try twoTargetProject()
        XCTAssertEqual(project.buildConfigurations.map(\.name), ["Debug", "Release"])
        XCTAssertEqual(project.buildConfigurations.first?.effectiveSettings["GCC_PREPROCESSOR_DEFINITIONS"], "DEBUG=1")
        let app = try XCTUnwrap(project.target(named: "MyApp"))
        XCTAssertEqual(app.buildConfigurations.map(\.name), ["Debug", "Release"])
        let debug = try XCTUnwrap(app.configuration(named: "Debug"))
        XCTAssertEqual(debug.entitlementsPath, "ios/MyApp/MyApp-Debug.entitlements")
        XCTAssertEqual(debug.settings["CODE_SIGN_ENTITLEMENTS"], "MyApp/MyApp-Debug.entitlements")
        XCTAssertEqual(debug.settingLines["CODE_SIGN_ENTITLEMENTS"], 281)
        XCTAssertEqual(debug.line, 277)
        XCTAssertEqual(debug.infoPlistPath, "ios/MyApp/Info.plist")
        XCTAssertEqual(debug.settings["LD_RUNPATH_SEARCH_PATHS"], "$(inherited) @executable_path/Frameworks")
        XCTAssertEqual(debug.effectiveSettings["LD_RUNPATH_SEARCH_PATHS"], "@executable_path/Frameworks")
        XCTAssertEqual(
            debug.effectiveSettings["IPHONEOS_DEPLOYMENT_TARGET"], "16.0", "project settings lie below the target's")
        XCTAssertNil(debug.settings["IPHONEOS_DEPLOYMENT_TARGET"])
        let release = try XCTUnwrap(app.configuration(named: "Release"))
        XCTAssertEqual(
            release.entitlementsPath, "ios/MyApp/MyApp.entitlements",
            "$(SRCROOT), $(TARGET_NAME), $(PRODUCT_NAME) expanded")
        XCTAssertEqual(release.infoPlistPath, "ios/MyApp/Info.plist")

        let widget = try XCTUnwrap(project.target(named: "MyWidget"))
        let widgetDebug = try XCTUnwrap(widget.configuration(named: "Debug"))
        XCTAssertEqual(widgetDebug.baseConfigurationPath, "ios/Configs/Widget.xcconfig")
        XCTAssertEqual(
            widgetDebug.entitlementsPath, "ios/MyWidget/MyWidget.entitlements", "the target setting beats the xcconfig")
        let widgetRelease = try XCTUnwrap(widget.configuration(named: "Release"))
        XCTAssertNil(widgetRelease.settings["CODE_SIGN_ENTITLEMENTS"])
        XCTAssertEqual(
            widgetRelease.entitlementsPath, "ios/MyWidget/MyWidget-Release.entitlements", "from the base xcconfig")
        XCTAssertEqual(widgetRelease.effectiveSettings["OTHER_LDFLAGS"], "-ObjC -framework AuthenticationServices")
        XCTAssertEqual(widgetRelease.effectiveSettings["SWIFT_VERSION"], "5.9", "through #include")
    }

    func testSynchronizedFolders() throws {
        let files = [
            "App/AppMain.swift", "App/Config/App.xcconfig", "App/Debug/DebugMenu.swift", "App/Info.plist",
            "App/PrivacyInfo.xcprivacy", "App/Shared.swift", "Widget/Info.plist", "Widget/Widget.swift",
            "Other/Loose.swift",
        ]
        let appConfig = XCConfig.parse(
            Array("CODE_SIGN_ENTITLEMENTS = App/App.entitlements\n".utf8), path: "App/Config/App.xcconfig"
        ).config
        let (parsed, diagnostics) = XcodeProject.parse(
            Array(XcodeProjectFixtures.synchronized.utf8), path: "App.xcodeproj/project.pbxproj",
            files: files, xcconfigs: { $0 == appConfig.path ? appConfig : nil })
        XCTAssertEqual(diagnostics, [])
        let project = try XCTUnwrap(parsed)
        XCTAssertEqual(project.targets.map(\.name), ["App", "Widget", "AppTests"])
        let app = project.targets[0]
        XCTAssertEqual(app.synchronizedFolders, ["App"])
        XCTAssertEqual(
            app.sourceFiles, ["App/AppMain.swift", "App/Shared.swift"], "Debug/ and Info.plist are excepted")
        XCTAssertEqual(app.resourceFiles, ["App/PrivacyInfo.xcprivacy"])
        XCTAssertEqual(app.buildConfigurations.first?.baseConfigurationPath, "App/Config/App.xcconfig")
        XCTAssertEqual(app.buildConfigurations.first?.entitlementsPath, "App/App.entitlements")
        XCTAssertEqual(app.buildConfigurations.first?.infoPlistPath, "App/Info.plist")
        let widget = project.targets[1]
        XCTAssertEqual(
            widget.sourceFiles, ["App/Shared.swift", "Widget/Widget.swift"],
            "an exception on another folder adds the file")
        XCTAssertEqual(widget.resourceFiles, ["Widget/Info.plist"])
        XCTAssertTrue(project.targets[2].isTest)
        XCTAssertFalse(project.targets[2].isAppLike)
    }

    func testMalformedProjectsGiveDiagnostics() {
        let broken = XcodeProject.parse(
            Array("{ objects = { A = { isa = PBXProject; }; }\n".utf8), path: "A.xcodeproj/project.pbxproj")
        XCTAssertNil(broken.project)
        XCTAssertEqual(broken.diagnostics.map(\.kind), [.malformedProject])
        XCTAssertEqual(broken.diagnostics.first?.line, 2)
        let noRoot = XcodeProject.parse(
            Array("{ objects = { }; rootObject = X; }".utf8), path: "A.xcodeproj/project.pbxproj")
        XCTAssertNil(noRoot.project)
        XCTAssertEqual(noRoot.diagnostics.first?.message, "no PBXProject root object")
        let dangling = XcodeProject.parse(
            Array(
                """
                { objects = { P = { isa = PBXProject; targets = (T, Missing); }; T = { isa = PBXNativeTarget; name = T;
                  buildPhases = (S); }; S = { isa = PBXSourcesBuildPhase; files = (B, Gone); }; B = { isa = PBXBuildFile; fileRef = Nope; }; };
                  rootObject = P; }
                """.utf8), path: "A.xcodeproj/project.pbxproj")
        XCTAssertEqual(dangling.project?.targets.map(\.name), ["T"], "dangling references are skipped")
        XCTAssertEqual(dangling.project?.targets.first?.sourceFiles, [])
    }

    func testXCConfigParsing() {
        let text = """
            // Shared settings
            #include "Shared/Base.xcconfig"
            #include? "Local.xcconfig"
            #include "<DEVELOPER_DIR>/Makefiles/CoreOS/Xcode/BSD.xcconfig"
            CODE_SIGN_ENTITLEMENTS[sdk=iphonesimulator*][arch=*] = Sim.entitlements
            CODE_SIGN_ENTITLEMENTS = App.entitlements ; // trailing comment
            OTHER_SWIFT_FLAGS = $(inherited) -DAPP
            OTHER_SWIFT_FLAGS = $(inherited) -DMORE
            ONLY_CONDITIONAL[config=Debug] = first
            ONLY_CONDITIONAL[config=Release] = second
            this line is not a setting
            """
        let (config, diagnostics) = XCConfig.parse(Array(text.utf8), path: "Configs/App.xcconfig")
        XCTAssertEqual(diagnostics.map(\.line), [11])
        XCTAssertEqual(
            config.includes.map(\.resolvedPath), ["Configs/Shared/Base.xcconfig", "Configs/Local.xcconfig", nil])
        XCTAssertEqual(config.includes.map(\.isOptional), [false, true, false])
        XCTAssertEqual(config.settings.first?.condition, "sdk=iphonesimulator*,arch=*")
        XCTAssertEqual(config.settings.first?.line, 5)
        XCTAssertEqual(config.ownSettings["CODE_SIGN_ENTITLEMENTS"], "App.entitlements")
        XCTAssertEqual(config.ownSettings["OTHER_SWIFT_FLAGS"], "-DAPP -DMORE")
        XCTAssertEqual(config.ownSettings["ONLY_CONDITIONAL"], "first")
        let base = XCConfig.parse(
            Array("OTHER_SWIFT_FLAGS = -DBASE\nCODE_SIGN_ENTITLEMENTS = Base.entitlements\n".utf8),
            path: "Configs/Shared/Base.xcconfig"
        ).config
        let cyclic = XCConfig.parse(
            Array("#include \"../App.xcconfig\"\nCYCLE = yes\n".utf8), path: "Configs/Local.xcconfig"
        ).config
        let all = config.resolvedSettings { [base.path: base, cyclic.path: cyclic, config.path: config][$0] }
        XCTAssertEqual(all["OTHER_SWIFT_FLAGS"], "-DBASE -DAPP -DMORE")
        XCTAssertEqual(all["CODE_SIGN_ENTITLEMENTS"], "App.entitlements")
        XCTAssertEqual(all["CYCLE"], "yes", "an include cycle is cut, not followed forever")
    }

    func testScannerReadsProjectsAndPromotesReferencedPlists() throws {
        let tree = try ScanFixture()
        try tree.write("ios/MyApp.xcodeproj/project.pbxproj", XcodeProjectFixtures.twoTargets)
        try tree.write("ios/MyApp.xcodeproj/xcuserdata/me.xcuserdatad/xcschemes/xcschememanagement.plist", "<plist/>")
        try tree.write(
            "ios/Configs/Widget.xcconfig",
            "#include \"Base.xcconfig\"\nCODE_SIGN_ENTITLEMENTS = MyWidget/Release.plist\n")
        try tree.write("ios/Configs/Base.xcconfig", "SWIFT_VERSION = 5.9\n")
        try tree.write("ios/MyApp/Info.plist", "<plist><dict/></plist>")
        try tree.write("ios/MyWidget/Release.plist", "<plist><dict/></plist>")
        try tree.write("ios/MyApp/AppDelegate.swift")
        try tree.write("Shared/Auth/Login.swift")
        let project = tree.scan()
        XCTAssertEqual(project.diagnostics, [])
        XCTAssertEqual(project.xcodeProjects.map(\.path), ["ios/MyApp.xcodeproj/project.pbxproj"])
        let widget = try XCTUnwrap(project.xcodeProjects.first?.target(named: "MyWidget"))
        XCTAssertEqual(widget.configuration(named: "Release")?.entitlementsPath, "ios/MyWidget/Release.plist")
        XCTAssertEqual(widget.configuration(named: "Release")?.effectiveSettings["SWIFT_VERSION"], "5.9")
        XCTAssertEqual(project.entitlements.map(\.path), ["ios/MyWidget/Release.plist"])
        XCTAssertEqual(project.infoPlists.map(\.path), ["ios/MyApp/Info.plist"])
        XCTAssertEqual(project.xcodeTargets(containing: "Shared/Auth/Login.swift").map(\.name), ["MyApp", "MyWidget"])
        let packages = project.manifests.linkedPackages.map {
            "\($0.name)|\($0.target ?? "-")|\($0.version ?? "-")|\($0.line)"
        }
        XCTAssertEqual(packages, ["GoogleSignIn|MyApp|-|122", "GoogleSignIn-iOS|-|7.0.0|361"])
    }

    /// A file in an extension (listed first) and in the app ships as the app's: its target and the
    /// entitlements and manifests that apply to it come from the same target.
    func testASharedFileTakesItsUnitAndEntitlementsFromOneTarget() throws {
        let tree = try ScanFixture()
        try tree.write("ios/MyApp.xcodeproj/project.pbxproj", XcodeProjectFixtures.twoTargets)
        try tree.write("ios/Configs/Widget.xcconfig", "CODE_SIGN_ENTITLEMENTS = MyWidget/Release.plist\n")
        try tree.write("ios/MyWidget/Release.plist", "<plist><dict/></plist>")
        try tree.write("Shared/Auth/Login.swift")
        var scanned = tree.scan()
        scanned.xcodeProjects[0].targets.reverse()
        XCTAssertEqual(scanned.xcodeTargets(containing: "Shared/Auth/Login.swift").map(\.name), ["MyWidget", "MyApp"])
        let app = try XCTUnwrap(scanned.xcodeProjects[0].target(named: "MyApp"))
        let code = CodeView(file: SourceFile(path: "Shared/Auth/Login.swift", text: "let x = 1\n"))
        let project = ProjectIndex(files: [code], scanned: scanned)
        XCTAssertEqual(project.target(ofFile: FileID(0)).name, "target MyApp")
        let appEntitlements = Array(
            Set(ProjectResources.shipping(app.buildConfigurations).compactMap(\.entitlementsPath))
        ).sorted()
        XCTAssertEqual(project.resources.entitlementsOfFile[FileID(0)], appEntitlements)
        XCTAssertFalse(project.resources.entitlementsOfFile[FileID(0)].contains("ios/MyWidget/Release.plist"))
    }
}
