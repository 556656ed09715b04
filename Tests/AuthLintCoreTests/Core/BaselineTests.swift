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

/// Baselines: accepted findings stay accepted when code moves or messages change; new ones,
/// even identical ones, are reported; fixed entries are counted and can fail the run.
final class BaselineTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent("authlint-baseline-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ text: String) throws {
        try text.write(toFile: root + "/App/Log.swift", atomically: true, encoding: .utf8)
    }

    private func lint() throws -> LintReport {
        try Linter.run(
            LintOptions(scan: ScanOptions(paths: [root]), catalog: try RuleCatalog.builtin(), currentDirectory: root))
    }

    private let original = """
        func refreshed(accessToken: String) {
            print("token \\(accessToken)")
        }
        """

    func testABaselineSurvivesMovedLinesAndRewordedMessages() throws {
        try write(original)
        let first = try lint()
        XCTAssertEqual(first.findings.map(\.rule), ["token-logged"])
        var baseline = Baseline(findings: first.findings)
        // A reworded message in the file does not matter: entries match on rule, path and fingerprint.
        baseline.findings[0].message = "an older wording"
        let text = baseline.text
        XCTAssertTrue(text.contains("\"fingerprint\""), text)

        try write(
            "import os\n\n// A comment and a blank line above.\n\n"
                + original.replacingOccurrences(of: "print(", with: "print(  "))
        var moved = try lint()
        XCTAssertEqual(moved.findings.map { "\($0.line) \($0.rule)" }, ["6 token-logged"])
        moved.apply(try reload(text))
        XCTAssertEqual(moved.findings.map(\.rule), [])
        XCTAssertEqual(moved.baselineAccepted, 1)
        XCTAssertEqual(moved.baselineFixed, 0)
    }

    func testASecondIdenticalProblemIsNewAndAFixedOneIsCounted() throws {
        try write(original)
        let baseline = Baseline(findings: try lint().findings)
        try write(
            original.replacingOccurrences(
                of: "    print(\"token \\(accessToken)\")",
                with: "    print(\"token \\(accessToken)\")\n    print(\"token \\(accessToken)\")"))
        var doubled = try lint()
        doubled.apply(baseline)
        XCTAssertEqual(doubled.findings.map { "\($0.line) \($0.rule)" }, ["3 token-logged"])

        try write("func refreshed(accessToken: String) {\n    print(\"refreshed\")\n}\n")
        var fixed = try lint()
        fixed.apply(baseline)
        XCTAssertEqual(fixed.findings.count, 0)
        XCTAssertEqual(fixed.baselineFixed, 1)
        XCTAssertTrue(TextReporter().render(fixed).contains("1 baseline entry fixed"))
    }

    /// An editor or an agent applies the baseline the configuration names; one that cannot be
    /// read accepts nothing.
    func testTheConfiguredBaselineIsAppliedAndAMissingOneAcceptsNothing() throws {
        try write(original)
        try Baseline(findings: try lint().findings).text.write(
            toFile: root + "/accepted.json", atomically: true, encoding: .utf8)
        try "baseline: accepted.json\n".write(toFile: root + "/.authlint.yml", atomically: true, encoding: .utf8)
        var report = try lint()
        XCTAssertTrue(report.findings.contains { $0.rule == "token-logged" })
        report.applyConfiguredBaseline()
        XCTAssertEqual(report.findings, [])
        XCTAssertEqual(report.baselineAccepted, 1)

        try "baseline: missing.json\n".write(toFile: root + "/.authlint.yml", atomically: true, encoding: .utf8)
        var missing = try lint()
        let before = missing.findings
        missing.applyConfiguredBaseline()
        XCTAssertEqual(missing.findings, before)
        XCTAssertFalse(missing.findings.isEmpty)
    }

    func testTheFileIsSortedAndStable() throws {
        let findings = [
            Finding(
                rule: "b-rule", severity: .error, message: "B", path: "Z.swift", line: 1, column: 1, fingerprint: "2"),
            Finding(
                rule: "a-rule", severity: .error, message: "A", path: "A.swift", line: 9, column: 1, fingerprint: "1"),
        ]
        let text = Baseline(findings: findings).text
        XCTAssertEqual(text, Baseline(findings: findings.reversed()).text)
        XCTAssertLessThan(
            try XCTUnwrap(text.range(of: "A.swift")).lowerBound, try XCTUnwrap(text.range(of: "Z.swift")).lowerBound)
        XCTAssertFalse(text.contains("\"line\""), "no line numbers: they would churn")
    }

    func testStrictBaselineFailsTheRunOnFixedEntries() throws {
        let executable = try CLITests.requireExecutable()
        try write(original)
        XCTAssertEqual(
            try run(executable, ["lint", ".", "--write-baseline", "baseline.json", "--fail-on", "never"]), 0)
        try write("func refreshed(accessToken: String) {}\n")
        XCTAssertEqual(try run(executable, ["lint", ".", "--baseline", "baseline.json"]), 0)
        XCTAssertEqual(try run(executable, ["lint", ".", "--baseline", "baseline.json", "--strict-baseline"]), 1)
        XCTAssertEqual(try run(executable, ["lint", ".", "--baseline", "missing.json"]), 2)
    }

    func testStrictBaselineNamesEachStaleEntryInEveryFormat() throws {
        let executable = try CLITests.requireExecutable()
        try write(original)
        XCTAssertEqual(
            try run(executable, ["lint", ".", "--write-baseline", "baseline.json", "--fail-on", "never"]), 0)
        try write("func refreshed(accessToken: String) {}\n")
        let expected: [String: String] = [
            "text": "App/Log.swift: error: baseline entry no longer matches: token-logged (",
            "github":
                "::error file=App/Log.swift,title=strict-baseline::baseline entry no longer matches: token-logged (",
            "markdown": "- `App/Log.swift` · `token-logged`: ",
            "sarif": "baseline entry no longer matches: token-logged (",
            "json": "\"stale\" : [",
        ]
        for (format, text) in expected {
            let result = try ExternalTool.run(
                executable.path,
                ["lint", ".", "--baseline", "baseline.json", "--strict-baseline", "--format", format, "--quiet"],
                in: root)
            XCTAssertEqual(result.status, 1, format)
            XCTAssertTrue(result.stdout.contains(text), "\(format): \(result.stdout)")
        }
        let json = try ExternalTool.run(
            executable.path, ["lint", ".", "--baseline", "baseline.json", "--format", "json"], in: root)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let baseline = try XCTUnwrap(document["baseline"] as? [String: Any])
        XCTAssertEqual(baseline["strict"] as? Bool, false)
        XCTAssertEqual((baseline["stale"] as? [[String: Any]])?.first?["rule"] as? String, "token-logged")
        // Without --strict-baseline the text report names none of them.
        let text = try ExternalTool.run(executable.path, ["lint", ".", "--baseline", "baseline.json"], in: root)
        XCTAssertEqual(text.status, 0)
        XCTAssertFalse(text.stdout.contains("no longer matches:"), text.stdout)
    }

    func testRewritingTheBaselineInPlaceStillReportsWhatIsNew() throws {
        let executable = try CLITests.requireExecutable()
        try write(original)
        XCTAssertEqual(
            try run(executable, ["lint", ".", "--write-baseline", "baseline.json", "--fail-on", "never"]), 0)
        try write(original + "\nfunc more(idToken: String) {\n    print(\"id \\(idToken)\")\n}\n")
        let arguments = [
            "lint", ".", "--baseline", "baseline.json", "--write-baseline", "baseline.json", "--fail-on", "warning",
            "--format", "json",
        ]
        let run = try ExternalTool.run(executable.path, arguments, in: root)
        XCTAssertEqual(run.status, 1, run.stdout)
        XCTAssertTrue(run.stdout.contains("\"line\" : 5"), run.stdout)
        XCTAssertEqual(try Baseline.load(path: root + "/baseline.json").findings.count, 2)
        // Recorded now: the next run is clean.
        XCTAssertEqual(
            try self.run(executable, ["lint", ".", "--baseline", "baseline.json", "--fail-on", "warning"]), 0)
    }

    private func reload(_ text: String) throws -> Baseline {
        let path = root + "/baseline.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try Baseline.load(path: path)
    }

    private func run(_ executable: URL, _ arguments: [String]) throws -> Int32 {
        try ExternalTool.run(executable.path, arguments, in: root).status
    }
}
