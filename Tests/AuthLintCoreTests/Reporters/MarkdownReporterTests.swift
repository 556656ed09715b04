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

/// The pull-request summary: counts, findings grouped by rule with links, one fix per rule, and
/// messages that cannot break the Markdown around them.
final class MarkdownReporterTests: XCTestCase {
    private var markdown: String { MarkdownReporter().render(ReportFixture.report) }

    func testTitleAndSummaryTable() {
        XCTAssertTrue(
            markdown.hasPrefix(
                "## authlint: 5 findings in 7 files\n\n| Severity | Findings |\n|---|---:|\n| Error | 2 |\n| Warning | 2 |\n| Note | 1 |\n"
            ), markdown)
        XCTAssertTrue(
            markdown.contains(
                "\nFiles scanned: 7 (2 could not be read: `project/Sunrise App/Info.plist` (malformed-plist), `project/Assets/Logo.swift` (binary-file))\n"
            ), markdown)
        XCTAssertTrue(MarkdownReporter().render(ReportFixture.empty).hasPrefix("## authlint: no findings in 0 files\n"))
    }

    func testGroupsByRuleMostSevereFirst() {
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("### ") }
        XCTAssertEqual(
            headings,
            [
                "### `missing-nonce` · error · [ASAuthorizationOpenIDRequest.nonce](https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/nonce)",
                "### `third-party-login-without-apple` · error · [Guideline 4.8](https://developer.apple.com/app-store/review/guidelines/#login-services)",
                "### `team-rule` · warning",
                "### `token-logged` · warning · Logging (OSLog privacy)",
                "### `no-revocation-observer` · note · Guideline 5.1.1(v)",
            ])
    }

    func testFindingsLinkToTheirLineAndRulesGiveTheFirstSentenceOfTheFix() {
        XCTAssertTrue(
            markdown.contains(
                "- [project/Sunrise App/Login View.swift:17](project/Sunrise%20App/Login%20View.swift#L17): The Apple ID request `request` never gets a nonce; set `request.nonce` \\[as documented\\].\n"
                    + "  - related: [project/Sunrise App/Account/Session.swift:16](project/Sunrise%20App/Account/Session.swift#L16): the identity token is read here\n"
            ), markdown)
        XCTAssertTrue(
            markdown.contains("**Fix:** Add Sign in with Apple next to the other logins.\n"), "first sentence only")
        XCTAssertFalse(markdown.contains("Or declare an exemption"))
        XCTAssertTrue(markdown.contains("**Fix:** Observe the notification!\n"))
    }

    func testNoticesAreShown() {
        XCTAssertTrue(
            markdown.contains(
                "> [!NOTE]\n> ExemptApp/.authlint.yml: Guideline 4.8: the configuration declares the `education-enterprise` exemption.\n"
            ), markdown)
    }

    func testMessagesAreEscapedOutsideCodeSpans() {
        XCTAssertTrue(
            markdown.contains(
                ": A token reaches the log: 100% of \\<b\\>it\\</b\\> \\| `print(\"a|b\")` & more second line\n"),
            markdown)
        XCTAssertEqual(
            "a <script>alert(1)</script> | *b* _c_ [d](e) `x|<y>` ~~f~~ #1".markdownEscapedForTest,
            "a \\<script\\>alert(1)\\</script\\> \\| \\*b\\* \\_c\\_ \\[d\\](e) `x|<y>` \\~\\~f\\~\\~ \\#1")
        XCTAssertEqual("an odd ` backtick <b>".markdownEscapedForTest, "an odd \\` backtick \\<b\\>")
        XCTAssertEqual("&amp; & &#60;".markdownEscapedForTest, "&amp;amp; & &amp;\\#60;")
    }

    func testAFindingWhoseSeverityDiffersFromItsRuleSaysSo() {
        let report = LintReport(
            root: "/p",
            findings: [
                Finding(rule: "r", severity: .error, message: "E.", path: "A.swift", line: 1, column: 1),
                Finding(rule: "r", severity: .warning, message: "W.", path: "A.swift", line: 2, column: 1),
            ], diagnostics: [], filesScanned: 1, rules: [])
        let text = MarkdownReporter().render(report)
        XCTAssertTrue(text.contains("- [A.swift:1](A.swift#L1): E.\n- [A.swift:2](A.swift#L2) (warning): W.\n"), text)
    }

    func testLinksStartWithTheLinkBaseAndKeepTheDisplayedPath() {
        var report = LintReport(
            root: "/repo/App", displayPrefix: "App/",
            findings: [
                Finding(
                    rule: "r", severity: .error, message: "E.", path: "Login View.swift", line: 7, column: 1,
                    related: [Finding.Related(path: "Auth.swift", line: 3, column: 2, message: "here")])
            ], diagnostics: [], filesScanned: 1, rules: [])
        var options = ReporterOptions()
        options.linkBase = "https://github.com/o/r/blob/abc/"
        let text = MarkdownReporter(options).render(report)
        XCTAssertTrue(
            text.contains(
                "- [App/Login View.swift:7](https://github.com/o/r/blob/abc/App/Login%20View.swift#L7): E.\n"), text)
        XCTAssertTrue(
            text.contains("  - related: [App/Auth.swift:3](https://github.com/o/r/blob/abc/App/Auth.swift#L3): here"),
            text)
        report.absolutePaths = true
        XCTAssertTrue(
            MarkdownReporter().render(report).contains(
                "- [/repo/App/Login View.swift:7](/repo/App/Login%20View.swift#L7): E.\n"))
    }
}

extension String {
    /// The Markdown reporter's escaping, reached through a one-finding report.
    var markdownEscapedForTest: String {
        let report = LintReport(
            root: "/p", findings: [Finding(rule: "r", severity: .note, message: self, path: "A", line: 1, column: 1)],
            diagnostics: [], filesScanned: 1, rules: [])
        let line =
            MarkdownReporter().render(report).split(separator: "\n").first { $0.hasPrefix("- [A:1](A#L1): ") } ?? ""
        return String(line.dropFirst("- [A:1](A#L1): ".count))
    }
}
