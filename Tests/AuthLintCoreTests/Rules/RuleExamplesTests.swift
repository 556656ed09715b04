import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import XCTest

/// What holds of the built-in rules as a whole. Each rule's examples run as tests of their own,
/// in ``RuleExampleTests``.
final class RuleExamplesTests: XCTestCase {
    /// The built-in catalog, whose providers the rules run with.
    private static let catalog = (try? RuleCatalog.builtin()) ?? RuleCatalog(rules: [])

    func testEveryRuleHasDocumentationAndExamples() throws {
        let catalog = try RuleCatalog.builtin()
        XCTAssertFalse(catalog.rules.isEmpty)
        for rule in catalog.rules {
            let description = rule.description
            XCTAssertFalse(description.summary.isEmpty, rule.id)
            XCTAssertFalse(description.documentation.fix.isEmpty, rule.id)
            XCTAssertFalse(description.examples.triggering.isEmpty, "\(rule.id) has no triggering example")
            XCTAssertFalse(description.examples.nonTriggering.isEmpty, "\(rule.id) has no non-triggering example")
            XCTAssertEqual(rule.source, "rules/\(rule.id).yaml", "a rule file is named after its id")
        }
    }

    /// Other tools and configurations name these rules by id.
    func testTheRulesBeyondTheAppleButtonKeepTheirIds() throws {
        let catalog = try RuleCatalog.builtin()
        let expected: [String: Severity] = [
            "biometry-not-bound-to-keychain": .error, "missing-faceid-usage-description": .error,
            "keychain-accessible-always": .error,
            "fabricated-relay-email": .warning, "presentation-anchor-new-window": .warning,
        ]
        for (id, severity) in expected.sorted(by: { $0.key < $1.key }) {
            let rule = try XCTUnwrap(catalog.rules.first { $0.id == id }, id)
            XCTAssertEqual(rule.description.severity, severity, id)
            let example = try XCTUnwrap(rule.description.examples.triggering.first, id)
            let found = ExampleRunner.findings(
                rule, MarkedExample(example).files, configuration: example.configuration, catalog: Self.catalog)
            XCTAssertFalse(found.isEmpty, "\(id) finds its first example")
        }
    }

    func testTheRulesWithFixesShowThem() throws {
        let fixed = try RuleCatalog.builtin().rules.flatMap { $0.description.examples.triggering.compactMap(\.fixed) }
        XCTAssertGreaterThanOrEqual(fixed.count, 6)
    }
}
