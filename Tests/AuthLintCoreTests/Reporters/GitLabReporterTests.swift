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

/// GitLab Code Quality as GitLab reads it: every entry valid against GitLab's own schema
/// (`Schemas/gitlab-codeclimate.json`, see `Schemas/README.md`), with the fields GitLab's
/// documentation asks for, repository-relative paths, stable unique fingerprints, and text from
/// the tree escaped.
final class GitLabReporterTests: XCTestCase {
    static let schemaPath = RepositoryPaths.root + "/Tests/AuthLintCoreTests/Schemas/gitlab-codeclimate.json"

    /// GitLab's schema is for one entry; a report is an array of them. This schema says just that
    /// (an array whose items are GitLab's schema, as published), so one run validates a report.
    static func reportSchemaPath() throws -> String {
        var entry = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: schemaPath))) as? [String: Any])
        let draft = entry.removeValue(forKey: "$schema")
        let report: [String: Any] = [
            "$schema": draft ?? "http://json-schema.org/draft-07/schema#", "type": "array", "items": entry,
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-gitlab-report-\(UUID().uuidString).json"
        ).path
        try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func assertValid(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let schema = try Self.reportSchemaPath()
        defer { try? FileManager.default.removeItem(atPath: schema) }
        try ExternalTool.assertValid(text, schemaPath: schema, file: file, line: line)
    }

    private func issues(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], file: file, line: line)
    }

    /// What GitLab's documentation asks of each entry beyond its schema.
    private func assertDocumentedFields(_ issues: [[String: Any]], file: StaticString = #filePath, line: UInt = #line) {
        for issue in issues {
            XCTAssertFalse((issue["description"] as? String ?? "").isEmpty, "\(issue)", file: file, line: line)
            XCTAssertFalse((issue["check_name"] as? String ?? "").isEmpty, "\(issue)", file: file, line: line)
            XCTAssertFalse((issue["fingerprint"] as? String ?? "").isEmpty, "\(issue)", file: file, line: line)
            XCTAssertTrue(
                ["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""),
                "\(issue)", file: file, line: line)
            let location = issue["location"] as? [String: Any] ?? [:]
            let path = location["path"] as? String ?? ""
            XCTAssertFalse(
                path.isEmpty || path.hasPrefix("/") || path.hasPrefix("./"), "not repository-relative: \(path)",
                file: file, line: line)
            let begin = (location["lines"] as? [String: Any])?["begin"] as? Int ?? 0
            XCTAssertGreaterThanOrEqual(begin, 1, "\(issue)", file: file, line: line)
        }
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(
            Set(fingerprints).count, issues.count, "GitLab keeps one issue per fingerprint", file: file, line: line)
    }

    // MARK: - GitLab's schema and documentation

    func testTheFixtureIsAValidCodeQualityReport() throws {
        let text = GitLabReporter().render(ReportFixture.report)
        try assertValid(text)
        let issues = try issues(text)
        XCTAssertEqual(issues.count, ReportFixture.findings.count)
        assertDocumentedFields(issues)
    }

    func testAnEmptyReportIsAnEmptyArray() throws {
        let text = GitLabReporter().render(ReportFixture.empty)
        XCTAssertEqual(text, "[]\n")
        try assertValid(text)
    }

    func testTheSamplesAreAValidCodeQualityReport() throws {
        let report = try ReportFixture.samples()
        XCTAssertFalse(report.findings.isEmpty)
        let text = GitLabReporter().render(report)
        try assertValid(text)
        let issues = try issues(text)
        assertDocumentedFields(issues)
        XCTAssertEqual(issues.compactMap { $0["fingerprint"] as? String }, report.findings.map(\.fingerprint))
        // Paths are from the project root (samples/), and each names a file there.
        for issue in issues {
            let path = try XCTUnwrap((issue["location"] as? [String: Any])?["path"] as? String)
            XCTAssertTrue(FileManager.default.fileExists(atPath: RepositoryPaths.root + "/samples/" + path), path)
        }
    }

    func testTheSchemaCheckCatchesAnInvalidReport() throws {
        let text = GitLabReporter().render(ReportFixture.report)
        XCTAssertTrue(text.contains("\"begin\" : 18"), text)
        let stringLine = text.replacingOccurrences(of: "\"begin\" : 18", with: "\"begin\" : \"18\"")
        let stringLineErrors = try schemaErrors(stringLine)
        XCTAssertNotEqual(stringLineErrors, "", "a string line must be refused")
        let noFingerprint = text.replacingOccurrences(of: "\"fingerprint\" : \"1a2b3c4d5e6f7081\",", with: "")
        XCTAssertNotEqual(noFingerprint, text)
        let noFingerprintErrors = try schemaErrors(noFingerprint)
        XCTAssertNotEqual(noFingerprintErrors, "", "an entry without a fingerprint must be refused")
        let objectErrors = try schemaErrors("{\"description\": \"not an array\"}")
        XCTAssertNotEqual(objectErrors, "", "a report is an array")
    }

    private func schemaErrors(_ text: String) throws -> String {
        let schema = try Self.reportSchemaPath()
        defer { try? FileManager.default.removeItem(atPath: schema) }
        return try ExternalTool.schemaErrors(text, schemaPath: schema)
    }

    // MARK: - What each entry says

    func testAnEntryCarriesTheFindingItsSeverityAndItsPlace() throws {
        let issues = try issues(GitLabReporter().render(ReportFixture.report))
        let nonce = try XCTUnwrap(issues.first { $0["check_name"] as? String == "missing-nonce" })
        XCTAssertEqual(nonce["type"] as? String, "issue")
        XCTAssertEqual(nonce["fingerprint"] as? String, "00ff00ff00ff00ff")
        XCTAssertEqual(
            nonce["description"] as? String,
            "The Apple ID request `request` never gets a nonce; set `request.nonce` [as documented]. Related: "
                + "Sunrise App/Account/Session.swift:16:39: the identity token is read here; Sunrise App/Login View.swift:9:5: the request is made here."
        )
        let location = try XCTUnwrap(nonce["location"] as? [String: Any])
        XCTAssertEqual(
            location["path"] as? String, "Sunrise App/Login View.swift",
            "from the project root, not the current directory")
        XCTAssertEqual(location["lines"] as? [String: Int], ["begin": 17, "end": 17])
        let positions = try XCTUnwrap(location["positions"] as? [String: [String: Int]])
        XCTAssertEqual(positions["begin"], ["line": 17, "column": 48])
        XCTAssertEqual(positions["end"], ["line": 17, "column": 55])

        let severities = Dictionary(issues.map { ($0["check_name"] as? String ?? "", $0["severity"] as? String ?? "") })
        { a, _ in a }
        XCTAssertEqual(severities["third-party-login-without-apple"], "critical")
        XCTAssertEqual(severities["token-logged"], "minor")
        XCTAssertEqual(severities["no-revocation-observer"], "info")
        // A point finding ends where it begins.
        let team = try XCTUnwrap(
            issues.first { $0["check_name"] as? String == "team-rule" }?["location"] as? [String: Any])
        XCTAssertEqual((team["positions"] as? [String: [String: Int]])?["end"], ["line": 31, "column": 1])
    }

    func testPathsAreRelativeToTheSARIFRootWhenGiven() throws {
        var options = ReporterOptions()
        options.sarifRoot = "/"
        let issues = try issues(GitLabReporter(options: options).render(ReportFixture.report))
        let paths = issues.compactMap { ($0["location"] as? [String: Any])?["path"] as? String }
        XCTAssertEqual(paths, ReportFixture.findings.map { "project/" + $0.path })
        let description = try XCTUnwrap(
            issues.first { $0["check_name"] as? String == "missing-nonce" }?["description"] as? String)
        XCTAssertTrue(description.contains("Related: project/Sunrise App/Account/Session.swift:16:39:"), description)
        // `--format gitlab` and `--report gitlab=…` get the option the same way.
        XCTAssertEqual(
            OutputFormat.gitlab.reporter(options).render(ReportFixture.report),
            GitLabReporter(options: options).render(ReportFixture.report))
    }

    func testMissingAndRepeatedFingerprintsAreMadeUnique() throws {
        let finding = Finding(
            rule: "missing-nonce", severity: .error, message: "m", path: "A.swift", line: 1, column: 1,
            fingerprint: "abc")
        var unfingerprinted = finding
        unfingerprinted.fingerprint = ""
        let report = LintReport(
            root: "/p", findings: [finding, finding, unfingerprinted, unfingerprinted], diagnostics: [],
            filesScanned: 1, rules: [])
        let text = GitLabReporter().render(report)
        let fingerprints = try issues(text).compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(fingerprints.count, 4)
        XCTAssertEqual(Set(fingerprints).count, 4, "\(fingerprints)")
        XCTAssertEqual(fingerprints.first, "abc", "a finding's own fingerprint is kept")
        XCTAssertEqual(GitLabReporter().render(report), text, "and the others are the same every time")
    }

    func testAStaleEntryOfAStrictBaselineIsAnIssue() throws {
        var report = ReportFixture.empty
        report.baselineStale = [
            Baseline.Entry(
                rule: "token-logged", path: "App/Old.swift", fingerprint: "0011223344556677", message: "gone")
        ]
        XCTAssertEqual(
            GitLabReporter().render(report), "[]\n", "a stale entry fails the run only with --strict-baseline")
        report.strictBaseline = true
        let text = GitLabReporter().render(report)
        try assertValid(text)
        let issues = try issues(text)
        assertDocumentedFields(issues)
        XCTAssertEqual(issues.first?["check_name"] as? String, "strict-baseline")
        XCTAssertEqual(issues.first?["severity"] as? String, "critical")
        XCTAssertEqual((issues.first?["location"] as? [String: Any])?["path"] as? String, "App/Old.swift")
    }

    // MARK: - Text from the tree

    func testHostileTextStaysValidAndIsShownEscaped() throws {
        let text = GitLabReporter().render(ReportFixture.hostile)
        try assertValid(text)
        XCTAssertFalse(text.utf8.contains { ReportFixture.forbiddenBytes.contains($0) }, "raw control bytes")
        XCTAssertFalse(ReportFixture.hasForbiddenScalars(text), "raw bidirectional or C1 characters")
        let issues = try issues(text)
        assertDocumentedFields(issues)
        // Decoded, no string holds a control or bidirectional character but line feeds.
        for issue in issues {
            for value in [issue["description"], issue["check_name"], (issue["location"] as? [String: Any])?["path"]] {
                let string = try XCTUnwrap(value as? String)
                XCTAssertFalse(
                    string.unicodeScalars.contains { $0 != "\n" && $0.needsReportEscape }, string.debugDescription)
            }
        }
        let hostile = try XCTUnwrap(issues.first { ($0["check_name"] as? String ?? "").hasPrefix("team-") })
        XCTAssertEqual(hostile["check_name"] as? String, "team-" + ReportFixture.hostileTextShown)
        XCTAssertEqual(
            (hostile["location"] as? [String: Any])?["path"] as? String,
            "Hostile/" + ReportFixture.hostileTextShown + ".swift")
        XCTAssertEqual(
            hostile["description"] as? String,
            "message \(ReportFixture.hostileTextShown) Related: Hostile/\(ReportFixture.hostileTextShown).swift:1:1: related \(ReportFixture.hostileTextShown)."
        )
        // Line breaks in a message are kept; the paths that hold them show them escaped.
        let first = try XCTUnwrap(issues.first)
        XCTAssertTrue(
            (first["description"] as? String ?? "").contains("\n\n<script>alert(0)</script>\\e[31m"), "\(first)")
        XCTAssertEqual(
            (first["location"] as? [String: Any])?["path"] as? String, #"e\n::set-output name=x::pwned\n.swift"#)
    }
}
