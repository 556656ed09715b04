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

/// The JSON contract and the compiler-style text output.
final class ReporterTests: XCTestCase {
    // MARK: - Fixtures

    private func finding(
        _ rule: String, _ severity: Severity, _ message: String, path: String = "Login.swift", line: Int, column: Int,
        endLine: Int? = nil, endColumn: Int? = nil, related: [Finding.Related] = []
    ) -> Finding {
        Finding(
            rule: rule, severity: severity, message: message, path: path, line: line, column: column,
            endLine: endLine, endColumn: endColumn, related: related,
            fingerprint: "00000000000000" + String(format: "%02d", line))
    }

    private func report(
        _ findings: [Finding], diagnostics: [Diagnostic] = [], files: Int = 3, prefix: String = "",
        excerpts: [String: [Int: String]] = [:]
    ) -> LintReport {
        LintReport(
            root: "/work/project", displayPrefix: prefix, findings: findings, diagnostics: diagnostics,
            filesScanned: files,
            rules: [], excerpts: excerpts)
    }

    private var sampleFindings: [Finding] {
        [
            finding(
                "rule-a", .error, "First.", line: 3, column: 17, endLine: 3, endColumn: 24,
                related: [.init(path: "Support/Nonce.swift", line: 9, column: 5, message: "the helper")]),
            finding("rule-b", .warning, "Second.", line: 5, column: 1, endLine: 5, endColumn: 8),
        ]
    }

    private func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(object as? [String: Any], file: file, line: line)
    }

    // MARK: - JSON

    func testJSONTopLevelContract() throws {
        let text = JSONReporter().render(report(sampleFindings, prefix: "app/"))
        XCTAssertTrue(text.hasSuffix("}\n"))
        let document = try json(text)
        for key in ["schemaVersion", "tool", "findings", "diagnostics", "summary"] {
            XCTAssertNotNil(document[key], "missing `\(key)`")
        }
        XCTAssertEqual(document["schemaVersion"] as? Int, 1)
        let tool = try XCTUnwrap(document["tool"] as? [String: Any])
        XCTAssertEqual(tool["name"] as? String, "authlint")
        XCTAssertEqual(tool["version"] as? String, AuthLint.version)
    }

    func testJSONFindingFields() throws {
        let document = try json(JSONReporter().render(report(sampleFindings, prefix: "app/")))
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 2)
        let first = findings[0]
        XCTAssertEqual(
            Set(first.keys),
            ["rule", "severity", "message", "path", "line", "column", "endLine", "endColumn", "related", "fingerprint"])
        XCTAssertEqual(first["rule"] as? String, "rule-a")
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertEqual(first["message"] as? String, "First.")
        XCTAssertEqual(first["path"] as? String, "app/Login.swift")
        XCTAssertEqual(first["line"] as? Int, 3)
        XCTAssertEqual(first["column"] as? Int, 17)
        XCTAssertEqual(first["endLine"] as? Int, 3)
        XCTAssertEqual(first["endColumn"] as? Int, 24)
        XCTAssertEqual(first["fingerprint"] as? String, "0000000000000003")
        let related = try XCTUnwrap(first["related"] as? [[String: Any]])
        XCTAssertEqual(related.count, 1)
        XCTAssertEqual(related[0]["path"] as? String, "app/Support/Nonce.swift")
        XCTAssertEqual(related[0]["line"] as? Int, 9)
        XCTAssertEqual(related[0]["column"] as? Int, 5)
        XCTAssertEqual(related[0]["message"] as? String, "the helper")
        XCTAssertEqual((findings[1]["related"] as? [Any])?.count, 0)
        XCTAssertEqual(findings[1]["severity"] as? String, "warning")
    }

    func testJSONKeepsTheReportOrderAndSlashes() throws {
        let text = JSONReporter().render(report(sampleFindings, prefix: "../app/"))
        XCTAssertTrue(text.contains("\"path\" : \"../app/Login.swift\""), text)
        XCTAssertFalse(text.contains("\\/"), "slashes are not escaped")
        let findings = try XCTUnwrap(try json(text)["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["rule"] as? String }, ["rule-a", "rule-b"])
    }

    func testJSONDiagnostics() throws {
        let diagnostics = [
            Diagnostic(
                path: "Info.plist", kind: .malformedPlist, message: "unexpected end of file", line: 12, column: 3),
            Diagnostic(path: "Logo.swift", kind: .binaryFile, message: "binary file"),
        ]
        let document = try json(JSONReporter().render(report([], diagnostics: diagnostics, prefix: "app/")))
        let entries = try XCTUnwrap(document["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(entries[0]["path"] as? String, "app/Info.plist")
        XCTAssertEqual(entries[0]["kind"] as? String, "malformed-plist")
        XCTAssertEqual(entries[0]["message"] as? String, "unexpected end of file")
        XCTAssertEqual(entries[0]["line"] as? Int, 12)
        XCTAssertEqual(entries[0]["column"] as? Int, 3)
        XCTAssertEqual(entries[1]["kind"] as? String, "binary-file")
        XCTAssertNil(entries[1]["line"])
    }

    func testJSONSummaryCounts() throws {
        let findings =
            sampleFindings + [
                finding("rule-a", .error, "Third.", line: 9, column: 2),
                finding("rule-c", .note, "Fourth.", line: 10, column: 2),
            ]
        let document = try json(JSONReporter().render(report(findings, files: 7)))
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["files"] as? Int, 7)
        let counts = try XCTUnwrap(summary["findings"] as? [String: Int])
        XCTAssertEqual(counts, ["error": 2, "warning": 1, "note": 1])
        XCTAssertEqual(summary["rules"] as? [String: Int], ["rule-a": 2, "rule-b": 1, "rule-c": 1])
    }

    func testJSONOfAnEmptyReport() throws {
        let document = try json(JSONReporter().render(report([], files: 0)))
        XCTAssertEqual((document["findings"] as? [Any])?.count, 0)
        XCTAssertEqual((document["diagnostics"] as? [Any])?.count, 0)
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["findings"] as? [String: Int], ["error": 0, "warning": 0, "note": 0])
        XCTAssertEqual(summary["rules"] as? [String: Int], [:])
    }

    func testJSONIsTheSameBytesEveryTime() {
        let first = JSONReporter().render(report(sampleFindings, prefix: "app/"))
        let second = JSONReporter().render(report(sampleFindings, prefix: "app/"))
        XCTAssertEqual(first, second)
        XCTAssertEqual(
            OutputFormat.json.reporter(ReporterOptions(color: true, excerpts: true, elapsed: 3)).render(
                report(sampleFindings, prefix: "app/")), first)
    }

    func testLintingTheSameTreeTwiceGivesTheSameJSON() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-json-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/app/Login", withIntermediateDirectories: true)
        try ReportFixture.appleLoginWithoutNonce.write(
            toFile: root + "/app/Login/LoginController.swift", atomically: true, encoding: .utf8)
        let options = LintOptions(
            scan: ScanOptions(paths: ["app"]), catalog: try RuleCatalog.builtin(), currentDirectory: root)
        let first = JSONReporter().render(try Linter.run(options))
        Thread.sleep(forTimeInterval: 0.05)
        let second = JSONReporter().render(try Linter.run(options))
        XCTAssertEqual(first, second)
        let findings = try XCTUnwrap(try json(first)["findings"] as? [[String: Any]])
        XCTAssertTrue(findings.contains { $0["rule"] as? String == "missing-nonce" })
        XCTAssertTrue(findings.allSatisfy { $0["path"] as? String == "app/Login/LoginController.swift" })
    }

    func testLinterSortsFindingsByPathLineColumnAndRule() throws {
        let match = "patterns:\n  - \"hit()\""
        let catalog = try TeamRuleFixture.catalog([
            [
                "rule-b.yaml": TeamRuleFixture.rule(id: "rule-b", match: match),
                "rule-a.yaml": TeamRuleFixture.rule(id: "rule-a", match: match),
            ]
        ])
        let rules = [try XCTUnwrap(catalog.rule(named: "rule-b")), try XCTUnwrap(catalog.rule(named: "rule-a"))]
        let found = TeamRuleFixture.findings(
            rules,
            [
                ("b.swift", "hit()"),
                ("a.swift", "x(); hit()\nhit()"),
                ("B.swift", "  hit()"),
            ])
        XCTAssertEqual(
            found.map { "\($0.path):\($0.line):\($0.column) \($0.rule)" },
            [
                "B.swift:1:3 rule-a", "B.swift:1:3 rule-b",
                "a.swift:1:6 rule-a", "a.swift:1:6 rule-b",
                "a.swift:2:1 rule-a", "a.swift:2:1 rule-b",
                "b.swift:1:1 rule-a", "b.swift:1:1 rule-b",
            ])
        XCTAssertEqual(Set(found.map(\.fingerprint)).count, found.count, "fingerprints tell findings apart")
    }

    // MARK: - Text

    func testTextFindingLinesAndSummary() {
        let diagnostics = [
            Diagnostic(
                path: "Info.plist", kind: .malformedPlist, message: "unexpected end of file", line: 12, column: 3),
            Diagnostic(path: "Logo.swift", kind: .binaryFile, message: "binary file", line: 1),
            Diagnostic(path: "Gone.swift", kind: .notFound, message: "no such file"),
        ]
        let text = TextReporter().render(report(sampleFindings, diagnostics: diagnostics, prefix: "app/"))
        XCTAssertEqual(
            text,
            """
            app/Login.swift:3:17: error: First. [rule-a]
                related: app/Support/Nonce.swift:9:5: the helper
            app/Login.swift:5:1: warning: Second. [rule-b]
            app/Info.plist:12:3: skipped: unexpected end of file (malformed-plist)
            app/Logo.swift:1: skipped: binary file (binary-file)
            app/Gone.swift: skipped: no such file (not-found)

            2 findings (1 error, 1 warning) in 3 files; 3 file problems reported above.
              rule-a: 1
              rule-b: 1

            """)
    }

    func testTextSummaryWording() {
        XCTAssertEqual(TextReporter().render(report([], files: 1)), "\nNo findings in 1 file.\n")
        XCTAssertEqual(TextReporter().render(report([], files: 0)), "\nNo findings in 0 files.\n")
        let one = TextReporter().render(report([finding("only", .note, "N.", line: 1, column: 1)], files: 2))
        XCTAssertTrue(one.hasSuffix("\n1 finding (1 note) in 2 files.\n  only: 1\n"), one)
        let three = TextReporter().render(
            report(
                [
                    finding("a", .note, "N.", line: 1, column: 1),
                    finding("b", .error, "E.", line: 2, column: 1),
                    finding("c", .warning, "W.", line: 3, column: 1),
                    finding("b", .error, "E.", line: 4, column: 1),
                ], diagnostics: [Diagnostic(path: "X.swift", kind: .tooLarge, message: "too large")]))
        XCTAssertTrue(
            three.hasSuffix(
                """

                4 findings (2 errors, 1 warning, 1 note) in 3 files; 1 file problem reported above.
                  a: 1
                  b: 2
                  c: 1

                """), three)
    }

    func testTextShowsTheTimeOnlyWhenGiven() {
        XCTAssertEqual(
            TextReporter(options: ReporterOptions(elapsed: 1.234)).render(report([], files: 1)),
            "\nNo findings in 1 file in 1.23s.\n")
        XCTAssertEqual(
            TextReporter(options: ReporterOptions(elapsed: 12.34)).render(report([], files: 1)),
            "\nNo findings in 1 file in 12.3s.\n")
    }

    func testQuietPrintsFindingsOnly() {
        let text = TextReporter(options: ReporterOptions(quiet: true)).render(
            report(
                sampleFindings, diagnostics: [Diagnostic(path: "X.swift", kind: .binaryFile, message: "binary file")]))
        XCTAssertEqual(
            text,
            "Login.swift:3:17: error: First. [rule-a]\n    related: Support/Nonce.swift:9:5: the helper\nLogin.swift:5:1: warning: Second. [rule-b]\n"
        )
        XCTAssertEqual(TextReporter(options: ReporterOptions(quiet: true)).render(report([])), "")
    }

    // MARK: - Excerpts

    private func excerpt(_ line: String, column: Int, endColumn: Int?, endLine: Int? = 1) -> String {
        let report = report(
            [finding("r", .warning, "M.", line: 1, column: column, endLine: endLine, endColumn: endColumn)],
            excerpts: ["Login.swift": [1: line]])
        let text = TextReporter(options: ReporterOptions(excerpts: true, quiet: true)).render(report)
        return String(text.drop { $0 != "\n" }.dropFirst())
    }

    func testExcerptUnderlinesTheFinding() {
        let line = "        let request = provider.createRequest()"
        XCTAssertEqual(
            excerpt(line, column: 13, endColumn: 20),
            "    \(line)\n    " + String(repeating: " ", count: 12) + "^~~~~~~\n")
    }

    func testExcerptKeepsTabsSoTheCaretLinesUp() {
        let line = "\t\tlet request = x"
        XCTAssertEqual(excerpt(line, column: 7, endColumn: 14), "    \(line)\n    \t\t    ^~~~~~~\n")
    }

    func testExcerptCountsAccentedLettersAsOneColumn() {
        // `ü` and `ß` are one UTF-16 unit and one column; a decomposed `é` is two units and one column.
        let line = "let name = \"Grüße\"; let request = x"
        let column = Array("let name = \"Grüße\"; let ".utf16).count + 1
        XCTAssertEqual(column, 25)
        XCTAssertEqual(
            excerpt(line, column: column, endColumn: column + 7),
            "    \(line)\n    " + String(repeating: " ", count: 24) + "^~~~~~~\n")
        let decomposed = "let e = \"e\u{301}\"; request"
        let decomposedColumn = Array("let e = \"e\u{301}\"; ".utf16).count + 1
        XCTAssertEqual(decomposedColumn, 15)
        XCTAssertEqual(
            excerpt(decomposed, column: decomposedColumn, endColumn: decomposedColumn + 7),
            "    \(decomposed)\n    " + String(repeating: " ", count: 13) + "^~~~~~~\n")
    }

    func testColumnsAfterAnEmojiCountUTF16Units() throws {
        let rule = try TeamRuleFixture.load(
            TeamRuleFixture.rule(
                message: "`{ARG}` goes to legacyLogin.", match: "report: ARG\npatterns:\n  - \"legacyLogin($...ARG)\""))
        let source = "let s = \"👋🏽\"; legacyLogin(user)\n"
        let found = TeamRuleFixture.findings([rule], [("Login.swift", source)])
        let column = Array("let s = \"👋🏽\"; legacyLogin(".utf16).count + 1
        XCTAssertEqual(column, 29)
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine ?? 0):\($0.endColumn ?? 0)" }, ["1:29-1:33"])
        let text = TextReporter(options: ReporterOptions(quiet: true)).render(report(found))
        XCTAssertEqual(text, "Login.swift:1:29: warning: `user` goes to legacyLogin. [team-rule]\n")
    }

    func testExcerptOfAFindingWithoutAnEndOrOverSeveralLines() {
        XCTAssertEqual(excerpt("abc def", column: 5, endColumn: nil, endLine: nil), "    abc def\n        ^\n")
        XCTAssertEqual(excerpt("abc def", column: 5, endColumn: 2, endLine: 4), "    abc def\n        ^\n")
    }

    func testExcerptIsClippedToTheLine() {
        XCTAssertEqual(excerpt("abc def", column: 5, endColumn: 40), "    abc def\n        ^~~\n")
    }

    func testNoExcerptWithoutTheLineOrWhenNotAsked() {
        let withoutLine = report([finding("r", .warning, "M.", line: 1, column: 1)])
        XCTAssertEqual(
            TextReporter(options: ReporterOptions(excerpts: true, quiet: true)).render(withoutLine),
            "Login.swift:1:1: warning: M. [r]\n")
        let withLine = report([finding("r", .warning, "M.", line: 1, column: 1)], excerpts: ["Login.swift": [1: "abc"]])
        XCTAssertEqual(
            TextReporter(options: ReporterOptions(quiet: true)).render(withLine), "Login.swift:1:1: warning: M. [r]\n")
    }

    // MARK: - Fixable findings

    func testFixableFindingsAreMarkedAfterTheSeverity() {
        var fixable = finding("rule-a", .error, "Fix me.", line: 3, column: 17)
        fixable.fix = Fix(summary: "add the key", edits: [])
        var byHand = finding("rule-b", .warning, "By hand.", line: 5, column: 1)
        byHand.fix = Fix(summary: "add the key", edits: [], manual: "edit Project.swift")
        let plain = finding("rule-c", .note, "Not fixable.", line: 7, column: 1)
        let text = TextReporter().render(report([fixable, byHand, plain]))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Still `path:line:column: severity: ` first and `[rule-id]` last, as compilers and ruff write.
        XCTAssertEqual(lines[0], "Login.swift:3:17: error: [*] Fix me. [rule-a]")
        XCTAssertEqual(lines[1], "Login.swift:5:1: warning: By hand. [rule-b]", "a fix by hand is not --fix's")
        XCTAssertEqual(lines[2], "Login.swift:7:1: note: Not fixable. [rule-c]")
        XCTAssertTrue(text.contains("; 1 fixable with --fix (marked [*])."), text)

        let coloured = TextReporter(options: ReporterOptions(color: true)).render(report([fixable]))
        XCTAssertTrue(
            coloured.hasPrefix(
                "\u{1B}[1mLogin.swift:3:17:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1;36m[*]\u{1B}[0m Fix me. "),
            coloured)
        XCTAssertFalse(TextReporter().render(report([plain])).contains("[*]"))
    }

    // MARK: - Colour

    func testNoColourUnlessAsked() {
        let text = TextReporter(options: ReporterOptions(excerpts: true)).render(
            report(
                sampleFindings, diagnostics: [Diagnostic(path: "X.swift", kind: .binaryFile, message: "binary file")],
                excerpts: ["Login.swift": [3: String(repeating: "x", count: 30), 5: "abcdefgh"]]))
        XCTAssertFalse(text.contains("\u{1B}"))
    }

    func testColourCodesWhenAsked() {
        let findings = sampleFindings + [finding("rule-c", .note, "Third.", line: 7, column: 1)]
        let text = TextReporter(options: ReporterOptions(color: true, excerpts: true)).render(
            report(
                findings, diagnostics: [Diagnostic(path: "X.swift", kind: .binaryFile, message: "binary file")],
                excerpts: ["Login.swift": [5: "abcdefgh"]]))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(
            lines[0],
            "\u{1B}[1mLogin.swift:3:17:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m First. \u{1B}[2m[rule-a]\u{1B}[0m")
        XCTAssertEqual(lines[1], "    \u{1B}[2mrelated:\u{1B}[0m Support/Nonce.swift:9:5: the helper")
        XCTAssertEqual(
            lines[2],
            "\u{1B}[1mLogin.swift:5:1:\u{1B}[0m \u{1B}[1;33mwarning:\u{1B}[0m Second. \u{1B}[2m[rule-b]\u{1B}[0m")
        XCTAssertEqual(lines[3], "    abcdefgh")
        XCTAssertEqual(lines[4], "    \u{1B}[1;33m^~~~~~~\u{1B}[0m")
        XCTAssertEqual(
            lines[5], "\u{1B}[1mLogin.swift:7:1:\u{1B}[0m \u{1B}[1;36mnote:\u{1B}[0m Third. \u{1B}[2m[rule-c]\u{1B}[0m")
        XCTAssertEqual(lines[6], "X.swift: \u{1B}[2mskipped:\u{1B}[0m binary file (binary-file)")
        XCTAssertTrue(
            text.contains(
                "\u{1B}[1m3 findings (1 error, 1 warning, 1 note) in 3 files; 1 file problem reported above.\u{1B}[0m\n"
            ), text)
    }

    func testOutputFormats() {
        XCTAssertEqual(
            OutputFormat.allCases.map(\.rawValue),
            ["text", "json", "sarif", "markdown", "github", "html", "gitlab", "junit", "checkstyle", "xcode"])
        let report = report(sampleFindings)
        XCTAssertEqual(OutputFormat.text.reporter().render(report), TextReporter().render(report))
        XCTAssertEqual(OutputFormat.json.reporter().render(report), JSONReporter().render(report))
    }

    // MARK: - The report

    func testReportHelpers() {
        let report = report(sampleFindings + [finding("rule-a", .note, "N.", line: 8, column: 1)], prefix: "../app/")
        XCTAssertEqual(report.displayPath("Login.swift"), "../app/Login.swift")
        XCTAssertEqual(self.report([]).displayPath("Login.swift"), "Login.swift")
        XCTAssertEqual(report.countsBySeverity, [.error: 1, .warning: 1, .note: 1])
        XCTAssertEqual(report.countsByRule, ["rule-a": 2, "rule-b": 1])
        XCTAssertTrue(report.fails(.error))
        XCTAssertTrue(report.fails(.note))
        XCTAssertFalse(report.fails(.never))
        let warningsOnly = self.report([finding("w", .warning, "W.", line: 1, column: 1)])
        XCTAssertFalse(warningsOnly.fails(.error))
        XCTAssertTrue(warningsOnly.fails(.warning))
        XCTAssertFalse(self.report([finding("n", .note, "N.", line: 1, column: 1)]).fails(.warning))
    }
}
