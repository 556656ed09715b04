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

/// Runs the built `authlint` executable on temporary projects.
final class CLITests: XCTestCase {
    // MARK: - Running the tool

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `authlint` in the products folder the tests run from, if it was built.
    static let executable: URL? = {
        var folders: [URL] = []
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles + [Bundle.main, Bundle(for: CLITests.self)] {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
            folders.append(bundle.bundleURL)
        }
        for folder in folders {
            let candidate = folder.appendingPathComponent("authlint")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return nil
    }()

    /// The built `authlint`; a test that needs it skips without it, and fails on CI.
    static func requireExecutable() throws -> URL {
        guard let executable else { try ExternalTool.unavailable("the authlint executable next to the tests") }
        return executable
    }

    var workspace = ""

    override func setUpWithError() throws {
        _ = try CLITests.requireExecutable()
        workspace =
            FileManager.default.temporaryDirectory.appendingPathComponent("authlint-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if !workspace.isEmpty { try? FileManager.default.removeItem(atPath: workspace) }
    }

    /// Runs `authlint` with `arguments` in `directory` (default: the workspace), `input` on its
    /// standard input (default: none).
    func authlint(
        _ arguments: [String], in directory: String? = nil, environment extra: [String: String] = [:],
        input: [UInt8]? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = CLITests.executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? workspace)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["XDG_CACHE_HOME"] = workspace + "/.xdg-cache"  // the default cache folder, kept in the workspace
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let outPath = workspace + "/.stdout-\(UUID().uuidString)"
        let errPath = workspace + "/.stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        let inPath = workspace + "/.stdin-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: inPath) }
        if let input {
            try Data(input).write(to: URL(fileURLWithPath: inPath))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// Writes `files` (path relative to the workspace → text) into the workspace.
    func write(_ files: [String: String]) throws {
        for (path, text) in files { try write(path, Data(text.utf8)) }
    }

    func write(_ path: String, _ data: Data) throws {
        let full = workspace + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: full))
    }

    let cleanSource = "struct Greeting {\n    let text = \"Hello\"\n}\n"

    /// An Apple ID request that never gets a nonce: a `missing-nonce` error at 5:13.
    let missingNonceSource = """
        import AuthenticationServices

        final class LoginController: NSObject {
            func signIn() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = [.email]
                ASAuthorizationController(authorizationRequests: [request]).performRequests()
            }
        }

        """

    /// A team rule with the given severity that flags `legacyLogin(…)`.
    private func teamRule(severity: String) -> String {
        TeamRuleFixture.rule(
            id: "legacy-login", severity: severity, message: "`{ARG}` goes to legacyLogin.",
            match: """
                report: ARG
                patterns:
                  - "legacyLogin($...ARG)"
                """)
    }

    /// `--timings` says on standard error how long each stage took and how many files were lexed;
    /// `--prefilter` leaves a file no rule can match unlexed, and `--resident-source 0` keeps only
    /// the summaries of the files it lexed, and the findings are as they were.
    func testTimingsThePrefilterAndTheResidentSourceLeaveTheReportAsItWas() throws {
        try write([
            "Login.swift": missingNonceSource, "Screens/Greeting.swift": cleanSource,
            "Screens/Other.swift": cleanSource,
        ])
        let plain = try authlint(["lint", "."])
        let timed = try authlint(["lint", ".", "--timings"])
        let prefiltered = try authlint(["lint", ".", "--timings", "--prefilter"])
        let unkept = try authlint(["lint", ".", "--timings", "--resident-source", "0"])
        XCTAssertEqual(plain.status, 1)
        XCTAssertTrue(plain.stdout.contains("Login.swift:5:13: error:"), plain.stdout)
        XCTAssertTrue(
            unkept.stderr.contains(
                "files kept as summaries after lexing (more source than stays in memory): 3, lexed again: 1"),
            unkept.stderr)
        let refused = try authlint(["lint", ".", "--resident-source", "-1"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--resident-source"), refused.stderr)
        for run in [timed, prefiltered, unkept] {
            XCTAssertEqual(run.status, plain.status)
            XCTAssertEqual(run.stdout, plain.stdout)
        }
        XCTAssertEqual(plain.stderr, "")
        let stages = timed.stderr.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertEqual(stages, ["scan", "load", "index", "evaluate", "report", "total", "files"], timed.stderr)
        let peaks = timed.stderr.split(separator: "\n").prefix(5).compactMap {
            $0.split(separator: "peak").last?.split(separator: " ").first
        }
        XCTAssertEqual(peaks.count, 5, timed.stderr)
        XCTAssertTrue(
            peaks.allSatisfy { (Double($0) ?? 0) > 0 }, "each stage gives the peak memory at its end: \(timed.stderr)")
        XCTAssertTrue(timed.stderr.contains("files lexed: 3 as they were read, 0 when asked for"), timed.stderr)
        XCTAssertTrue(
            prefiltered.stderr.contains("files lexed: 1 as they were read, 0 when asked for"), prefiltered.stderr)
    }

    func testTeamRulesAreTestedAgainstTheirMarks() throws {
        func rule(mark: String) -> String {
            teamRule(severity: "warning") + """

                examples:
                  triggering:
                    - |
                      func start() {
                          legacyLogin(\(mark)user)
                      }
                  non-triggering:
                    - |
                      func start() {
                          modernLogin(user)
                      }
                """
        }
        try write(["rules/legacy-login.yaml": rule(mark: "↓")])
        let passing = try authlint(["rules", "--rules", "rules"])
        XCTAssertEqual(passing.status, 0, passing.stderr)
        XCTAssertTrue(passing.stdout.hasSuffix("\nThe team's 1 rule: 2 examples, each as marked.\n"), passing.stdout)

        try write([
            "rules/legacy-login.yaml": rule(mark: "").replacingOccurrences(
                of: "legacyLogin(user)", with: "↓legacyLogin(user)")
        ])
        let failing = try authlint(["rules", "--rules", "rules"])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(
            failing.stderr.contains(
                "error: legacy-login: triggering example 1: no finding at the mark Example.swift:2:5"), failing.stderr)
        XCTAssertTrue(failing.stderr.contains("a finding where nothing is marked: Example.swift:2:17"), failing.stderr)
    }

    // MARK: - Suppressions

    func testADirectiveThatIsNoneSaysSoWithWhatWasMeant() throws {
        try write([
            "app/Session.swift": """
            func refreshed(accessToken: String) {
                // authlint:disable-next-line token-logged -- a test fixture
                print("token \\(accessToken)")
                // authlint:disable:next token-logged: a test fixture
                print("token \\(accessToken)")
                // authlint:disable:next -- a test fixture
                print("token \\(accessToken)")
            }
            """
        ])
        // The tokens are still logged: the directives silence nothing.
        let run = try authlint(["lint", "app"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init).filter {
            $0.hasSuffix("[unknown-suppression-directive]")
        }
        XCTAssertEqual(
            lines.map { String($0.prefix(25)) },
            ["app/Session.swift:2:5: wa", "app/Session.swift:4:5: wa", "app/Session.swift:6:5: wa"])
        XCTAssertTrue(lines[0].contains("(did you mean `authlint:disable:next`?)"), lines[0])
        XCTAssertTrue(lines[1].contains("in code the reason follows ` -- `"), lines[1])
        XCTAssertTrue(lines[2].contains("names no rule"), lines[2])
        XCTAssertTrue(run.stdout.contains("  token-logged: 3\n"), run.stdout)
    }

    // MARK: - One project, however it is called

    func testAFolderAFileAndTheFolderAsCurrentDirectoryGiveTheSameAnswer() throws {
        try write([
            "MyApp/.git/HEAD": "ref: refs/heads/main\n",
            "MyApp/MyApp.xcodeproj/README": "",
            "MyApp/.authlint.yml": "rules:\n  no-revocation-observer: off\n",
            "MyApp/App/Login/LoginController.swift": missingNonceSource,
            // The credential state is checked elsewhere in the app: not a finding in Login/.
            "MyApp/App/Session.swift": """
            import AuthenticationServices

            func restore(userID: String) {
                ASAuthorizationAppleIDProvider().getCredentialState(forUserID: userID) { _, _ in }
            }
            """,
        ])
        func findings(_ run: Run) -> [String] {
            run.stdout.split(separator: "\n").compactMap { line -> String? in
                guard let bracket = line.lastIndex(of: "["),
                    line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ")
                else { return nil }
                let location = line.split(separator: ":").prefix(3).dropFirst().joined(separator: ":")
                return "LoginController.swift:\(location) \(line[bracket...])"
            }
        }
        let folder = try authlint(["lint", "MyApp/App/Login"])
        let file = try authlint(["lint", "MyApp/App/Login/LoginController.swift"])
        let inside = try authlint([], in: workspace + "/MyApp/App/Login")
        // The project's facts (the state checked in Session.swift) and its configuration (the
        // observer rule off) apply, whichever way the folder is named.
        XCTAssertTrue(findings(folder).contains("LoginController.swift:5:13 [missing-nonce]"), folder.stdout)
        XCTAssertFalse(
            folder.stdout.contains("no-credential-state-check") || folder.stdout.contains("no-revocation-observer"),
            folder.stdout)
        XCTAssertEqual(findings(file), findings(folder), file.stdout)
        XCTAssertEqual(findings(inside), findings(folder), inside.stdout)
        XCTAssertTrue(folder.stdout.contains("MyApp/App/Login/LoginController.swift:5:13"), folder.stdout)
        XCTAssertTrue(folder.stdout.contains("; project root: MyApp, config: MyApp/.authlint.yml."), folder.stdout)
        XCTAssertTrue(inside.stdout.contains("; project root: ../.., config: ../../.authlint.yml."), inside.stdout)
        XCTAssertTrue(
            inside.stdout.contains("\nLoginController.swift:5:13")
                || inside.stdout.hasPrefix("LoginController.swift:5:13"), inside.stdout)
    }

    func testConfigurationsAreFoundUpToTheRepositoryAndRefinedByNearerOnes() throws {
        let source = missingNonceSource
        try write([
            "repo/.git/HEAD": "ref: refs/heads/main\n",
            // The repository's file: scalars, rules and globs relative to its own folder.
            "repo/.authlint.yml": """
            fail-on: warning
            exclude: ["**/Legacy/**", "apps/Shop/Vendor"]
            rules:
              no-revocation-observer: off
              no-credential-state-check: note
            """,
            "repo/apps/Shop/Shop.xcodeproj/README": "",
            // The app's file overrides one rule and adds an exclude relative to apps/Shop.
            "repo/apps/Shop/.authlint.yml": "exclude: [\"Generated\"]\nrules:\n  missing-nonce: warning\n",
            "repo/apps/Shop/Login/LoginController.swift": source,
            "repo/apps/Shop/Legacy/Old.swift": source,
            "repo/apps/Shop/Vendor/V.swift": source,
            "repo/apps/Shop/Generated/G.swift": source,
            // A folder's file refines the app's: the rule off there, and only Main/ included.
            "repo/apps/Shop/Kiosk/.authlint.yml": "include: [\"Main/**\"]\nrules:\n  missing-nonce: off\n",
            "repo/apps/Shop/Kiosk/Main/K.swift": source,
            "repo/apps/Shop/Kiosk/Other/K.swift": source,
        ])
        let fromRepository = try authlint(["lint", "apps/Shop"], in: workspace + "/repo")
        let inside = try authlint([], in: workspace + "/repo/apps/Shop")
        for run in [fromRepository, inside] {
            let lines = run.stdout.split(separator: "\n").filter { $0.contains("[") && $0.contains(": ") }
            let nonce = lines.filter { $0.contains("[missing-nonce]") }
            XCTAssertEqual(nonce.count, 1, run.stdout)
            XCTAssertTrue(nonce.first?.contains("Login/LoginController.swift:5:13: warning:") == true, run.stdout)
            for absent in [
                "Legacy", "Vendor", "Generated", "Kiosk/Other", "Kiosk/Main/K.swift:5:13", "no-revocation-observer",
            ] {
                XCTAssertFalse(run.stdout.contains(absent), "\(absent): \(run.stdout)")
            }
            XCTAssertTrue(
                lines.contains { $0.contains(": note: ") && $0.contains("[no-credential-state-check]") }, run.stdout)
            // `fail-on: warning` comes from the repository's file.
            XCTAssertEqual(run.status, 1, run.stdout)
        }
        XCTAssertTrue(
            fromRepository.stdout.contains(
                "; project root: apps/Shop, config: .authlint.yml + apps/Shop/.authlint.yml."), fromRepository.stdout)
        XCTAssertTrue(
            inside.stdout.contains("; project root: ., config: ../../.authlint.yml + .authlint.yml."), inside.stdout)

        // An error in the repository's file names it as the user sees it.
        try write(["repo/.authlint.yml": "rules:\n  missing-nonse: off\n"])
        let broken = try authlint(["lint", "apps/Shop"], in: workspace + "/repo")
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.hasPrefix("error: .authlint.yml:2: unknown rule `missing-nonse`"), broken.stderr)
        // Without a repository around it, nothing above the project root is read: the warning
        // no longer fails the run.
        try FileManager.default.removeItem(atPath: workspace + "/repo/.git")
        XCTAssertEqual(try authlint(["lint", "apps/Shop"], in: workspace + "/repo").status, 0)
    }

    // MARK: - Fixes

    let entitlementsWithoutAppleSignIn = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>aps-environment</key>
        \t<string>production</string>
        </dict>
        </plist>

        """

    let publicTokenLog = """
        import os
        import AuthenticationServices

        let logger = Logger(subsystem: "app.example", category: "auth")

        func signIn(nonce: String) {
            let request = ASAuthorizationAppleIDProvider().createRequest()
            request.nonce = sha256(nonce)
        }

        func refreshed(accessToken: String) {
            logger.info("Refreshed: \\(accessToken, privacy: .public)")
        }

        """

    func testFixDiffShowsTheFixesAndFixAppliesThem() throws {
        try write(["app/App/Login.swift": publicTokenLog, "app/App/App.entitlements": entitlementsWithoutAppleSignIn])
        let before = try String(contentsOfFile: workspace + "/app/App/Login.swift", encoding: .utf8)
        let shown = try authlint(["lint", "app", "--fix", "--diff"])
        XCTAssertEqual(shown.status, 1, shown.stderr)
        XCTAssertEqual(
            shown.stdout,
            """
            --- a/app/App/App.entitlements
            +++ b/app/App/App.entitlements
            @@ -3,5 +3,9 @@
             <dict>
             \t<key>aps-environment</key>
             \t<string>production</string>
            +\t<key>com.apple.developer.applesignin</key>
            +\t<array>
            +\t\t<string>Default</string>
            +\t</array>
             </dict>
             </plist>
            --- a/app/App/Login.swift
            +++ b/app/App/Login.swift
            @@ -9,5 +9,5 @@
             }
             
             func refreshed(accessToken: String) {
            -    logger.info("Refreshed: \\(accessToken, privacy: .public)")
            +    logger.info("Refreshed: \\(accessToken)")
             }

            """)
        XCTAssertEqual(
            try String(contentsOfFile: workspace + "/app/App/Login.swift", encoding: .utf8), before,
            "--diff writes nothing")
        let listed = try authlint(["lint", "app"])
        XCTAssertTrue(listed.stdout.contains("; 2 fixable with --fix"), listed.stdout)

        let fixed = try authlint(["lint", "app", "--fix"])
        XCTAssertEqual(fixed.stderr, "Fixed 2 findings in 2 files.\n")
        XCTAssertFalse(
            fixed.stdout.contains("[token-logged]") || fixed.stdout.contains("[missing-applesignin-entitlement]"),
            fixed.stdout)
        XCTAssertTrue(
            try String(contentsOfFile: workspace + "/app/App/Login.swift", encoding: .utf8).contains(
                "\\(accessToken)\")"))
        let again = try authlint(["lint", "app", "--fix", "--diff"])
        XCTAssertEqual(again.status, 0)
        XCTAssertEqual(again.stdout, "")

        let usage = try authlint(["lint", "app", "--diff"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--diff shows what --fix would change"), usage.stderr)
    }

    func testFixDiffOfAFileThatIsNotUTF8Applies() throws {
        // A context line holds a Latin-1 byte: the diff must carry it as it is, or git apply
        // cannot find the lines it changes.
        guard let git = ExternalTool.find(["git"]) else { try ExternalTool.unavailable("git") }
        var bytes = Array(publicTokenLog.utf8)
        let place = try XCTUnwrap(publicTokenLog.range(of: "func refreshed")).lowerBound.utf16Offset(in: publicTokenLog)
        bytes.insert(contentsOf: Array("// Caf".utf8) + [0xE9, 0x0A], at: place)
        try write("app/App/Login.swift", Data(bytes))
        let executable = try CLITests.requireExecutable()
        let shell = try ExternalTool.run(
            "/bin/sh", ["-c", "'\(executable.path)' lint app --fix --diff > change.patch"], in: workspace)
        XCTAssertEqual(shell.status, 1, shell.stderr)
        let patch = try Data(contentsOf: URL(fileURLWithPath: workspace + "/change.patch"))
        XCTAssertTrue(patch.contains(0xE9), "the byte is carried as it is")
        XCTAssertFalse(patch.starts(with: Array("\u{FFFD}".utf8)))
        let check = try ExternalTool.run(git, ["apply", "--check", "--unsafe-paths", "change.patch"], in: workspace)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(try ExternalTool.run(git, ["apply", "--unsafe-paths", "change.patch"], in: workspace).status, 0)
        let applied = try Data(contentsOf: URL(fileURLWithPath: workspace + "/app/App/Login.swift"))
        XCTAssertTrue(applied.contains(0xE9))
        XCTAssertNotNil(applied.range(of: Data("\\(accessToken)\")".utf8)), "the fix is applied")
    }

    func testNamedFilesThatLinkOutOfTheLintedTreeAreRefused() throws {
        try write([
            "app/Login.swift": cleanSource, "outside/team.yml": "fail-on: never\n", "outside/rules/keep.txt": "",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/app/conf.yml", withDestinationPath: "../outside/team.yml")
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/app/base.json", withDestinationPath: "../outside/team.yml")
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/app/rules", withDestinationPath: "../outside/rules")
        for (option, path) in [
            ("--config", "app/conf.yml"), ("--baseline", "app/base.json"), ("--write-baseline", "app/base.json"),
            ("--rules", "app/rules"),
        ] {
            let run = try authlint(["lint", "app", option, path])
            XCTAssertEqual(run.status, 2, option + ": " + run.stdout + run.stderr)
            XCTAssertTrue(run.stderr.contains("error: \(option) \(path) is inside "), run.stderr)
            XCTAssertTrue(run.stderr.contains("but links out of it; not read"), run.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: workspace + "/outside/team.yml", encoding: .utf8), "fail-on: never\n")
        // Given outside the tree, the file is the user's own choice.
        let own = try authlint(["lint", "app", "--config", "outside/team.yml"])
        XCTAssertEqual(own.status, 0, own.stderr)
    }

    func testConfigAndRulesShowTerminalSequencesEscaped() throws {
        // YAML's `\e` escape passes any check of the file's raw bytes.
        try write([
            "app/.authlint.yml":
                "login-services:\n  exemption: education-enterprise\n  reason: \"Staff only\\e]0;pwned\\a\\e[2J\\u202E\"\n",
            "rules/team.yaml": TeamRuleFixture.rule(
                id: "team-bell", message: "Found it.", match: "patterns: [\"legacyLogin()\"]"
            )
            .replacingOccurrences(
                of: "summary: A rule of the team's own.", with: "summary: \"Rings\\a the \\e[31mbell\\u200F\""),
        ])
        for arguments in [
            ["config", "app"], ["rules", "--rules", "rules"], ["rules", "team-bell", "--rules", "rules"],
        ] {
            let run = try authlint(arguments)
            XCTAssertEqual(run.status, 0, arguments.joined(separator: " ") + ": " + run.stderr)
            XCTAssertFalse(
                run.stdout.unicodeScalars.contains {
                    $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E || $0.value == 0x200F
                },
                arguments.joined(separator: " ") + ": " + run.stdout)
        }
        XCTAssertTrue(try authlint(["config", "app"]).stdout.contains(#"Staff only\e]0;pwned\a\e[2J\u{202E}"#))
    }

    func testFixesOfOneManifestAreOneEdit() throws {
        try write([
            "app/App/Login.swift": """
            import AuthenticationServices
            import FirebaseFirestore

            func signIn(nonce: String) {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = [.fullName, .email]
                request.nonce = sha256(nonce)
            }

            func finish(_ credential: ASAuthorizationAppleIDCredential) {
                let name = credential.fullName.map { PersonNameComponentsFormatter().string(from: $0) }
                Firestore.firestore().collection("users").document(credential.user).setData(["name": name ?? ""])
                backend.signIn(token: credential.identityToken)
            }

            """,
            "app/App/PrivacyInfo.xcprivacy":
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n",
        ])
        let fixed = try authlint(["lint", "app", "--fix"])
        XCTAssertTrue(fixed.stderr.contains("Fixed 2 findings in 1 file."), fixed.stderr)
        let manifest = try String(contentsOfFile: workspace + "/app/App/PrivacyInfo.xcprivacy", encoding: .utf8)
        XCTAssertEqual(manifest.components(separatedBy: "<key>NSPrivacyCollectedDataTypes</key>").count, 2, manifest)
        XCTAssertTrue(
            manifest.contains("NSPrivacyCollectedDataTypeName")
                && manifest.contains("NSPrivacyCollectedDataTypeEmailAddress"), manifest)
        XCTAssertFalse(fixed.stdout.contains("[privacy-manifest-missing-collected-types]"), fixed.stdout)
    }

    func testFixCreatesAPrivacyManifestOnlyWhereANewFileJoinsTheTarget() throws {
        let login = """
            import AuthenticationServices

            func signIn() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = [.fullName, .email]
            }

            func finish(_ credential: ASAuthorizationAppleIDCredential) {
                var request = URLRequest(url: URL(string: "https://api.example.com/me")!)
                request.httpBody = try? JSONEncoder().encode(["name": credential.fullName?.givenName])
                backend.signIn(token: credential.identityToken)
            }

            """
        // XcodeGen adds every file of a source folder: one manifest, with both types, is created there.
        try write([
            "gen/project.yml":
                "name: Harbor\ntargets:\n  Harbor:\n    type: application\n    platform: iOS\n    sources: [Harbor]\n",
            "gen/Harbor/Features/Login.swift": login,
        ])
        let generated = try authlint(["lint", "gen", "--fix", "--select", "privacy-manifest-missing-collected-types"])
        XCTAssertTrue(generated.stderr.contains("Fixed 2 findings in 1 file."), generated.stderr)
        let manifest = try String(contentsOfFile: workspace + "/gen/Harbor/PrivacyInfo.xcprivacy", encoding: .utf8)
        XCTAssertTrue(
            manifest.contains("<string>NSPrivacyCollectedDataTypeEmailAddress</string>")
                && manifest.contains("<string>NSPrivacyCollectedDataTypeName</string>"), manifest)
        XCTAssertEqual(try authlint(["lint", "gen", "--select", "privacy-manifest-missing-collected-types"]).status, 0)

        // Tuist's sources are globs of code: a new file would not ship, so the step is said.
        try write([
            "tuist/Project.swift": """
            import ProjectDescription

            let project = Project(name: "Dock", targets: [
                .target(name: "Dock", destinations: .iOS, product: .app, bundleId: "com.example.dock", sources: ["Dock/**"])
            ])

            """,
            "tuist/Dock/Login.swift": login,
        ])
        let tuist = try authlint(["lint", "tuist", "--fix", "--select", "privacy-manifest-missing-collected-types"])
        XCTAssertTrue(
            tuist.stderr.contains(
                "tuist/Dock/Login.swift: fix by hand: Create Dock/PrivacyInfo.xcprivacy (in Xcode: File > New > File from "
                    + "Template > App Privacy) and list it in the `resources:` of the target Dock in Project.swift. Declare "
                    + "NSPrivacyCollectedDataTypeEmailAddress and NSPrivacyCollectedDataTypeName under NSPrivacyCollectedDataTypes."
            ), tuist.stderr)
        XCTAssertEqual(
            tuist.stderr.components(separatedBy: "fix by hand").count, 2, "one step for the target: \(tuist.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace + "/tuist/Dock/PrivacyInfo.xcprivacy"))
    }

    func testFixLeavesGeneratedProjectsAndLinkedFilesAlone() throws {
        // XcodeGen generates the project: the change is said, not made.
        try write([
            "gen/project.yml":
                "name: Harbor\ntargets:\n  Harbor:\n    type: application\n    platform: iOS\n    sources: [Harbor]\n",
            "gen/Harbor/Login.swift": publicTokenLog.replacingOccurrences(of: ", privacy: .public", with: ""),
        ])
        let generated = try authlint(["lint", "gen", "--fix"])
        XCTAssertTrue(
            generated.stderr.contains(
                "gen/Harbor/Login.swift: fix by hand: In project.yml, give the target Harbor `entitlements: {path: Harbor/Harbor.entitlements, "
                    + "properties: {com.apple.developer.applesignin: [Default]}}`."), generated.stderr)
        XCTAssertTrue(generated.stderr.contains("Fixed 0 findings in 0 files."), generated.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace + "/gen/Harbor/Harbor.entitlements"))

        // An entitlements file that is a link is not replaced by a copy.
        try write([
            "linked/App/Login.swift": publicTokenLog, "linked/Shared/Base.entitlements": entitlementsWithoutAppleSignIn,
        ])
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/linked/App/App.entitlements", withDestinationPath: "../Shared/Base.entitlements")
        let linked = try authlint(["lint", "linked/App", "--root", "linked", "--fix"])
        XCTAssertTrue(linked.stderr.contains("fix left out: App/App.entitlements is not a regular file"), linked.stderr)
        XCTAssertEqual(
            try String(contentsOfFile: workspace + "/linked/Shared/Base.entitlements", encoding: .utf8),
            entitlementsWithoutAppleSignIn)
    }

    // MARK: - init

    func testInitWritesACommentedConfigurationThatChangesNothingAndABaseline() throws {
        try write(["app/Login/LoginController.swift": missingNonceSource])
        let run = try authlint(["init", "app", "--baseline"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("Wrote app/.authlint.yml"), run.stdout)
        XCTAssertTrue(run.stdout.contains("Wrote app/.authlint-baseline.json: today's"), run.stdout)
        for gate in ["GitHub Actions", "pre-commit", "Xcode"] { XCTAssertTrue(run.stdout.contains(gate), run.stdout) }
        let text = try String(contentsOfFile: workspace + "/app/.authlint.yml", encoding: .utf8)
        XCTAssertTrue(text.contains("#   token-logged:"), text)
        XCTAssertTrue(text.contains("# login-services:"), text)
        XCTAssertEqual(
            text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty },
            ["baseline: .authlint-baseline.json"])
        // The configuration names the baseline, which accepts today's findings for every caller.
        let gated = try authlint(["lint", "app"])
        XCTAssertEqual(gated.status, 0, gated.stdout + gated.stderr)
        XCTAssertEqual(try authlint(["lint", "app/Login/LoginController.swift"]).status, 0)
        XCTAssertEqual(try authlint(["lint", "app", "--baseline", "/dev/null"]).status, 2)
        // A second init refuses to overwrite.
        let again = try authlint(["init", "app"])
        XCTAssertEqual(again.status, 2)
        XCTAssertEqual(
            again.stderr,
            "error: app/.authlint.yml already exists; give --force to replace it, or --baseline to add a baseline to it\n"
        )
        // Without its baseline, the configuration is an error that names the key.
        try FileManager.default.removeItem(atPath: workspace + "/app/.authlint-baseline.json")
        let missing = try authlint(["lint", "app"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("named by `baseline:` in the configuration"), missing.stderr)
    }

    /// `init --baseline` in a project that has a configuration adds the key and keeps the rest.
    func testInitWithABaselineKeepsAnExistingConfiguration() throws {
        let custom = "# Our settings.\nfail-on: warning\nrules:\n  no-revocation-observer: off\n"
        try write(["app/Login/LoginController.swift": missingNonceSource, "app/.authlint.yml": custom])
        let run = try authlint(["init", "app", "--baseline"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOfFile: workspace + "/app/.authlint.yml", encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(custom), text)
        XCTAssertTrue(text.hasSuffix("\nbaseline: .authlint-baseline.json\n"), text)
        XCTAssertEqual(try authlint(["lint", "app"]).status, 0)
        // Again: the baseline exists, and --force replaces only it.
        XCTAssertEqual(try authlint(["init", "app", "--baseline"]).status, 2)
        XCTAssertEqual(try authlint(["init", "app", "--baseline", "--force"]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: workspace + "/app/.authlint.yml", encoding: .utf8), text)
    }

    // MARK: - Paths as typed

    func testNoticesNameTheConfigurationAsThePathWasTyped() throws {
        try write([
            "apps/kiosk/Login.swift": cleanSource,
            "apps/kiosk/.authlint.yml":
                "login-services:\n  exemption: education-enterprise\n  reason: staff accounts only\n",
        ])
        let run = try authlint(["lint", "apps"])
        XCTAssertTrue(run.stdout.contains("note: apps/kiosk/.authlint.yml: Guideline 4.8:"), run.stdout)

        try write(["web/.authlint.yml": "rules:\n  token-loged: off\n", "web/A.swift": cleanSource])
        let broken = try authlint(["lint", "web"])
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.hasPrefix("error: web/.authlint.yml:2: unknown rule `token-loged`"), broken.stderr)
    }

    // MARK: - File errors

    func testFileErrorsAreInPlainWords() throws {
        try write(["app/Greeting.swift": cleanSource])
        try FileManager.default.createDirectory(atPath: workspace + "/reports", withIntermediateDirectories: true)
        let run = try authlint(["lint", "app", "--format", "json", "--output", "reports"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr, "error: cannot write reports: it is a folder; give a file name\n")
        let missing = try authlint(["lint", "app", "--baseline", "nowhere.json"])
        XCTAssertFalse(
            missing.stderr.contains("NSCocoaErrorDomain") || missing.stderr.contains(".json:1:"), missing.stderr)
        XCTAssertEqual(
            FileProblem.describe(
                NSError(
                    domain: NSCocoaErrorDomain, code: 512,
                    userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR))])),
            "is a folder")
        XCTAssertEqual(FileProblem.describe(CocoaError(.fileWriteNoPermission)), "permission denied")
    }

    // MARK: - Exit codes

    func testACleanProjectExitsZero() throws {
        try write(["app/Greeting.swift": cleanSource])
        let run = try authlint(["lint", "app"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "\nNo findings in 1 file.\n")
        XCTAssertEqual(run.stderr, "")
    }

    func testAnErrorFindingExitsOne() throws {
        try write(["app/Login/LoginController.swift": missingNonceSource])
        let run = try authlint(["lint", "app"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix(
                    "app/Login/LoginController.swift:5:13: error: The Apple ID request `request` never gets a nonce;")
                    && $0.hasSuffix(" [missing-nonce]")
            }, run.stdout)
        XCTAssertTrue(run.stdout.contains("  missing-nonce: 1\n"), run.stdout)
    }

    func testAbsolutePathsForXcodeAndLinkBaseForMarkdown() throws {
        try write(["app/Login/LoginController.swift": missingNonceSource])
        let root = URL(fileURLWithPath: workspace).resolvingSymlinksInPath().path
        let run = try authlint(["lint", "app", "--absolute-paths", "--quiet"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix(root + "/app/Login/LoginController.swift:5:13: error: "), run.stdout)
        let relative = try authlint([
            "lint", "app", "--quiet", "--link-base", "https://example.com/blob/1/", "--format", "markdown",
        ])
        XCTAssertTrue(
            relative.stdout.contains(
                "[app/Login/LoginController.swift:5](https://example.com/blob/1/app/Login/LoginController.swift#L5)"),
            relative.stdout)
    }

    func testRootReadsTheWholeProjectAndReportsTheFolderGiven() throws {
        try write([
            "app/Login/LoginController.swift": missingNonceSource, "app/Other/Greeting.swift": cleanSource,
            "elsewhere/A.swift": cleanSource,
        ])
        let login = try authlint(["lint", "--root", "app", "app/Login", "--quiet"])
        XCTAssertEqual(login.status, 1, login.stderr)
        XCTAssertTrue(login.stdout.hasPrefix("app/Login/LoginController.swift:5:13: error: "), login.stdout)
        let other = try authlint(["lint", "--root", "app", "app/Other"])
        XCTAssertEqual(other.status, 0, other.stdout + other.stderr)
        let outside = try authlint(["lint", "--root", "app", "elsewhere"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertEqual(outside.stderr, "error: elsewhere is not inside the root app\n")
    }

    func testTheSummaryCacheFolderCanBeChosenOrTurnedOff() throws {
        try write([
            "app/.git/HEAD": "", "app/Login/LoginController.swift": missingNonceSource,
            "app/Other/Greeting.swift": cleanSource,
        ])
        let named = "app/Login/LoginController.swift"
        XCTAssertEqual(try authlint(["lint", named, "--quiet"]).status, 1)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: workspace + "/.xdg-cache/authlint").count, 2,
            "the default folder")
        XCTAssertEqual(try authlint(["lint", named, "--quiet", "--cache-dir", "chosen"]).status, 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: workspace + "/chosen").sorted().first, "key")
        XCTAssertEqual(try authlint(["lint", named, "--quiet", "--cache-dir", "never", "--no-cache"]).status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace + "/never"))
        try write(["blocked": "a file where the folder would be"])
        let blocked = try authlint(["lint", named, "--quiet", "--cache-dir", "blocked"])
        XCTAssertEqual(blocked.status, 1)
        XCTAssertTrue(blocked.stderr.hasPrefix("warning: cannot use the cache folder "), blocked.stderr)
        XCTAssertTrue(blocked.stdout.hasPrefix("app/Login/LoginController.swift:5:13: error: "), blocked.stdout)
    }

    func testFailOnNeverExitsZeroWithFindings() throws {
        try write(["app/LoginController.swift": missingNonceSource])
        let run = try authlint(["lint", "app", "--fail-on", "never"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("[missing-nonce]"))
    }

    func testFailOnThresholdsWithOnlyWarnings() throws {
        try write([
            "rules/legacy-login.yaml": teamRule(severity: "warning"),
            "app/Login.swift": "func go() { legacyLogin(user) }\n",
        ])
        let byDefault = try authlint(["lint", "app", "--rules", "rules"])
        XCTAssertEqual(byDefault.status, 0, byDefault.stdout + byDefault.stderr)
        XCTAssertEqual(
            byDefault.stdout,
            """
            app/Login.swift:1:25: warning: `user` goes to legacyLogin. [legacy-login]

            1 finding (1 warning) in 1 file.
              legacy-login: 1

            """)
        XCTAssertEqual(try authlint(["lint", "app", "--rules", "rules", "--fail-on", "warning"]).status, 1)
        XCTAssertEqual(try authlint(["lint", "app", "--rules", "rules", "--fail-on", "note"]).status, 1)
        XCTAssertEqual(try authlint(["lint", "app", "--rules", "rules", "--fail-on", "error"]).status, 0)
    }

    func testFailOnWarningIgnoresNotes() throws {
        try write([
            "rules/legacy-login.yaml": teamRule(severity: "note"),
            "app/Login.swift": "func go() { legacyLogin(user) }\n",
        ])
        XCTAssertEqual(try authlint(["lint", "app", "--rules", "rules", "--fail-on", "warning"]).status, 0)
        XCTAssertEqual(try authlint(["lint", "app", "--rules", "rules", "--fail-on", "note"]).status, 1)
    }

    func testUsageErrorsExitTwo() throws {
        try write(["app/Greeting.swift": cleanSource])
        let unknown = try authlint(["lint", "app", "--bogus"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.hasPrefix("error: unknown option '--bogus'"), unknown.stderr)
        XCTAssertEqual(unknown.stdout, "")
        let format = try authlint(["lint", "app", "--format", "xml"])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("xml"), format.stderr)
        XCTAssertEqual(try authlint(["lint", "app", "--fail-on", "sometimes"]).status, 2)
        XCTAssertEqual(try authlint(["lint", "app", "--color", "purple"]).status, 2)
    }

    func testABrokenTeamRuleExitsTwoWithItsLine() throws {
        try write([
            "rules/legacy-login.yaml": teamRule(severity: "eror"),
            "app/Greeting.swift": cleanSource,
        ])
        let run = try authlint(["lint", "app", "--rules", "rules"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "error: rules/legacy-login.yaml:2: severity must be one of note, warning, error, not `eror` (did you mean `error`?)"
            ),
            run.stderr)
        let missing = try authlint(["lint", "app", "--rules", "no-such-folder"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no-such-folder: rules directory does not exist"), missing.stderr)
    }

    // MARK: - Rules

    func testRulesListsEveryRule() throws {
        let run = try authlint(["rules"])
        XCTAssertEqual(run.status, 0)
        let ids = Set(run.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        for id in [
            "missing-nonce", "unhashed-nonce", "hashed-nonce-passed-as-raw", "weak-nonce-source",
            "full-name-not-persisted",
            "email-assumed-present", "no-credential-state-check", "no-revocation-observer",
        ] {
            XCTAssertTrue(ids.contains(id), "\(id) is not listed:\n\(run.stdout)")
        }
        XCTAssertTrue(
            run.stdout.hasSuffix(
                " rules, severities as the configuration sets them. `authlint rules ID` explains one.\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("\nmissing-nonce "), run.stdout)
    }

    func testTheRuleListHasAHeaderFitsAHundredColumnsAndShowsTheConfiguredSeverity() throws {
        try write([".authlint.yml": "rules:\n  token-logged: off\n  no-revocation-observer: error\n"])
        let run = try authlint(["rules"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(
            lines[0].hasPrefix("RULE ") && lines[0].contains(" SEVERITY ") && lines[0].hasSuffix("ABOUT"),
            String(lines[0]))
        XCTAssertLessThanOrEqual(lines.map(\.count).max() ?? 0, 100, run.stdout)
        let setting = { (id: String) in
            lines.first { $0.hasPrefix(id + " ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
                .map(String.init)
        }
        XCTAssertEqual(setting("token-logged"), "off")
        XCTAssertEqual(setting("no-revocation-observer"), "error")
        XCTAssertEqual(setting("missing-nonce"), "error")
        XCTAssertFalse(run.stdout.contains("Guideline"), run.stdout)
    }

    func testRulesExplainsOneRule() throws {
        let run = try authlint(["rules", "missing-nonce"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.hasPrefix("missing-nonce: Missing nonce\nSeverity: error    Rests on: "), run.stdout)
        for heading in [
            "\nWhat it flags\n", "\nWhy it matters\n", "\nHow to fix it\n",
            "\nTriggering examples (↓ marks each finding)\n",
            "\nNon-triggering examples\n",
        ] {
            XCTAssertTrue(run.stdout.contains(heading), "missing \(heading.debugDescription)")
        }
        XCTAssertTrue(
            run.stdout.contains("    let ↓request = ASAuthorizationAppleIDProvider().createRequest()"), run.stdout)
    }

    /// A rule's page shows the severity the configuration here sets; `explain` is the same page.
    func testARulesPageShowsTheConfiguredSeverityAndExplainIsTheSame() throws {
        try write(["app/.authlint.yml": "rules:\n  missing-nonce: off\n  token-logged: warning\n"])
        let app = workspace + "/app"
        let off = try authlint(["rules", "missing-nonce"], in: app)
        XCTAssertTrue(
            off.stdout.hasPrefix(
                "missing-nonce: Missing nonce\nSeverity: off (configured; default error)    Rests on: "), off.stdout)
        let lowered = try authlint(["rules", "token-logged"], in: app)
        XCTAssertTrue(lowered.stdout.contains("\nSeverity: warning (configured; default error)    "), lowered.stdout)
        let plain = try authlint(["rules", "missing-nonce"])
        XCTAssertTrue(plain.stdout.contains("\nSeverity: error    Rests on: "), plain.stdout)
        let explained = try authlint(["explain", "missing-nonce"], in: app)
        XCTAssertEqual(explained.status, 0)
        XCTAssertEqual(explained.stdout, off.stdout)
        let unknown = try authlint(["explain", "missing-nonse"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean `missing-nonce`?"), unknown.stderr)
    }

    /// `--select` runs only the rules named, `--ignore` all but them; an unknown id is an error
    /// with the nearest one, and a suppression of a rule left out is neither unknown nor unused.
    func testSelectAndIgnoreChooseTheRules() throws {
        try write([
            "app/Login/LoginController.swift": missingNonceSource + """
                func log(idToken: String) {
                    // authlint:disable:next missing-nonce -- not this line
                    print("token \\(idToken)")
                }

                """
        ])
        func rules(_ options: [String]) throws -> [String] {
            let run = try authlint(["lint", "app", "--format", "json"] + options)
            let document = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stderr)
            return ((document["findings"] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String }.sorted()
        }
        let all = try rules([])
        XCTAssertTrue(
            all.contains("missing-nonce") && all.contains("token-logged") && all.contains("unused-suppression"),
            "\(all)")
        XCTAssertEqual(try rules(["--select", "token-logged"]), ["token-logged"])
        XCTAssertEqual(
            try rules(["--select", "token-logged,missing-nonce", "--ignore", "missing-nonce"]), ["token-logged"])
        XCTAssertFalse(try rules(["--ignore", "token-logged"]).contains("token-logged"))
        let typo = try authlint(["lint", "app", "--select", "token-loged"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "error: --select: no rule named `token-loged` (did you mean `token-logged`?)\n")
        XCTAssertEqual(try authlint(["lint", "app", "--ignore", "nope"]).status, 2)
    }

    func testRulesAsJSON() throws {
        let list = try authlint(["rules", "--format", "json"])
        XCTAssertEqual(list.status, 0)
        let rules = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        XCTAssertTrue(rules.contains { $0["id"] as? String == "missing-nonce" && $0["severity"] as? String == "error" })
        let one = try authlint(["rules", "missing-nonce", "--format", "json"])
        let rule = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(rule["id"] as? String, "missing-nonce")
        XCTAssertEqual(rule["name"] as? String, "Missing nonce")
    }

    /// `--write-pages` writes a page per rule (the team's too) and the index, removes the pages
    /// it wrote before for rules no longer there, and leaves every other file alone.
    func testRulesWritesAPagePerRule() throws {
        let marker = RuleDocumentation.pageMarker
        try write([
            "rules/legacy-login.yaml": teamRule(severity: "warning"),
            "pages/gone-rule.md": marker + "\n\n# `gone-rule`\n",
            "pages/notes.md": "# Our notes on the rules\n",
            "pages/missing-nonce.md": "stale\n",
        ])
        let run = try authlint(["rules", "--write-pages", "pages", "--rules", "rules"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let pages = Set(try FileManager.default.contentsOfDirectory(atPath: workspace + "/pages"))
        XCTAssertTrue(
            pages.isSuperset(of: ["README.md", "missing-nonce.md", "legacy-login.md", "notes.md"]), "\(pages)")
        XCTAssertFalse(pages.contains("gone-rule.md"))
        let catalog = try RuleCatalog.builtin()
        XCTAssertEqual(pages.count, catalog.rules.count + 3, "\(pages)")
        let nonce = try String(contentsOfFile: workspace + "/pages/missing-nonce.md", encoding: .utf8)
        XCTAssertEqual(nonce, RuleDocumentation.page(try XCTUnwrap(catalog.rule(named: "missing-nonce")).description))
        XCTAssertEqual(try authlint(["rules", "missing-nonce", "--format", "markdown"]).stdout, nonce)
        XCTAssertTrue(
            try String(contentsOfFile: workspace + "/pages/README.md", encoding: .utf8).contains(
                "[`legacy-login`](legacy-login.md)"))
        XCTAssertEqual(
            try String(contentsOfFile: workspace + "/pages/notes.md", encoding: .utf8), "# Our notes on the rules\n")
        XCTAssertEqual(try authlint(["rules", "missing-nonce", "--write-pages", "pages"]).status, 2)
    }

    func testUnknownRuleExitsTwoWithASuggestion() throws {
        let unknown = try authlint(["rules", "nope"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertTrue(unknown.stderr.hasPrefix("error: no rule named `nope`"), unknown.stderr)
        let misspelt = try authlint(["rules", "missing-nonse"])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertEqual(misspelt.stderr, "error: no rule named `missing-nonse` (did you mean `missing-nonce`?)\n")
    }

    func testRulesShowsTeamRules() throws {
        try write(["rules/legacy-login.yaml": teamRule(severity: "warning")])
        let run = try authlint(["rules", "legacy-login", "--rules", "rules"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(
            run.stdout.hasPrefix("legacy-login: Legacy login\nSeverity: warning    Rests on: 4.8"), run.stdout)
    }

    // MARK: - Output

    func testJSONOutputParsesAndIsStable() throws {
        try write(["app/Login/LoginController.swift": missingNonceSource])
        let first = try authlint(["lint", "app", "--format", "json"])
        XCTAssertEqual(first.status, 1)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(document["schemaVersion"] as? Int, 1)
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        let missing = try XCTUnwrap(findings.first { $0["rule"] as? String == "missing-nonce" })
        XCTAssertEqual(missing["path"] as? String, "app/Login/LoginController.swift")
        XCTAssertEqual(missing["line"] as? Int, 5)
        XCTAssertEqual(missing["column"] as? Int, 13)
        XCTAssertEqual(missing["endColumn"] as? Int, 20)
        let summary = try XCTUnwrap(document["summary"] as? [String: Any])
        XCTAssertEqual(summary["files"] as? Int, 1)
        let second = try authlint(["lint", "app", "--format", "json"])
        XCTAssertEqual(first.stdout, second.stdout, "nothing in the JSON depends on the clock")
    }

    func testOutputFileIsWritten() throws {
        try write(["app/LoginController.swift": missingNonceSource])
        let run = try authlint(["lint", "app", "--format", "json", "--output", "report.json"])
        XCTAssertEqual(run.status, 1, "findings still set the exit code")
        XCTAssertEqual(run.stdout, "")
        let data = try Data(contentsOf: URL(fileURLWithPath: workspace + "/report.json"))
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(document["schemaVersion"] as? Int, 1)
        let text = try authlint(["lint", "app", "--output", "report.txt", "--color", "always"])
        XCTAssertEqual(text.stdout, "")
        let written = try String(contentsOfFile: workspace + "/report.txt", encoding: .utf8)
        XCTAssertTrue(written.contains("app/LoginController.swift:5:13: error: "), written)
        XCTAssertFalse(written.contains("\u{1B}"), "no colour in a file")
    }

    func testUnwritableOutputExitsTwo() throws {
        try write(["app/Greeting.swift": cleanSource])
        let run = try authlint(["lint", "app", "--output", "missing-folder/report.txt"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: cannot write missing-folder/report.txt"), run.stderr)
    }

    func testLintIsTheDefaultCommand() throws {
        try write(["app/LoginController.swift": missingNonceSource])
        let implicit = try authlint(["app"])
        let explicit = try authlint(["lint", "app"])
        XCTAssertEqual(implicit.status, 1)
        XCTAssertEqual(implicit.stdout, explicit.stdout)
        XCTAssertTrue(implicit.stdout.contains("app/LoginController.swift:5:13: error: "), implicit.stdout)
    }

    func testWithoutAPathTheCurrentDirectoryIsLinted() throws {
        try write(["app/LoginController.swift": missingNonceSource])
        let run = try authlint([], in: workspace + "/app")
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.stdout.contains("\nLoginController.swift:5:13: error: ")
                || run.stdout.hasPrefix("LoginController.swift:5:13: error: "), run.stdout)
    }

    func testVersion() throws {
        let run = try authlint(["--version"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), AuthLint.version)
        XCTAssertFalse(AuthLint.version.isEmpty)
    }

    func testQuietAndExclude() throws {
        try write(["app/LoginController.swift": missingNonceSource, "app/Greeting.swift": cleanSource])
        let quiet = try authlint(["lint", "app", "--quiet"])
        XCTAssertEqual(quiet.status, 1)
        XCTAssertFalse(quiet.stdout.contains("finding"), quiet.stdout)
        XCTAssertTrue(quiet.stdout.hasSuffix("]\n"), quiet.stdout)
        let excluded = try authlint(["lint", "app", "--exclude", "LoginController.swift"])
        XCTAssertEqual(excluded.status, 0)
        XCTAssertEqual(excluded.stdout, "\nNo findings in 1 file.\n")
    }

    func testColourOnlyWhenAsked() throws {
        try write(["app/LoginController.swift": missingNonceSource])
        XCTAssertFalse(try authlint(["lint", "app"]).stdout.contains("\u{1B}["), "not a terminal")
        XCTAssertTrue(
            try authlint(["lint", "app", "--color", "always"]).stdout.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        XCTAssertFalse(try authlint(["lint", "app", "--color", "never"]).stdout.contains("\u{1B}["))
        XCTAssertFalse(
            try authlint(["lint", "app", "--color", "auto"], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
    }

    // MARK: - File problems

    func testAMissingPathIsReportedAndExitsTwo() throws {
        try write(["app/Greeting.swift": cleanSource])
        let error = "error: `missing.swift` does not exist (no such file or folder)\n"
        let clean = try authlint(["lint", "app", "missing.swift"])
        XCTAssertEqual(clean.status, 2, clean.stdout + clean.stderr)
        XCTAssertTrue(clean.stdout.contains("missing.swift: skipped: no such file (not-found)\n"), clean.stdout)
        XCTAssertTrue(
            clean.stdout.hasSuffix(
                "No findings in 1 file; 1 file problem reported above; project root: app, config: none.\n"),
            clean.stdout)
        XCTAssertEqual(clean.stderr, error)
        for options in [
            ["--quiet"], ["--format", "json"], ["--quiet", "--format", "sarif"], ["--format", "github"],
            ["--format", "markdown"],
        ] {
            let run = try authlint(["lint", "app", "missing.swift"] + options)
            XCTAssertEqual(run.status, 2, options.joined(separator: " "))
            XCTAssertEqual(run.stderr, error, options.joined(separator: " "))
        }
        let json = try authlint(["lint", "app", "missing.swift", "--format", "json"])
        XCTAssertNotNil(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)), "the report of what exists is still written"
        )
        let only = try authlint(["lint", "missing.swift", "--quiet"])
        XCTAssertEqual(only.status, 2)
        XCTAssertEqual(only.stdout, "", "nothing to report on")
        XCTAssertEqual(only.stderr, error)
        try write(["bad/LoginController.swift": missingNonceSource])
        let findings = try authlint(["lint", "bad", "missing.swift", "--quiet"])
        XCTAssertEqual(findings.status, 2, "a missing path outranks findings")
        XCTAssertTrue(findings.stdout.contains("bad/LoginController.swift:5:13: error: "), findings.stdout)
    }

    func testAWordThatIsNeitherASubcommandNorAPathExitsTwoWithASuggestion() throws {
        try write(["app/Greeting.swift": cleanSource])
        for (word, message) in [
            ("confg", "error: `confg` is neither a subcommand nor a file or folder; did you mean `config`?\n"),
            ("lnt", "error: `lnt` is neither a subcommand nor a file or folder; did you mean `lint`?\n"),
            ("rulez", "error: `rulez` is neither a subcommand nor a file or folder; did you mean `rules`?\n"),
            (
                "frobnicate",
                "error: `frobnicate` is neither a subcommand nor a file or folder (subcommands: \(["lint", "rules", "explain", "config", "init", "lsp", "mcp"].filter(subcommandExists).joined(separator: ", ")))\n"
            ),
        ] {
            for arguments in [
                [word], ["--quiet", word], ["--format", "json", word], [word, "--quiet", "--format", "json"],
            ] {
                let run = try authlint(arguments)
                XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
                XCTAssertEqual(run.stdout, "", arguments.joined(separator: " "))
                XCTAssertEqual(run.stderr, message, arguments.joined(separator: " "))
            }
        }
        // A path that exists is linted whatever its name; named after `lint`, a missing word is a path.
        try write(["confg/Greeting.swift": cleanSource])
        XCTAssertEqual(try authlint(["confg"]).status, 0)
        let explicit = try authlint(["lint", "lnt"])
        XCTAssertEqual(explicit.status, 2)
        XCTAssertEqual(explicit.stderr, "error: `lnt` does not exist (no such file or folder)\n")
    }

    private func subcommandExists(_ name: String) -> Bool {
        (try? authlint([name, "--help"]).stdout.contains("USAGE: authlint \(name)")) ?? false
    }

    func testStrictBaselineWithoutABaselineExitsTwo() throws {
        try write(["app/Greeting.swift": cleanSource])
        for options in [[], ["--quiet"], ["--format", "json"]] {
            let run = try authlint(["lint", "app", "--strict-baseline"] + options)
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(
                run.stderr,
                "error: --strict-baseline checks the entries of a baseline: give it with --baseline FILE or `baseline:` in .authlint.yml\n"
            )
        }
    }

    func testAFolderWithNothingToReadExitsTwo() throws {
        try write([
            "docs/README.md": "# Notes\n", "docs/assets/logo.svg": "<svg/>", "docs/.git/HEAD": "ref: refs/heads/main\n",
        ])
        try FileManager.default.createDirectory(atPath: workspace + "/empty", withIntermediateDirectories: true)
        let message =
            "error: `docs` holds no file authlint reads (Swift, Objective-C, property list, entitlements, Xcode project, xcconfig or dependency manifest)\n"
        for options in [[], ["--quiet"], ["--format", "json"], ["--format", "sarif", "--quiet"]] {
            let run = try authlint(["lint", "docs"] + options)
            XCTAssertEqual(run.status, 2, options.joined(separator: " "))
            XCTAssertEqual(run.stdout, "", "not `No findings in 0 files`")
            XCTAssertEqual(run.stderr, message)
        }
        let current = try authlint(["--quiet"], in: workspace + "/empty")
        XCTAssertEqual(current.status, 2)
        XCTAssertEqual(
            current.stderr,
            "error: `.` holds no file authlint reads (Swift, Objective-C, property list, entitlements, Xcode project, xcconfig or dependency manifest)\n"
        )
        // Beside a folder that has sources, the empty one is named and the others are linted.
        try write(["app/Greeting.swift": cleanSource])
        let mixed = try authlint(["lint", "app", "docs"])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.stdout.hasSuffix("No findings in 1 file; project root: ., config: none.\n"), mixed.stdout)
        XCTAssertEqual(mixed.stderr, message)
        // A property list alone, or a manifest, is something to read, and the summary counts it.
        try write([
            "plist/Info.plist": "<plist version=\"1.0\"><dict/></plist>\n", "pods/Podfile": "pod 'A'\n",
            "lock/Podfile.lock": "PODS:\n",
        ])
        for folder in ["plist", "pods", "lock"] {
            let run = try authlint(["lint", folder])
            XCTAssertEqual(run.status, 0, folder + ": " + run.stderr)
            XCTAssertTrue(run.stdout.contains("No findings in 1 file"), folder + ": " + run.stdout)
        }
    }

    /// A run that reads nothing exits 2 whatever led there: files named that authlint does not
    /// read, or globs that leave out every file. A configuration named alone is read.
    func testARunThatReadsNoFileExitsTwoWithTheReason() throws {
        try write(["app/Greeting.swift": cleanSource, "app/README.md": "# App\n"])
        let named = try authlint(["lint", "app/README.md"])
        XCTAssertEqual(named.status, 2)
        XCTAssertEqual(named.stdout, "")
        XCTAssertTrue(named.stderr.hasPrefix("error: no file authlint reads among `app/README.md` ("), named.stderr)
        for (options, configuration) in [
            (["--exclude", "**/*.swift"], nil), ([], "exclude: [\"**\"]\n"), ([], "include: [\"Nothing/**\"]\n"),
        ] {
            if let configuration { try write(["app/.authlint.yml": configuration]) }
            let run = try authlint(["lint", "app"] + options)
            XCTAssertEqual(run.status, 2, "\(options) \(configuration ?? "")")
            XCTAssertTrue(
                run.stderr.hasPrefix("error: every file under `app` is left out by `include`/`exclude`"), run.stderr)
        }
        // pre-commit staging only the configuration: it is read, checked, and passes.
        try write(["app/.authlint.yml": "fail-on: error\n"])
        let configuration = try authlint(["lint", "app/.authlint.yml"])
        XCTAssertEqual(configuration.status, 0, configuration.stderr)
        XCTAssertTrue(configuration.stdout.contains("No findings in 1 file"), configuration.stdout)
        try write(["app/.authlint.yml": "fail-on: sometimes\n"])
        XCTAssertEqual(try authlint(["lint", "app/.authlint.yml"]).status, 2, "a named configuration is checked")
    }

    func testBinaryAndBrokenFilesAreReportedAndTheScanGoesOn() throws {
        try write(["app/LoginController.swift": missingNonceSource])
        try write("app/Binary.swift", Data([0x6C, 0x65, 0x74, 0x00, 0x01, 0x0A]))
        try write("app/Latin.swift", Data("let s = \"caf".utf8) + Data([0xE9]) + Data("\"\n".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/app/Broken.swift", withDestinationPath: "nowhere.swift")
        try FileManager.default.createSymbolicLink(
            atPath: workspace + "/app/Loop.swift", withDestinationPath: "Loop.swift")
        let run = try authlint(["lint", "app"])
        XCTAssertEqual(run.status, 1, "the findings of the readable file decide")
        XCTAssertTrue(run.stdout.contains("app/LoginController.swift:5:13: error: "), run.stdout)
        XCTAssertTrue(
            run.stdout.contains("app/Binary.swift:1: skipped: binary file (NUL byte at offset 3) (binary-file)\n"),
            run.stdout)
        XCTAssertTrue(run.stdout.contains("app/Broken.swift: skipped: broken symbolic link: "), run.stdout)
        XCTAssertTrue(run.stdout.contains("app/Latin.swift:1:13: partly read: file is not valid UTF-8"), run.stdout)
        XCTAssertTrue(
            run.stdout.contains("app/Loop.swift: skipped: symbolic link loop; not followed (symlink-loop)\n"),
            run.stdout)
        XCTAssertTrue(run.stdout.contains(" in 3 files; 4 file problems reported above.\n"), run.stdout)

        try FileManager.default.removeItem(atPath: workspace + "/app/LoginController.swift")
        let clean = try authlint(["lint", "app", "--format", "json"])
        XCTAssertEqual(clean.status, 0, "file problems never change the exit code")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])
        let kinds = (document["diagnostics"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
        XCTAssertEqual(kinds, ["binary-file", "not-found", "invalid-utf8", "symlink-loop"])
    }

    func testAnUnreadableFileIsReported() throws {
        try write(["app/Greeting.swift": cleanSource])
        let path = workspace + "/app/Secret.swift"
        if getuid() == 0 {
            // Root reads any file in the tree, and a link out of the tree is not read at all.
            throw XCTSkip("root reads every file")
        } else {
            try write(["app/Secret.swift": cleanSource])
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        let run = try authlint(["lint", "app"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.contains("app/Secret.swift: skipped: cannot read: "), run.stdout)
        XCTAssertTrue(run.stdout.contains(" (unreadable)\n"), run.stdout)
        XCTAssertTrue(run.stdout.hasSuffix("No findings in 1 file; 1 file problem reported above.\n"), run.stdout)
    }
}
