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

/// `--fix` writes inside the root only, and a fix is all or nothing: every file it makes is
/// checked from the root down without following a link, every edit (insertions included) checks
/// the bytes it expects, and a refused fix writes nothing.
final class FixerTests: XCTestCase {
    private var root = ""
    private var outside = ""

    override func setUpWithError() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-fixer-\(UUID().uuidString)")
            .path
        root = base + "/root"
        outside = base + "/outside"
        for folder in [root + "/App.xcodeproj", outside] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try project.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    private let project = "// !$*UTF8*$!\n{\n\tbuildSettings = {\n\t\tPRODUCT_NAME = App;\n\t};\n}\n"

    /// The fix an entitlements finding gets: a new file in `folder`, and the setting that names it.
    private func entitlementsFix(in folder: String) throws -> Finding {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/App.xcodeproj/project.pbxproj")))
        let open = project.range(of: "buildSettings = {")!.upperBound.utf16Offset(in: project)
        let setting = Fix.Edit.insertion(
            path: "App.xcodeproj/project.pbxproj", at: open, in: bytes,
            replacement: "\n\t\tCODE_SIGN_ENTITLEMENTS = \(folder)/App.entitlements;")
        let file = Fix.Edit(
            path: folder + "/App.entitlements", range: 0..<0, expected: [], replacement: "<plist/>\n", createsFile: true
        )
        var finding = Finding(
            rule: "missing-applesignin-entitlement", severity: .error, message: "m", path: "App/Login.swift", line: 1,
            column: 1)
        finding.fix = Fix(summary: "add the entitlement", edits: [file, setting])
        return finding
    }

    private func projectText() throws -> String {
        try String(contentsOfFile: root + "/App.xcodeproj/project.pbxproj", encoding: .utf8)
    }

    func testAFolderThatLinksOutOfTheRootGetsNothingAndTheProjectIsLeftAlone() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/0ut", withDestinationPath: outside)
        let plan = Fixer.plan([try entitlementsFix(in: "0ut/New")], root: root)
        XCTAssertEqual(plan.changes.count, 0)
        XCTAssertEqual(plan.skipped.map(\.reason), ["0ut is a link; a fix creates nothing through one"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])
        XCTAssertEqual(try projectText(), project)
    }

    func testALinkPlantedAfterThePlanStopsEveryWrite() throws {
        let plan = Fixer.plan([try entitlementsFix(in: "0ut/New")], root: root)
        XCTAssertEqual(plan.changes.map(\.path), ["0ut/New/App.entitlements", "App.xcodeproj/project.pbxproj"])
        try FileManager.default.createSymbolicLink(atPath: root + "/0ut", withDestinationPath: outside)
        let written = Fixer.write(plan, root: root)
        XCTAssertEqual(written.refused.map(\.reason), ["0ut is a link; a fix creates nothing through one"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])
        XCTAssertEqual(try projectText(), project, "the project is not edited when the file it names cannot be made")

        try FileManager.default.removeItem(atPath: root + "/0ut")
        let done = Fixer.write(plan, root: root)
        XCTAssertTrue(done.refused.isEmpty && done.failed.isEmpty)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/0ut/New/App.entitlements"))
        XCTAssertTrue(try projectText().contains("CODE_SIGN_ENTITLEMENTS = 0ut/New/App.entitlements;"))
    }

    func testAnInsertionIntoAFileThatChangedSinceItWasReadIsLeftOut() throws {
        let finding = try entitlementsFix(in: "App")
        // The file gains a comment before the place: the old offset now lies inside it.
        let changed = project.replacingOccurrences(of: "{\n\tbuildSettings", with: "{\n/* a */\n\tbuildSettings")
        try changed.write(toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        let plan = Fixer.plan([finding], root: root)
        XCTAssertEqual(plan.changes.count, 0)
        XCTAssertEqual(
            plan.skipped.map(\.reason), ["App.xcodeproj/project.pbxproj changed since it was read; run again"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/App/App.entitlements"))
    }
}
