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

/// Names a pull request can put in a tree, rendered through every format: none may start a
/// line, a workflow command, an HTML element or a terminal sequence of its own.
final class HostileOutputTests: XCTestCase {
    static let hostilePaths = [
        "e\n::set-output name=x::pwned\n.swift",
        "clear\u{1B}[2J\u{1B}]0;title\u{07}.swift",
        "forged\rApp/Login.swift:1:1: error: forged [missing-nonce].swift",
        "blank\n\n<script>alert(1)</script>\n\n.swift",
        "img<img src=x onerror=alert(1)>`|`.swift",
        "nul\u{0}bidi\u{202E}tfiws.swift",
    ]

    static func report() -> LintReport {
        var findings: [Finding] = []
        for (index, path) in hostilePaths.enumerated() {
            findings.append(
                Finding(
                    rule: "missing-nonce", severity: .error,
                    message:
                        "`` `<img src=x onerror=alert(1)>` `` and `x`\n\n<script>alert(\(index))</script>\u{1B}[31m",
                    path: path, line: 1, column: 1,
                    related: [.init(path: path, line: 2, column: 1, message: "related\n::error::forged\u{1B}[2J")]))
        }
        let diagnostics = hostilePaths.map {
            Diagnostic(path: $0, kind: .unreadable, message: "cannot read: \n::warning::forged\u{07}")
        }
        var excerpts: [String: [Int: String]] = [:]
        for path in hostilePaths { excerpts[path] = [1: "print(token)\u{1B}[2J\u{07}\r::error::x"] }
        var rules = ReportFixture.rules
        rules[1].guideline.url = "javascript:alert(1)"
        return LintReport(
            root: "/project", findings: findings, diagnostics: diagnostics, filesScanned: 6, rules: rules,
            excerpts: excerpts,
            declarations: [(path: nil, summary: "notice\n::set-output name=y::pwned\u{1B}]0;t\u{07}")])
    }

    static let controlBytes: Set<UInt8> = Set(0..<0x20).subtracting([0x0A]).union([0x7F])

    func testTextShowsControlCharactersEscapedOnATerminalAndOff() {
        for excerpts in [false, true] {
            for color in [false, true] {
                var options = ReporterOptions()
                options.excerpts = excerpts
                options.color = color
                let text = TextReporter(options: options).render(Self.report())
                // authlint's own colours are the only escape sequences.
                let withoutOwnColours = text.replacingOccurrences(
                    of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression
                )
                .replacingOccurrences(of: "\u{1B}[0m", with: "")
                let bad = withoutOwnColours.utf8.filter { Self.controlBytes.contains($0) && $0 != 0x09 }
                XCTAssertEqual(bad, [], "excerpts \(excerpts), color \(color)")
                XCTAssertFalse(text.contains("\u{202E}"))
                for line in text.split(separator: "\n") {
                    XCTAssertFalse(line.hasPrefix("App/Login.swift"), String(line))
                    XCTAssertFalse(line.hasPrefix("::"), String(line))
                    XCTAssertFalse(line.hasPrefix(".swift"), String(line))
                }
                XCTAssertTrue(text.contains(#"e\n::set-output name=x::pwned\n.swift:1:1:"#))
                XCTAssertTrue(text.contains(#"clear\e[2J\e]0;title\a.swift"#))
                XCTAssertTrue(text.contains(#"nul\0bidi\u{202E}tfiws.swift"#))
            }
        }
    }

    func testTextExcerptCaretCountsTheEscapedLine() {
        var options = ReporterOptions()
        options.excerpts = true
        let finding = Finding(
            rule: "token-logged", severity: .warning, message: "m", path: "a.swift", line: 1, column: 3,
            endLine: 1, endColumn: 8)
        let report = LintReport(
            root: "/p", findings: [finding], diagnostics: [], filesScanned: 1, rules: [],
            excerpts: ["a.swift": [1: "\u{1B}\ttoken\u{7}()"]])
        let lines = TextReporter(options: options).render(report).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[1], "    \\e\ttoken\\a()")
        XCTAssertEqual(lines[2], "    " + "  \t" + "^~~~~")
    }

    func testGitHubLinesStartNoWorkflowCommandButAuthlintsOwn() {
        let output = GitHubActionsReporter().render(Self.report())
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("::") else {
                XCTAssertTrue(line.isEmpty || line.hasPrefix("authlint: "), String(line))
                continue
            }
            XCTAssertTrue(line.hasPrefix("::error file="), String(line))
            let properties = line.dropFirst(2).split(separator: "::", maxSplits: 1)[0]
            // Exactly the properties authlint writes: no value can add one.
            let names = properties.dropFirst("error ".count).split(separator: ",").map { $0.split(separator: "=")[0] }
            XCTAssertEqual(names, ["file", "line", "col", "title"], String(line))
        }
        XCTAssertFalse(output.utf8.contains(0x0D), output.debugDescription)
        for line in output.split(separator: "\n") {
            // Messages, plain lines and `file` properties alike show control characters and
            // bidirectional controls escaped: none reaches the log raw.
            XCTAssertFalse(ReportFixture.hasForbiddenScalars(String(line)), String(line))
            XCTAssertFalse(line.utf8.contains { ReportFixture.forbiddenBytes.contains($0) }, String(line))
        }
        XCTAssertTrue(output.contains("file=e%0A%3A%3Aset-output name=x%3A%3Apwned%0A.swift,"), output)
        XCTAssertTrue(output.contains(#"file=nul\0bidi\u{202E}tfiws.swift,"#), output)
    }

    func testMarkdownRendersNoHTMLAndNoBrokenParagraphs() {
        let output = MarkdownReporter().render(Self.report())
        XCTAssertFalse(output.contains("javascript:"), output)
        XCTAssertFalse(output.utf8.contains { Self.controlBytes.contains($0) })
        for line in output.split(separator: "\n") {
            XCTAssertFalse(line.hasPrefix("::") || line.hasPrefix(".swift") || line.hasPrefix("<"), String(line))
            // Outside code spans, no `<` is left for a Markdown renderer to take as HTML.
            let prose = Self.removingCodeSpans(String(line))
            var previous: Character = " "
            for character in prose {
                XCTAssertFalse(character == "<" && previous != "\\", "raw < in: \(line)")
                previous = character
            }
        }
    }

    /// The line without its code spans, as CommonMark reads them: a run of N backticks opens a
    /// span that the next run of exactly N backticks closes; an unmatched run is literal.
    static func removingCodeSpans(_ line: String) -> String {
        let characters = Array(line)
        var out = ""
        var index = 0
        func run(at start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end] == "`" { end += 1 }
            return end - start
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                out.append(character)
                out.append(characters[index + 1])
                index += 2
                continue
            }
            guard character == "`" else {
                out.append(character)
                index += 1
                continue
            }
            let length = run(at: index)
            var search = index + length
            var close: Int?
            while search < characters.count {
                if characters[search] == "`" {
                    let other = run(at: search)
                    if other == length {
                        close = search
                        break
                    }
                    search += other
                } else {
                    search += 1
                }
            }
            if let close {
                index = close + length
            } else {
                out += String(repeating: "`", count: length)
                index += length
            }
        }
        return out
    }

    func testMarkdownCodeSpansOutlastTheBackticksInside() {
        XCTAssertEqual("a`b".markdownCode(), "``a`b``")
        XCTAssertEqual("`a``".markdownCode(), "``` `a`` ```")
        XCTAssertEqual("a|b".markdownCode(inTable: true), #"`a\|b`"#)
        XCTAssertEqual("a\n\nb".markdownCode(), #"`a\n\nb`"#)
    }

    func testOnlyWebURLsAreLinked() {
        XCTAssertNil("javascript:alert(1)".safeWebURL)
        XCTAssertNil("data:text/html,x".safeWebURL)
        XCTAssertEqual("https://example.com/a b)(\"<".safeWebURL, "https://example.com/a%20b%29%28%22%3C")
    }

    func testJSONSARIFAndHTMLKeepHostileNamesExactAndInside() throws {
        let report = Self.report()
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).utf8)) as? [String: Any])
        let paths = (json["findings"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        XCTAssertEqual(Set(paths), Set(Self.hostilePaths))

        let sarif = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(SARIFReporter().render(report).utf8)) as? [String: Any])
        let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        XCTAssertEqual(results.count, Self.hostilePaths.count)
        let sarifText = SARIFReporter().render(report)
        XCTAssertFalse(
            sarifText.utf8.contains { Self.controlBytes.contains($0) },
            sarifText.utf8.filter { Self.controlBytes.contains($0) }.description)

        let html = HTMLReporter().render(report)
        XCTAssertFalse(html.contains("<script>alert"))
        XCTAssertFalse(html.contains("<img src=x"))
        XCTAssertFalse(html.contains("href=\"javascript"))
    }

    func testNoFormatCarriesARawControlOrBidiCharacterFromTheTree() throws {
        // The hostile text in paths, messages, a rule id and a diagnostic, as a Trojan-Source
        // identifier would put it in a message.
        let report = ReportFixture.hostile
        let formats: [(String, String)] = [
            ("text", TextReporter().render(report)), ("github", GitHubActionsReporter().render(report)),
            ("html", HTMLReporter().render(report)), ("json", JSONReporter().render(report)),
            ("sarif", SARIFReporter().render(report)), ("gitlab", GitLabReporter().render(report)),
        ]
        for (name, output) in formats {
            // The non-characters U+FFFE and U+FFFF act on no terminal; only XML forbids them.
            let checked =
                name == "text" || name == "github" ? output.replacingOccurrences(of: "\u{FFFF}", with: "") : output
            XCTAssertFalse(ReportFixture.hasForbiddenScalars(checked), name)
            XCTAssertFalse(output.utf8.contains { ReportFixture.forbiddenBytes.contains($0) }, name)
        }
        // JSON escapes them, so the values are the tree's, exact.
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(JSONReporter().render(report).utf8)) as? [String: Any])
        let messages = (json["findings"] as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? []
        XCTAssertTrue(messages.contains("message " + ReportFixture.hostileText))
        XCTAssertTrue(JSONReporter().render(report).contains(#"\u202e"#))
        // HTML shows them, as an editor does.
        XCTAssertTrue(HTMLReporter().render(report).contains(#"\u{202E}"#))
    }
}
