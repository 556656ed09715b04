import AuthLintTestSupport
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

/// Pull-request mode: the policy is read as it is at the base revision, and what the change
/// weakens in it is reported as `policy-changed`.
final class PolicyFromBaseTests: XCTestCase {
    private static let loggedToken = """
        func refreshed(accessToken: String) {
            print("token \\(accessToken)")
        }

        """

    /// A repository whose one commit holds `files`; `changes` are then written over them (nil
    /// removes a file). Returns the root.
    private func repository(_ files: [String: String], then changes: [String: String?]) throws -> String {
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("authlint-policy-\(UUID().uuidString)")
            .path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let write = { (path: String, text: String) in
            let file = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        for (path, text) in files { try write(path, text) }
        for arguments in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base"],
        ] {
            XCTAssertEqual(
                try ExternalTool.run(git, ["-C", root] + arguments).status, 0, arguments.joined(separator: " "))
        }
        for (path, text) in changes {
            if let text { try write(path, text) } else { try FileManager.default.removeItem(atPath: root + "/" + path) }
        }
        return root
    }

    private func lint(_ root: String, policy: PolicyFiles? = nil) throws -> LintReport {
        var options = LintOptions(
            scan: ScanOptions(paths: [root]), catalog: try RuleCatalog.builtin(), currentDirectory: root)
        options.policy = try policy ?? PolicyFiles.at("HEAD", root: root)
        return try Linter.run(options)
    }

    private func summary(_ report: LintReport) -> [String] {
        report.findings.map { "\($0.path):\($0.line) \($0.rule)" }
    }

    func testTheBaseConfigurationStaysInEffectAndEachWeakeningIsNamed() throws {
        let root = try repository(
            [".authlint.yml": "rules:\n  token-logged: error\n", "App/Session.swift": Self.loggedToken],
            then: [
                ".authlint.yml":
                    "fail-on: never\nexclude: [\"**\"]\nrules:\n  token-logged: off\nsuppressions:\n  require-reason: false\n"
            ])
        let report = try lint(root)
        XCTAssertEqual(
            summary(report),
            [
                ".authlint.yml:1 policy-changed", ".authlint.yml:2 policy-changed", ".authlint.yml:4 policy-changed",
                ".authlint.yml:6 policy-changed", "App/Session.swift:2 token-logged",
            ])
        XCTAssertEqual(report.configuredFailOn, nil, "fail-on comes from the base")
        XCTAssertTrue(
            report.findings[1].message.contains("stop linting 1 file linted at HEAD: App/Session.swift"),
            report.findings[1].message)
        XCTAssertTrue(report.findings.allSatisfy { $0.severity == .error })

        // The work tree's policy, asked for, is the one the pull request wrote.
        let trusted = try lint(root, policy: .workTree)
        XCTAssertEqual(trusted.filesScanned, 0)
        XCTAssertEqual(trusted.configuredFailOn, .never)
    }

    func testANewNestedExemptionIsReportedWhereItIsWritten() throws {
        let root = try repository(
            ["App/Login/Login.swift": "let greeting = 1\n"],
            then: ["App/Login/.authlint.yml": "login-services:\n  exemption: government-id\n  reason: eID only.\n"])
        let report = try lint(root)
        XCTAssertEqual(summary(report), ["App/Login/.authlint.yml:2 policy-changed"])
        XCTAssertTrue(report.findings[0].message.contains("`government-id`"))
        XCTAssertTrue(report.declarations.isEmpty, "the exemption is not in effect before it is on the base branch")
    }

    func testARemovedNestedConfigurationThatLowersARuleIsNamed() throws {
        let root = try repository(
            [
                "App/.authlint.yml": "rules:\n  token-logged: error\n",
                ".authlint.yml": "rules:\n  token-logged: note\n", "App/Session.swift": Self.loggedToken,
            ],
            then: ["App/.authlint.yml": nil])
        let report = try lint(root)
        XCTAssertEqual(summary(report), ["App/.authlint.yml:1 policy-changed", "App/Session.swift:2 token-logged"])
        XCTAssertTrue(report.findings[0].message.contains("lowers `token-logged` to note"), report.findings[0].message)
        XCTAssertEqual(report.findings[1].severity, .error, "the nested file of the base still applies")
    }

    func testTighteningIsNoFindingAndWaitsForTheBaseBranch() throws {
        let root = try repository(
            [
                ".authlint.yml": "rules:\n  token-logged: warning\nexclude: [\"Legacy/**\"]\n",
                "App/Session.swift": Self.loggedToken,
            ],
            then: [
                ".authlint.yml":
                    "rules:\n  token-logged: error\nexclude: [\"Legacy/**\", \"Docs/**\"]\nfail-on: warning\n"
            ])
        let report = try lint(root)
        XCTAssertEqual(summary(report), ["App/Session.swift:2 token-logged"])
        XCTAssertEqual(report.findings[0].severity, .warning)
    }

    func testTheSameWeakeningInANestedFileIsReportedOnce() throws {
        let root = try repository(
            ["App/.authlint.yml": "include: [\"**\"]\n", "App/Session.swift": Self.loggedToken],
            then: [".authlint.yml": "rules:\n  token-logged: off\n"])
        XCTAssertEqual(summary(try lint(root)), [".authlint.yml:2 policy-changed", "App/Session.swift:2 token-logged"])
    }

    func testExcludingEverythingAtTheBaseReadsNothing() throws {
        let root = try repository(
            [".authlint.yml": "exclude: [\"**\"]\n", "App/Session.swift": Self.loggedToken],
            then: [".authlint.yml": "rules:\n  token-logged: error\n"])
        XCTAssertEqual(try lint(root).filesScanned, 0, "the base's globs apply: the command exits 2")
    }

    func testALinkedOrMissingConfigurationAtTheBase() throws {
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        let root = try repository(["App/Session.swift": Self.loggedToken], then: [:])
        try FileManager.default.createSymbolicLink(
            atPath: root + "/.authlint.yml", withDestinationPath: "/etc/hostname")
        for arguments in [
            ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "link"],
        ] {
            XCTAssertEqual(try ExternalTool.run(git, ["-C", root] + arguments).status, 0)
        }
        try FileManager.default.removeItem(atPath: root + "/.authlint.yml")
        XCTAssertThrowsError(try lint(root)) { error in
            XCTAssertTrue("\(error)".contains("is a symbolic link at HEAD; not read"), "\(error)")
        }
        XCTAssertNoThrow(try lint(root, policy: try PolicyFiles.at("HEAD~1", root: root)))
        XCTAssertThrowsError(try PolicyFiles.at("no-such-revision", root: root))
    }

    func testNewBaselineEntriesAndChangedTeamRulesAreNamed() throws {
        let base = Baseline(findings: [])
        let ours = Baseline(findings: [
            Finding(
                rule: "token-logged", severity: .error, message: "m", path: "App/S.swift", line: 2, column: 1,
                fingerprint: "00ff00ff00ff00ff")
        ])
        let text = ours.text
        let found = PolicyChanges.baseline(
            base: base, workTree: ours, file: "/r/.authlint-baseline.json", text: text, root: "/r", revision: "main")
        XCTAssertEqual(
            found.map { "\($0.path):\($0.line)" },
            [
                ".authlint-baseline.json:\(text.split(separator: "\n").firstIndex { $0.contains("00ff00ff00ff00ff") }! + 1)"
            ])
        XCTAssertEqual(
            PolicyChanges.baseline(
                base: ours, workTree: ours, file: "/r/b.json", text: text, root: "/r", revision: "main"
            ).count, 0)

        let rule = RuleCatalog.TeamFile(path: "/r/team/a.yaml", relative: "a.yaml", text: "id: a")
        var changed = rule
        changed.text = "id: a\nseverity: note"
        let added = RuleCatalog.TeamFile(path: "/r/team/b.yaml", relative: "b.yaml", text: "id: b")
        XCTAssertEqual(
            PolicyChanges.teamRules(base: [rule], workTree: [rule, added], root: "/r", revision: "main").count, 0,
            "a new rule only tightens")
        XCTAssertEqual(
            PolicyChanges.teamRules(base: [rule], workTree: [changed], root: "/r", revision: "main").map(\.path),
            ["team/a.yaml"])
        XCTAssertEqual(
            PolicyChanges.teamRules(base: [rule], workTree: [], root: "/r", revision: "main").map {
                $0.message.hasPrefix("This team rule file is removed")
            }, [true])
    }

    func testTheCommandLineReadsTheBaselineAndTeamRulesAtTheBase() throws {
        let executable = try CLITests.requireExecutable()
        let builtin = try XCTUnwrap(BuiltinRuleFiles.files.first { $0.path.hasSuffix("token-in-userdefaults.yaml") })
        let rule = builtin.text
            .replacingOccurrences(of: "id: token-in-userdefaults", with: "id: team-token-store")
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("aliases") }.joined(
                separator: "\n")
        let root = try repository(
            [
                ".authlint.yml": "baseline: .authlint-baseline.json\n",
                ".authlint-baseline.json": Baseline(findings: []).text,
                "team/store.yaml": rule, "App/Session.swift": "let a = 1\n",
            ],
            then: [:])
        // The pull request logs a token, accepts it in the baseline and removes the team rule.
        let accepted = try ExternalTool.run(
            executable.path, ["lint", root, "--no-cache", "--write-baseline", root + "/.authlint-baseline.json", "-q"])
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        try Self.loggedToken.write(toFile: root + "/App/Session.swift", atomically: true, encoding: .utf8)
        _ = try ExternalTool.run(
            executable.path, ["lint", root, "--no-cache", "--write-baseline", root + "/.authlint-baseline.json", "-q"])
        try FileManager.default.removeItem(atPath: root + "/team/store.yaml")

        let gate = try ExternalTool.run(
            executable.path,
            ["lint", root, "--changed-since", "HEAD", "--rules", root + "/team", "--no-cache", "--format", "json"])
        XCTAssertEqual(gate.status, 1, gate.stderr)
        XCTAssertEqual(gate.stdout.components(separatedBy: "\"rule\" : \"token-logged\"").count - 1, 1, gate.stdout)
        XCTAssertEqual(gate.stdout.components(separatedBy: "\"rule\" : \"policy-changed\"").count - 1, 2, gate.stdout)
        XCTAssertTrue(gate.stdout.contains("team/store.yaml"), gate.stdout)

        let trusted = try ExternalTool.run(
            executable.path,
            [
                "lint", root, "--changed-since", "HEAD", "--policy", "worktree", "--rules", root + "/team",
                "--no-cache", "-q",
            ])
        XCTAssertEqual(trusted.status, 0, trusted.stdout + trusted.stderr)
        let alone = try ExternalTool.run(executable.path, ["lint", root, "--policy", "base"])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.contains("give it with --changed-since REV"), alone.stderr)
    }
}
