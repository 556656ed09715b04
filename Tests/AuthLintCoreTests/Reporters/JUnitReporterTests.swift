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

/// JUnit XML as Jenkins reads it: valid against the xUnit plugin's `junit-10.xsd` (see
/// `Schemas/README.md`), a suite per rule with counts that add up, never without a test, and
/// text from the tree escaped.
final class JUnitReporterTests: XCTestCase {
    static let xsdPath = RepositoryPaths.root + "/Tests/AuthLintCoreTests/Schemas/junit-10.xsd"

    /// The `<testsuite>` elements' attributes and the attributes of their testcases' `<failure>`
    /// and `<skipped>`, read from the report's fixed layout (one element per line).
    struct Suite {
        var attributes: [String: String]
        var testcases: [[String: String]] = []
        var failures: [[String: String]] = []
        var skipped: [[String: String]] = []
    }

    static func attributes(_ line: Substring) -> [String: String] {
        var out: [String: String] = [:]
        let pattern = try! NSRegularExpression(pattern: #"([a-z]+)="([^"]*)""#)
        let text = String(line)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let name = Range(match.range(at: 1), in: text), let value = Range(match.range(at: 2), in: text) else {
                continue
            }
            out[String(text[name])] = String(text[value])
        }
        return out
    }

    static func suites(_ text: String) -> (top: [String: String], suites: [Suite]) {
        var top: [String: String] = [:]
        var suites: [Suite] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("<testsuites ") { top = attributes(trimmed) }
            if trimmed.hasPrefix("<testsuite ") { suites.append(Suite(attributes: attributes(trimmed))) }
            if trimmed.hasPrefix("<testcase ") { suites[suites.count - 1].testcases.append(attributes(trimmed)) }
            if trimmed.hasPrefix("<failure ") {
                suites[suites.count - 1].failures.append(attributes(trimmed.prefix { $0 != ">" }))
            }
            if trimmed.hasPrefix("<skipped ") { suites[suites.count - 1].skipped.append(attributes(trimmed)) }
        }
        return (top, suites)
    }

    /// Every count is of what the report holds, and what `expected` says.
    private func assertCounts(
        _ text: String, tests: Int, failures: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let (top, suites) = Self.suites(text)
        XCTAssertEqual(top["tests"], "\(tests)", file: file, line: line)
        XCTAssertEqual(top["failures"], "\(failures)", file: file, line: line)
        XCTAssertEqual(top["errors"], "0", file: file, line: line)
        XCTAssertEqual(suites.map(\.testcases.count).reduce(0, +), tests, file: file, line: line)
        XCTAssertEqual(suites.map(\.failures.count).reduce(0, +), failures, file: file, line: line)
        XCTAssertEqual(text.components(separatedBy: "<testcase ").count - 1, tests, file: file, line: line)
        for suite in suites {
            XCTAssertEqual(
                suite.attributes["tests"], "\(suite.testcases.count)", "\(suite.attributes)", file: file, line: line)
            XCTAssertEqual(
                suite.attributes["failures"], "\(suite.failures.count)", "\(suite.attributes)", file: file, line: line)
            XCTAssertEqual(
                suite.attributes["skipped"], "\(suite.skipped.count)", "\(suite.attributes)", file: file, line: line)
            XCTAssertEqual(suite.attributes["errors"], "0", file: file, line: line)
            XCTAssertFalse(suite.testcases.isEmpty, "a suite with no test", file: file, line: line)
        }
        XCTAssertGreaterThan(tests, 0, "a report never lacks a test", file: file, line: line)
    }

    // MARK: - The schema

    func testTheFixtureIsValidJUnit() throws {
        let text = JUnitReporter().render(ReportFixture.report)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        // Five findings of five rules, and two files not read as skipped tests.
        assertCounts(text, tests: 7, failures: 5)
    }

    func testAnEmptyReportIsValidWithAPassingTestPerRule() throws {
        let text = JUnitReporter().render(ReportFixture.empty)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        assertCounts(text, tests: ReportFixture.rules.count, failures: 0)
        let (_, suites) = Self.suites(text)
        XCTAssertEqual(suites.map { $0.attributes["name"] ?? "" }, ReportFixture.rules.map(\.id).sorted())
        XCTAssertEqual(
            suites.flatMap(\.testcases).map { $0["name"] ?? "" }, ReportFixture.rules.map { _ in "no findings" })

        let nothing = JUnitReporter().render(
            LintReport(root: "/", findings: [], diagnostics: [], filesScanned: 0, rules: []))
        try ExternalTool.assertValidXML(nothing, xsdPath: Self.xsdPath)
        assertCounts(nothing, tests: 1, failures: 0)
        XCTAssertTrue(
            nothing.contains(#"<testcase name="no findings" classname="authlint.authlint" time="0"/>"#), nothing)
    }

    func testTheSamplesAreValidJUnit() throws {
        let report = try ReportFixture.samples()
        XCTAssertFalse(report.findings.isEmpty)
        let text = JUnitReporter().render(report)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        let quiet = Set(report.rules.map(\.id)).subtracting(report.findings.map(\.rule)).count
        assertCounts(
            text, tests: report.findings.count + quiet + report.diagnostics.count, failures: report.findings.count)
    }

    func testTheSchemaCheckCatchesInvalidDocuments() throws {
        let text = JUnitReporter().render(ReportFixture.report)
        let unnamed = text.replacingOccurrences(of: #"<testsuite name="missing-nonce" "#, with: "<testsuite ")
        XCTAssertNotEqual(unnamed, text)
        let unnamedErrors = try ExternalTool.xmlSchemaErrors(unnamed, xsdPath: Self.xsdPath)
        XCTAssertNotEqual(unnamedErrors, "", "a suite needs a name")
        let unknown = text.replacingOccurrences(of: "<failure ", with: "<warning ").replacingOccurrences(
            of: "</failure>", with: "</warning>")
        let unknownErrors = try ExternalTool.xmlSchemaErrors(unknown, xsdPath: Self.xsdPath)
        XCTAssertNotEqual(unknownErrors, "", "there is no <warning>")
        let raw = text.replacingOccurrences(of: "never gets a nonce", with: "never gets\u{1B} a nonce")
        XCTAssertNotEqual(raw, text)
        let rawErrors = try ExternalTool.xmlSchemaErrors(raw, xsdPath: Self.xsdPath)
        XCTAssertNotEqual(rawErrors, "", "a raw ESC is not XML")
    }

    // MARK: - What it says

    func testASuitePerRuleAFailedTestPerFinding() throws {
        let text = JUnitReporter().render(ReportFixture.report)
        let (top, suites) = Self.suites(text)
        XCTAssertEqual(top["name"], "authlint")
        XCTAssertEqual(
            suites.map { $0.attributes["name"] ?? "" },
            [
                "missing-nonce", "no-revocation-observer", "team-rule", "third-party-login-without-apple",
                "token-logged", "file-problems",
            ])
        let nonce = suites[0]
        XCTAssertEqual(
            nonce.testcases,
            [
                [
                    "name": "project/Sunrise App/Login View.swift:17:48", "classname": "authlint.missing-nonce",
                    "time": "0",
                ]
            ])
        XCTAssertEqual(
            nonce.failures,
            [
                [
                    "message":
                        "The Apple ID request `request` never gets a nonce; set `request.nonce` [as documented].",
                    "type": "error",
                ]
            ])
        XCTAssertTrue(
            text.contains(
                """
                type="error">project/Sunrise App/Login View.swift:17:48: error: The Apple ID request `request` never gets a nonce; set `request.nonce` [as documented]. [missing-nonce]
                related: project/Sunrise App/Account/Session.swift:16:39: the identity token is read here
                related: project/Sunrise App/Login View.swift:9:5: the request is made here
                Missing nonce: An Apple ID request is sent without a nonce.
                </failure>
                """), text)
        XCTAssertEqual(suites[1].failures.first?["type"], "note")
        XCTAssertEqual(suites[4].failures.first?["type"], "warning")
        // A message's line break survives in the attribute; markup is escaped.
        XCTAssertEqual(
            suites[4].failures.first?["message"],
            "A token reaches the log: 100% of &lt;b&gt;it&lt;/b&gt; | `print(&quot;a|b&quot;)` &amp; more&#10;second line"
        )
        XCTAssertEqual(
            suites[5].skipped,
            [
                ["message": "skipped: unexpected end of file", "type": "malformed-plist"],
                ["message": "skipped: binary file", "type": "binary-file"],
            ])
        XCTAssertEqual(
            suites[5].testcases.map { $0["name"] ?? "" },
            ["project/Sunrise App/Info.plist:12:3", "project/Assets/Logo.swift"])
    }

    func testStaleEntriesOfAStrictBaselineFail() throws {
        var report = ReportFixture.empty
        report.baselineStale = [
            Baseline.Entry(
                rule: "token-logged", path: "App/Old.swift", fingerprint: "0011223344556677", message: "gone")
        ]
        report.strictBaseline = true
        let text = JUnitReporter().render(report)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        assertCounts(text, tests: ReportFixture.rules.count + 1, failures: 1)
        let suite = try XCTUnwrap(Self.suites(text).suites.last)
        XCTAssertEqual(suite.attributes["name"], "strict-baseline")
        XCTAssertEqual(
            suite.failures, [["message": "baseline entry no longer matches: token-logged (gone)", "type": "error"]])
    }

    // MARK: - Text from the tree

    func testHostileTextStaysValidAndIsShownEscaped() throws {
        let report = ReportFixture.hostile
        let text = JUnitReporter().render(report)
        try ExternalTool.assertValidXML(text, xsdPath: Self.xsdPath)
        XCTAssertFalse(text.utf8.contains { ReportFixture.forbiddenBytes.contains($0) }, "raw control bytes")
        XCTAssertFalse(ReportFixture.hasForbiddenScalars(text), "raw bidirectional or C1 characters")
        XCTAssertFalse(text.contains("<script>") || text.contains("<img"), "markup from the tree")
        let quiet = Set(report.rules.map(\.id)).subtracting(report.findings.map(\.rule)).count
        assertCounts(
            text, tests: report.findings.count + quiet + 1 + report.diagnostics.count,
            failures: report.findings.count + 1)
        let escaped = #"a&lt;b&gt;&amp;amp;&quot;q&quot;&#39;s\e[31m\u{202E}lmth.exe\u{200F}\0\u{FFFF}\r!"#
        XCTAssertTrue(text.contains(#"<testsuite name="team-\#(escaped)" "#), text)
        XCTAssertTrue(
            text.contains(#"<testcase name="Hostile/\#(escaped).swift:3:7" classname="authlint.team-\#(escaped)" "#),
            text)
        XCTAssertTrue(text.contains(#"<failure message="message \#(escaped)" type="warning">"#), text)
        XCTAssertTrue(text.contains("\nrelated: Hostile/\(escaped).swift:1:1: related \(escaped)\n"), text)
        XCTAssertTrue(text.contains(#"<skipped message="partly read: diagnostic \#(escaped)" type="lexical"/>"#), text)
        XCTAssertTrue(
            text.contains(
                #"<failure message="baseline entry no longer matches: token-logged (stale \#(escaped))" type="error">"#),
            text)
        // A path's line breaks are shown escaped in a name, as everywhere else.
        XCTAssertTrue(text.contains(#"<testcase name="e\n::set-output name=x::pwned\n.swift:1:1" "#), text)
    }
}
