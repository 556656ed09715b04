import AuthLintAnalysis
import AuthLintCore
import AuthLintProject
import AuthLintRules
import AuthLintTestSupport
import Foundation
import XCTest

/// The conditions and value tests of `Sources/AuthLintAnalysis/Conditions`, one file each.
final class ConditionTests: XCTestCase {
    /// The build lists every file of the folder, each a condition or a value test with its own
    /// key, and `docs/patterns.md` documents every key.
    func testEveryConditionFileIsListedAndDocumented() throws {
        let folder = RepositoryPaths.root + "/Sources/AuthLintAnalysis/Conditions"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        let kinds = ConditionKinds.builtIn
        XCTAssertEqual(kinds.conditions.count + kinds.valueTests.count, files.count, "a file holds no condition")
        let listed = Set(
            kinds.conditions.values.map { String(describing: $0) }
                + kinds.valueTests.values.map { String(describing: $0) })
        XCTAssertEqual(listed, Set(files.map { String($0.dropLast(".swift".count)) }))
        let docs = try String(contentsOfFile: RepositoryPaths.root + "/docs/patterns.md", encoding: .utf8)
        for key in kinds.conditions.keys { XCTAssertTrue(docs.contains("| `\(key):"), "\(key) is not documented") }
        for key in kinds.valueTests.keys { XCTAssertTrue(docs.contains("`\(key):"), "\(key) is not documented") }
    }

    /// `declared-in` decides by the declaration the value's type resolves to: the app's own
    /// `Logger` (a class of another file) and Apple's `os.Logger` share a name.
    func testDeclaredInTellsTheAppsOwnTypeFromTheSDKs() throws {
        func sites(_ place: String, _ files: [(String, String)]) throws -> [String] {
            let rule = try TeamRuleFixture.load(
                TeamRuleFixture.rule(
                    match: "patterns: [\"$LOG.info($MSG)\"]\nwhere:\n  - metavariable: LOG\n    declared-in: \(place)"))
            return TeamRuleFixture.findings([rule], files).map { "\($0.path):\($0.line)" }
        }
        let ownLogger = (
            "Logging.swift",
            "final class Logger {\n    static let shared = Logger()\n    func info(_ message: String) { write(message) }\n}\n"
        )
        let uses = (
            "Session.swift",
            """
            func signedIn(token: String, other: Logger) {
                let logger = Logger()
                logger.info(token)
                Logger.shared.info(token)
                other.info(token)
            }
            """
        )
        XCTAssertEqual(
            try sites("project", [ownLogger, uses]), ["Session.swift:3", "Session.swift:4", "Session.swift:5"])
        XCTAssertEqual(try sites("elsewhere", [ownLogger, uses]), [])
        // Apple's Logger: no type of the app declares it, an extension of it does not count.
        let apple = (
            "Session.swift",
            """
            import os

            extension Logger {
                static let auth = Logger(subsystem: "app", category: "auth")
            }

            func signedIn(token: String) {
                let logger = Logger(subsystem: "app", category: "session")
                logger.info("\\(token, privacy: .private)")
                os.Logger.auth.info("\\(token)")
            }
            """
        )
        XCTAssertEqual(try sites("project", [apple]), [])
        XCTAssertEqual(try sites("elsewhere", [apple]), ["Session.swift:9", "Session.swift:10"])
        // A value whose type nothing tells is neither.
        let unknown = ("Unknown.swift", "func log(_ sink: AnyObject) { sink.logger.info(token) }\n")
        XCTAssertEqual(try sites("project", [unknown]) + sites("elsewhere", [unknown]), [])
        XCTAssertThrowsError(try sites("somewhere", [uses]))
    }

    /// `derived-from` follows what a value is made of: the arguments of a call that makes a body
    /// of it, a dictionary's entries, and a helper's parameter back to its callers; a test of its
    /// own decides which reads count, and what is only read off the value does not.
    func testDerivedFromFollowsWhatAValueIsMadeOf() throws {
        let rule = try TeamRuleFixture.load(
            TeamRuleFixture.rule(
                match: """
                    patterns: ["$_.httpBody = $...V"]
                    where:
                      - metavariable: V
                        derived-from:
                          - pattern: "$C.email"
                            where:
                              - metavariable: C
                                type: [Profile]
                    """))
        let client = (
            "Client.swift",
            """
            struct Body: Encodable { let email: String?; let plan: String }

            func register(email: String?) {
                var request = URLRequest(url: endpoint)
                request.httpBody = try? JSONEncoder().encode(Body(email: email, plan: "free"))
            }

            func subscribe(_ address: String) {
                var fields: [String: String] = [:]
                fields["email"] = address
                var request = URLRequest(url: endpoint)
                request.httpBody = try? JSONSerialization.data(withJSONObject: fields)
            }

            func check(_ shared: Profile, typed: String) {
                var request = URLRequest(url: endpoint)
                request.httpBody = Data("\\(shared.email != nil)".utf8)
                register(email: typed)
            }
            """
        )
        let signIn = ("SignIn.swift", "func signedIn(_ profile: Profile) {\n    register(email: profile.email)\n}\n")
        let form = ("Form.swift", "func entered(_ profile: Profile, form: Form) {\n    subscribe(form.email)\n}\n")
        XCTAssertEqual(TeamRuleFixture.findings([rule], [client, signIn, form]).map(\.line), [5])
        // Another type's `email`, or none of the profile's handed over: nothing is made of it.
        let other = ("SignIn.swift", "func signedIn(_ account: Account) {\n    register(email: account.email)\n}\n")
        XCTAssertEqual(TeamRuleFixture.findings([rule], [client, other, form]).map(\.line), [])
        let formFromProfile = (
            "Form.swift", "func entered(_ profile: Profile) {\n    subscribe(profile.email ?? \"\")\n}\n"
        )
        XCTAssertEqual(TeamRuleFixture.findings([rule], [client, formFromProfile]).map(\.line), [12])
    }

    func testComesFromOnlyTheCredentialFieldsOfASecretHoldingAnswer() throws {
        func rule(fields: String) throws -> String {
            try TeamRuleFixture.directory([
                "logged.yaml": TeamRuleFixture.rule(
                    id: "answer-logged",
                    match: """
                        language: python
                        applies-to: servers
                        patterns: ["print(...)"]
                        where:
                          - metavariable: MATCH
                            comes-from:
                              \(fields)
                              patterns: ["exchange(...)"]
                        """)
            ])
        }
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("backend/requirements.txt", "flask\n")
        try tree.write(
            "backend/apple.py",
            """
            import json

            def sign_in(code):
                tokens = exchange(code)
                print(tokens)
                print(json.dumps(tokens))
                print(tokens["refresh_token"], tokens.get("id_token"))
                print(tokens["sub"], tokens.get("token_type"), tokens["expires_in"])
            """)
        func lines(_ fields: String) throws -> [Int] {
            let catalog = try RuleCatalog.load(extraDirectories: [try rule(fields: fields)])
            var options = LintOptions(
                scan: ScanOptions(paths: [tree.root]), catalog: catalog, currentDirectory: tree.root)
            options.selectedRules = ["answer-logged"]
            return try Linter.run(options).findings.map(\.line)
        }
        // The whole answer, as text too, and the fields whose keys end in a credential's name.
        XCTAssertEqual(try lines("fields: credentials"), [5, 6, 7])
        // Every field read off it comes from it, by default.
        XCTAssertEqual(try lines("fields: all"), [5, 6, 7, 8])
        // Only the whole answer, as it is or as text.
        XCTAssertEqual(try lines("fields: none"), [5, 6])
        XCTAssertEqual(
            TeamRuleFixture.error(
                TeamRuleFixture.rule(
                    match: """
                        patterns: ["print(...)"]
                        where:
                          - metavariable: MATCH
                            comes-from-none: {patterns: ["token"], fields: credentials}
                        """))?.message,
            "comes-from-none takes an origin or a list of patterns; `fields:` goes with `comes-from`")
    }

    /// `decorated-with` reads the decorators of the innermost `def` around the value: stacked,
    /// with arguments over several lines, on an `async def`; not a nested function's, nor a
    /// matrix multiplication's `@` on the line above.
    func testDecoratedWithReadsTheDecoratorsOfTheInnermostFunction() throws {
        let rules = try TeamRuleFixture.directory([
            "route-returns.yaml": TeamRuleFixture.rule(
                id: "route-returns",
                match: """
                    language: python
                    applies-to: servers
                    patterns: ["return $...VALUE"]
                    where:
                      - metavariable: MATCH
                        decorated-with: [post, route]
                    """)
        ])
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("backend/requirements.txt", "flask\n")
        try tree.write(
            "backend/routes.py",
            """
            @app.post("/stacked")
            @login_required
            def stacked():
                return "a"

            @bp.route(
                "/spanning",
                methods=["POST"],
            )
            async def spanning():
                return "b"

            @post
            def outer():
                def inner():
                    return "c"
                return inner()

            def helper():
                return "d"

            @cache
            def cached():
                return "e"

            scaled = matrix @post
            def after_an_operator():
                return "f"
            """)
        let catalog = try RuleCatalog.load(extraDirectories: [rules])
        var options = LintOptions(scan: ScanOptions(paths: [tree.root]), catalog: catalog, currentDirectory: tree.root)
        options.selectedRules = ["route-returns"]
        XCTAssertEqual(try Linter.run(options).findings.map(\.line), [4, 11, 17])
    }

    /// `on-failure` tells a response's body read where the request failed, in Python and
    /// JavaScript: the branch's own condition, its `else`, one-line and nested forms; not another
    /// response's test, a condition with `or`, nor the code after an early return. A call is
    /// judged by any response the branch tests.
    func testOnFailureFindsTheBranchesThatRunWhenTheResponseFailed() throws {
        let rules = try TeamRuleFixture.directory([
            "failed-read.yaml": TeamRuleFixture.rule(
                id: "failed-read",
                match: """
                    language: any
                    applies-to: servers
                    patterns:
                      - pattern: "$R.json()"
                        language: python
                        where: [{metavariable: R, on-failure: true}]
                      # Not a name: any response the branch tests.
                      - pattern: "print(...)"
                        language: python
                        where: [{metavariable: MATCH, on-failure: true}]
                      - pattern: "$R.json()"
                        language: js
                        where: [{metavariable: R, on-failure: true}]
                    """)
        ])
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("backend/requirements.txt", "flask\n")
        try tree.write(
            "backend/answers.py",
            """
            def a(r, other, x):
                if r.status_code != 200:
                    r.json()
                if r.status_code == 200:
                    r.json()
                else:
                    r.json()
                if r.ok and x:
                    r.json()
                else:
                    r.json()
                if x or not r.ok:
                    r.json()
                if not r.ok:
                    for i in range(3):
                        log(
                            r.json())
                if other.status_code != 200:
                    r.json()
                if r.status_code not in (200, 201): r.json()
                r.json()
            def b(r):
                if r.status_code >= 400:
                    def inner():
                        return r.json()
                    return r.json()
            def c(r):
                if not r.ok:
                    print("failed")
                print("done")
            """)
        try tree.write("functions/package.json", #"{"dependencies": {"express": "^4.0.0"}}"#)
        try tree.write(
            "functions/answers.js",
            """
            async function a(r, x) {
              if (!r.ok) {
                console.log(await r.json());
              }
              if (r.status !== 200) console.log(await r.json());
              if (!r.ok) return;
              console.log(await r.json());
              if (r.status === 200) {
                r.json();
              } else {
                r.json();
              }
              if (r.ok) {
              } else if (x) {
                r.json();
              }
              const f = () => { if (!r.ok) { return r.json(); } };
              if (!r.ok) return r.json();
              if (!r.ok) return
              r.json();
            }
            """)
        let catalog = try RuleCatalog.load(extraDirectories: [rules])
        var options = LintOptions(scan: ScanOptions(paths: [tree.root]), catalog: catalog, currentDirectory: tree.root)
        options.selectedRules = ["failed-read"]
        let findings = try Linter.run(options).findings
        XCTAssertEqual(findings.filter { $0.path.hasSuffix(".py") }.map(\.line), [3, 7, 17, 20, 26, 29])
        XCTAssertEqual(findings.filter { $0.path.hasSuffix(".js") }.map(\.line), [3, 5, 11, 17, 18])
    }

    /// A Python environment read with a default is that default wherever the variable is unset:
    /// `os.getenv("K", "…")` and `os.environ.get("K", "…")` come from the literal; the name of the
    /// variable, or a read without a default, does not.
    func testComesFromTheDefaultOfAnEnvironmentRead() throws {
        let rules = try TeamRuleFixture.directory([
            "posted.yaml": TeamRuleFixture.rule(
                id: "posted-to-apple",
                match: """
                    language: python
                    applies-to: servers
                    patterns: ["requests.post($U ...)"]
                    where:
                      - metavariable: U
                        comes-from: ['"https://appleid.apple.com/auth/token"']
                    """)
        ])
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("backend/requirements.txt", "flask\n")
        try tree.write(
            "backend/apple.py",
            """
            import os
            import requests

            FIRST = os.getenv("APPLE_TOKEN_URL", "https://appleid.apple.com/auth/token")
            SECOND = os.environ.get("APPLE_TOKEN_URL", "https://appleid.apple.com/auth/token")
            THIRD = os.getenv("https://appleid.apple.com/auth/token")
            FOURTH = os.environ["APPLE_TOKEN_URL"]

            def post(code):
                requests.post(FIRST, data={"code": code})
                requests.post(SECOND, data={"code": code})
                requests.post(THIRD, data={"code": code})
                requests.post(FOURTH, data={"code": code})
            """)
        let catalog = try RuleCatalog.load(extraDirectories: [rules])
        var options = LintOptions(scan: ScanOptions(paths: [tree.root]), catalog: catalog, currentDirectory: tree.root)
        options.selectedRules = ["posted-to-apple"]
        XCTAssertEqual(try Linter.run(options).findings.map(\.line), [10, 11])
    }
}
