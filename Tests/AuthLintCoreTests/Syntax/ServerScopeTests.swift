import AuthLintSyntax
import XCTest

/// The functions, types and closures of Python and JavaScript files.
final class ServerScopeTests: XCTestCase {
    private func scopes(_ text: String, _ language: SourceLanguage) -> (code: CodeView, described: [String]) {
        let code = CodeView(file: SourceFile(path: "f", language: language, text: text))
        let described = code.scopes.dropFirst().map { scope in
            "\(scope.kind.rawValue) \(scope.name ?? "-")(\(scope.parameters.map(\.name).joined(separator: ", ")))"
        }
        return (code, described)
    }

    /// The name of the scope around the first code token with this text.
    private func scopeName(of text: String, in code: CodeView) -> String {
        let index = code.tokens.indices.first { code.file.text(of: code.tokens[$0]) == text }!
        let scope = code.scopes[Int(code.scopeOfToken[index])]
        return scope.kind == .file ? "file" : scope.name ?? scope.kind.rawValue
    }

    func testPythonScopesFollowIndentation() {
        let (code, described) = scopes(
            """
            import jwt

            class Verifier:
                def __init__(self, client):
                    self.client = client

                @staticmethod
                def verify(token: str, *args, audience=None, **kwargs) -> dict:
                    claims = jwt.decode(
                        token,
                key)
                    options = {"verify_aud": False}
                    return claims

            def one(): return first
            after = 2
            """, .python)
        XCTAssertEqual(
            described,
            [
                "type Verifier()", "function __init__(self, client)",
                "function verify(token, args, audience, kwargs)", "function one()",
            ])
        XCTAssertEqual(scopeName(of: "key", in: code), "verify")
        XCTAssertEqual(scopeName(of: "options", in: code), "verify")
        XCTAssertEqual(scopeName(of: "first", in: code), "one")
        XCTAssertEqual(scopeName(of: "after", in: code), "file")
        XCTAssertEqual(scopeName(of: "@staticmethod", in: code), "Verifier")
    }

    func testJavaScriptScopesAreFunctionsClassesAndArrowsNotBlocksOrObjects() {
        let (code, described) = scopes(
            """
            const jwt = require('jsonwebtoken')
            class AuthService {
              async verify(token, { audience } = {}) {
                if (!token) { return null }
                const options = { algorithms: ['RS256'] }
                return jwt.verify(token, key, options)
              }
            }
            function handler(req, res): Promise<void> {
              items.forEach((item) => { log(item) })
              app.post('/x', async function (req2) { return inner })
              const single = value => { return value }
            }
            """, .javaScript)
        XCTAssertEqual(
            described,
            [
                "type AuthService()", "function verify(token)", "function handler(req, res)", "closure -(item)",
                "closure -(req2)", "closure -(value)",
            ])
        XCTAssertEqual(scopeName(of: "options", in: code), "verify")
        XCTAssertEqual(scopeName(of: "inner", in: code), "closure")
        XCTAssertEqual(scopeName(of: "single", in: code), "handler")
    }
}
