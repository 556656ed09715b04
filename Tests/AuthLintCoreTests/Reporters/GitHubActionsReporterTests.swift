import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import Foundation
import XCTest

/// Workflow commands as the GitHub Actions runner parses them.
final class GitHubActionsReporterTests: XCTestCase {
    private func report(
        _ findings: [Finding], diagnostics: [Diagnostic] = [], notices: [String] = [], prefix: String = ""
    ) -> LintReport {
        LintReport(
            root: "/work", displayPrefix: prefix, findings: findings, diagnostics: diagnostics, filesScanned: 2,
            rules: [], declarations: notices.map { (path: nil, summary: $0) })
    }

    private func lines(_ report: LintReport) -> [String] {
        GitHubActionsReporter().render(report).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testOneCommandPerFindingWithEveryProperty() {
        let output = lines(
            report(
                [
                    Finding(
                        rule: "missing-nonce", severity: .error, message: "No nonce.", path: "Login.swift", line: 3,
                        column: 17, endLine: 3, endColumn: 24),
                    Finding(
                        rule: "token-logged", severity: .warning, message: "Logged.", path: "Login.swift", line: 5,
                        column: 1),
                    Finding(
                        rule: "no-revocation-observer", severity: .note, message: "Unobserved.", path: "Login.swift",
                        line: 7, column: 2),
                ], prefix: "app/"))
        XCTAssertEqual(
            Array(output.prefix(3)),
            [
                "::error file=app/Login.swift,line=3,col=17,endLine=3,endColumn=24,title=missing-nonce::No nonce.",
                "::warning file=app/Login.swift,line=5,col=1,title=token-logged::Logged.",
                "::notice file=app/Login.swift,line=7,col=2,title=no-revocation-observer::Unobserved.",
            ])
        XCTAssertEqual(
            output[3],
            "authlint: 3 findings (1 error, 1 warning, 1 note) in 2 files; GitHub shows at most 10 annotations of each level per step — see the SARIF or Markdown report for all."
        )
        XCTAssertEqual(output[4], "")
        XCTAssertEqual(output.count, 5)
    }

    func testMessagesEscapePercentAndLineBreaks() {
        let output = lines(
            report([
                Finding(
                    rule: "r", severity: .error, message: "100% sure\nsecond line\r\nthird: a, b", path: "A.swift",
                    line: 1, column: 1)
            ]))
        XCTAssertEqual(
            output[0], "::error file=A.swift,line=1,col=1,title=r::100%25 sure%0Asecond line%0D%0Athird: a, b")
    }

    func testPropertiesAlsoEscapeColonsAndCommas() {
        let output = lines(
            report([
                Finding(
                    rule: "r", severity: .warning, message: "m", path: "Odd, Folder/a:b%c.swift", line: 2, column: 3)
            ]))
        XCTAssertEqual(output[0], "::warning file=Odd%2C Folder/a%3Ab%25c.swift,line=2,col=3,title=r::m")
        XCTAssertEqual(GitHubActionsReporter.escapeProperty("a:b,c%d\ne\rf"), "a%3Ab%2Cc%25d%0Ae%0Df")
        XCTAssertEqual(GitHubActionsReporter.escapeData("a:b,c%d\ne\rf"), "a:b,c%25d%0Ae%0Df")
    }

    func testRelatedPlacesFollowTheMessage() {
        let output = lines(
            report(
                [
                    Finding(
                        rule: "r", severity: .error, message: "Main.", path: "A.swift", line: 1, column: 1,
                        related: [.init(path: "B.swift", line: 4, column: 2, message: "see here")])
                ], prefix: "app/"))
        XCTAssertEqual(
            output[0], "::error file=app/A.swift,line=1,col=1,title=r::Main.%0Arelated: app/B.swift:4:2: see here")
    }

    func testDiagnosticsAndNoticesArePlainLinesThatCannotBecomeCommands() {
        let output = lines(
            report(
                [],
                diagnostics: [
                    Diagnostic(path: "Info.plist", kind: .malformedPlist, message: "bad\n::error ::injected", line: 3)
                ],
                notices: ["declared\n::warning ::injected"]))
        XCTAssertEqual(
            output,
            [
                "authlint: skipped Info.plist:3: bad\\n::error ::injected (malformed-plist)",
                "authlint: note: declared\\n::warning ::injected",
                "authlint: no findings in 2 files.",
                "",
            ])
        XCTAssertFalse(output.contains { $0.hasPrefix("::") })
    }

    func testTheFixtureGivesOneCommandPerFindingAndNothingElseStartsWithColons() {
        let output = lines(ReportFixture.report)
        let commands = output.filter { $0.hasPrefix("::") }
        XCTAssertEqual(commands.count, ReportFixture.findings.count)
        XCTAssertEqual(
            output.filter { !$0.isEmpty }.count,
            commands.count + ReportFixture.diagnostics.count + ReportFixture.notices.count + 1)
        XCTAssertTrue(
            output.contains {
                $0.hasPrefix(
                    "::warning file=project/Sunrise App/Account/Session.swift,line=18,col=9,title=token-logged::")
            })
    }
}
