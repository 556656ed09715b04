import AuthLintAnalysis
import AuthLintRules
import Foundation
import XCTest

/// The conditions and value tests of `Sources/AuthLintAnalysis/Conditions`, one file each.
final class ConditionTests: XCTestCase {
    private static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// The build lists every file of the folder, each a condition or a value test with its own
    /// key, and `docs/patterns.md` documents every key.
    func testEveryConditionFileIsListedAndDocumented() throws {
        let folder = Self.packageRoot + "/Sources/AuthLintAnalysis/Conditions"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        let kinds = ConditionKinds.builtIn
        XCTAssertEqual(kinds.conditions.count + kinds.valueTests.count, files.count, "a file holds no condition")
        let listed = Set(
            kinds.conditions.values.map { String(describing: $0) }
                + kinds.valueTests.values.map { String(describing: $0) })
        XCTAssertEqual(listed, Set(files.map { String($0.dropLast(".swift".count)) }))
        let docs = try String(contentsOfFile: Self.packageRoot + "/docs/patterns.md", encoding: .utf8)
        for key in kinds.conditions.keys { XCTAssertTrue(docs.contains("| `\(key):"), "\(key) is not documented") }
        for key in kinds.valueTests.keys { XCTAssertTrue(docs.contains("`\(key):"), "\(key) is not documented") }
    }
}
