import AuthLintModel
import AuthLintSyntax
import AuthLintProject
import AuthLintRules
import AuthLintIndex
import AuthLintAnalysis
import AuthLintCore
import AuthLintReporters
import XCTest

/// Runs every example of every built-in rule: non-triggering examples give no finding,
/// triggering ones give findings exactly at their `↓` marks. Each triggering example is then
/// mutated: commented out, wrapped in a string, or prefixed with a line that holds an emoji.
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
            "biometry-not-bound-to-keychain": .error, "missing-faceid-usage-description": .error, "keychain-accessible-always": .error,
            "fabricated-relay-email": .warning, "presentation-anchor-new-window": .warning,
        ]
        for (id, severity) in expected.sorted(by: { $0.key < $1.key }) {
            let rule = try XCTUnwrap(catalog.rules.first { $0.id == id }, id)
            XCTAssertEqual(rule.description.severity, severity, id)
            let example = try XCTUnwrap(rule.description.examples.triggering.first, id)
            let found = ExampleRunner.findings(rule, MarkedExample(example).files, configuration: example.configuration, catalog: Self.catalog)
            XCTAssertFalse(found.isEmpty, "\(id) finds its first example")
        }
    }

    /// Triggering examples give one finding at each mark and none elsewhere, at their severity,
    /// with their message, and read as `fixed:` says after `--fix` (changing nothing else);
    /// non-triggering ones give none. `authlint rules --rules DIR` runs the same check.
    func testEveryExampleHoldsAsWritten() throws {
        for rule in try RuleCatalog.builtin().rules {
            XCTAssertEqual(ExampleRunner.problems(rule, catalog: Self.catalog), [], rule.id)
        }
    }

    func testTheRulesWithFixesShowThem() throws {
        let fixed = try RuleCatalog.builtin().rules.flatMap { $0.description.examples.triggering.compactMap(\.fixed) }
        XCTAssertGreaterThanOrEqual(fixed.count, 6)
    }

    func testCommentedOutOrQuotedExamplesFindNothing() throws {
        // Comments read the same in Swift and Objective-C; the raw string is Swift's alone.
        let mutations: [(name: String, objc: Bool, mutate: (String) -> String)] = [
            ("block comment", true, { "/*\n" + $0 + "\n*/\n" }),
            ("line comments", true, { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n") }),
            ("multi-line string", false, { "let quoted = #\"\"\"\n" + $0 + "\n\"\"\"#\n" }),
        ]
        let objcSuffixes = [".m", ".mm", ".h"]
        for rule in try RuleCatalog.builtin().rules {
            for (number, example) in rule.description.examples.triggering.enumerated() where example.mutations {
                let marked = MarkedExample(example)
                let hasObjC = marked.files.contains { file in objcSuffixes.contains { file.path.hasSuffix($0) } }
                for (name, objc, mutate) in mutations where objc || !hasObjC {
                    let files = marked.files.map { file in
                        file.path.hasSuffix(".swift") || (objc && objcSuffixes.contains { file.path.hasSuffix($0) })
                            ? RuleDescription.ExampleFile(path: file.path, text: mutate(file.text)) : file
                    }
                    let found = ExampleRunner.findings(rule, files, configuration: marked.configuration, catalog: Self.catalog)
                    XCTAssertEqual(found.map(\.summary), [], "\(rule.id) triggering example \(number + 1) in a \(name)")
                }
            }
        }
    }

    func testAnEmojiLineAboveKeepsColumns() throws {
        for rule in try RuleCatalog.builtin().rules {
            for (number, example) in rule.description.examples.triggering.enumerated() where example.mutations {
                let marked = MarkedExample(example)
                let files = marked.files.map { file in
                    file.path.hasSuffix(".swift")
                        ? RuleDescription.ExampleFile(path: file.path, text: "let greeting = \"👋🏽 Grüße\"\n" + file.text) : file
                }
                let expected = Set(marked.marks.map { mark in
                    mark.path.hasSuffix(".swift") ? ExamplePosition(path: mark.path, line: mark.line + 1, column: mark.column) : mark
                })
                let found = ExampleRunner.findings(rule, files, configuration: marked.configuration, catalog: Self.catalog)
                XCTAssertEqual(Set(found.map(\.position)), expected, "\(rule.id) triggering example \(number + 1) after an emoji line")
            }
        }
    }
}
