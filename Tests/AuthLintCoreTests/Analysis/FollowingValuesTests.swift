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

/// What the examples cannot say: the related places a finding through a helper or a network
/// logger points at, the placeholders a helper's call fills, and the rule language's refusals.
final class FollowingValuesTests: XCTestCase {
    func testAHelperCallNamesTheKeyAndPointsAtTheHelpersWrite() throws {
        let report = try lintTree([
            "Storage.swift": """
            import Foundation

            enum DefaultsKey: String { case accessToken }

            struct Store {
                static func set(_ value: String, forKey key: DefaultsKey) {
                    UserDefaults.standard.set(value, forKey: key.rawValue)
                }
            }
            """,
            "Login.swift":
                "func signedIn(accessToken: String) {\n    Store.set(accessToken, forKey: .accessToken)\n}\n",
        ])
        let found = report.findings.filter { $0.rule == "token-in-userdefaults" }
        XCTAssertEqual(found.map { "\($0.path):\($0.line):\($0.column)" }, ["Login.swift:2:5"])
        XCTAssertTrue(found.first?.message.contains("under the key .accessToken;") == true, found.first?.message ?? "")
        XCTAssertEqual(
            found.first?.related.map { "\($0.path):\($0.line) \($0.message)" },
            ["Storage.swift:7 the helper writes what it is given to UserDefaults here"])
    }

    func testANetworkLoggerPointsAtTheHeaderThatCarriesTheToken() throws {
        let report = try lintTree([
            "Client.swift": """
            import Foundation

            func authorized(_ request: URLRequest, token: String) -> URLRequest {
                var request = request
                request.setValue("Bearer \\(token)", forHTTPHeaderField: "Authorization")
                return request
            }
            """,
            "Logger.swift": "func trace(_ request: URLRequest) {\n    print(request.allHTTPHeaderFields ?? [:])\n}\n",
        ])
        let found = report.findings.filter { $0.rule == "token-logged" }
        XCTAssertEqual(found.map { "\($0.path):\($0.line)" }, ["Logger.swift:2"])
        XCTAssertEqual(
            found.first?.related.map { "\($0.path):\($0.line) \($0.message)" },
            ["Client.swift:5 the app sends a token in this request header"])
    }

    func testThroughHelpersAndPatternMessagesNameOnlyWhatIsBound() throws {
        func loads(_ match: String) throws {
            _ = try RuleLoader(kinds: .builtIn).load(text: TeamRuleFixture.rule(match: match), path: "team-rule.yaml")
        }
        XCTAssertThrowsError(try loads("patterns: [\"print($X)\"]\nthrough-helpers: {metavariable: Y, related: here}"))
        { error in
            XCTAssertTrue("\(error)".contains("metavariable `Y` is bound by no pattern"), "\(error)")
        }
        XCTAssertThrowsError(try loads("patterns:\n  - pattern: \"print($X)\"\n    message: \"{Z} is logged\"")) {
            error in
            XCTAssertTrue("\(error)".contains("message uses `{Z}`, which this pattern does not bind"), "\(error)")
        }
        XCTAssertNoThrow(
            try loads("patterns: [\"print($X)\"]\nthrough-helpers: {metavariable: X, related: the helper logs it here}")
        )
    }
}
