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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tree reads only itself: links, includes and settings that lead outside the project root
/// are reported and never read, and only regular files are opened.
final class ContainmentTests: XCTestCase {
    static let canary = "AUTHLINT-CANARY-7f3a"

    /// `outside/` with secrets, and `project/` (the root, marked by `.git`) beside it.
    func makeTree() throws -> ScanFixture {
        let tree = try ScanFixture()
        try tree.write("outside/Secret.swift", "let token = \"\(Self.canary)\"\nprint(token)\n")
        try tree.write("outside/secret.xcconfig", "CODE_SIGN_ENTITLEMENTS = \(Self.canary).entitlements\n")
        try tree.write("outside/Nested/More.swift", "let k = \"\(Self.canary)\"\n")
        try tree.mkdir("project/.git")
        try tree.write("project/App/Login.swift", "import AuthenticationServices\n")
        return tree
    }

    func everything(_ project: ScannedProject) -> String {
        var text = project.allFiles.map(\.path).joined(separator: "\n")
        text += project.diagnostics.map { "\($0.path) \($0.message)" }.joined(separator: "\n")
        text += project.xcconfigs.flatMap(\.settings).map(\.value).joined(separator: "\n")
        for target in project.xcodeProjects.flatMap(\.targets) {
            for configuration in target.buildConfigurations {
                text += configuration.effectiveSettings.values.joined(separator: "\n")
                text += (configuration.entitlementsPath ?? "") + (configuration.infoPlistPath ?? "")
            }
        }
        return text
    }

    func testLinksOutOfTheRootAreReportedNotFollowed() throws {
        let tree = try makeTree()
        try tree.symlink("project/App/Linked.swift", to: tree.path("outside/Secret.swift"))
        try tree.symlink("project/App/Outside", to: tree.path("outside/Nested"))
        try tree.symlink("project/usr", to: "/usr")
        try tree.symlink("project/everything", to: "/")
        try tree.symlink("project/proc", to: "/proc")
        try tree.symlink("project/App/Again", to: tree.path("project/App"))
        try tree.symlink("project/App/Same.swift", to: "Login.swift")
        let project = tree.scan([tree.path("project")])
        XCTAssertEqual(project.sourceFiles.map(\.path), ["App/Login.swift"])
        let outside = Set(project.diagnostics.filter { $0.kind == .outsideRoot }.map(\.path))
        XCTAssertEqual(outside, ["App/Linked.swift", "App/Outside", "everything", "proc", "usr"])
        XCTAssertFalse(everything(project).contains(Self.canary))
    }

    func testAFileNamedThroughALinkOutOfTheRootIsNotRead() throws {
        let tree = try makeTree()
        try tree.symlink("project/App/Linked.swift", to: tree.path("outside/Secret.swift"))
        let project = tree.scan([tree.path("project/App/Linked.swift"), tree.path("project/App/Login.swift")])
        XCTAssertEqual(project.root, tree.path("project"))
        XCTAssertEqual(project.sourceFiles.map(\.path), ["App/Login.swift"])
        XCTAssertEqual(project.diagnostics.map(\.kind), [.outsideRoot])
    }

    /// A file the scan found, replaced afterwards by a link out of the root (or by any other
    /// file), is not read when its code is asked for: the path no longer opens what was scanned.
    func testAFileReplacedByALinkOutOfTheRootAfterTheScanIsNotRead() throws {
        let tree = try makeTree()
        try tree.write("project/App/Session.swift", "let session = 1\n")
        let project = tree.scan([tree.path("project")])
        let session = try XCTUnwrap(project.sourceFiles.first { $0.path == "App/Session.swift" })
        XCTAssertEqual(FileReader.readSource(session).bytes, Array("let session = 1\n".utf8))
        try FileManager.default.removeItem(atPath: tree.path("project/App/Session.swift"))
        try tree.symlink("project/App/Session.swift", to: tree.path("outside/Secret.swift"))
        let swapped = FileReader.readSource(session)
        XCTAssertNil(swapped.bytes)
        XCTAssertEqual(swapped.diagnostics.map(\.kind), [.unreadable])
        XCTAssertFalse(swapped.diagnostics.map(\.message).joined().contains(Self.canary))
        // Code let go after lexing reads as empty then.
        let pending = SourceFile.Pending(language: .swift, file: session, bytes: nil, maxFileSize: 1 << 20)
        XCTAssertEqual(pending.sourceFile().bytes, [])
        // So does code that points into the scan's list of every file.
        let place = try XCTUnwrap(project.placesOfSources()[project.sourceFiles.firstIndex(of: session)!])
        let listed = SourceFile.Pending(
            language: .swift, in: .init(project.allFiles, maxFileSize: 1 << 20), at: Int(place), bytes: nil)
        XCTAssertEqual(listed.path, "App/Session.swift")
        XCTAssertEqual(listed.sourceFile().bytes, [])
    }

    /// The same for a property list the report quotes: the text of an entitlements file replaced
    /// by a link out of the root after the scan is not read.
    func testAPropertyListReplacedAfterTheScanIsNotQuoted() throws {
        let tree = try makeTree()
        let plist = { (value: String) in
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n<key>k</key>\n<string>\(value)</string>\n</dict>\n</plist>\n"
        }
        try tree.write("outside/Secret.entitlements", plist(Self.canary))
        try tree.write("project/App/App.entitlements", plist("fine"))
        let project = tree.scan([tree.path("project")])
        XCTAssertEqual(project.entitlements.map(\.path), ["App/App.entitlements"])
        XCTAssertTrue(
            ProjectResources(paths: [], scanned: project).texts["App/App.entitlements"]?.lineText(5).contains("fine")
                == true)
        try FileManager.default.removeItem(atPath: tree.path("project/App/App.entitlements"))
        try tree.symlink("project/App/App.entitlements", to: tree.path("outside/Secret.entitlements"))
        let texts = ProjectResources(paths: [], scanned: project).texts
        XCTAssertNil(texts["App/App.entitlements"])
        XCTAssertFalse(texts.values.contains { String(decoding: $0.bytes, as: UTF8.self).contains(Self.canary) })
    }

    func testFIFOsAreNeverOpened() throws {
        let tree = try makeTree()
        XCTAssertEqual(mkfifo(tree.path("project/App/Pipe.swift"), 0o644), 0)
        XCTAssertEqual(mkfifo(tree.path("project/Pipe.xcconfig"), 0o644), 0)
        try tree.write("project/Base.xcconfig", "#include \"Pipe.xcconfig\"\nA = 1\n")
        // Reading a FIFO with no writer would block forever: the scan must return at once.
        let started = Date()
        let project = tree.scan([tree.path("project")])
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(
            Set(project.diagnostics.filter { $0.kind == .notRegularFile }.map(\.path)),
            ["App/Pipe.swift", "Pipe.xcconfig"])
        if case .failure(let error) = FileReader.readFile(atPath: tree.path("project/App/Pipe.swift")) {
            XCTAssertEqual(error.kind, .notRegularFile)
        } else {
            XCTFail("a FIFO was read")
        }
    }

    func testIncludesAndBaseConfigurationsOutsideTheRootAreNotRead() throws {
        let tree = try makeTree()
        var pbxproj = XcodeProjectFixtures.twoTargets
        pbxproj = pbxproj.replacingOccurrences(
            of: "path = Configs/Widget.xcconfig; sourceTree = SOURCE_ROOT;",
            with: "path = ../outside/secret.xcconfig; sourceTree = SOURCE_ROOT;")
        pbxproj = pbxproj.replacingOccurrences(
            of: "CODE_SIGN_ENTITLEMENTS = MyWidget/MyWidget.entitlements;",
            with: "CODE_SIGN_ENTITLEMENTS = /etc/widget.entitlements;")
        try tree.write("project/MyApp.xcodeproj/project.pbxproj", pbxproj)
        try tree.write(
            "project/Configs/App.xcconfig",
            "#include \"../../outside/secret.xcconfig\"\n#include \"/proc/self/environ\"\nB = $(CODE_SIGN_ENTITLEMENTS)\n"
        )
        let project = tree.scan([tree.path("project")])
        XCTAssertFalse(everything(project).contains(Self.canary))
        let outside = project.diagnostics.filter { $0.kind == .outsideRoot }
        XCTAssertTrue(
            outside.contains {
                $0.path == "MyApp.xcodeproj/project.pbxproj" && $0.message.contains("baseConfigurationReference")
            },
            "\(outside)")
        XCTAssertTrue(
            outside.contains {
                $0.path == "MyApp.xcodeproj/project.pbxproj" && $0.message.contains("CODE_SIGN_ENTITLEMENTS")
            },
            "\(outside)")
        XCTAssertEqual(
            outside.filter { $0.path == "Configs/App.xcconfig" }.map { $0.line ?? 0 }, [1, 2],
            "each include, at its line")
        let app = try XCTUnwrap(project.xcconfigs.first { $0.path == "Configs/App.xcconfig" })
        var read: [String] = []
        _ = app.resolvedSettings { path in
            read.append(path)
            return nil
        }
        XCTAssertEqual(Set(read), ["../outside/secret.xcconfig", "/proc/self/environ"], "the lookup is what decides")
    }

    func testPackageTargetsWhosePathLeavesTheRootAreReported() throws {
        let tree = try makeTree()
        try tree.write(
            "project/Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "App", targets: [
                .target(name: "App", path: "App"),
                .target(name: "Evil", path: "../outside"),
                .target(name: "Deep", path: "App/../../outside/Nested"),
            ])
            """)
        let project = tree.scan([tree.path("project")])
        XCTAssertEqual(project.manifests.swiftPackageTargets.map(\.name), ["App"])
        let outside = project.diagnostics.filter { $0.kind == .outsideRoot }
        XCTAssertEqual(outside.map { "\($0.path):\($0.line ?? 0)" }, ["Package.swift:5", "Package.swift:6"])
        XCTAssertTrue(outside.allSatisfy { $0.message.hasSuffix("leads outside the project root; not read") })
        XCTAssertFalse(everything(project).contains(Self.canary))
    }

    func testAConfigurationThatLinksOutOfTheRootIsRefusedUnread() throws {
        let tree = try makeTree()
        try tree.write("outside/config.yml", "\(Self.canary): [\n")
        try tree.symlink("project/.authlint.yml", to: tree.path("outside/config.yml"))
        XCTAssertThrowsError(try Configuration.load(path: nil, root: tree.path("project"))) { error in
            XCTAssertFalse("\(error)".contains(Self.canary), "\(error)")
            XCTAssertTrue("\(error)".contains("outside the project root"), "\(error)")
        }
    }

    func testConfigurationErrorsQuoteNoMoreThanAShortEscapedExcerpt() throws {
        let long = String(repeating: "SECRET", count: 40)
        XCTAssertThrowsError(try Configuration.parse("\(long)\u{1B}: 1\n", path: ".authlint.yml")) { error in
            let text = "\(error)"
            XCTAssertFalse(text.contains(long), text)
            XCTAssertFalse(text.contains("\u{1B}"), text)
        }
    }
}
