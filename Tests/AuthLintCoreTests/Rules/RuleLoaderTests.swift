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

/// A team's rule files in a temporary `--rules` folder, loaded with the built-in rules.
enum TeamRuleFixture {
    /// A complete rule whose `match:` block is `match` (indented under `match:` by the caller's
    /// two spaces). The `message:` is on line 11 and `match:` on line 12.
    static func rule(
        id: String = "team-rule", severity: String = "warning", message: String = "Found it.", match: String
    ) -> String {
        """
        id: \(id)
        severity: \(severity)
        guideline:
          reference: "4.8"
          quote: Apps that use a third-party login service must also offer an equivalent login service.
        summary: A rule of the team's own.
        documentation:
          flags: What its patterns find.
          why: The team asked for it.
          fix: Do something else.
        message: "\(message)"
        match:
        \(match.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        """
    }

    /// Writes `files` (relative path → text) into a new temporary folder.
    static func directory(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-rules-\(UUID().uuidString)")
            .path
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    /// The catalog with the built-in rules and the given team folders (removed afterwards).
    static func catalog(_ folders: [[String: String]]) throws -> RuleCatalog {
        let directories = try folders.map { try directory($0) }
        defer { for directory in directories { try? FileManager.default.removeItem(atPath: directory) } }
        return try RuleCatalog.load(extraDirectories: directories)
    }

    /// Loads one team rule file and returns the rule.
    static func load(_ text: String, id: String = "team-rule") throws -> RuleSpec {
        let catalog = try catalog([["\(id).yaml": text]])
        guard let rule = catalog.rule(named: id) else { throw FileError(path: id, line: 0, message: "not loaded") }
        return rule
    }

    /// The error loading one team rule file gives: its file name (not the folder), line and message.
    static func error(_ text: String, name: String = "team-rule.yaml") -> (file: String, line: Int, message: String)? {
        do {
            _ = try catalog([[name: text]])
            return nil
        } catch let error as FileError {
            return ((error.path as NSString).lastPathComponent, error.line, error.message)
        } catch {
            return ("?", 0, "\(error)")
        }
    }

    /// Findings of `rules` on in-memory Swift files.
    static func findings(_ rules: [RuleSpec], _ files: [(String, String)]) -> [Finding] {
        let code = files.sorted { $0.0 < $1.0 }.map { CodeView(file: SourceFile(path: $0.0, text: $0.1)) }
        return Linter.check(project: ProjectIndex(files: code), rules: rules)
    }

    /// "path:line:column severity message" for each finding.
    static func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.path):\($0.line):\($0.column) \($0.severity.rawValue) \($0.message)" }
    }
}

/// Reading rule files: what loads, and how every mistake is refused with the file and line.
final class RuleLoaderTests: XCTestCase {
    private let minimalMatch = """
        patterns:
          - "legacyLogin($...ARG)"
        """

    // MARK: - Valid rules

    func testAMinimalRuleLoadsWithDefaults() throws {
        let rule = try TeamRuleFixture.load(
            TeamRuleFixture.rule(message: "`{ARG}` goes to legacyLogin.", match: minimalMatch))
        XCTAssertEqual(rule.id, "team-rule")
        XCTAssertEqual(rule.description.name, "Team rule")
        XCTAssertEqual(rule.description.severity, .warning)
        XCTAssertEqual(rule.description.guideline.reference, "4.8")
        XCTAssertTrue(rule.description.guideline.quote.hasPrefix("Apps that use a third-party login service"))
        XCTAssertNil(rule.description.guideline.url)
        XCTAssertEqual(rule.description.summary, "A rule of the team's own.")
        XCTAssertEqual(rule.description.documentation.flags, "What its patterns find.")
        XCTAssertEqual(rule.description.documentation.why, "The team asked for it.")
        XCTAssertEqual(rule.description.documentation.fix, "Do something else.")
        XCTAssertNil(rule.description.documentation.snippet)
        XCTAssertEqual(rule.description.aliases, [])
        XCTAssertEqual(rule.description.tags, [])
        XCTAssertEqual(rule.description.precision, "high")
        XCTAssertNil(rule.description.securitySeverity)
        XCTAssertEqual(rule.description.examples, RuleDescription.Examples())
        XCTAssertEqual(rule.message, "`{ARG}` goes to legacyLogin.")
        XCTAssertEqual(rule.match.patterns.map(\.pattern.source), ["legacyLogin($...ARG)"])
        XCTAssertEqual(rule.match.language, .swift)
        XCTAssertEqual(rule.match.imports, [])
        XCTAssertNil(rule.match.report)
        XCTAssertFalse(rule.match.oncePerProject)
        XCTAssertEqual(rule.match.appliesTo, .all)
        XCTAssertTrue(rule.match.conditions.isEmpty)
        XCTAssertTrue(rule.severityWhen.isEmpty)
        XCTAssertTrue(rule.source.hasSuffix("/team-rule.yaml"), rule.source)
    }

    /// `message-unnamed` is said instead when the reported metavariable is a `_`, which a
    /// message cannot quote as a name; it needs `report:`.
    func testAMessageForAnUnnamedValue() throws {
        let match = "report: REQ\npatterns:\n  - \"onRequest: { $REQ in\""
        let text = TeamRuleFixture.rule(message: "`{REQ}` is the request.", match: match)
            .replacingOccurrences(of: "\nmatch:", with: "\nmessage-unnamed: \"The request is never named.\"\nmatch:")
        let catalog = try TeamRuleFixture.catalog([["team-rule.yaml": text]])
        let rule = try XCTUnwrap(catalog.rule(named: "team-rule"))
        XCTAssertEqual(rule.messageUnnamed, "The request is never named.")
        let source = "func a() { button(onRequest: { _ in }) }\nfunc b() { button(onRequest: { request in }) }\n"
        let found = ExampleRunner.findings(
            rule, [RuleDescription.ExampleFile(path: "A.swift", text: source)], configuration: nil, catalog: catalog)
        XCTAssertEqual(found.map(\.message), ["The request is never named.", "`request` is the request."])
        let unreported = TeamRuleFixture.rule(message: "Found.", match: minimalMatch)
            .replacingOccurrences(of: "\nmatch:", with: "\nmessage-unnamed: \"Unnamed.\"\nmatch:")
        XCTAssertEqual(
            TeamRuleFixture.error(unreported)?.message,
            "message-unnamed needs `report:` in match, the metavariable it is about")
    }

    func testASinglePatternMayBeAString() throws {
        let rule = try TeamRuleFixture.load(TeamRuleFixture.rule(match: "patterns: \"legacyLogin()\""))
        XCTAssertEqual(rule.match.patterns.map(\.pattern.source), ["legacyLogin()"])
    }

    func testEveryOptionalField() throws {
        let text = """
            id: legacy-login
            name: Legacy login call
            severity: note
            aliases: [old-login, older-login]
            tags: [team, login]
            precision: medium
            security-severity: "5.0"
            guideline:
              reference: "4.8"
              quote: "Login services."
              url: https://developer.apple.com/app-store/review/guidelines/#login-services
            summary: Calls the legacy login.
            documentation:
              flags: Calls of legacyLogin.
              why: It is going away.
              fix: Call login instead.
              snippet: |
                login(user)
            message: "`{ARG}` goes to legacyLogin."
            match:
              language: any
              imports: [LegacyKit]
              applies-to: apps
              once-per: project
              report: ARG
              patterns:
                - "legacyLogin($...ARG)"
                - pattern: "LegacyKit.login($...ARG)"
                  where:
                    - metavariable: ARG
                      name-matches: [user]
              where:
                - absent: "migrated($ARG)"
                  scope: file
            severity-when:
              - project-has: ["LegacyKit.enableStrictMode()"]
                severity: error
            examples:
              triggering:
                - |
                  legacyLogin(↓user)
                - files:
                    A.swift: |
                      legacyLogin(↓user)
                    B.swift: |
                      let user = "x"
                  mutations: false
              non-triggering:
                - |
                  login(user)
            """
        let rule = try TeamRuleFixture.load(text, id: "legacy-login")
        let description = rule.description
        XCTAssertEqual(description.name, "Legacy login call")
        XCTAssertEqual(description.severity, .note)
        XCTAssertEqual(description.aliases, ["old-login", "older-login"])
        XCTAssertEqual(description.tags, ["team", "login"])
        XCTAssertEqual(description.precision, "medium")
        XCTAssertEqual(description.securitySeverity, "5.0")
        XCTAssertEqual(
            description.guideline.url, "https://developer.apple.com/app-store/review/guidelines/#login-services")
        XCTAssertEqual(description.documentation.snippet, "login(user)\n")
        XCTAssertEqual(description.examples.triggering.count, 2)
        XCTAssertEqual(
            description.examples.triggering[0].files, [.init(path: "Example.swift", text: "legacyLogin(↓user)\n")])
        XCTAssertTrue(description.examples.triggering[0].mutations)
        XCTAssertEqual(description.examples.triggering[1].files.map(\.path), ["A.swift", "B.swift"])
        XCTAssertFalse(description.examples.triggering[1].mutations)
        XCTAssertEqual(description.examples.nonTriggering.count, 1)
        XCTAssertEqual(rule.match.language, .any)
        XCTAssertEqual(rule.match.imports, ["LegacyKit"])
        XCTAssertEqual(rule.match.appliesTo, .apps)
        XCTAssertTrue(rule.match.oncePerProject)
        XCTAssertEqual(rule.match.report, "ARG")
        XCTAssertEqual(rule.match.patterns.count, 2)
        XCTAssertEqual(rule.match.patterns[1].conditions.count, 1)
        XCTAssertEqual(rule.match.conditions.count, 1)
        XCTAssertEqual(rule.severityWhen.map(\.severity), [.error])
        // The alias finds the rule too.
        let catalog = try TeamRuleFixture.catalog([["legacy-login.yaml": text]])
        XCTAssertEqual(catalog.rule(named: "older-login")?.id, "legacy-login")
    }

    func testYmlFilesAndSubfoldersAreReadAndOtherFilesIgnored() throws {
        let catalog = try TeamRuleFixture.catalog([
            [
                "first-rule.yml": TeamRuleFixture.rule(id: "first-rule", match: minimalMatch),
                "nested/second-rule.yaml": TeamRuleFixture.rule(id: "second-rule", match: minimalMatch),
                "README.md": "not a rule: {",
                "notes.txt": "id: nope",
            ]
        ])
        XCTAssertNotNil(catalog.rule(named: "first-rule"))
        XCTAssertNotNil(catalog.rule(named: "second-rule"))
        XCTAssertNotNil(catalog.rule(named: "missing-nonce"), "the built-in rules stay")
        XCTAssertEqual(catalog.rules.map(\.id), catalog.rules.map(\.id).sorted(), "rules are sorted by id")
    }

    // MARK: - Refused rules

    func testUnknownTopLevelKeyNamesTheLineAndSuggests() throws {
        let text = TeamRuleFixture.rule(match: minimalMatch) + "\ntagz: [team]\n"
        let error = try XCTUnwrap(TeamRuleFixture.error(text))
        XCTAssertEqual(error.file, "team-rule.yaml")
        XCTAssertEqual(error.line, 15)
        XCTAssertEqual(error.message, "unknown key `tagz` in a rule (did you mean `tags`?)")
    }

    func testUnknownKeyFarFromAnyKnownOneHasNoSuggestion() throws {
        let text = TeamRuleFixture.rule(match: minimalMatch) + "\ncolour: blue\n"
        let error = try XCTUnwrap(TeamRuleFixture.error(text))
        XCTAssertEqual(error.line, 15)
        XCTAssertEqual(error.message, "unknown key `colour` in a rule")
    }

    func testUnknownKeyInANestedMapping() throws {
        let text = TeamRuleFixture.rule(match: minimalMatch).replacingOccurrences(
            of: "  fix: Do something else.", with: "  fixes: Do something else.")
        let error = try XCTUnwrap(TeamRuleFixture.error(text))
        XCTAssertEqual(error.line, 10)
        XCTAssertEqual(error.message, "unknown key `fixes` in documentation (did you mean `fix`?)")
    }

    func testFixesAreCheckedWhereTheyAreDeclared() throws {
        let base = TeamRuleFixture.rule(match: minimalMatch)
        let unknown = try XCTUnwrap(TeamRuleFixture.error(base + "\nfix: add-missing\n"))
        XCTAssertEqual(
            unknown.message,
            "unknown fix `add-missing`; a fix is `add-lacking`, `{delete: …}` or `{replace-in-strings: …, with: …}`")
        let lacking = try XCTUnwrap(TeamRuleFixture.error(base + "\nfix: add-lacking\n"))
        XCTAssertEqual(
            lacking.message,
            "`fix: add-lacking` needs an `entitlement-lacks` or `manifest-lacks` condition to say what lacks")
        let both = try XCTUnwrap(TeamRuleFixture.error(base + "\nfix: {delete: \"x\", with: \"y\"}\n"))
        XCTAssertEqual(both.message, "a fix either deletes or replaces, not both")
        let empty = try XCTUnwrap(TeamRuleFixture.error(base + "\nfix: {delete: \"  \"}\n"))
        XCTAssertEqual(empty.message, "`delete:` needs code to delete")
        let rule = try RuleLoader(kinds: .builtIn).load(
            text: base + "\nfix: {delete: \", privacy: .public\"}\n", path: "team-rule.yaml")
        XCTAssertEqual(rule.fix, .delete(", privacy: .public"))
        XCTAssertEqual(rule.description.autofix, ["deletes `, privacy: .public`"])
    }

    func testUnknownKeyInMatch() throws {
        let error = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: minimalMatch + "\nreports: ARG")))
        XCTAssertEqual(error.line, 15)
        XCTAssertEqual(error.message, "unknown key `reports` in match (did you mean `report`?)")
    }

    func testWrongSeverityValue() throws {
        let misspelt = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(severity: "eror", match: minimalMatch)))
        XCTAssertEqual(misspelt.line, 2)
        XCTAssertEqual(
            misspelt.message, "severity must be one of note, warning, error, not `eror` (did you mean `error`?)")
        let unknown = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(severity: "fatal", match: minimalMatch)))
        XCTAssertEqual(unknown.line, 2)
        XCTAssertEqual(unknown.message, "severity must be one of note, warning, error, not `fatal`")
        let list = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(severity: "[error]", match: minimalMatch)))
        XCTAssertEqual(list.message, "severity must be a string")
    }

    func testMissingRequiredKey() throws {
        let text = TeamRuleFixture.rule(match: minimalMatch).replacingOccurrences(
            of: "summary: A rule of the team's own.\n", with: "")
        let error = try XCTUnwrap(TeamRuleFixture.error(text))
        XCTAssertEqual(error.line, 1)
        XCTAssertEqual(error.message, "a rule needs `summary`")
    }

    func testDuplicateKey() throws {
        let text = TeamRuleFixture.rule(match: minimalMatch) + "\nsummary: Again.\n"
        let error = try XCTUnwrap(TeamRuleFixture.error(text))
        XCTAssertEqual(error.file, "team-rule.yaml")
        XCTAssertTrue(error.message.contains("summary"), error.message)
    }

    func testBadPatternNamesTheLine() throws {
        let leadingGap = try XCTUnwrap(
            TeamRuleFixture.error(
                TeamRuleFixture.rule(match: "patterns:\n  - \"legacyLogin()\"\n  - \"... legacyLogin()\"")))
        XCTAssertEqual(leadingGap.line, 15)
        XCTAssertEqual(leadingGap.message, "pattern `... legacyLogin()` starts with `...`")
        let unnamed = try XCTUnwrap(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: "patterns:\n  - \"legacyLogin($...)\"")))
        XCTAssertEqual(unnamed.line, 14)
        XCTAssertEqual(
            unnamed.message, "pattern `legacyLogin($...)`: `$...` needs a name such as `$...VALUE` or `$..._`")
        let empty = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: "patterns:\n  - \"  \"")))
        XCTAssertEqual(empty.message, "pattern is empty")
        let none = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: "patterns: []")))
        XCTAssertEqual(none.line, 13)
        XCTAssertEqual(none.message, "patterns must not be empty")
    }

    func testMessageWithAnUnboundPlaceholder() throws {
        let error = try XCTUnwrap(
            TeamRuleFixture.error(TeamRuleFixture.rule(message: "`{ARG}` and `{OTHER}`", match: minimalMatch)))
        XCTAssertEqual(error.line, 11)
        XCTAssertEqual(error.message, "message uses `{OTHER}`, which no pattern binds")
    }

    func testReportNamingAnUnboundVariable() throws {
        let error = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: "report: USER\n" + minimalMatch)))
        XCTAssertEqual(error.line, 13)
        XCTAssertEqual(error.message, "`report: USER` names a metavariable no pattern binds")
    }

    func testFollowNamingAnUnboundVariable() throws {
        let match = minimalMatch + "\nwhere:\n  - absent: \"migrate($ARG)\"\n    follow: USER"
        let error = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: match)))
        XCTAssertEqual(error.line, 17)
        XCTAssertEqual(error.message, "follow names `USER`, which no pattern binds")
    }

    func testFollowOutsideNeedsAFollow() throws {
        let match = minimalMatch + "\nwhere:\n  - absent: \"migrate($ARG)\"\n    follow-outside: false"
        let error = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: match)))
        XCTAssertEqual(error.line, 17)
        XCTAssertEqual(error.message, "follow-outside needs a follow")
        let followed =
            minimalMatch + "\nwhere:\n  - absent: \"migrate($ARG)\"\n    follow: ARG\n    follow-outside: false"
        XCTAssertNil(TeamRuleFixture.error(TeamRuleFixture.rule(match: followed)))
    }

    func testMetavariableConditionNamingAnUnboundVariable() throws {
        let match = minimalMatch + "\nwhere:\n  - metavariable: AGR\n    literal: true"
        let error = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: match)))
        XCTAssertEqual(error.line, 16)
        XCTAssertEqual(error.message, "metavariable `AGR` is bound by no pattern (did you mean `ARG`?)")
    }

    func testAPatternsOwnConditionsSeeOnlyItsOwnVariables() throws {
        let match = """
            patterns:
              - "legacyLogin($...ARG)"
              - pattern: "oldLogin($...OLD)"
                where:
                  - metavariable: ARG
                    literal: true
            """
        let error = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: match)))
        XCTAssertEqual(error.line, 17)
        XCTAssertTrue(error.message.hasPrefix("metavariable `ARG` is bound by no pattern"), error.message)
    }

    func testConditionWithTwoKindsOrNone() throws {
        let two = minimalMatch + "\nwhere:\n  - absent: \"a()\"\n    present: \"b()\""
        let error = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: two)))
        XCTAssertEqual(error.line, 16)
        XCTAssertTrue(
            error.message.hasPrefix("a condition needs exactly one of absent, present, metavariable"), error.message)
        let metavariableTests = minimalMatch + "\nwhere:\n  - metavariable: ARG\n    literal: true\n    mentions: [x]"
        let second = try XCTUnwrap(TeamRuleFixture.error(TeamRuleFixture.rule(match: metavariableTests)))
        XCTAssertTrue(second.message.hasPrefix("a metavariable condition needs exactly one of "), second.message)
    }

    func testBadConditionValues() throws {
        let scope = minimalMatch + "\nwhere:\n  - absent: \"a()\"\n    scope: module"
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: scope))?.message,
            "scope must be one of function, type, file, project, request, servers, apps, not `module`")
        let literal = minimalMatch + "\nwhere:\n  - metavariable: ARG\n    literal: false"
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: literal))?.message,
            "literal must be `true` or `non-empty`")
        let boolean = minimalMatch + "\nwhere:\n  - metavariable: ARG\n    literal: maybe"
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: boolean))?.message,
            "literal must be `true` or `non-empty`")
        let kind =
            minimalMatch + "\nwhere:\n  - metavariable: ARG\n    name-matches: {words: [token], unless-kind: [boolen]}"
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: kind))?.message,
            "unless-kind takes boolean, number, date, nil and literal, not `boolen` (did you mean `boolean`?)")
        let entry = minimalMatch + "\nwhere:\n  - absent:\n      - \"a()\"\n      - {word: [x]}"
        let message = TeamRuleFixture.error(TeamRuleFixture.rule(match: entry))?.message ?? ""
        XCTAssertTrue(message.contains("`word`"), message)
        let anyOf = minimalMatch + "\nwhere:\n  - any-of: []"
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: anyOf))?.message, "any-of needs at least one condition")
    }

    func testASeverityForServersIsReadAndCheckedForSense() throws {
        let base = TeamRuleFixture.rule(match: minimalMatch)
        let rule = try TeamRuleFixture.load(base + "\nseverity-when:\n  - target: server\n    severity: note\n")
        XCTAssertEqual(rule.severityWhen.map(\.severity), [.note])
        guard case .server = rule.severityWhen.first?.when else { return XCTFail("a server's override") }
        XCTAssertNil(rule.severityWhen.first?.search, "no project fact to answer")
        XCTAssertEqual(
            TeamRuleFixture.error(base + "\nseverity-when:\n  - target: app\n    severity: note\n")?.message,
            "a severity-when entry gives either `project-has` or `target: server`")
        XCTAssertEqual(
            TeamRuleFixture.error(
                base + "\nseverity-when:\n  - target: server\n    project-has: [\"x()\"]\n    severity: note\n")?
                .message,
            "a severity-when entry gives either `project-has` or `target: server`")
    }

    func testBadMatchOptions() throws {
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: "once-per: file\n" + minimalMatch))?.message,
            "once-per must be `project`")
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: "applies-to: app\n" + minimalMatch))?.message,
            "applies-to must be one of apps, all, every, servers, not `app` (did you mean `apps`?)")
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: "language: kotlin\n" + minimalMatch))?.message,
            "language must be one of swift, objc, python, js, any, not `kotlin`")
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: "imports: [UIKit]"))?.message, "match needs `patterns`")
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: "others: offered here too\n" + minimalMatch))?.message,
            "`others:` goes with `once-per: project`")
        let grouped = try TeamRuleFixture.load(
            TeamRuleFixture.rule(match: "once-per: project\nothers: offered here too\n" + minimalMatch), id: "team-rule"
        )
        XCTAssertEqual(grouped.match.others, "offered here too")
        XCTAssertTrue(grouped.match.groupsSites)
        let callers = try TeamRuleFixture.load(
            TeamRuleFixture.rule(
                match: "through-callers: {related: deleted here, calls: leads there}\n" + minimalMatch),
            id: "team-rule")
        XCTAssertEqual(callers.match.throughCallers?.related, "deleted here")
        XCTAssertEqual(callers.match.throughCallers?.calls, "leads there")
        XCTAssertFalse(callers.match.reportsInItsOwnFile)
        XCTAssertNotNil(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: "through-callers: {related: here}\n" + minimalMatch)))
    }

    func testAPatternReportedOncePerProjectNamesItsOtherSites() throws {
        let entry = { (options: String) in
            TeamRuleFixture.rule(match: "patterns:\n  - pattern: \"Tracer(...)\"\n" + options)
        }
        let rule = try TeamRuleFixture.load(
            entry("    once-per: project\n    others: installed here too\n"), id: "team-rule")
        XCTAssertEqual(rule.match.patterns.map(\.others), ["installed here too"])
        XCTAssertEqual(
            TeamRuleFixture.error(entry("    once-per: project\n"))?.message,
            "a pattern reported once per project needs `others:`, the words for its other sites")
        XCTAssertEqual(
            TeamRuleFixture.error(entry("    others: installed here too\n"))?.message,
            "`others:` goes with `once-per: project`")
        XCTAssertEqual(
            TeamRuleFixture.error(entry("    once-per: file\n    others: installed here too\n"))?.message,
            "once-per must be `project`")
        XCTAssertEqual(
            TeamRuleFixture.error(entry("    once-per: project\n    others: \"{ARG} here too\"\n"))?.message,
            "others uses `{ARG}`; only `{label}` is filled in for other sites")
    }

    func testRelatedPlaceOptions() throws {
        let related = { (options: String) in
            TeamRuleFixture.rule(match: self.minimalMatch)
                + "\nrelated:\n  - message: the token is read here\n    patterns: [\".identityToken\"]\n" + options
        }
        let rule = try TeamRuleFixture.load(related("    within: flow\n    reachable: true\n"), id: "team-rule")
        XCTAssertEqual(rule.related.map(\.within), [.flow])
        XCTAssertEqual(rule.related.map(\.reachable), [true])
        XCTAssertEqual(try TeamRuleFixture.load(related(""), id: "team-rule").related.map(\.within), [.target])
        XCTAssertEqual(
            TeamRuleFixture.error(related("    within: flwo\n"))?.message,
            "within must be `target`, `flow` or `servers` (did you mean `flow`?)")
        XCTAssertEqual(
            TeamRuleFixture.error(related("    reachable: true\n    unreachable: true\n"))?.message,
            "a related entry is either `reachable` or `unreachable`, not both")
    }

    func testBadPrecision() throws {
        let text = TeamRuleFixture.rule(match: minimalMatch) + "\nprecision: hgh\n"
        let error = try XCTUnwrap(TeamRuleFixture.error(text))
        XCTAssertEqual(error.line, 15)
        XCTAssertEqual(error.message, "precision must be one of very-high, high, medium, low (did you mean `high`?)")
    }

    func testInvalidYAMLSyntaxGivesTheLine() throws {
        let text = TeamRuleFixture.rule(match: minimalMatch) + "\ntags: [team, login\n"
        let error = try XCTUnwrap(TeamRuleFixture.error(text))
        XCTAssertTrue(error.message.hasPrefix("invalid YAML: "), error.message)
        XCTAssertGreaterThanOrEqual(error.line, 15)
        XCTAssertLessThanOrEqual(error.line, 16)
        let indentation = "id: team-rule\nseverity: warning\n  summary: bad\n"
        let second = try XCTUnwrap(TeamRuleFixture.error(indentation))
        XCTAssertTrue(second.message.hasPrefix("invalid YAML: "), second.message)
        XCTAssertEqual(second.line, 3)
    }

    func testEmptyAndNonMappingFiles() throws {
        let empty = try XCTUnwrap(TeamRuleFixture.error(""))
        XCTAssertEqual(empty.line, 0, "the whole file, not a line of it")
        XCTAssertEqual(empty.message, "the file is empty")
        XCTAssertEqual(
            FileError(path: "team.yaml", line: 0, message: "the file is empty").description,
            "team.yaml: the file is empty")
        let list = try XCTUnwrap(TeamRuleFixture.error("- id: team-rule\n"))
        XCTAssertEqual(list.message, "a rule must be a mapping")
    }

    func testIdsMustBeKebabCase() throws {
        for id in ["Team_Rule", "teamRule", "-team", "team-", "team rule", "règle"] {
            let error = try XCTUnwrap(
                TeamRuleFixture.error(TeamRuleFixture.rule(id: "\"\(id)\"", match: minimalMatch)), id)
            XCTAssertEqual(error.line, 1, id)
            XCTAssertEqual(
                error.message, "rule id `\(id)` must be kebab-case: lower-case letters, digits and dashes", id)
        }
        XCTAssertNil(TeamRuleFixture.error(TeamRuleFixture.rule(id: "rule-2-b", match: minimalMatch)))
    }

    // MARK: - The catalog

    func testATeamRuleMayNotReuseABuiltInId() throws {
        let error = try XCTUnwrap(
            TeamRuleFixture.error(TeamRuleFixture.rule(id: "missing-nonce", match: minimalMatch), name: "mine.yaml"))
        XCTAssertEqual(error.file, "mine.yaml")
        XCTAssertEqual(error.message, "rule id `missing-nonce` is already defined by rules/missing-nonce.yaml")
    }

    func testATeamRuleAliasMayNotReuseABuiltInId() throws {
        let text = TeamRuleFixture.rule(id: "team-nonce", match: minimalMatch) + "\naliases: [weak-nonce-source]\n"
        let error = try XCTUnwrap(TeamRuleFixture.error(text))
        XCTAssertEqual(error.message, "rule id `weak-nonce-source` is already defined by rules/weak-nonce-source.yaml")
    }

    func testTwoTeamFoldersMayNotDefineTheSameId() throws {
        let text = TeamRuleFixture.rule(match: minimalMatch)
        XCTAssertThrowsError(try TeamRuleFixture.catalog([["team-rule.yaml": text], ["copy.yaml": text]])) { error in
            let error = error as? FileError
            XCTAssertEqual(error.map { ($0.path as NSString).lastPathComponent }, "copy.yaml")
            XCTAssertEqual(error?.message.hasPrefix("rule id `team-rule` is already defined by "), true)
            XCTAssertEqual(error?.message.hasSuffix("/team-rule.yaml"), true)
        }
    }

    func testOnlyAProvidersFolderInsideTheRulesFolderHoldsProviders() throws {
        let outer = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-\(UUID().uuidString)/providers/team"
        ).path
        try FileManager.default.createDirectory(atPath: outer, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(
                atPath: ((outer as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent)
        }
        try TeamRuleFixture.rule(match: minimalMatch).write(
            toFile: outer + "/team-rule.yaml", atomically: true, encoding: .utf8)
        let catalog = try RuleCatalog.load(extraDirectories: [outer])
        XCTAssertNotNil(
            catalog.rule(named: "team-rule"), "a rule file, although a folder above the rules folder is named providers"
        )
    }

    func testAMissingRulesFolderIsRefused() {
        XCTAssertThrowsError(try RuleCatalog.load(extraDirectories: ["/nonexistent/authlint-rules"])) { error in
            XCTAssertEqual(
                (error as? FileError)?.description, "/nonexistent/authlint-rules: rules directory does not exist")
        }
    }

    func testFileErrorDescription() {
        XCTAssertEqual(FileError(path: "rules/x.yaml", line: 7, message: "bad").description, "rules/x.yaml:7: bad")
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestion.didYouMean("severty", ["severity", "summary"]), " (did you mean `severity`?)")
        XCTAssertEqual(Suggestion.didYouMean("SEVERITY", ["severity"]), " (did you mean `severity`?)")
        XCTAssertEqual(Suggestion.didYouMean("xyz", ["severity", "summary"]), "")
        XCTAssertEqual(Suggestion.didYouMean("anything", []), "")
    }

    // MARK: - Team rules run

    func testATeamRuleRunsOnCode() throws {
        let rule = try TeamRuleFixture.load(
            TeamRuleFixture.rule(
                severity: "error", message: "`{ARG}` goes to legacyLogin.", match: "report: ARG\n" + minimalMatch))
        let source = """
            func signIn(user: User) {
                // legacyLogin(commented)
                legacyLogin(user.name)
                let text = "legacyLogin(quoted)"
                login(user)
            }
            """
        let found = TeamRuleFixture.findings([rule], [("Login.swift", source)])
        XCTAssertEqual(TeamRuleFixture.summary(found), ["Login.swift:3:17 error `user.name` goes to legacyLogin."])
        XCTAssertEqual(found.first?.rule, "team-rule")
        XCTAssertEqual(found.first?.endLine, 3)
        XCTAssertEqual(found.first?.endColumn, 26)
        XCTAssertEqual(found.first?.fingerprint.count, 16)
    }

    func testATeamRuleConditionsImportsAndSeverityOverride() throws {
        let match = """
            imports: [LegacyKit]
            patterns:
              - "legacyLogin($...ARG)"
            where:
              - absent: "migrate($ARG)"
            """
        let text =
            TeamRuleFixture.rule(message: "`{ARG}` is not migrated.", match: match)
            + "\nseverity-when:\n  - project-has: [\"StrictMode.enable()\"]\n    severity: error\n"
        let rule = try TeamRuleFixture.load(text)
        let flagged = """
            import LegacyKit
            func a() { legacyLogin(alice) }
            func b() { legacyLogin(bob); migrate(bob) }
            """
        XCTAssertEqual(
            TeamRuleFixture.summary(TeamRuleFixture.findings([rule], [("A.swift", flagged)])),
            [
                "A.swift:2:12 warning `alice` is not migrated."
            ])
        XCTAssertEqual(
            TeamRuleFixture.summary(
                TeamRuleFixture.findings([rule], [("A.swift", flagged), ("B.swift", "StrictMode.enable()")])),
            ["A.swift:2:12 error `alice` is not migrated."])
        XCTAssertEqual(
            TeamRuleFixture.findings([rule], [("A.swift", "func a() { legacyLogin(alice) }")]).count, 0, "no import")
    }

    func testPatternsDoNotMatchInParameterListsUnlessTheyDeclare() throws {
        let loose = try TeamRuleFixture.load(
            TeamRuleFixture.rule(message: "`{N}` is a String.", match: "patterns:\n  - \"$N: String\""))
        let declaring = try TeamRuleFixture.load(
            TeamRuleFixture.rule(
                message: "`{N}` is a String parameter.",
                match: "report: N\npatterns:\n  - \"func $F(... $N: String ...)\""))
        let source = """
            func configure(rawNonce: String) {
                let copy: String = rawNonce
            }
            """
        XCTAssertEqual(
            TeamRuleFixture.summary(TeamRuleFixture.findings([loose], [("A.swift", source)])),
            [
                "A.swift:2:9 warning `copy` is a String."
            ])
        XCTAssertEqual(
            TeamRuleFixture.summary(TeamRuleFixture.findings([declaring], [("A.swift", source)])),
            [
                "A.swift:1:16 warning `rawNonce` is a String parameter."
            ])
    }

    func testTestCodeIsNeverLinted() throws {
        let rule = try TeamRuleFixture.load(TeamRuleFixture.rule(match: minimalMatch))
        XCTAssertEqual(
            TeamRuleFixture.findings([rule], [("LoginTests.swift", "import XCTest\nlegacyLogin(user)")]).count, 0)
        XCTAssertEqual(TeamRuleFixture.findings([rule], [("Login.swift", "import UIKit\nlegacyLogin(user)")]).count, 1)
    }
}
