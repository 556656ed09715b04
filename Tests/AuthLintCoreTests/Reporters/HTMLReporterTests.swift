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

/// The reviewer's page: self-contained, escaped, with a verdict read from the findings, and
/// loading in a real browser (headless Chromium) with every finding on it.
final class HTMLReporterTests: XCTestCase {
    private func html(_ report: LintReport) -> String { HTMLReporter().render(report) }

    /// Every `src`, `href`, `action` and CSS `url(…)`, and any `@import`.
    private func references(_ html: String) -> [String] {
        let attributes = html.matches(of: /(?i)\b(?:src|href|action|srcset|poster|data)\s*=\s*"([^"]*)"/).map {
            String($0.1)
        }
        // CSS loads only from style sheets and style attributes; page text such as a code
        // example's `new URL("…")` loads nothing.
        let css =
            html.matches(of: /(?is)<style[^>]*>(.*?)<\/style>/).map { String($0.1) }
            + html.matches(of: /(?i)\bstyle\s*=\s*"([^"]*)"/).map { String($0.1) }
        let urls = css.flatMap { $0.matches(of: /(?i)url\(\s*['"]?([^'")]*)/).map { String($0.1) } }
        let imports = css.flatMap { $0.matches(of: /(?i)@import\s+['"]?([^'";]*)/).map { String($0.1) } }
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

    /// A message as the page sets it: escaped by `escape`, each `code` span a `<code>` element.
    private func withCodeSpans(_ text: String, _ escape: (String) -> String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false).map { escape(String($0)) }
        guard parts.count > 2 else { return escape(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 && index < parts.count - 1 ? "<code>\(part)</code>" : (index % 2 == 1 ? "`" : "") + part
        }.joined()
    }

    /// A path as the page sets it: escaped, with a break opportunity after each `/`.
    private func breakablePath(_ text: String) -> String {
        htmlEscaped(text).replacingOccurrences(of: "/", with: "/<wbr>").replacingOccurrences(of: "+", with: "+<wbr>")
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
        let page =
            "<a href=\"https://x.example\">x</a><img src='y.png'><style>@import 'z.css'; b { background: url(q.png) }</style>"
            + "<div style=\"background: url(s.png)\"><code>new URL(&quot;https://text.example&quot;)</code></div>"
        XCTAssertEqual(references(page), ["https://x.example", "q.png", "s.png", "z.css"])
    }

    func testTheSamplesPageHasEveryFindingMessageEscaped() throws {
        let report = try ReportFixture.samples()
        let hinted = html(report)
        // The text, without the hints where a line may break.
        let page = hinted.replacingOccurrences(of: "<wbr>", with: "")
        XCTAssertFalse(report.findings.isEmpty)
        for finding in report.findings {
            XCTAssertTrue(page.contains(withCodeSpans(finding.message, htmlEscaped)), "missing: \(finding.message)")
            XCTAssertTrue(
                page.contains(htmlEscaped("\(report.displayPath(finding.path)):\(finding.line):\(finding.column)")))
            XCTAssertTrue(
                hinted.contains(breakablePath("\(report.displayPath(finding.path)):\(finding.line):\(finding.column)")),
                "a path breaks at /")
        }
        for rule in Set(report.findings.map(\.rule)) {
            XCTAssertTrue(page.contains("id=\"rule-\(rule)\""), "no section for \(rule)")
        }
    }

    func testEverythingFromTheCodeIsEscaped() {
        let page = html(ReportFixture.report)
        XCTAssertTrue(
            page.contains(
                "A token reaches the log: 100% of &lt;b&gt;it&lt;/b&gt; | <code>print(<wbr>&quot;a|b&quot;)</code> &amp; more\nsecond line"
            ), page)
        XCTAssertFalse(page.contains("<b>it</b>"))
        XCTAssertTrue(page.contains("rint(<wbr>&quot;token &lt;\\(<wbr>token)&gt;&quot;)"), "excerpts are escaped")
        XCTAssertEqual(page.components(separatedBy: "<script>").count - 1, 1, "one inline script, ours")
        let hostile = LintReport(
            root: "/tmp/<x>\"",
            findings: [
                Finding(
                    rule: "r", severity: .error, message: "</script><script>alert(1)</script>", path: "a\"><b>.swift",
                    line: 1, column: 1)
            ],
            diagnostics: [Diagnostic(path: "<i>.plist", kind: .malformedPlist, message: "<u>")], filesScanned: 1,
            rules: [], declarations: [(path: nil, summary: "<em>4.8</em>")])
        let escaped = html(hostile)
        for raw in ["<script>alert", "<b>.swift", "<i>.plist", "<u>", "<em>", "<x>"] {
            XCTAssertFalse(escaped.contains(raw), "\(raw) reached the page unescaped")
        }
    }

    /// A rule's guidance names its published page, escaped and as text (the page links nowhere).
    func testTheGuidanceNamesTheRulesPage() {
        var options = ReporterOptions()
        options.rulePages = ["missing-nonce": "https://pages.example/missing-nonce.md?a=1&b=<2>"]
        let page = HTMLReporter(options: options).render(ReportFixture.report)
        XCTAssertTrue(
            page.contains(
                "<p class=\"page\">The rule's page: <span class=\"url\">https://pages.example/missing-nonce.md?a=1&amp;b=&lt;2&gt;</span></p>"
            ), page)
        XCTAssertEqual(page.components(separatedBy: "class=\"page\"").count - 1, 1, "only the rule with a page")
        XCTAssertFalse(html(ReportFixture.report).contains("class=\"page\""))
    }

    func testTheExcerptMarksTheFindingsColumns() {
        let page = html(ReportFixture.report)
        XCTAssertTrue(
            page.contains(
                "<span class=\"line-number\">17</span>            SignInWithAppleButton(<wbr>.continue) {<wbr> <mark>request</mark> in</pre>"
            ), page)
        // Columns 16 to 40 (exclusive) in UTF-16 units, after a tab, with an emoji after them.
        XCTAssertTrue(
            page.contains(
                "<span class=\"line-number\">20</span>\tlet request = <mark>provider<wbr>.createRequest(<wbr>)</mark> // 👋🏽</pre>"
            ), page)
        XCTAssertTrue(
            page.contains("<span class=\"line-number\">18</span>        <mark>p</mark>rint("),
            "a point finding marks one character")
    }

    func testTheMarkNeverSplitsACharacter() {
        let line = "let s = \"👋🏽\"; go()"
        func marked(_ column: Int, _ endColumn: Int?) -> String {
            let finding = Finding(
                rule: "r", severity: .note, message: "m", path: "A.swift", line: 1, column: column, endLine: 1,
                endColumn: endColumn)
            let page = html(
                LintReport(
                    root: "/p", findings: [finding], diagnostics: [], filesScanned: 1, rules: [],
                    excerpts: ["A.swift": [1: line]]))
            return page.firstMatch(of: /<span class="line-number">1<\/span>(.*)<\/pre>/).map { String($0.1) } ?? ""
        }
        // 👋 is UTF-16 columns 10-11 and 🏽 12-13: a range ending or starting inside one takes all of it.
        XCTAssertEqual(marked(10, 11), "let s = &quot;<mark>👋</mark>🏽&quot;; go(<wbr>)")
        XCTAssertEqual(marked(11, 13), "let s = &quot;<mark>👋🏽</mark>&quot;; go(<wbr>)")
        XCTAssertEqual(marked(10, nil), "let s = &quot;<mark>👋</mark>🏽&quot;; go(<wbr>)")
        XCTAssertEqual(marked(17, 19), "let s = &quot;👋🏽&quot;; <mark>go</mark>(<wbr>)")
        XCTAssertEqual(marked(40, 44), "let s = &quot;👋🏽&quot;; go(<wbr>)", "past the end: nothing marked")
    }

    func testMessagesSetCodeAsCode() throws {
        let page = html(try ReportFixture.samples())
        let messages = page.matches(of: /<p class="message">(.*)<\/p>/).map { String($0.1) }
        XCTAssertFalse(messages.isEmpty)
        for message in messages { XCTAssertFalse(message.contains("`"), "raw Markdown in: \(message)") }
        XCTAssertTrue(page.contains("log it with <code>Logger</code>, which redacts it"), "a code span in a message")
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
        enterprise.findings = [
            Finding(
                rule: "third-party-login-without-apple", severity: .warning, message: "Okta.", path: "A.swift", line: 1,
                column: 1)
        ]
        XCTAssertEqual(verdict(html(enterprise)), "Needs a look")
        let unchecked = LintReport(root: "/p", findings: [], diagnostics: [], filesScanned: 0, rules: [])
        XCTAssertEqual(verdict(html(unchecked)), "Not checked")
        XCTAssertTrue(html(unchecked).contains("<span class=\"status unchecked\">Not checked</span>"))
    }

    func testTheSamplesAreAtRiskAndTheCompliantSampleIsNot() throws {
        XCTAssertEqual(verdict(html(try ReportFixture.samples())), "At risk")
        let compliant = try Linter.run(
            LintOptions(
                scan: ScanOptions(paths: ["samples/CompliantApp"]), catalog: try RuleCatalog.builtin(),
                currentDirectory: RepositoryPaths.root))
        XCTAssertEqual(verdict(html(compliant)), "No problem found")
    }

    func testTheOverviewCountsEachAreasFindings() {
        let page = html(ReportFixture.report)
        XCTAssertTrue(page.contains("<tr class=\"error\"><th scope=\"row\">Login services (Guideline 4.8)</th>"), page)
        XCTAssertTrue(
            page.contains("<tr class=\"warning\"><th scope=\"row\">Other rules</th>"),
            "a rule the overview does not know")
        XCTAssertTrue(page.contains("<span class=\"status warning\">1 warning</span>"))
        XCTAssertTrue(
            page.contains("<tr class=\"unchecked\"><th scope=\"row\">Privacy manifest</th>"), "its rule did not run")
    }

    /// Each app target's row names the servers of the tree, by folder and framework, and what the
    /// server rules found in each: their worst severity first and the rules linked; no finding;
    /// not checked; or no server at all.
    func testTheServerColumnSaysWhatTheServerRulesFound() {
        func finding(_ rule: String, _ severity: Severity, _ path: String) -> Finding {
            Finding(rule: rule, severity: severity, message: "m", path: path, line: 1, column: 1)
        }
        var report = ReportFixture.empty
        report.signIn = [
            SignInTarget(
                name: "target Sunrise", loginServices: [], signInWithApple: true, entitlements: [],
                hasAppleSignInEntitlement: false, privacyManifests: [])
        ]
        func serverCell(_ page: String) -> String? {
            page.firstMatch(of: /<tr><th scope="row">target Sunrise<\/th>.*<td>(.*)<\/td><\/tr>/).map { String($0.1) }
        }
        XCTAssertEqual(serverCell(html(report)), "None in this repository")
        XCTAssertTrue(html(report).contains("<th scope=\"col\">Server</th>"))

        report.servers = [
            SignInServer(
                folder: "", manifest: "package.json", frameworks: ["express"], checked: false, findings: []),
            SignInServer(
                folder: "back end/<api>", manifest: "back end/<api>/requirements.txt",
                frameworks: ["flask", "pyjwt", "<odd>"], checked: true,
                findings: [
                    finding("apple-token-not-verified", .error, "back end/<api>/app.py"),
                    finding("apple-private-key-in-repository", .warning, "back end/<api>/key.p8"),
                    finding("apple-token-not-verified", .error, "back end/<api>/auth.py"),
                ]),
            SignInServer(
                folder: "server", manifest: "server/pyproject.toml", frameworks: ["fastapi"], checked: true,
                findings: []),
        ]
        XCTAssertEqual(
            serverCell(html(report)),
            "<code>./</code> Express<br><span class=\"status unchecked\">Not checked</span><br>"
                + "<code>back end/<wbr>&lt;api&gt;/</code> Flask, PyJWT, &lt;odd&gt;<br>"
                + "<span class=\"status error\">2 errors</span> <span class=\"status warning\">1 warning</span>"
                + "<br><a href=\"#rule-apple-private-key-in-repository\"><code>apple-private-key-in-repository</code></a>"
                + "<br><a href=\"#rule-apple-token-not-verified\"><code>apple-token-not-verified</code></a><br>"
                + "<code>server/</code> FastAPI<br><span class=\"status clear\">No finding</span>")
    }

    func testEachRuleSaysWhyAndHowToFix() {
        let page = html(ReportFixture.report)
        XCTAssertTrue(
            page.contains(
                "<h4>Why it matters</h4><p>Without a nonce, a captured identity token can be replayed against your backend.</p>"
            ))
        XCTAssertTrue(
            page.contains("<h4>How to fix it</h4><p>Set <code>request<wbr>.nonce</code> to the SHA-256"),
            "code spans in the documentation")
        XCTAssertTrue(
            page.contains(
                "<pre class=\"snippet\"><code>let nonce = randomNonceString()\nrequest.nonce = sha256(nonce)</code></pre>"
            ))
    }

    func testThePageHasAPrintStyle() throws {
        let page = html(ReportFixture.report)
        let start = try XCTUnwrap(page.range(of: "@media print {"))
        let print = page[start.upperBound...]
        // On paper: no filter buttons, every finding shown (a filter may have hidden some), none split.
        XCTAssertTrue(print.contains(".filter, script { display: none !important; }"))
        XCTAssertTrue(print.contains(".finding { display: block !important; }"))
        XCTAssertTrue(
            print.contains(".finding, .rule-head, .guidance section, blockquote, tr { break-inside: avoid; }"))
    }

    // MARK: - In a browser

    private func chromium() throws -> String {
        guard let chromium = ExternalTool.find(["chromium", "chromium-browser"]) else {
            try ExternalTool.unavailable("chromium (apt-get install chromium)")
        }
        return chromium
    }

    private func writePage(_ report: LintReport) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-report-\(UUID().uuidString).html")
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
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-chromium-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: page)
            try? FileManager.default.removeItem(at: profile)
        }
        let output = try ExternalTool.run(
            chromium,
            browserArguments(profile) + ["--enable-logging=stderr", "--v=0", "--dump-dom", page.absoluteString])
        XCTAssertEqual(output.status, 0, output.stderr)
        let dom = output.stdout.replacingOccurrences(of: "<wbr>", with: "")
        XCTAssertTrue(dom.contains("<h2 id=\"verdict-title\">At risk</h2>"), String(dom.prefix(2000)))
        for finding in report.findings {
            XCTAssertTrue(
                dom.contains(withCodeSpans(finding.message, domEscaped)), "the rendered page lacks: \(finding.message)")
        }
        let scriptErrors = output.stderr.split(separator: "\n").filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught")
        }
        XCTAssertEqual(scriptErrors, [], "the page's script logged errors")
    }

    func testChromiumTakesAScreenshotOfThePage() throws {
        let chromium = try chromium()
        let page = try writePage(try ReportFixture.samples())
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-chromium-\(UUID().uuidString)")
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-report-\(UUID().uuidString).png")
        defer {
            for url in [page, profile, screenshot] { try? FileManager.default.removeItem(at: url) }
        }
        let output = try ExternalTool.run(
            chromium,
            browserArguments(profile) + [
                "--hide-scrollbars", "--screenshot=\(screenshot.path)", "--window-size=1280,2400", page.absoluteString,
            ])
        XCTAssertEqual(output.status, 0, output.stderr)
        let data = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        XCTAssertGreaterThan(data.count, 20_000, "a blank page compresses to far less")
    }

    /// The samples, and a finding deep in a package with a long line of code: what paper and a
    /// phone must fit.
    private func longReport() throws -> LintReport {
        var report = try ReportFixture.samples()
        let path =
            "Packages/FeatureModules/Authentication/Sources/AuthenticationUI/Screens/SignIn/AppleSignInCoordinatorViewController+Presentation.swift"
        let line =
            "        let controller = ASAuthorizationController(authorizationRequests: [ASAuthorizationAppleIDProvider().createRequest(), "
            + "ASAuthorizationPasswordProvider().createRequest()], presentationContextProvider: self.presentationAnchorProvider.currentWindowAnchor)"
        report.findings.append(
            Finding(
                rule: "missing-nonce", severity: .error, message: "The Apple ID request `request` never gets a nonce.",
                path: path, line: 3, column: 26,
                endLine: 3, endColumn: 52,
                related: [
                    Finding.Related(path: path, line: 9, column: 5, message: "the `rawNonce` goes to the backend here")
                ]))
        report.excerpts[path] = [3: line]
        return report
    }

    /// Lays the page out in Chromium at `width` CSS pixels (with its print rules applied when
    /// `print`) and returns what the page's layout check found: "ok", or the problems.
    private func layout(_ report: LintReport, width: Int, print: Bool) throws -> String {
        let chromium = try chromium()
        var page = html(report)
        if print { page = page.replacingOccurrences(of: "@media print {", with: "@media all {") }
        let check = """
            <script>
            (function () {
              var problems = [];
              var root = document.documentElement;
              if (root.scrollWidth > root.clientWidth + 1) {
                problems.push("the page is " + root.scrollWidth + "px wide in " + root.clientWidth);
                // The innermost elements that stick out, to say what.
                // The text that sticks out, outside boxes that scroll, to say what.
                var scrolls = function (element) {
                  for (var up = element; up; up = up.parentElement) {
                    if (getComputedStyle(up).overflowX !== "visible") return true;
                  }
                  return false;
                };
                var texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
                var text;
                while ((text = texts.nextNode()) && problems.length < 6) {
                  var extent = document.createRange();
                  extent.selectNodeContents(text);
                  if (extent.getBoundingClientRect().right > root.clientWidth + 1 && !scrolls(text.parentElement)) {
                    problems.push(text.parentElement.className + ": " + text.data.slice(0, 40));
                  }
                }
              }
              var clipped = \(print ? "\"pre, .where, .related li\"" : "\".where, .related li\"");
              document.querySelectorAll(clipped).forEach(function (element) {
                if (element.scrollWidth > element.clientWidth + 1) problems.push("clipped: " + element.textContent.slice(0, 60));
              });
              // No name is split across lines: each word of code, and each name of a path, sits on one line.
              document.querySelectorAll("pre.excerpt, .where a, .related-location").forEach(function (element) {
                var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
                var node;
                while ((node = walker.nextNode())) {
                  var words = /[A-Za-z0-9_]+/g, word;
                  while ((word = words.exec(node.data))) {
                    var range = document.createRange();
                    range.setStart(node, word.index);
                    range.setEnd(node, word.index + word[0].length);
                    var tops = new Set(Array.from(range.getClientRects()).map(function (rect) { return Math.round(rect.top); }));
                    if (tops.size > 1) problems.push("split: " + word[0]);
                  }
                }
              });
              document.body.setAttribute("data-layout", problems.length ? problems.join(" | ") : "ok");
            })();
            </script>
            """
        page = page.replacingOccurrences(of: "</body>", with: check + "</body>")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-layout-\(UUID().uuidString).html")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-chromium-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: profile)
        }
        try page.write(to: url, atomically: true, encoding: .utf8)
        let output = try ExternalTool.run(
            chromium, browserArguments(profile) + ["--window-size=\(width),1600", "--dump-dom", url.absoluteString])
        XCTAssertEqual(output.status, 0, output.stderr)
        return output.stdout.firstMatch(of: /data-layout="([^"]*)"/).map { String($0.1) } ?? "no layout check ran"
    }

    func testOnPaperCodeWrapsBetweenTokensAndNothingIsClipped() throws {
        let report = try longReport()
        // The printable width of A4 and of Letter with the page's 14 mm side margins, at 96 px an inch.
        for (paper, width) in [("A4", 688), ("Letter", 710)] {
            // Outside the assertion: a skip thrown inside its autoclosure would count as a failure.
            let result = try layout(report, width: width, print: true)
            XCTAssertEqual(result, "ok", paper)
        }
    }

    func testOnAPhonePathsBreakAtSlashes() throws {
        let result = try layout(try longReport(), width: 500, print: false)
        XCTAssertEqual(result, "ok")
    }

    func testChromiumPrintsThePageOnA4AndLetter() throws {
        let chromium = try chromium()
        let boxes: [(String, Regex<Substring>)] = [
            ("A4", /\/MediaBox \[0 0 59[45](?:\.\d+)? 84[12](?:\.\d+)?\]/), ("Letter", /\/MediaBox \[0 0 612 792\]/),
        ]
        for (paper, box) in boxes {
            let page = FileManager.default.temporaryDirectory.appendingPathComponent(
                "authlint-print-\(UUID().uuidString).html")
            let pdf = FileManager.default.temporaryDirectory.appendingPathComponent(
                "authlint-print-\(UUID().uuidString).pdf")
            let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "authlint-chromium-\(UUID().uuidString)")
            defer {
                for url in [page, pdf, profile] { try? FileManager.default.removeItem(at: url) }
            }
            let text = html(try longReport()).replacingOccurrences(
                of: "</style>", with: "@page { size: \(paper); }</style>")
            try text.write(to: page, atomically: true, encoding: .utf8)
            let output = try ExternalTool.run(
                chromium,
                browserArguments(profile) + [
                    "--no-pdf-header-footer", "--print-to-pdf=\(pdf.path)", page.absoluteString,
                ])
            XCTAssertEqual(output.status, 0, output.stderr)
            let data = try Data(contentsOf: pdf)
            let raw = String(decoding: data, as: UTF8.self)
            XCTAssertTrue(raw.hasPrefix("%PDF-"), paper)
            XCTAssertNotNil(raw.firstMatch(of: box), "\(paper) pages")
            XCTAssertGreaterThan(
                raw.matches(of: /\/Type\s*\/Page[^s]/).count, 1, "\(paper): the findings run over several pages")
        }
    }

    func testChromiumTakesAScreenshotOnAPhone() throws {
        let chromium = try chromium()
        let page = try writePage(try longReport())
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-chromium-\(UUID().uuidString)")
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-report-\(UUID().uuidString).png")
        defer {
            for url in [page, profile, screenshot] { try? FileManager.default.removeItem(at: url) }
        }
        let output = try ExternalTool.run(
            chromium,
            browserArguments(profile) + [
                "--hide-scrollbars", "--screenshot=\(screenshot.path)", "--window-size=390,2400", page.absoluteString,
            ])
        XCTAssertEqual(output.status, 0, output.stderr)
        let data = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        XCTAssertGreaterThan(data.count, 10_000, "a blank page compresses to far less")
    }
}
