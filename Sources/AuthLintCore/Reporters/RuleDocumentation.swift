import Foundation

/// How `authlint rules` shows rules: a table, one rule's full documentation, or JSON.
public enum RuleDocumentation {
    /// One line per rule: id, severity, guideline, summary.
    public static func table(_ rules: [RuleDescription]) -> String {
        let idWidth = rules.map(\.id.count).max() ?? 2
        let guidelineWidth = rules.map(\.guideline.reference.count).max() ?? 9
        var out = ""
        for rule in rules {
            out += rule.id.padding(toLength: idWidth + 2, withPad: " ", startingAt: 0)
            out += rule.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
            out += rule.guideline.reference.padding(toLength: guidelineWidth + 2, withPad: " ", startingAt: 0)
            out += rule.summary + "\n"
        }
        out += "\n\(rules.count) rules. `authlint rules ID` explains one.\n"
        return out
    }

    /// A rule's documentation and examples, as a reader wants them in a terminal.
    public static func text(_ rule: RuleDescription) -> String {
        var out = "\(rule.id): \(rule.name)\n"
        out += "Severity: \(rule.severity.rawValue)    Guideline: \(rule.guideline.reference)"
        if !rule.aliases.isEmpty { out += "    Also known as: \(rule.aliases.joined(separator: ", "))" }
        out += "\n\n\(rule.summary)\n\n"
        out += "Guideline \(rule.guideline.reference): \"\(rule.guideline.quote.trimmed)\"\n"
        if let url = rule.guideline.url { out += url + "\n" }
        out += "\nWhat it flags\n" + rule.documentation.flags.trimmed + "\n"
        out += "\nWhy it matters\n" + rule.documentation.why.trimmed + "\n"
        out += "\nHow to fix it\n" + rule.documentation.fix.trimmed + "\n"
        if let snippet = rule.documentation.snippet {
            out += "\n" + indent(snippet.trimmed) + "\n"
        }
        out += examples("Triggering examples (↓ marks each finding)", rule.examples.triggering)
        out += examples("Non-triggering examples", rule.examples.nonTriggering)
        return out
    }

    /// JSON: a list of rules, or one rule.
    public static func json(_ rules: [RuleDescription], single: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = single ? try? encoder.encode(rules.first) : try? encoder.encode(rules)
        return data.map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "[]\n"
    }

    private static func examples(_ title: String, _ examples: [RuleDescription.Example]) -> String {
        guard !examples.isEmpty else { return "" }
        var out = "\n\(title)\n"
        for (number, example) in examples.enumerated() {
            out += "\n  \(number + 1).\n"
            for file in example.files {
                if example.files.count > 1 || file.path != "Example.swift" { out += "    // \(file.path)\n" }
                out += indent(file.text.trimmed) + "\n"
            }
        }
        return out
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
