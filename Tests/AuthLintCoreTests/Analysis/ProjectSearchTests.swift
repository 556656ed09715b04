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

    /// A fact is asked only at a match of the rule that asks it: where no file has the names the
    /// rule's patterns need, its searches are not answered, and spend no file's budget.
    func testTheSearchesOfARuleNoFileCanMatchAreNotAnswered() throws {
        // Each name bound to $X sends the second gap across the rest of the call: the search
        // runs out of the small budget below in Slow.swift whenever it is answered.
        let rule = TeamRuleFixture.rule(
            match: minimalMatch + """

                where:
                  - project-has: ["start(... $X ... $X ... end)"]
                """)
        let names = (0..<1_000).map { "n\($0)" }.joined(separator: " ")
        let tree = try ScanFixture()
        try tree.mkdir(".git")
        try tree.write("App/Slow.swift", "func c() { start(\(names)) }\nfunc d() { end() }\n")
        try tree.write("App/Other.swift", "func login(token: String) { send(token) }\n")
        var options = LintOptions(
            scan: ScanOptions(paths: [tree.root]), catalog: try TeamRuleFixture.catalog([["team.yaml": rule]]),
            currentDirectory: tree.root)
        options.stepAllowance = StepBudget.Allowance(base: 100_000, perByte: 2)
        let stopped = { try Linter.run(options).diagnostics.filter { $0.kind == .tooComplex }.map(\.path) }
        XCTAssertEqual(try stopped(), [], "no file calls legacyLogin: the search is never asked")

        try tree.write("App/Other.swift", "func login(token: String) { legacyLogin(token) }\n")
        XCTAssertEqual(try stopped(), ["App/Slow.swift"], "a call of legacyLogin asks it")
    }
}
