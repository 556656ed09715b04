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

/// A temporary folder tree for scanner tests, removed when the test ends.
final class ScanFixture {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        // Resolve /tmp → /private/tmp on macOS so paths compare equal.
        root = base.resolvingSymlinksInPath().path
    }

    deinit {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root)
        chmodAll(root)
        try? FileManager.default.removeItem(atPath: root)
    }

    private func chmodAll(_ path: String) {
        guard let entries = FileManager.default.enumerator(atPath: path) else { return }
        for case let entry as String in entries {
            _ = chmod(path + "/" + entry, 0o755)
        }
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    @discardableResult
    func write(_ relative: String, _ text: String = "// file\n") throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let full = path(relative)
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    func mkdir(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    func scan(_ paths: [String]? = nil, excludes: [String] = [], includes: [String] = [], maxFileSize: Int = 8 << 20)
        -> ScannedProject
    {
        let options = ScanOptions(
            paths: paths ?? [root], excludes: excludes, includes: includes, maxFileSize: maxFileSize)
        return ProjectScanner.scan(options, currentDirectory: root)
    }
}

final class ProjectScannerTests: XCTestCase {
    func testCollectsProjectFilesAndSkipsDefaultFolders() throws {
        let tree = try ScanFixture()
        for file in [
            "App/b.swift", "App/A.swift", "App/Legacy.m", "App/Bridge.mm", "App/Bridge.h", "Package.swift",
            "App/App.entitlements", "App/Info.plist", "App/PrivacyInfo.xcprivacy", "App/Settings.plist",
            "App.xcodeproj/project.pbxproj", "Config/Base.xcconfig", "Podfile", "Podfile.lock", "Cartfile",
            "Cartfile.resolved", "Package.resolved", "README.md", "App/notes.txt", "Other/project.pbxproj",
        ] {
            try tree.write(
                file,
                file.hasSuffix("plist") || file.hasSuffix("entitlements") || file.hasSuffix("xcprivacy")
                    ? "<plist><dict/></plist>"
                    : file.hasSuffix(".resolved") && !file.hasPrefix("Cartfile")
                        ? "{\"pins\":[],\"version\":2}" : "// x\n")
        }
        for skipped in [
            ".git/x.swift", ".build/x.swift", ".build-linux/x.swift", ".swiftpm/x.swift", "DerivedData/x.swift",
            "Pods/GoogleSignIn/x.swift", "Carthage/Checkouts/x.swift", "node_modules/x.swift", "vendor/x.swift",
            "App/Assets.xcassets/x.swift", "Lib.xcframework/x.h", "Lib.framework/Headers/x.h", "Res.bundle/x.plist",
            "App.xcodeproj/xcuserdata/me.xcuserdatad/x.plist",
        ] {
            try tree.write(skipped)
        }
        let project = tree.scan()
        XCTAssertEqual(project.root, tree.root)
        XCTAssertEqual(
            project.sourceFiles.map(\.path),
            ["App/A.swift", "App/Bridge.h", "App/Bridge.mm", "App/Legacy.m", "App/b.swift"])
        XCTAssertEqual(project.sourceFiles.map(\.kind), [.swift, .header, .objectiveCPlusPlus, .objectiveC, .swift])
        XCTAssertEqual(project.sourceFiles.first?.absolutePath, tree.path("App/A.swift"))
        XCTAssertEqual(project.entitlements.map(\.path), ["App/App.entitlements"])
        XCTAssertEqual(project.infoPlists.map(\.path), ["App/Info.plist"])
        XCTAssertEqual(project.privacyManifests.map(\.path), ["App/PrivacyInfo.xcprivacy"])
        XCTAssertEqual(project.otherPlists.map(\.path), ["App/Settings.plist"])
        XCTAssertEqual(project.xcconfigs.map(\.path), ["Config/Base.xcconfig"])
        let kinds = Dictionary(uniqueKeysWithValues: project.allFiles.map { ($0.path, $0.kind) })
        XCTAssertEqual(kinds["App.xcodeproj/project.pbxproj"], .xcodeProject)
        XCTAssertNil(kinds["Other/project.pbxproj"], "a project.pbxproj outside an .xcodeproj is not collected")
        XCTAssertEqual(kinds["Package.swift"], .packageManifest)
        XCTAssertEqual(kinds["Podfile.lock"], .podfileLock)
        XCTAssertEqual(kinds["Cartfile.resolved"], .cartfileResolved)
        XCTAssertEqual(kinds["Package.resolved"], .packageResolved)
        XCTAssertEqual(
            project.allFiles.map(\.path),
            [
                "App.xcodeproj/project.pbxproj", "App/A.swift", "App/App.entitlements", "App/Bridge.h", "App/Bridge.mm",
                "App/Info.plist", "App/Legacy.m", "App/PrivacyInfo.xcprivacy", "App/Settings.plist", "App/b.swift",
                "Cartfile", "Cartfile.resolved", "Config/Base.xcconfig", "Package.resolved", "Package.swift", "Podfile",
                "Podfile.lock",
            ], "nothing from skipped folders, nothing of other kinds")
        // The malformed (empty-text) project file is reported but does not stop the scan.
        XCTAssertEqual(project.diagnostics.map(\.kind), [.malformedProject])
    }

    func testRelativePathsAndCurrentDirectory() throws {
        let tree = try ScanFixture()
        try tree.write("ios/App/Main.swift")
        let project = ProjectScanner.scan(ScanOptions(paths: ["ios/./App/.."]), currentDirectory: tree.root)
        XCTAssertEqual(project.root, tree.path("ios"))
        XCTAssertEqual(project.sourceFiles.map(\.path), ["App/Main.swift"])
        let defaulted = ProjectScanner.scan(ScanOptions(), currentDirectory: tree.path("ios/App"))
        XCTAssertEqual(defaulted.root, tree.path("ios/App"))
        XCTAssertEqual(defaulted.sourceFiles.map(\.path), ["Main.swift"])
    }

    func testExcludesAndIncludes() throws {
        let tree = try ScanFixture()
        for file in [
            "App/Main.swift", "App/Tests/MainTests.swift", "Tests/RootTests.swift", "Generated/Api.swift",
            "Generated/Deep/Model.swift", "App/Proto.pb.swift", "Lib/Keep.m",
        ] {
            try tree.write(file)
        }
        let excluded = tree.scan(excludes: ["**/Tests/**", "Generated/*.swift", "*.pb.swift"])
        XCTAssertEqual(
            excluded.sourceFiles.map(\.path), ["App/Main.swift", "Generated/Deep/Model.swift", "Lib/Keep.m"])
        let included = tree.scan(includes: ["App/**/*.swift"])
        XCTAssertEqual(
            included.sourceFiles.map(\.path), ["App/Main.swift", "App/Proto.pb.swift", "App/Tests/MainTests.swift"])
        let both = tree.scan(excludes: ["Tests"], includes: ["**/*.swift"])
        XCTAssertEqual(
            both.sourceFiles.map(\.path),
            ["App/Main.swift", "App/Proto.pb.swift", "Generated/Api.swift", "Generated/Deep/Model.swift"])
    }

    func testExcludesApplyToExplicitFilesAndRootIsFoundUpward() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/Main.swift")
        try tree.write("App/Generated/Api.swift")
        try tree.write("App/Info.plist", "<plist><dict/></plist>")
        let project = tree.scan(
            [tree.path("App/Main.swift"), "App/Generated/Api.swift", "App/Info.plist"], excludes: ["Generated"])
        XCTAssertEqual(project.root, tree.root, "the .git folder marks the root")
        XCTAssertEqual(project.sourceFiles.map(\.path), ["App/Main.swift"])
        XCTAssertEqual(project.infoPlists.map(\.path), ["App/Info.plist"])

        try tree.write("App/.authlint.yml", "rules: {}\n")
        let configured = tree.scan([tree.path("App/Main.swift")])
        XCTAssertEqual(configured.root, tree.path("App"), ".authlint.yml below .git wins")
        XCTAssertEqual(configured.sourceFiles.map(\.path), ["Main.swift"])
    }

    /// Text given for a file is its content, on disk or not: read instead of the file, parsed
    /// when it is a property list, and collected where a walk or the paths given would find it.
    func testFilesWhoseContentIsGivenAreScannedAsThatContent() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/Main.swift", "let onDisk = 1\n")
        try tree.write("App/Info.plist", "<plist><dict/></plist>")
        let plist = "<plist><dict><key>NSFaceIDUsageDescription</key><string>Unlock</string></dict></plist>"
        var options = ScanOptions(paths: [tree.root], excludes: ["Generated"])
        options.buffers = [
            "App/Main.swift": Array("let given = 1\n".utf8), tree.path("App/Info.plist"): Array(plist.utf8),
            "App/New/Added.swift": Array("let added = 1\n".utf8), "App/Generated/Api.swift": [],
            "Pods/Lib/Lib.swift": [],
        ]
        let project = ProjectScanner.scan(options, currentDirectory: tree.root)
        XCTAssertEqual(project.sourceFiles.map(\.path), ["App/Main.swift", "App/New/Added.swift"])
        let contents = project.sourceFiles.map {
            FileReader.readSource($0).bytes.map { String(decoding: $0, as: UTF8.self) }
        }
        XCTAssertEqual(contents, ["let given = 1\n", "let added = 1\n"])
        XCTAssertTrue(project.sourceFiles.allSatisfy { $0.stamp == nil }, "no stamp: the content is not the file's")
        XCTAssertNotNil(project.infoPlists.first?["NSFaceIDUsageDescription"])

        options.paths = ["App/Other/Named.swift"]
        options.buffers = ["App/Other/Named.swift": Array("let named = 1\n".utf8)]
        let named = ProjectScanner.scan(options, currentDirectory: tree.root)
        XCTAssertEqual(named.root, tree.root, "found from the nearest folder that is on disk")
        XCTAssertEqual(named.sourceFiles.map(\.path), ["App/Other/Named.swift"])
        XCTAssertEqual(named.diagnostics, [])
        options.paths = ["App/Generated/Named.swift"]
        options.buffers = ["App/Generated/Named.swift": []]
        XCTAssertEqual(ProjectScanner.scan(options, currentDirectory: tree.root).sourceFiles, [], "excluded")
    }

    func testRootOfFilesWithoutMarkersIsTheirCommonFolder() throws {
        let tree = try ScanFixture()
        try tree.write("x/a/One.swift")
        try tree.write("x/b/c/Two.swift")
        let project = tree.scan([tree.path("x/b/c/Two.swift"), tree.path("x/a/One.swift")])
        // The temporary folder has no .git or .authlint.yml above it on a test machine.
        if project.root == tree.path("x") {
            XCTAssertEqual(project.sourceFiles.map(\.path), ["a/One.swift", "b/c/Two.swift"])
        } else {
            XCTAssertTrue(tree.path("x").hasPrefix(project.root + "/"), "root \(project.root) must hold the files")
        }
        XCTAssertEqual(ProjectScanner.commonFolder(["/a/b/c", "/a/b/d/e", "/a/b"]), "/a/b")
        XCTAssertEqual(ProjectScanner.commonFolder(["/x", "/y"]), "/")
    }

    func testWithoutMarkersTheOutermostProjectFolderIsTheRoot() throws {
        let tree = try ScanFixture()
        try tree.write("app/Shop.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = {}; }\n")
        try tree.write("app/Shop/Login/Login.swift")
        try tree.write("app/Packages/Kit/Package.swift", "// swift-tools-version:6.0\n")
        try tree.write("app/Packages/Kit/Sources/Kit/Kit.swift")
        // The temporary folder has no .git, .authlint.yml or project above it on a test machine.
        guard ProjectScanner.findRoot(from: tree.root) == tree.root else {
            throw XCTSkip("a marker above the temporary folder")
        }
        XCTAssertEqual(tree.scan([tree.path("app/Shop/Login/Login.swift")]).root, tree.path("app"))
        XCTAssertEqual(
            tree.scan([tree.path("app/Packages/Kit/Sources/Kit/Kit.swift")]).root, tree.path("app"),
            "the app around its local package")
        try tree.mkdir("app/Packages/Kit/.git")
        XCTAssertEqual(
            tree.scan([tree.path("app/Packages/Kit/Sources/Kit/Kit.swift")]).root, tree.path("app/Packages/Kit"),
            ".git still wins")
    }

    func testSymlinkLoopTerminatesWithDiagnostic() throws {
        let tree = try ScanFixture()
        try tree.write("App/Main.swift")
        try tree.symlink("App/Loop", to: "..")
        try tree.symlink("App/Self", to: ".")
        try tree.symlink("Knot1.swift", to: "Knot2.swift")
        try tree.symlink("Knot2.swift", to: "Knot1.swift")
        let project = tree.scan()
        XCTAssertEqual(project.sourceFiles.map(\.path), ["App/Main.swift"])
        let loops = project.diagnostics.filter { $0.kind == .symlinkLoop }.map(\.path)
        XCTAssertEqual(loops, ["App/Loop", "App/Self", "Knot1.swift", "Knot2.swift"])
    }

    /// Folders are listed ahead of the walk on another core: the files found, and which of two
    /// ways to one folder is taken (the first in byte order), are the same on every run.
    func testAWalkFindsTheSameWhateverListsItsFolders() throws {
        let tree = try ScanFixture()
        for folder in 0..<40 {
            for file in 0..<3 { try tree.write("Mod\(folder % 4)/Feature\(folder)/File\(file).swift") }
        }
        try tree.symlink("Mod0/Alias", to: "../Mod3")
        try tree.symlink("Mod1/Feature9/Loop", to: "..")
        let first = tree.scan()
        XCTAssertEqual(first.sourceFiles.count, 120)
        XCTAssertEqual(
            first.sourceFiles.filter { $0.path.hasPrefix("Mod0/Alias/") }.count, 30, "Mod0/Alias comes before Mod3")
        XCTAssertFalse(first.sourceFiles.contains { $0.path.hasPrefix("Mod3/") })
        XCTAssertEqual(first.diagnostics.map(\.path), ["Mod1/Feature9/Loop"])
        for _ in 0..<20 {
            let again = tree.scan()
            XCTAssertEqual(again.sourceFiles.map(\.path), first.sourceFiles.map(\.path))
            XCTAssertEqual(again.diagnostics.map(\.path), first.diagnostics.map(\.path))
        }
    }

    func testSymlinkedFileAndFolderAreReadOnce() throws {
        let tree = try ScanFixture()
        try tree.write("Real/Login.swift")
        try tree.symlink("Alias.swift", to: "Real/Login.swift")
        try tree.symlink("Mirror", to: "Real")
        try tree.symlink("Dangling.swift", to: "Nowhere.swift")
        let project = tree.scan()
        XCTAssertEqual(project.sourceFiles.map(\.path), ["Alias.swift"], "the first path in byte order wins")
        XCTAssertEqual(project.diagnostics.map(\.kind), [.notFound])
        XCTAssertEqual(project.diagnostics.first?.path, "Dangling.swift")
    }

    /// A name that is not UTF-8 cannot be named in a path: it is reported where a folder or a
    /// collected file would have been, and the scan goes on.
    func testANameThatIsNotUTF8IsReported() throws {
        let tree = try ScanFixture()
        try tree.write("App/Main.swift")
        try tree.write("App/notes.txt")
        func make(_ name: [UInt8], folder: Bool) -> Bool {
            let path = (Array(tree.path("App/").utf8) + name).map { CChar(bitPattern: $0) } + [0]
            if folder { return mkdir(path, 0o755) == 0 }
            let descriptor = creat(path, 0o644)
            if descriptor >= 0 { close(descriptor) }
            return descriptor >= 0
        }
        let made = [
            make([0x42, 0xFF] + Array(".swift".utf8), folder: false), make([0x44, 0xFE], folder: true),
            make([0x4E, 0xFF] + Array(".txt".utf8), folder: false),
        ]
        if made.contains(false) { throw XCTSkip("this file system refuses names that are not UTF-8") }
        let project = tree.scan()
        XCTAssertEqual(project.sourceFiles.map(\.path), ["App/Main.swift"])
        XCTAssertEqual(project.diagnostics.map(\.path), ["App/B\u{FFFD}.swift", "App/D\u{FFFD}"])
        XCTAssertEqual(project.diagnostics.map(\.message), ["name is not valid UTF-8", "name is not valid UTF-8"])
    }

    func testUnreadableFilesAndFolders() throws {
        let tree = try ScanFixture()
        try tree.write("Locked/Inside.swift")
        let secret = try tree.write("Secret.plist", "<plist><dict/></plist>")
        try tree.write("Open.swift")
        XCTAssertEqual(chmod(tree.path("Locked"), 0o000), 0)
        XCTAssertEqual(chmod(secret, 0o000), 0)
        if getuid() == 0 { throw XCTSkip("root reads files whatever their mode") }
        let project = tree.scan()
        XCTAssertEqual(project.sourceFiles.map(\.path), ["Open.swift"])
        XCTAssertEqual(project.diagnostics.map(\.path), ["Locked", "Secret.plist"])
        XCTAssertEqual(project.diagnostics.map(\.kind), [.unreadable, .unreadable])
    }

    func testReadingAFolderAsAFileIsUnreadable() throws {
        let tree = try ScanFixture()
        try tree.mkdir("Folder.swift")
        guard case .failure(let error) = FileReader.readFile(atPath: tree.path("Folder.swift")) else {
            return XCTFail("a folder is not a file")
        }
        XCTAssertEqual(error.kind, .unreadable)
        guard case .failure(let missing) = FileReader.readFile(atPath: tree.path("Missing.swift")) else {
            return XCTFail("a missing file cannot be read")
        }
        XCTAssertEqual(missing.kind, .notFound)
    }

    /// A file is read into bytes of its size: a lexed file's bytes stay in memory with its code.
    func testAFileIsReadIntoBytesOfItsSize() throws {
        let tree = try ScanFixture()
        for size in [0, 1, 4095, 4096, 4097, 100_000] {
            try tree.write("File\(size).swift", bytes: [UInt8](repeating: 0x61, count: size))
            guard case .success(let bytes) = FileReader.readFile(atPath: tree.path("File\(size).swift")) else {
                return XCTFail("\(size) bytes cannot be read")
            }
            XCTAssertEqual(bytes.count, size)
            XCTAssertLessThanOrEqual(bytes.capacity, size + 32, "\(size) bytes")
        }
        guard case .success(let proc) = FileReader.readFile(atPath: "/proc/self/status") else {
            throw XCTSkip("no /proc here")
        }
        XCTAssertTrue(String(decoding: proc, as: UTF8.self).contains("Name:"), "a file that reports no size is read on")
    }

    func testBinaryAndInvalidUTF8Sources() throws {
        let tree = try ScanFixture()
        let binary = try tree.write("Blob.swift", bytes: Array("let a = 1\nlet b = 2\n".utf8) + [0, 1, 2])
        let latin1 = try tree.write(
            "Latin1.swift", bytes: Array("// ok\nlet name = \"".utf8) + [0xE9] + Array("\"\n".utf8))
        let good = try tree.write("Good.swift", "let é = \"ü\"\n")
        let late = try tree.write("LateNul.swift", bytes: [UInt8](repeating: 0x20, count: 9000) + [0])
        let project = tree.scan()
        XCTAssertEqual(project.sourceFiles.count, 4, "sources are only listed, read later")

        let file = { (path: String) in project.sourceFiles.first { $0.absolutePath == path }! }
        let blob = FileReader.readSource(file(binary))
        XCTAssertNil(blob.bytes)
        XCTAssertEqual(blob.diagnostics.map(\.kind), [.binaryFile])
        XCTAssertEqual(blob.diagnostics.first?.line, 3)

        let invalid = FileReader.readSource(file(latin1))
        XCTAssertNotNil(invalid.bytes, "invalid UTF-8 is read on")
        XCTAssertEqual(invalid.diagnostics.map(\.kind), [.invalidUTF8])
        XCTAssertEqual(invalid.diagnostics.first?.line, 2)
        XCTAssertEqual(invalid.diagnostics.first?.column, 13)

        let fine = FileReader.readSource(file(good))
        XCTAssertEqual(fine.bytes.map { String(decoding: $0, as: UTF8.self) }, "let é = \"ü\"\n")
        XCTAssertEqual(fine.diagnostics, [])
        XCTAssertEqual(FileReader.readSource(file(late)).diagnostics, [], "only the first 8 KiB are probed for NUL")
    }

    func testTooLargeAndNotFound() throws {
        let tree = try ScanFixture()
        try tree.write("Big.swift", String(repeating: "x", count: 200))
        try tree.write("Small.swift", String(repeating: "x", count: 100))
        let project = tree.scan([tree.root, "Missing"], maxFileSize: 100)
        XCTAssertEqual(project.sourceFiles.map(\.path), ["Small.swift"])
        XCTAssertEqual(project.diagnostics.map(\.kind), [.tooLarge, .notFound])
        XCTAssertEqual(project.diagnostics.map(\.path), ["Big.swift", "Missing"])
        guard case .failure(let error) = FileReader.readFile(atPath: tree.path("Big.swift"), maxFileSize: 199) else {
            return XCTFail("the reader enforces the limit too")
        }
        XCTAssertEqual(error.kind, .tooLarge)
    }

    func testGlobPatterns() {
        let cases: [(String, String, Bool)] = [
            ("**/Tests/**", "Tests/A.swift", true),
            ("**/Tests/**", "App/Tests/Deep/A.swift", true),
            ("**/Tests/**", "App/MyTests/A.swift", false),
            ("Generated/*.swift", "Generated/A.swift", true),
            ("Generated/*.swift", "Generated/Sub/A.swift", false),
            ("Generated/*.swift", "App/Generated/A.swift", false),
            ("*.pb.swift", "deep/er/X.pb.swift", true),
            ("*.pb.swift", "X.swift", false),
            ("?.swift", "é.swift", true),
            ("?.swift", "ab.swift", false),
            ("a*b*c", "axxbyyc", true),
            ("a*b*c", "axxbyy", false),
            ("./App/", "App", true),
            ("/App/**", "App/x/y", true),
            ("App/**/Login.swift", "App/Login.swift", true),
            ("App/**/Login.swift", "App/a/b/Login.swift", true),
            ("App/**/Login.swift", "Lib/App/Login.swift", false),
            ("**", "anything/at/all", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(GlobPattern(pattern).matches(path), expected, "\(pattern) vs \(path)")
        }
        XCTAssertTrue(GlobPattern("Generated").matchesPathOrAncestor("Generated/Sub/A.swift"))
        XCTAssertFalse(GlobPattern("Generated").matchesPathOrAncestor("Generator/A.swift"))
    }

    func testPathsAreOrderedByTheirBytes() {
        // Short paths are held inside the string, long ones in storage of their own; both are
        // compared by bytes, a path before any longer one it starts.
        let long = String(repeating: "Modules/Module000/Sources/", count: 3)
        let paths = [
            "", "a", "a/b", "a-b", "a/", "ab", "A", "é", "e\u{301}", "z", "日本/a.swift", "🍎.swift", long, long + "a",
            long + "A.swift",
            long + "é", String(long.dropLast()), "App+/C.swift", "App/A.swift", "Apps/D.swift",
        ]
        for lhs in paths {
            for rhs in paths {
                XCTAssertEqual(
                    ProjectPath.precedes(lhs, rhs), lhs.utf8.lexicographicallyPrecedes(rhs.utf8),
                    "\(lhs.debugDescription) < \(rhs.debugDescription)")
            }
        }
        XCTAssertEqual(["b", "a/b", "a-b", "é", "e"].sorted(by: ProjectPath.precedes), ["a-b", "a/b", "b", "e", "é"])
    }

    func testUTF8ValidationAgreesWithTheStandardDecoder() {
        func decodes(_ bytes: [UInt8]) -> Bool {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
        let samples: [[UInt8]] = [
            [], Array("plain ascii text longer than eight bytes".utf8), Array("naïve – 日本 🍎".utf8),
            [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x8D],
            [0x80], [0xFF], Array("abcdefgh".utf8) + [0xC3],
        ]
        for sample in samples {
            XCTAssertEqual(UTF8Validation.isValid(sample), decodes(sample), "\(sample)")
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [
            0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0x9F, 0xA0, 0x90, 0x8F,
        ]
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            XCTAssertEqual(UTF8Validation.isValid(bytes), decodes(bytes), "\(bytes)")
        }
        XCTAssertEqual(UTF8Validation.firstInvalidOffset(in: Array("12345678901".utf8) + [0xE9, 0x41]), 11)
    }
}
