import AuthLintCore
import AuthLintModel
import AuthLintRules
import Testing

/// Every example of every built-in rule, one test per rule, so that a failure names its rule:
/// non-triggering examples give no finding, triggering ones give findings exactly at their `↓`
/// marks. Each triggering example is then mutated: commented out, wrapped in a string, or
/// prefixed with a line that holds an emoji. `authlint rules --rules DIR` runs the first check on
/// a team's rules.
@Suite struct RuleExampleTests {
    /// The built-in catalog, whose providers the rules run with.
    static let catalog = (try? RuleCatalog.builtin()) ?? RuleCatalog(rules: [])
    /// The rules' ids; ``RuleExamplesTests/testEveryRuleHasDocumentationAndExamples()`` fails
    /// when the catalog does not load.
    static let ids = catalog.rules.map(\.id)

    private func rule(_ id: String) throws -> RuleSpec {
        try #require(Self.catalog.rules.first { $0.id == id })
    }

    /// Triggering examples give one finding at each mark and none elsewhere, at their severity,
    /// with their message, and read as `fixed:` says after `--fix` (changing nothing else);
    /// non-triggering ones give none.
    @Test(arguments: ids)
    func examplesHoldAsWritten(_ id: String) throws {
        #expect(ExampleRunner.problems(try rule(id), catalog: Self.catalog) == [])
    }

    @Test(arguments: ids)
    func commentedOutOrQuotedExamplesFindNothing(_ id: String) throws {
        let rule = try rule(id)
        // Comments read the same in Swift and Objective-C; the raw string is Swift's alone.
        let mutations: [(name: String, objc: Bool, mutate: (String) -> String)] = [
            ("block comment", true, { "/*\n" + $0 + "\n*/\n" }),
            (
                "line comments", true,
                {
                    $0.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(
                        separator: "\n")
                }
            ),
            ("multi-line string", false, { "let quoted = #\"\"\"\n" + $0 + "\n\"\"\"#\n" }),
        ]
        let objcSuffixes = [".m", ".mm", ".h"]
        for (number, example) in rule.description.examples.triggering.enumerated() where example.mutations {
            let marked = MarkedExample(example)
            let hasObjC = marked.files.contains { file in objcSuffixes.contains { file.path.hasSuffix($0) } }
            for (name, objc, mutate) in mutations where objc || !hasObjC {
                let files = marked.files.map { file in
                    file.path.hasSuffix(".swift") || (objc && objcSuffixes.contains { file.path.hasSuffix($0) })
                        ? RuleDescription.ExampleFile(path: file.path, text: mutate(file.text)) : file
                }
                let found = ExampleRunner.findings(
                    rule, files, configuration: marked.configuration, catalog: Self.catalog)
                #expect(found.map(\.summary) == [], "triggering example \(number + 1) in a \(name)")
            }
        }
    }

    @Test(arguments: ids)
    func anEmojiLineAboveKeepsColumns(_ id: String) throws {
        let rule = try rule(id)
        for (number, example) in rule.description.examples.triggering.enumerated() where example.mutations {
            let marked = MarkedExample(example)
            let files = marked.files.map { file in
                file.path.hasSuffix(".swift")
                    ? RuleDescription.ExampleFile(path: file.path, text: "let greeting = \"👋🏽 Grüße\"\n" + file.text)
                    : file
            }
            let expected = Set(
                marked.marks.map { mark in
                    mark.path.hasSuffix(".swift")
                        ? ExamplePosition(path: mark.path, line: mark.line + 1, column: mark.column) : mark
                })
            let found = ExampleRunner.findings(rule, files, configuration: marked.configuration, catalog: Self.catalog)
            #expect(Set(found.map(\.position)) == expected, "triggering example \(number + 1) after an emoji line")
        }
    }
}
