import AuthLintCore
import Foundation
import XCTest

/// The reviewer's page: self-contained, escaped, with a verdict read from the findings, and
/// loading in a real browser (headless Chromium) with every finding on it.
final class HTMLReporterTests: XCTestCase {
    private func html(_ report: LintReport) -> String { HTMLReporter().render(report) }

    /// Every `src`, `href`, `action` and CSS `url(…)`, and any `@import`.
    private func references(_ html: String) -> [String] {
        let attributes = html.matches(of: /(?i)\b(?:src|href|action|srcset|poster|data)\s*=\s*"([^"]*)"/).map { String($0.1) }
        let urls = html.matches(of: /(?i)url\(\s*['"]?([^'")]*)/).map { String($0.1) }
        let imports = html.matches(of: /(?i)@import\s+['"]?([^'";]*)/).map { String($0.1) }
        return attributes + urls + imports
    }

    /// What a browser's serialised DOM holds for `text`: `&`, `<`, `>` escaped, quotes not.
    private func domEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\u{A0}", with: "&nbsp;")
    }

    private func htmlEscaped(_ text: String) -> String {
        domEscaped(text).replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    // MARK: - Self-contained and escaped

    func testTheSamplesPageLoadsNothingFromOutside() throws {
        let page = html(try ReportFixture.samples())
        let references = references(page)
        XCTAssertFalse(references.isEmpty, "the page has in-page links")
        for reference in references {
            XCTAssertTrue(reference.hasPrefix("#"), "\(reference) is not an anchor in the page")
        }
        for id in references.map({ String($0.dropFirst()) }) {
            XCTAssertTrue(page.contains("id=\"\(id)\""), "#\(id) points nowhere")
        }
        XCTAssertFalse(page.contains("<link"), "no stylesheets or fonts from elsewhere")
        XCTAssertFalse(page.contains("<script src"), "no scripts from elsewhere")
        XCTAssertFalse(page.contains("<img"), "no images")
        XCTAssertFalse(page.contains("<iframe"))
    }

    func testTheCheckForOutsideReferencesWorks() {
        let page = "<a href=\"https://x.example\">x</a><img src='y.png'><style>@import 'z.css'; b { background: url(q.png) }</style>"
        XCTAssertEqual(references(page), ["https://x.example", "q.png", "z.css"])
    }

    func testTheSamplesPageHasEveryFindingMessageEscaped() throws {
        let report = try ReportFixture.samples()
        let page = html(report)
        XCTAssertFalse(report.findings.isEmpty)
        for finding in report.findings {
            XCTAssertTrue(page.contains(htmlEscaped(finding.message)), "missing: \(finding.message)")
            XCTAssertTrue(page.contains(htmlEscaped("\(report.displayPath(finding.path)):\(finding.line):\(finding.column)")))
        }
        for rule in Set(report.findings.map(\.rule)) {
            XCTAssertTrue(page.contains("id=\"rule-\(rule)\""), "no section for \(rule)")
        }
    }

    func testEverythingFromTheCodeIsEscaped() {
        let page = html(ReportFixture.report)
        XCTAssertTrue(page.contains("A token reaches the log: 100% of &lt;b&gt;it&lt;/b&gt; | `print(&quot;a|b&quot;)` &amp; more\nsecond line"), page)
        XCTAssertFalse(page.contains("<b>it</b>"))
        XCTAssertTrue(page.contains("rint(&quot;token &lt;\\(token)&gt;&quot;)"), "excerpts are escaped")
        XCTAssertEqual(page.components(separatedBy: "<script>").count - 1, 1, "one inline script, ours")
        let hostile = LintReport(
            root: "/tmp/<x>\"", findings: [Finding(rule: "r", severity: .error, message: "</script><script>alert(1)</script>", path: "a\"><b>.swift", line: 1, column: 1)],
            diagnostics: [Diagnostic(path: "<i>.plist", kind: .malformedPlist, message: "<u>")], filesScanned: 1, rules: [], declarations: [(path: nil, summary: "<em>4.8</em>")])
        let escaped = html(hostile)
        for raw in ["<script>alert", "<b>.swift", "<i>.plist", "<u>", "<em>", "<x>"] {
            XCTAssertFalse(escaped.contains(raw), "\(raw) reached the page unescaped")
        }
    }

    func testTheExcerptMarksTheFindingsColumns() {
        let page = html(ReportFixture.report)
        XCTAssertTrue(page.contains("<span class=\"line-number\">17</span>            SignInWithAppleButton(.continue) { <mark>request</mark> in</pre>"), page)
        // Columns 16 to 40 (exclusive) in UTF-16 units, after a tab, with an emoji after them.
        XCTAssertTrue(page.contains("<span class=\"line-number\">20</span>\tlet request = <mark>provider.createRequest()</mark> // 👋🏽</pre>"), page)
        XCTAssertTrue(page.contains("<span class=\"line-number\">18</span>        <mark>p</mark>rint("), "a point finding marks one character")
    }

    func testTheMarkNeverSplitsACharacter() {
        let line = "let s = \"👋🏽\"; go()"
        func marked(_ column: Int, _ endColumn: Int?) -> String {
            let finding = Finding(rule: "r", severity: .note, message: "m", path: "A.swift", line: 1, column: column, endLine: 1, endColumn: endColumn)
            let page = html(LintReport(root: "/p", findings: [finding], diagnostics: [], filesScanned: 1, rules: [], excerpts: ["A.swift": [1: line]]))
            return page.firstMatch(of: /<span class="line-number">1<\/span>(.*)<\/pre>/).map { String($0.1) } ?? ""
        }
        // 👋 is UTF-16 columns 10-11 and 🏽 12-13: a range ending or starting inside one takes all of it.
        XCTAssertEqual(marked(10, 11), "let s = &quot;<mark>👋</mark>🏽&quot;; go()")
        XCTAssertEqual(marked(11, 13), "let s = &quot;<mark>👋🏽</mark>&quot;; go()")
        XCTAssertEqual(marked(10, nil), "let s = &quot;<mark>👋</mark>🏽&quot;; go()")
        XCTAssertEqual(marked(17, 19), "let s = &quot;👋🏽&quot;; <mark>go</mark>()")
        XCTAssertEqual(marked(40, 44), "let s = &quot;👋🏽&quot;; go()", "past the end: nothing marked")
    }

    func testNothingFromTheClock() {
        XCTAssertEqual(html(ReportFixture.report), html(ReportFixture.report))
        XCTAssertFalse(html(ReportFixture.report).contains(String(Calendar.current.component(.year, from: Date()))))
    }

    // MARK: - The verdict

    private func verdict(_ page: String) -> String? {
        page.firstMatch(of: /<h2 id="verdict-title">([^<]*)<\/h2>/).map { String($0.1) }
    }

    func testTheVerdictComesFromTheFindings() throws {
        XCTAssertEqual(verdict(html(ReportFixture.report)), "At risk")
        XCTAssertTrue(html(ReportFixture.report).contains("This verdict is read from authlint’s findings"))
        XCTAssertEqual(verdict(html(ReportFixture.empty)), "No problem found")
        var declared = ReportFixture.empty
        declared.declarations = ReportFixture.notices.map { (path: nil, summary: $0) }
        XCTAssertEqual(verdict(html(declared)), "Exemption declared")
        XCTAssertTrue(html(declared).contains("<span class=\"status note\">Exemption declared</span>"))
        var enterprise = ReportFixture.empty
        enterprise.findings = [Finding(rule: "third-party-login-without-apple", severity: .warning, message: "Okta.", path: "A.swift", line: 1, column: 1)]
        XCTAssertEqual(verdict(html(enterprise)), "Needs a look")
        let unchecked = LintReport(root: "/p", findings: [], diagnostics: [], filesScanned: 0, rules: [])
        XCTAssertEqual(verdict(html(unchecked)), "Not checked")
        XCTAssertTrue(html(unchecked).contains("<span class=\"status unchecked\">Not checked</span>"))
    }

    func testTheSamplesAreAtRiskAndTheCompliantSampleIsNot() throws {
        XCTAssertEqual(verdict(html(try ReportFixture.samples())), "At risk")
        let compliant = try Linter.run(LintOptions(
            scan: ScanOptions(paths: ["samples/CompliantApp"]), catalog: try RuleCatalog.builtin(), currentDirectory: RepositoryPaths.root))
        XCTAssertEqual(verdict(html(compliant)), "No problem found")
    }

    func testTheOverviewCountsEachAreasFindings() {
        let page = html(ReportFixture.report)
        XCTAssertTrue(page.contains("<tr class=\"error\"><th scope=\"row\">Login services (Guideline 4.8)</th>"), page)
        XCTAssertTrue(page.contains("<tr class=\"warning\"><th scope=\"row\">Other rules</th>"), "a rule the overview does not know")
        XCTAssertTrue(page.contains("<span class=\"status warning\">1 warning</span>"))
        XCTAssertTrue(page.contains("<tr class=\"unchecked\"><th scope=\"row\">Privacy manifest</th>"), "its rule did not run")
    }

    func testEachRuleSaysWhyAndHowToFix() {
        let page = html(ReportFixture.report)
        XCTAssertTrue(page.contains("<h4>Why it matters</h4><p>Without a nonce, a captured identity token can be replayed against your backend.</p>"))
        XCTAssertTrue(page.contains("<h4>How to fix it</h4><p>Set <code>request.nonce</code> to the SHA-256"), "code spans in the documentation")
        XCTAssertTrue(page.contains("<pre class=\"snippet\"><code>let nonce = randomNonceString()\nrequest.nonce = sha256(nonce)</code></pre>"))
    }

    func testThePageHasAPrintStyle() throws {
        let page = html(ReportFixture.report)
        let start = try XCTUnwrap(page.range(of: "@media print {"))
        let print = page[start.upperBound...]
        // On paper: no filter buttons, every finding shown (a filter may have hidden some), none split.
        XCTAssertTrue(print.contains(".filter, script { display: none !important; }"))
        XCTAssertTrue(print.contains(".finding { display: block !important; }"))
        XCTAssertTrue(print.contains(".finding, .rule-head, .guidance section, blockquote, tr { break-inside: avoid; }"))
    }

    // MARK: - In a browser

    private func chromium() throws -> String {
        guard let chromium = ExternalTool.find(["chromium", "chromium-browser"]) else {
            try ExternalTool.unavailable("chromium (apt-get install chromium)")
        }
        return chromium
    }

    private func writePage(_ report: LintReport) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-report-\(UUID().uuidString).html")
        try html(report).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private func browserArguments(_ profile: URL) -> [String] {
        ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(profile.path)"]
    }

    func testChromiumRendersEveryFindingOfTheSamples() throws {
        let chromium = try chromium()
        let report = try ReportFixture.samples()
        let page = try writePage(report)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-chromium-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: page)
            try? FileManager.default.removeItem(at: profile)
        }
        let output = try ExternalTool.run(
            chromium, browserArguments(profile) + ["--enable-logging=stderr", "--v=0", "--dump-dom", page.absoluteString])
        XCTAssertEqual(output.status, 0, output.stderr)
        let dom = output.stdout
        XCTAssertTrue(dom.contains("<h2 id=\"verdict-title\">At risk</h2>"), String(dom.prefix(2000)))
        for finding in report.findings {
            XCTAssertTrue(dom.contains(domEscaped(finding.message)), "the rendered page lacks: \(finding.message)")
        }
        let scriptErrors = output.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") || $0.contains("Uncaught") }
        XCTAssertEqual(scriptErrors, [], "the page's script logged errors")
    }

    func testChromiumTakesAScreenshotOfThePage() throws {
        let chromium = try chromium()
        let page = try writePage(try ReportFixture.samples())
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-chromium-\(UUID().uuidString)")
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-report-\(UUID().uuidString).png")
        defer {
            for url in [page, profile, screenshot] { try? FileManager.default.removeItem(at: url) }
        }
        let output = try ExternalTool.run(
            chromium, browserArguments(profile) + ["--hide-scrollbars", "--screenshot=\(screenshot.path)", "--window-size=1280,2400", page.absoluteString])
        XCTAssertEqual(output.status, 0, output.stderr)
        let data = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        XCTAssertGreaterThan(data.count, 20_000, "a blank page compresses to far less")
    }
}
