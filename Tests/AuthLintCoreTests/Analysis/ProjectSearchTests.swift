import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

/// Project-wide searches (`project-has:`, `project-lacks:`, a provider's sign-in) are answered
/// once per target before the rules run.
final class ProjectSearchTests: XCTestCase {
    private let minimalMatch = """
        patterns:
          - "legacyLogin($...ARG)"
        """

    /// Several rules ask whether a target uses Sign in with Apple: their searches are written
    /// alike, so they share a signature and are answered once. Searches written otherwise, or
    /// with other filters, do not share one.
    func testSearchesWrittenAlikeShareASignature() throws {
        let searches = try RuleCatalog.builtin().rules.flatMap(\.projectSearches)
        let bySignature = Dictionary(grouping: searches.filter { $0.signature != nil }, by: { $0.signature! })
        XCTAssertTrue(
            bySignature.values.contains { Set($0.map(ObjectIdentifier.init)).count >= 3 },
            "one search asked by three rules or more")
        for alike in bySignature.values {
            XCTAssertEqual(Set(alike.map { $0.clauses.map(\.pattern.source) }).count, 1)
            XCTAssertEqual(
                Set(alike.map { [$0.imports.joined(separator: ","), $0.language.rawValue, "\($0.reachable)"] }).count, 1
            )
        }
        let has = { (condition: String) in
            try TeamRuleFixture.load(
                TeamRuleFixture.rule(match: self.minimalMatch + "\nwhere:\n  - project-has: " + condition)
            ).projectSearches
        }
        let plain = try has("[\"Keychain.save($..._)\"]")
        XCTAssertEqual(plain.count, 1)
        XCTAssertNotNil(plain.first?.signature)
        XCTAssertEqual(try has("[\"Keychain.save($..._)\"]").map(\.signature), plain.map(\.signature))
        XCTAssertNotEqual(
            try has("[\"Keychain.save($..._)\"]\n    imports: [Security]").map(\.signature), plain.map(\.signature))
        XCTAssertNotEqual(try has("[\"Keychain.store($..._)\"]").map(\.signature), plain.map(\.signature))
        XCTAssertNil(ProjectSearch(clauses: []).signature, "a search made in code is its own")
    }
}
