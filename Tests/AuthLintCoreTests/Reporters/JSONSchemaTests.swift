import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import AuthLintTestSupport
import Foundation
import XCTest

/// `docs/authlint-json.schema.json` is the `schemaVersion` 1 contract of `--format json`: the JSON
/// of the samples and of the fixture must be valid against it, and it must know every severity
/// and diagnostic kind the code can write.
final class JSONSchemaTests: XCTestCase {
    static let schemaPath = RepositoryPaths.root + "/docs/authlint-json.schema.json"

    private func schema() throws -> [String: Any] {
        try ReportFixture.object(try String(contentsOfFile: Self.schemaPath, encoding: .utf8))
    }

    func testTheSamplesJSONIsValidAgainstTheSchema() throws {
        let report = try ReportFixture.samples()
        XCTAssertFalse(report.findings.isEmpty)
        XCTAssertFalse(report.notices.isEmpty, "the samples exercise notices")
        try ExternalTool.assertValid(JSONReporter().render(report), schemaPath: Self.schemaPath)
    }

    func testTheFixtureAndAnEmptyReportAreValid() throws {
        try ExternalTool.assertValid(JSONReporter().render(ReportFixture.report), schemaPath: Self.schemaPath)
        try ExternalTool.assertValid(JSONReporter().render(ReportFixture.empty), schemaPath: Self.schemaPath)
    }

    func testTheSchemaRefusesWhatTheContractDoesNotAllow() throws {
        let valid = JSONReporter().render(ReportFixture.report)
        for (what, broken) in [
            ("a string line", valid.replacingOccurrences(of: "\"line\" : 18", with: "\"line\" : \"18\"")),
            (
                "an unknown severity",
                valid.replacingOccurrences(of: "\"severity\" : \"note\"", with: "\"severity\" : \"info\"")
            ),
            (
                "another schema version",
                valid.replacingOccurrences(of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 2")
            ),
            ("an unknown key", valid.replacingOccurrences(of: "\"notices\" :", with: "\"extra\" : 1, \"notices\" :")),
        ] {
            XCTAssertNotEqual(broken, valid, what)
            let errors = try ExternalTool.schemaErrors(broken, schemaPath: Self.schemaPath)
            XCTAssertNotEqual(errors, "", "the schema accepts \(what)")
        }
    }

    func testTheSchemaKnowsEveryDiagnosticKindAndSeverity() throws {
        let definitions = try XCTUnwrap(try schema()["$defs"] as? [String: Any])
        let diagnostic = try XCTUnwrap(definitions["diagnostic"] as? [String: Any])
        let kind = try XCTUnwrap((diagnostic["properties"] as? [String: Any])?["kind"] as? [String: Any])
        XCTAssertEqual(Set(try XCTUnwrap(kind["enum"] as? [String])), Set(Diagnostic.Kind.allCases.map(\.rawValue)))
        let severity = try XCTUnwrap(definitions["severity"] as? [String: Any])
        XCTAssertEqual(Set(try XCTUnwrap(severity["enum"] as? [String])), Set(Severity.allCases.map(\.rawValue)))
    }

    func testTheSchemaRequiresEveryKeyTheReporterAlwaysWrites() throws {
        let document = try ReportFixture.object(JSONReporter().render(ReportFixture.report))
        let required = try XCTUnwrap(try schema()["required"] as? [String])
        XCTAssertEqual(Set(required), Set(document.keys))
    }
}
