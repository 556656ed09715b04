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

/// SARIF 2.1.0 as GitHub code scanning reads it: valid against the official schema, and right in
/// the places where linters' SARIF often goes wrong (string columns, absolute URIs, rule indexes).
final class SARIFReporterTests: XCTestCase {
    static let schemaPath = RepositoryPaths.root + "/Tests/AuthLintCoreTests/Schemas/sarif-2.1.0.json"

    private func run(_ report: LintReport, options: ReporterOptions = ReporterOptions()) throws -> [String: Any] {
        let log = try ReportFixture.object(SARIFReporter(options: options).render(report))
        let runs = try XCTUnwrap(log["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        return try XCTUnwrap(runs.first)
    }

    private func rules(_ run: [String: Any]) throws -> [[String: Any]] {
        let tool = try XCTUnwrap(run["tool"] as? [String: Any])
        let driver = try XCTUnwrap(tool["driver"] as? [String: Any])
        return try XCTUnwrap(driver["rules"] as? [[String: Any]])
    }

    private func results(_ run: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap(run["results"] as? [[String: Any]])
    }

    private func physicalLocation(_ location: [String: Any]) throws -> (
        uri: String, base: String?, region: [String: Any]?
    ) {
        let physical = try XCTUnwrap(location["physicalLocation"] as? [String: Any])
        let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any])
        return (
            try XCTUnwrap(artifact["uri"] as? String), artifact["uriBaseId"] as? String,
            physical["region"] as? [String: Any]
        )
    }

    /// The checks every SARIF log of ours must pass, whatever it reports.
    private func assertWellFormed(
        _ run: [String: Any], findings: [Finding], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let rules = try rules(run)
        let ids = rules.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids, ids.sorted(), "rules are sorted by id", file: file, line: line)
        XCTAssertEqual(Set(ids).count, ids.count, "rule ids are unique", file: file, line: line)
        let results = try results(run)
        XCTAssertEqual(results.count, findings.count, "one result per finding", file: file, line: line)
        for (result, finding) in zip(results, findings) {
            XCTAssertEqual(result["ruleId"] as? String, finding.rule, file: file, line: line)
            let index = try XCTUnwrap(result["ruleIndex"] as? Int, file: file, line: line)
            XCTAssertTrue(rules.indices.contains(index), "ruleIndex \(index) out of range", file: file, line: line)
            XCTAssertEqual(
                rules[index]["id"] as? String, finding.rule, "ruleIndex points at the rule", file: file, line: line)
            XCTAssertEqual(result["level"] as? String, finding.severity.rawValue, file: file, line: line)
            let fingerprints = try XCTUnwrap(result["partialFingerprints"] as? [String: String], file: file, line: line)
            XCTAssertEqual(fingerprints, ["authlintFingerprint/v1": finding.fingerprint], file: file, line: line)
            let locations = try XCTUnwrap(result["locations"] as? [[String: Any]], file: file, line: line)
            XCTAssertEqual(locations.count, 1, file: file, line: line)
            let related = result["relatedLocations"] as? [[String: Any]] ?? []
            XCTAssertEqual(related.count, finding.related.count, file: file, line: line)
            for location in locations + related {
                let (uri, base, maybeRegion) = try physicalLocation(location)
                XCTAssertEqual(base, "%SRCROOT%", file: file, line: line)
                XCTAssertFalse(
                    uri.hasPrefix("/") || uri.contains("://") || uri.contains(" ") || uri.contains("\\"),
                    "\(uri) is not a relative URI", file: file, line: line)
                XCTAssertEqual(
                    URL(string: uri)?.scheme, nil, "\(uri) parses as a relative reference", file: file, line: line)
                let region = try XCTUnwrap(maybeRegion, file: file, line: line)
                for key in ["startLine", "startColumn", "endLine", "endColumn"] where region[key] != nil {
                    XCTAssertTrue(
                        region[key] is Int && !(region[key] is String), "\(key) is not an integer", file: file,
                        line: line)
                    XCTAssertGreaterThanOrEqual(region[key] as? Int ?? 0, 1, file: file, line: line)
                }
            }
            for (number, location) in related.enumerated() {
                XCTAssertEqual(location["id"] as? Int, number + 1, file: file, line: line)
                let message = try XCTUnwrap(
                    (result["message"] as? [String: Any])?["text"] as? String, file: file, line: line)
                XCTAssertTrue(
                    message.contains("](\(number + 1))"),
                    "the message links related location \(number + 1): \(message)", file: file, line: line)
            }
        }
        XCTAssertEqual(run["columnKind"] as? String, "utf16CodeUnits", file: file, line: line)
    }

    // MARK: - The fixture

    func testTopLevelAndDriver() throws {
        let log = try ReportFixture.object(SARIFReporter().render(ReportFixture.report))
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        XCTAssertEqual(
            log["$schema"] as? String,
            "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        let run = try run(ReportFixture.report)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "authlint")
        XCTAssertEqual(driver["version"] as? String, AuthLint.version)
        XCTAssertEqual(driver["semanticVersion"] as? String, AuthLint.version)
        XCTAssertEqual(driver["informationUri"] as? String, AuthLint.informationURI)
        let bases = try XCTUnwrap(run["originalUriBaseIds"] as? [String: [String: String]])
        XCTAssertEqual(bases, ["%SRCROOT%": ["uri": "file:///project/"]])
        let invocations = try XCTUnwrap(run["invocations"] as? [[String: Any]])
        XCTAssertEqual(invocations.count, 1)
        XCTAssertEqual(invocations[0]["executionSuccessful"] as? Bool, true)
        try assertWellFormed(run, findings: ReportFixture.report.findings)
    }

    func testRulesCarryTheirDocumentation() throws {
        let rules = try rules(try run(ReportFixture.report))
        XCTAssertEqual(
            rules.compactMap { $0["id"] as? String },
            [
                "missing-nonce", "no-revocation-observer", "team-rule", "third-party-login-without-apple",
                "token-logged",
            ])
        let nonce = try XCTUnwrap(rules.first { $0["id"] as? String == "missing-nonce" })
        XCTAssertEqual(nonce["name"] as? String, "MissingNonce")
        XCTAssertEqual(
            (nonce["shortDescription"] as? [String: String])?["text"], "An Apple ID request is sent without a nonce.")
        XCTAssertEqual(
            (nonce["fullDescription"] as? [String: String])?["text"], "An Apple ID request whose `nonce` is never set.")
        XCTAssertEqual((nonce["defaultConfiguration"] as? [String: String])?["level"], "error")
        XCTAssertEqual(nonce["deprecatedIds"] as? [String], ["nonce-missing"])
        XCTAssertNil(nonce["helpUri"], "no helpUri without a documentation base URL")
        let help = try XCTUnwrap(nonce["help"] as? [String: String])
        let markdown = try XCTUnwrap(help["markdown"])
        for part in [
            "**What it flags.** An Apple ID request whose `nonce` is never set.",
            "**Why it matters.** Without a nonce", "**How to fix it.** Set `request.nonce`",
            "```swift\nlet nonce = randomNonceString()\nrequest.nonce = sha256(nonce)\n```",
            "[ASAuthorizationOpenIDRequest.nonce](https://developer.apple.com/documentation/authenticationservices/asauthorizationopenidrequest/nonce)",
            "> A string value to pass to the identity provider.",
        ] {
            XCTAssertTrue(markdown.contains(part), "help.markdown lacks \(part):\n\(markdown)")
        }
        let text = try XCTUnwrap(help["text"])
        XCTAssertTrue(text.contains("How to fix it: Set `request.nonce`"), text)
        XCTAssertFalse(text.contains("```"), "help.text is plain")
        let properties = try XCTUnwrap(nonce["properties"] as? [String: Any])
        XCTAssertEqual(
            properties["tags"] as? [String], ["security", "sign-in-with-apple"], "no guideline tag for a document")
        XCTAssertEqual(properties["precision"] as? String, "high")
        XCTAssertEqual(properties["security-severity"] as? String, "7.5")

        let login = try XCTUnwrap(rules.first { $0["id"] as? String == "third-party-login-without-apple" })
        XCTAssertEqual(login["name"] as? String, "ThirdPartyLoginWithoutApple")
        let loginProperties = try XCTUnwrap(login["properties"] as? [String: Any])
        XCTAssertEqual(loginProperties["tags"] as? [String], ["app-review", "guideline-4.8"], "the guideline tag once")
        XCTAssertNil(loginProperties["security-severity"])
        let loginHelp = try XCTUnwrap((login["help"] as? [String: String])?["markdown"])
        XCTAssertTrue(loginHelp.contains("```yaml\n# .authlint.yml\n"), "a configuration snippet is YAML: \(loginHelp)")

        let observer = try XCTUnwrap(rules.first { $0["id"] as? String == "no-revocation-observer" })
        XCTAssertEqual((observer["defaultConfiguration"] as? [String: String])?["level"], "note")
        XCTAssertEqual(
            (observer["properties"] as? [String: Any])?["tags"] as? [String],
            ["correctness", "guideline-5.1.1(v)", "sign-in-with-apple"])

        let team = try XCTUnwrap(
            rules.first { $0["id"] as? String == "team-rule" }, "a rule that did not run still gets a descriptor")
        XCTAssertEqual(team["name"] as? String, "TeamRule")
        XCTAssertEqual((team["defaultConfiguration"] as? [String: String])?["level"], "warning")
    }

    func testHelpURIFromTheConfiguredBase() throws {
        for (base, expected) in [
            ("https://example.com/rules/{id}.html", "https://example.com/rules/missing-nonce.html"),
            ("https://example.com/rules", "https://example.com/rules/missing-nonce"),
            ("https://example.com/rules/", "https://example.com/rules/missing-nonce"),
        ] {
            let rules = try rules(try run(ReportFixture.report, options: ReporterOptions(sarifHelpBaseURL: base)))
            let nonce = try XCTUnwrap(rules.first { $0["id"] as? String == "missing-nonce" })
            XCTAssertEqual(nonce["helpUri"] as? String, expected)
        }
        XCTAssertEqual(
            OutputFormat.sarif.reporter(ReporterOptions(sarifHelpBaseURL: "https://x.example/{id}")).render(
                ReportFixture.report),
            SARIFReporter(options: ReporterOptions(sarifHelpBaseURL: "https://x.example/{id}")).render(
                ReportFixture.report),
            "the format passes the option on")
    }

    /// A rule with a published page links it; a configured base wins; a rule without one (a
    /// team's) has no `helpUri`.
    func testHelpURIFromTheRulesPages() throws {
        var options = ReporterOptions()
        options.rulePages = ["missing-nonce": "https://pages.example/missing-nonce.md"]
        let linked = try rules(try run(ReportFixture.report, options: options))
        let nonce = try XCTUnwrap(linked.first { $0["id"] as? String == "missing-nonce" })
        XCTAssertEqual(nonce["helpUri"] as? String, "https://pages.example/missing-nonce.md")
        XCTAssertNil(try XCTUnwrap(linked.first { $0["id"] as? String == "team-rule" })["helpUri"])
        options.sarifHelpBaseURL = "https://example.com/rules/{id}"
        let configured = try rules(try run(ReportFixture.report, options: options))
        XCTAssertEqual(
            try XCTUnwrap(configured.first { $0["id"] as? String == "missing-nonce" })["helpUri"] as? String,
            "https://example.com/rules/missing-nonce")
    }

    func testResultsPointAtRootRelativeEncodedPaths() throws {
        let results = try results(try run(ReportFixture.report))
        let nonce = try XCTUnwrap(results.first { $0["ruleId"] as? String == "missing-nonce" })
        let location = try physicalLocation(try XCTUnwrap((nonce["locations"] as? [[String: Any]])?.first))
        XCTAssertEqual(
            location.uri, "Sunrise%20App/Login%20View.swift",
            "relative to the root, not the current directory, with spaces encoded")
        XCTAssertEqual(location.region?["startLine"] as? Int, 17)
        XCTAssertEqual(location.region?["startColumn"] as? Int, 48)
        XCTAssertEqual(location.region?["endLine"] as? Int, 17)
        XCTAssertEqual(location.region?["endColumn"] as? Int, 55)
        XCTAssertEqual(
            (nonce["message"] as? [String: String])?["text"],
            "The Apple ID request `request` never gets a nonce; set `request.nonce` \\[as documented\\]. "
                + "Related: [the identity token is read here](1); [the request is made here](2).")
        let related = try XCTUnwrap(nonce["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual((related[0]["message"] as? [String: String])?["text"], "the identity token is read here")
        XCTAssertEqual(try physicalLocation(related[0]).uri, "Sunrise%20App/Account/Session.swift")

        let logged = try XCTUnwrap(results.first { $0["ruleId"] as? String == "token-logged" })
        let point = try physicalLocation(try XCTUnwrap((logged["locations"] as? [[String: Any]])?.first))
        XCTAssertEqual(point.region?.keys.sorted(), ["startColumn", "startLine"], "no end when the finding has none")
        XCTAssertNil(logged["relatedLocations"])
    }

    func testASARIFRootAboveTheProjectPrefixesEveryPath() throws {
        var fixture = ReportFixture.report
        fixture.root = "/work/repo/My App"
        let folder = "My%20App"
        let run = try run(
            fixture,
            options: {
                var options = ReporterOptions()
                options.sarifRoot = "/work/repo"
                return options
            }())
        XCTAssertEqual(
            (run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"], "file:///work/repo/")
        let results = try results(run)
        let nonce = try XCTUnwrap(results.first { $0["ruleId"] as? String == "missing-nonce" })
        XCTAssertEqual(
            try physicalLocation(try XCTUnwrap((nonce["locations"] as? [[String: Any]])?.first)).uri,
            folder + "/Sunrise%20App/Login%20View.swift")
        let related = try XCTUnwrap(nonce["relatedLocations"] as? [[String: Any]])
        XCTAssertEqual(try physicalLocation(related[0]).uri, folder + "/Sunrise%20App/Account/Session.swift")
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        let notification = try XCTUnwrap((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        XCTAssertEqual(
            try physicalLocation(try XCTUnwrap((notification["locations"] as? [[String: Any]])?.first)).uri,
            folder + "/Sunrise%20App/Info.plist")
        try assertWellFormed(run, findings: fixture.findings)
    }

    func testDiagnosticsAndNoticesBecomeNotifications() throws {
        let invocation = try XCTUnwrap((try run(ReportFixture.report)["invocations"] as? [[String: Any]])?.first)
        let notifications = try XCTUnwrap(invocation["toolExecutionNotifications"] as? [[String: Any]])
        XCTAssertEqual(notifications.count, 2)
        XCTAssertEqual(notifications.map { $0["level"] as? String }, ["warning", "warning"])
        XCTAssertEqual(
            (notifications[0]["message"] as? [String: String])?["text"], "unexpected end of file (malformed-plist)")
        let location = try physicalLocation(try XCTUnwrap((notifications[0]["locations"] as? [[String: Any]])?.first))
        XCTAssertEqual(location.uri, "Sunrise%20App/Info.plist")
        XCTAssertEqual(location.region?["startLine"] as? Int, 12)
        let noLine = try physicalLocation(try XCTUnwrap((notifications[1]["locations"] as? [[String: Any]])?.first))
        XCTAssertNil(noLine.region, "no region when the line is unknown")
        let configuration = try XCTUnwrap(invocation["toolConfigurationNotifications"] as? [[String: Any]])
        XCTAssertEqual(configuration.count, 1)
        XCTAssertEqual((configuration[0]["message"] as? [String: String])?["text"], ReportFixture.notices[0])
    }

    func testAnEmptyReportIsAValidLogWithNoResults() throws {
        let text = SARIFReporter().render(ReportFixture.empty)
        XCTAssertTrue(text.contains("\"results\" : [\n\n      ]") || text.contains("\"results\" : []"), text)
        let run = try run(ReportFixture.empty)
        XCTAssertEqual(try results(run).count, 0)
        XCTAssertEqual(
            try rules(run).count, ReportFixture.rules.count, "the rules that ran are listed even when none fired")
        let nothing = try self.run(LintReport(root: "/", findings: [], diagnostics: [], filesScanned: 0, rules: []))
        XCTAssertEqual(try results(nothing).count, 0)
        XCTAssertEqual((nothing["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"], "file:///")
    }

    func testTheRootURIIsEncodedAndEndsWithASlash() throws {
        let run = try run(
            LintReport(root: "/Users/me/My App", findings: [], diagnostics: [], filesScanned: 0, rules: []))
        XCTAssertEqual(
            (run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"],
            "file:///Users/me/My%20App/")
    }

    func testSortedKeysAndNoEscapedSlashes() {
        let text = SARIFReporter().render(ReportFixture.report)
        XCTAssertFalse(text.contains("\\/"))
        XCTAssertTrue(text.hasPrefix("{\n  \"$schema\" : "), String(text.prefix(40)))
        let runs = text.range(of: "\"runs\"")?.lowerBound
        let version = text.range(of: "\"version\" : \"2.1.0\"")?.lowerBound
        XCTAssertNotNil(runs)
        XCTAssertNotNil(version)
        if let runs, let version { XCTAssertLessThan(runs, version, "keys are sorted") }
    }

    // MARK: - The official schema

    func testTheFixtureIsValidAgainstTheSARIFSchema() throws {
        try ExternalTool.assertValid(SARIFReporter().render(ReportFixture.report), schemaPath: Self.schemaPath)
    }

    func testAnEmptyLogIsValidAgainstTheSARIFSchema() throws {
        try ExternalTool.assertValid(SARIFReporter().render(ReportFixture.empty), schemaPath: Self.schemaPath)
        let nothing = LintReport(root: "/", findings: [], diagnostics: [], filesScanned: 0, rules: [])
        try ExternalTool.assertValid(SARIFReporter().render(nothing), schemaPath: Self.schemaPath)
    }

    func testTheSchemaCheckCatchesAnInvalidLog() throws {
        let broken = SARIFReporter().render(ReportFixture.report).replacingOccurrences(
            of: "\"startColumn\" : 48", with: "\"startColumn\" : \"48\"")
        let errors = try ExternalTool.schemaErrors(broken, schemaPath: Self.schemaPath)
        XCTAssertNotEqual(errors, "", "a string column must be refused")
    }

    func testTheSamplesAreValidSARIF() throws {
        let report = try ReportFixture.samples()
        XCTAssertFalse(report.findings.isEmpty)
        try ExternalTool.assertValid(SARIFReporter().render(report), schemaPath: Self.schemaPath)
    }

    func testTheSamplesSARIFIsWellFormed() throws {
        let report = try ReportFixture.samples()
        XCTAssertFalse(report.findings.isEmpty)
        let run = try run(report)
        // Suppressed findings follow the others, each marked with its in-source suppression.
        try assertWellFormed(run, findings: report.findings + report.suppressed.map(\.finding))
        XCTAssertFalse(report.suppressed.isEmpty)
        let suppressions = try results(run).suffix(report.suppressed.count).map {
            $0["suppressions"] as? [[String: Any]]
        }
        XCTAssertEqual(suppressions.map { $0?.first?["kind"] as? String }, report.suppressed.map { _ in "inSource" })
        XCTAssertEqual(try results(run).prefix(report.findings.count).filter { $0["suppressions"] != nil }.count, 0)
        XCTAssertEqual(try rules(run).count, report.rules.count)
        let base = try XCTUnwrap((run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"]?["uri"])
        XCTAssertEqual(base, "file://" + (RepositoryPaths.root + "/samples/").uriEncodedForTest)
        for result in try results(run) {
            let uri = try physicalLocation(try XCTUnwrap((result["locations"] as? [[String: Any]])?.first)).uri
            let path = RepositoryPaths.root + "/samples/" + (uri.removingPercentEncoding ?? uri)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(uri) does not resolve under %SRCROOT%")
        }
    }
}

extension String {
    /// Percent-encoding of a path as the SARIF reporter does it, for comparisons.
    var uriEncodedForTest: String {
        addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
                charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")) ?? self
    }
}
