import AuthLintTestSupport
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

/// Checkstyle XML as its readers take it: valid against Checkstyle's own report schema
/// (`Schemas/checkstyle-report-1.0.0.xsd`, see `Schemas/README.md`), files in the findings'
/// order, an `<error>` per finding, and text from the tree escaped.
final class CheckstyleReporterTests: XCTestCase {
    static let xsdPath = RepositoryPaths.root + "/Tests/AuthLintCoreTests/Schemas/checkstyle-report-1.0.0.xsd"

    /// The `<file>` names in order, and the attributes of each `<error>` under them, read from
    /// the report's fixed layout (one element per line).
    static func files(_ text: String) -> [(name: String, errors: [[String: String]])] {
        var files: [(name: String, errors: [[String: String]])] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("<file ") { files.append((JUnitReporterTests.attributes(trimmed)["name"] ?? "", [])) }
            if trimmed.hasPrefix("<error ") {
                files[files.count - 1].errors.append(JUnitReporterTests.attributes(trimmed))
            }
        }
        return files
    }

    // MARK: - The schema

    func testTheFixtureIsValidCheckstyle() throws {
        let text = CheckstyleReporter().render(ReportFixture.report)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        XCTAssertTrue(
            text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"), text)
        XCTAssertEqual(Self.files(text).map(\.errors.count).reduce(0, +), ReportFixture.findings.count)
    }

    func testAnEmptyReportIsValid() throws {
        let text = CheckstyleReporter().render(ReportFixture.empty)
        XCTAssertEqual(
            text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n</checkstyle>\n")
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
    }

    func testTheSamplesAreValidCheckstyle() throws {
        let report = try ReportFixture.samples()
        XCTAssertFalse(report.findings.isEmpty)
        let text = CheckstyleReporter().render(report)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        let files = Self.files(text)
        XCTAssertEqual(
            files.flatMap(\.errors).map { $0["source"] ?? "" }, report.findings.map { "authlint." + $0.rule })
        XCTAssertEqual(files.flatMap(\.errors).map { $0["line"] ?? "" }, report.findings.map { "\($0.line)" })
    }

    func testTheSchemaCheckCatchesInvalidDocuments() throws {
        let text = CheckstyleReporter().render(ReportFixture.report)
        let note = text.replacingOccurrences(of: "severity=\"info\"", with: "severity=\"note\"")
        XCTAssertNotEqual(note, text)
        let noteErrors = try ExternalTool.xmlSchemaErrors(note, xsdPath: Self.xsdPath)
        XCTAssertNotEqual(noteErrors, "", "Checkstyle has no `note` severity")
        let zero = text.replacingOccurrences(of: "line=\"18\"", with: "line=\"0\"")
        XCTAssertNotEqual(zero, text)
        let zeroErrors = try ExternalTool.xmlSchemaErrors(zero, xsdPath: Self.xsdPath)
        XCTAssertNotEqual(zeroErrors, "", "lines start at 1")
        let unescaped = text.replacingOccurrences(of: "&lt;b&gt;", with: "<b>")
        XCTAssertNotEqual(unescaped, text)
        let unescapedErrors = try ExternalTool.xmlSchemaErrors(unescaped, xsdPath: Self.xsdPath)
        XCTAssertNotEqual(unescapedErrors, "", "a raw < is not XML")
    }

    // MARK: - What it says

    func testFilesInTheFindingsOrderAnErrorPerFinding() throws {
        var report = ReportFixture.report
        report.findings.sort(by: Finding.reportOrder)
        let text = CheckstyleReporter().render(report)
        let files = Self.files(text)
        var order: [String] = []
        for finding in report.findings where order.last != "project/" + finding.path {
            order.append("project/" + finding.path)
        }
        // The files of the two diagnostics take their places by path too.
        XCTAssertEqual(
            files.map(\.name),
            [
                "project/Assets/Logo.swift", "project/Kiosk/KioskLoginView.swift",
                "project/Sunrise App/Account/Session.swift",
                "project/Sunrise App/Info.plist", "project/Sunrise App/Login View.swift",
                "project/Sunrise App/Login/Coordinator.swift",
            ])
        XCTAssertEqual(files.map(\.name).filter(order.contains), order)
        let coordinator = try XCTUnwrap(files.first { $0.name == "project/Sunrise App/Login/Coordinator.swift" })
        XCTAssertEqual(
            coordinator.errors,
            [
                [
                    "line": "20", "column": "16", "severity": "info", "source": "authlint.no-revocation-observer",
                    "message": "Sign in with Apple is used here but `credentialRevokedNotification` is never observed.",
                ],
                [
                    "line": "31", "column": "1", "severity": "warning", "source": "authlint.team-rule",
                    "message": "A team&#39;s own rule, not among the rules that ran.",
                ],
            ])
        let login = try XCTUnwrap(files.first { $0.name == "project/Sunrise App/Login View.swift" })
        XCTAssertEqual(login.errors.first?["severity"], "error")
        XCTAssertEqual(
            login.errors.first?["message"],
            "The Apple ID request `request` never gets a nonce; set `request.nonce` [as documented]. Related: "
                + "project/Sunrise App/Account/Session.swift:16:39: the identity token is read here; project/Sunrise App/Login View.swift:9:5: the request is made here."
        )
        XCTAssertTrue(
            text.contains(
                """
                  <file name="project/Sunrise App/Info.plist">
                    <exception>skipped: line 12, column 3: unexpected end of file (malformed-plist)</exception>
                  </file>
                """), text)
    }

    func testStaleEntriesOfAStrictBaselineAreErrorsOfTheirFile() throws {
        var report = ReportFixture.empty
        report.baselineStale = [
            Baseline.Entry(
                rule: "token-logged", path: "App/Old.swift", fingerprint: "0011223344556677", message: "gone")
        ]
        report.strictBaseline = true
        let text = CheckstyleReporter().render(report)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        XCTAssertTrue(
            text.contains(
                """
                  <file name="App/Old.swift">
                    <error severity="error" message="baseline entry no longer matches: token-logged (gone)" source="authlint.strict-baseline"/>
                  </file>
                """), text)
    }

    // MARK: - Text from the tree

    func testHostileTextStaysValidAndIsShownEscaped() throws {
        let report = ReportFixture.hostile
        let text = CheckstyleReporter().render(report)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        XCTAssertFalse(text.utf8.contains { ReportFixture.forbiddenBytes.contains($0) }, "raw control bytes")
        XCTAssertFalse(ReportFixture.hasForbiddenScalars(text), "raw bidirectional or C1 characters")
        XCTAssertFalse(text.contains("<script>") || text.contains("<img"), "markup from the tree")
        XCTAssertEqual(Self.files(text).map(\.errors.count).reduce(0, +), report.findings.count + 1)
        let escaped = #"a&lt;b&gt;&amp;amp;&quot;q&quot;&#39;s\e[31m\u{202E}lmth.exe\u{200F}\0\u{FFFF}\r!"#
        XCTAssertTrue(
            text.contains(
                """
                  <file name="Hostile/\(escaped).swift">
                    <error line="3" column="7" severity="warning" message="message \(escaped) Related: Hostile/\(escaped).swift:1:1: related \(escaped)." source="authlint.team-\(escaped)"/>
                    <error severity="error" message="baseline entry no longer matches: token-logged (stale \(escaped))" source="authlint.strict-baseline"/>
                    <exception>partly read: line 2, column 4: diagnostic \(escaped) (lexical)</exception>
                  </file>
                """), text)
        // A path's line breaks are shown escaped in a name; a message keeps its own.
        XCTAssertTrue(text.contains(#"<file name="e\n::set-output name=x::pwned\n.swift">"#), text)
        XCTAssertTrue(
            text.contains("`x`&#10;&#10;&lt;script&gt;alert(0)&lt;/script&gt;\\e[31m Related: e\\n::set-output"), text)
    }
}
