import AuthLintCore
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import XCTest

/// Patterns written in Python and JavaScript, matched against code in those languages.
final class ServerPatternTests: XCTestCase {
    private func matches(_ pattern: String, in source: String, _ language: SourceLanguage) throws -> [String] {
        let code = CodeView(file: SourceFile(path: "f", language: language, text: source))
        return Matcher(code).matches(try Pattern(pattern, language: language)).map { match in
            let start = Int(code.tokens[match.range.lowerBound].start)
            let end = Int(code.tokens[match.range.upperBound - 1].end)
            return String(decoding: code.file.bytes[start..<end], as: UTF8.self)
        }
    }

    func testPythonPatternsMatchWhateverTheQuotesAndNotInComments() throws {
        let source = """
            claims = jwt.decode(token, options={'verify_signature': False})
            other = jwt.decode(token, options={"verify_signature": True})
            # jwt.decode(token, options={"verify_signature": False})
            text = "jwt.decode(token, options={'verify_signature': False})"
            """
        XCTAssertEqual(
            try matches(#"jwt.decode($T, options={"verify_signature": False})"#, in: source, .python),
            ["jwt.decode(token, options={'verify_signature': False})"])
        XCTAssertEqual(try matches("jwt.decode(...)", in: source, .python).count, 2)
    }

    func testJavaScriptPatternsMatchSingleDoubleAndTemplateQuotes() throws {
        let source = """
            const a = jwt.decode(req.body.identityToken)
            const keys = await fetch(`https://appleid.apple.com/auth/keys`)
            // const b = jwt.decode(token)
            """
        XCTAssertEqual(try matches("jwt.decode($T)", in: source, .javaScript), ["jwt.decode(req.body.identityToken)"])
        XCTAssertEqual(
            try matches(#"fetch("https://appleid.apple.com/auth/keys")"#, in: source, .javaScript),
            ["fetch(`https://appleid.apple.com/auth/keys`)"])
    }

    func testTheSameTextInTwoLanguagesIsTwoPatterns() throws {
        let python = try Pattern("jwt.decode($T)", language: .python)
        let javaScript = try Pattern("jwt.decode($T)", language: .javaScript)
        XCTAssertNotEqual(python.sourceHash, javaScript.sourceHash)
        XCTAssertEqual(try Pattern("jwt.decode($T)").sourceHash, CodeView.hash("jwt.decode($T)"))
    }
}

/// A rule of a team's own for its server, in Python and JavaScript, run over an app and its servers.
final class ServerRuleTests: XCTestCase {
    func testAServerRuleFindsItsPatternsInEachLanguageAndNowhereElse() throws {
        let rules = try TeamRuleFixture.directory([
            "unverified.yaml": TeamRuleFixture.rule(
                id: "unverified-token",
                match: """
                    language: any
                    applies-to: servers
                    patterns:
                      - pattern: 'jwt.decode($T, options={"verify_signature": False})'
                        language: python
                      - pattern: jwt.decode($T)
                        language: js
                        imports: [jsonwebtoken]
                    """)
        ])
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/Token.swift", "let claims = jwt.decode(token)\n")
        try tree.write("backend/requirements.txt", "fastapi\n")
        try tree.write(
            "backend/auth.py",
            """
            import jwt

            def claims(token):
                # jwt.decode(token, options={"verify_signature": False})
                return jwt.decode(token, options={'verify_signature': False})
            """)
        try tree.write("functions/package.json", #"{"dependencies": {"firebase-functions": "6"}}"#)
        try tree.write("functions/index.js", "const jwt = require('jsonwebtoken')\nconst c = jwt.decode(token)\n")
        try tree.write("functions/other.js", "const c = jwt.decode(token)\n")
        try tree.write("scripts/tool.py", "jwt.decode(token, options={'verify_signature': False})\n")
        let catalog = try RuleCatalog.load(extraDirectories: [rules])
        var options = LintOptions(scan: ScanOptions(paths: [tree.root]), catalog: catalog, currentDirectory: tree.root)
        options.selectedRules = ["unverified-token"]
        let report = try Linter.run(options)
        XCTAssertEqual(
            report.findings.map { "\($0.path):\($0.line)" }, ["backend/auth.py:5", "functions/index.js:2"])
    }

    func testAPythonCommentSilencesAFindingAsASwiftOneDoes() throws {
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("api/requirements.txt", "flask\n")
        try tree.write(
            "api/tokens.py",
            """
            import jwt

            def claims(token):
                # authlint:disable:next apple-token-not-verified -- the gateway verified it
                first = jwt.get_unverified_claims(token)
                return jwt.get_unverified_claims(token)  # authlint:disable:this apple-token-not-verified
            """)
        try tree.write(
            "api/other.py",
            "import jwt\nx = jwt.get_unverified_claims(t)  # authlint:ignore-line apple-token-not-verified\n")
        var options = LintOptions(
            scan: ScanOptions(paths: [tree.root]), catalog: try RuleCatalog.builtin(), currentDirectory: tree.root)
        options.selectedRules = [
            "apple-token-not-verified", "suppression-without-reason", "unknown-suppression-directive",
        ]
        let report = try Linter.run(options)
        XCTAssertEqual(
            report.findings.map { "\($0.path):\($0.line): \($0.rule)" },
            [
                "api/other.py:2: apple-token-not-verified", "api/other.py:2: unknown-suppression-directive",
                "api/tokens.py:6: suppression-without-reason",
            ])
    }

    func testConditionsOfARuleOfSeveralLanguagesGoOnEachEntry() {
        let match = """
            language: any
            patterns:
              - pattern: jwt.decode($T)
                language: js
            where:
              - absent: ["jwt.verify($T)"]
            """
        XCTAssertEqual(
            TeamRuleFixture.error(TeamRuleFixture.rule(match: match))?.message,
            "a rule of several languages puts its conditions on each pattern entry (a YAML anchor writes them once)")
    }

    func testAPatternOutsideItsRulesLanguageIsRefused() {
        XCTAssertEqual(
            TeamRuleFixture.error(
                TeamRuleFixture.rule(
                    match: "language: python\npatterns:\n  - pattern: jwt.decode($T)\n    language: js")
            )?.message,
            "a pattern in js in a rule whose language is python")
    }
}
