import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// A page per rule, in Markdown: `docs/rules/ID.md` for every built-in rule, with an index,
/// written by `authlint rules --write-pages DIR` and linked from SARIF's `helpUri` and the HTML
/// report.
extension RuleDocumentation {
    /// Where the built-in rules' pages are published: the repository's `docs/rules/`.
    public static let publishedPagesBase = "https://github.com/authlint/authlint/blob/main/docs/rules/"

    /// The first line of every page written: what made it, and how to change it.
    public static let pageMarker =
        "<!-- Written by `authlint rules --write-pages` from the rule's YAML: edit that, then write the pages again. -->"

    /// The published page of each built-in rule of `catalog`, by id; a team's own rules have none.
    public static func publishedPages(_ catalog: RuleCatalog) -> [String: String] {
        Dictionary(uniqueKeysWithValues: catalog.builtinRuleIDs.map { ($0, publishedPagesBase + $0 + ".md") })
    }

    /// A rule's page: what it flags, why, how to fix it, the guideline it rests on, and every
    /// example as the tests run it.
    public static func page(_ rule: RuleDescription) -> String {
        var out = pageMarker + "\n\n# `\(rule.id)`: \(rule.name.trimmed)\n\n"
        let reference =
            rule.guideline.url?.safeWebURL.map { "[\(rule.guideline.label)](\($0))" } ?? rule.guideline.label
        out += "| Severity | Rests on | Precision |" + (rule.aliases.isEmpty ? "" : " Also known as |") + "\n"
        out += "|---|---|---|" + (rule.aliases.isEmpty ? "" : "---|") + "\n"
        out += "| \(rule.severity.rawValue) | \(reference) | \(rule.precision) |"
        out += rule.aliases.isEmpty ? "\n" : " " + rule.aliases.map { "`\($0)`" }.joined(separator: ", ") + " |\n"
        out += "\n" + rule.summary.trimmed + "\n\n"
        out += "> **\(rule.guideline.label).** " + quoted(rule.guideline.quote) + "\n"
        out += "\n## What it flags\n\n" + rule.documentation.flags.trimmed + "\n"
        out += "\n## Why it matters\n\n" + rule.documentation.why.trimmed + "\n"
        out += "\n## How to fix it\n\n" + rule.documentation.fix.trimmed + "\n"
        if let snippet = rule.documentation.snippet?.trimmed {
            out += "\n" + codeBlock(snippet, in: rule.languages[0]) + "\n"
        }
        if !rule.autofix.isEmpty {
            out += "\n`authlint lint --fix` does it where it can: it " + rule.autofix.joined(separator: "; ") + ".\n"
        }
        out += "\n## Turning it off\n\n"
        out += "For the whole project, in `.authlint.yml`:\n\n"
        out += codeBlock("# .authlint.yml\nrules:\n  \(rule.id): off  # or note, warning, error") + "\n\n"
        let directive = "authlint:disable:next \(rule.id) -- the reason"
        if rule.languages.allSatisfy({ $0 == .swift || $0 == .objectiveC }) {
            out += "For one finding in Swift code, on the line above it, with the reason the next reader needs:\n\n"
            out += codeBlock("// " + directive) + "\n"
        } else {
            out += "For one finding, on the line above it, with the reason the next reader needs:\n"
            for language in rule.languages {
                let name =
                    language == .javaScript ? "JavaScript and TypeScript" : language == .python ? "Python" : "Swift"
                out +=
                    "\nIn \(name):\n\n" + codeBlock((language == .python ? "# " : "// ") + directive, in: language)
                    + "\n"
            }
        }
        out += examples("Triggering examples", "Each `↓` marks where a finding is reported.", rule.examples.triggering)
        out += examples("Non-triggering examples", nil, rule.examples.nonTriggering)
        return out
    }

    /// The index of the pages: one line per rule, linking its page.
    public static func pagesIndex(_ rules: [RuleDescription]) -> String {
        var out = pageMarker + "\n\n# Rules\n\n"
        out += "`authlint rules ID` prints the same page in a terminal.\n\n"
        out += "| Rule | Severity | Rests on | What it flags |\n|---|---|---|---|\n"
        for rule in rules.sorted(by: { $0.id < $1.id }) {
            // One table cell: on one line, a `|` in it escaped.
            let summary = rule.summary.trimmed.replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "|", with: "\\|")
            out +=
                "| [`\(rule.id)`](\(rule.id).md) | \(rule.severity.rawValue) | \(rule.guideline.label) | \(summary) |\n"
        }
        return out
    }

    /// `text` as a Markdown block quote's lines.
    private static func quoted(_ text: String) -> String {
        "\"" + text.trimmed.replacingOccurrences(of: "\n", with: "\n> ") + "\""
    }

    private static func examples(_ title: String, _ lead: String?, _ examples: [RuleDescription.Example]) -> String {
        guard !examples.isEmpty else { return "" }
        var out = "\n## \(title)\n"
        if let lead { out += "\n" + lead + "\n" }
        for (number, example) in examples.enumerated() {
            out += "\n### \(number + 1)\n"
            if let configuration = example.configuration?.trimmed {
                out += "\nWith this configuration:\n\n" + fenced(configuration, language: "yaml") + "\n"
            }
            for file in example.files { out += "\n" + exampleFile(file) }
            for file in example.fixed ?? [] { out += "\nAfter `authlint lint --fix`:\n\n" + exampleFile(file) }
        }
        return out
    }

    /// An example's file under its path (unless it is the one `Example.swift` of most examples).
    private static func exampleFile(_ file: RuleDescription.ExampleFile) -> String {
        let heading = file.path == "Example.swift" ? "" : "`\(file.path)`:\n\n"
        return heading + fenced(file.text.trimmed, language: language(of: file.path)) + "\n"
    }

    /// The fence language of a file, by its name.
    static func language(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".swift") { return "swift" }
        if name.hasSuffix(".py") { return "python" }
        if [".js", ".mjs", ".cjs", ".jsx"].contains(where: name.hasSuffix) { return "javascript" }
        if [".ts", ".mts", ".cts", ".tsx"].contains(where: name.hasSuffix) { return "typescript" }
        if name.hasSuffix(".toml") || name == "Pipfile" { return "toml" }
        if name.hasSuffix(".m") || name.hasSuffix(".h") || name.hasSuffix(".mm") { return "objectivec" }
        if name.hasSuffix(".yml") || name.hasSuffix(".yaml") { return "yaml" }
        if name.hasSuffix(".json") || name.hasSuffix(".resolved") { return "json" }
        if name.hasSuffix(".plist") || name.hasSuffix(".entitlements") || name.hasSuffix(".xcprivacy")
            || name.hasSuffix(".storyboard") || name.hasSuffix(".xib")
        {
            return "xml"
        }
        if name == "Podfile" || name == "Podfile.lock" || name == "Cartfile" { return "ruby" }
        return ""
    }
}
