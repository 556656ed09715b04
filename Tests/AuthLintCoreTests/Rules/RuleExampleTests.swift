import AuthLintCore
import AuthLintModel
import AuthLintRules
import AuthLintSyntax
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
        for (number, example) in rule.description.examples.triggering.enumerated() where example.mutations {
            let marked = MarkedExample(example)
            for mutation in Mutation.allCases {
                // A mutation the language of one of the files has no form of is not tried.
                let mutated = marked.files.map { file in
                    mutation.apply(to: file.text, in: SourceLanguage(pathExtension: file.path.pathExtension))
                        .map { RuleDescription.ExampleFile(path: file.path, text: $0) }
                }
                guard mutated.allSatisfy({ $0 != nil }) else { continue }
                let found = ExampleRunner.findings(
                    rule, mutated.compactMap { $0 }, configuration: marked.configuration, catalog: Self.catalog)
                #expect(found.map(\.summary) == [], "triggering example \(number + 1) in a \(mutation)")
            }
        }
    }

    /// The ways of making an example's code inert: it stays in the file, as comments or as text.
    enum Mutation: String, CaseIterable, CustomStringConvertible {
        case blockComment = "block comment"
        case lineComments = "line comments"
        case multiLineString = "multi-line string"

        var description: String { rawValue }

        /// The text made inert, or nil when the language has no such form (Objective-C has no
        /// raw multi-line string, Python no block comment). A file in no language is kept.
        func apply(to text: String, in language: SourceLanguage?) -> String? {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            switch (self, language) {
            case (_, nil): return text
            case (.blockComment, .python): return nil
            case (.blockComment, _): return "/*\n" + text + "\n*/\n"
            case (.lineComments, .python): return lines.map { "# " + $0 }.joined(separator: "\n")
            case (.lineComments, _): return lines.map { "// " + $0 }.joined(separator: "\n")
            case (.multiLineString, .swift): return "let quoted = #\"\"\"\n" + text + "\n\"\"\"#\n"
            case (.multiLineString, .python): return "quoted = r\'\'\'\n" + text + "\n\'\'\'\n"
            case (.multiLineString, .javaScript): return "const quoted = String.raw`\n" + text + "\n`;\n"
            case (.multiLineString, .objectiveC): return nil
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

extension String {
    /// The extension of a path's last component, without the dot ("" when it has none).
    fileprivate var pathExtension: String {
        guard let dot = lastIndex(of: "."), !self[dot...].contains("/") else { return "" }
        return String(self[index(after: dot)...])
    }
}
