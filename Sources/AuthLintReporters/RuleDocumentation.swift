import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// How `authlint rules` shows rules: a table, one rule's full documentation, or JSON.
public enum RuleDocumentation {
    /// One line per rule: id, severity, guideline, summary.
    public static func table(_ rules: [RuleDescription], settings: [String: String] = [:], width: Int = 100) -> String {
        let idWidth = max(4, rules.map(\.id.count).max() ?? 4)
        let severityWidth = 8
        let aboutWidth = max(30, width - idWidth - severityWidth - 4)
        let indent = String(repeating: " ", count: idWidth + severityWidth + 4)
        var out =
            "RULE".padding(toLength: idWidth + 2, withPad: " ", startingAt: 0)
            + "SEVERITY".padding(toLength: severityWidth + 2, withPad: " ", startingAt: 0) + "ABOUT\n"
        for rule in rules {
            out += rule.id.padding(toLength: idWidth + 2, withPad: " ", startingAt: 0)
            out += (settings[rule.id] ?? rule.severity.rawValue).padding(
                toLength: severityWidth + 2, withPad: " ", startingAt: 0)
            out += wrap(rule.summary, width: aboutWidth).joined(separator: "\n" + indent) + "\n"
        }
        out += "\n\(rules.count) rules, severities as the configuration sets them. `authlint rules ID` explains one.\n"
        return out
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stays whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }

    /// A rule's documentation and examples, as a reader wants them in a terminal. `setting`:
    /// what the configuration in effect makes of the rule (`off` or a severity), shown with the
    /// rule's own severity when it differs.
    public static func text(_ rule: RuleDescription, setting: String? = nil) -> String {
        var out = "\(rule.id): \(rule.name)\n"
        let severity =
            setting.map { $0 == rule.severity.rawValue ? $0 : "\($0) (configured; default \(rule.severity.rawValue))" }
            ?? rule.severity.rawValue
        out += "Severity: \(severity)    Rests on: \(rule.guideline.reference)"
        if !rule.aliases.isEmpty { out += "    Also known as: \(rule.aliases.joined(separator: ", "))" }
        // Prose wraps at 100 columns; code and examples stay as written.
        let paragraph = { (text: String) in wrap(text.trimmed, width: 100).joined(separator: "\n") }
        out += "\n\n\(paragraph(rule.summary))\n\n"
        out += paragraph("\(rule.guideline.reference): \"\(rule.guideline.quote.trimmed)\"") + "\n"
        if let url = rule.guideline.url { out += url + "\n" }
        out += "\nWhat it flags\n" + paragraph(rule.documentation.flags) + "\n"
        out += "\nWhy it matters\n" + paragraph(rule.documentation.why) + "\n"
        out += "\nHow to fix it\n" + paragraph(rule.documentation.fix) + "\n"
        if let snippet = rule.documentation.snippet {
            out += "\n" + indent(snippet.trimmed) + "\n"
        }
        if !rule.autofix.isEmpty {
            out +=
                "\n"
                + paragraph(
                    "`authlint lint --fix` does it where it can: it " + rule.autofix.joined(separator: "; ") + ".")
                + "\n"
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
        return data.map { String(decoding: $0, as: UTF8.self).jsonControlsEscaped + "\n" } ?? "[]\n"
    }

    /// What a rule flags, why it matters, how to fix it and what it rests on, as plain text
    /// (SARIF's `help.text`).
    public static func helpText(_ rule: RuleDescription) -> String {
        var out = "What it flags: " + rule.documentation.flags.trimmed + "\n\n"
        out += "Why it matters: " + rule.documentation.why.trimmed + "\n\n"
        out += "How to fix it: " + rule.documentation.fix.trimmed + "\n"
        if let snippet = rule.documentation.snippet {
            out += "\n" + indent(snippet.trimmed) + "\n"
        }
        out += "\n\(rule.guideline.label): \"\(rule.guideline.quote.trimmed)\"\n"
        if let url = rule.guideline.url { out += url + "\n" }
        return out
    }

    /// The same as ``helpText(_:)`` in GitHub-flavoured Markdown (SARIF's `help.markdown`).
    public static func helpMarkdown(_ rule: RuleDescription) -> String {
        var out = "**What it flags.** " + rule.documentation.flags.trimmed + "\n\n"
        out += "**Why it matters.** " + rule.documentation.why.trimmed + "\n\n"
        out += "**How to fix it.** " + rule.documentation.fix.trimmed + "\n"
        if let snippet = rule.documentation.snippet?.trimmed {
            out += "\n" + codeBlock(snippet, in: rule.languages[0]) + "\n"
        }
        let reference =
            rule.guideline.url?.safeWebURL.map { "[\(rule.guideline.label)](\($0))" } ?? rule.guideline.label
        out +=
            "\n**\(reference)**\n\n> " + rule.guideline.quote.trimmed.replacingOccurrences(of: "\n", with: "\n> ")
            + "\n"
        return out
    }

    /// A fenced block in the snippet's language: `language` (Swift unless the rule's patterns
    /// are in another), or YAML for a configuration file.
    static func codeBlock(_ snippet: String, in language: SourceLanguage = .swift) -> String {
        let firstLine = snippet.prefix { $0 != "\n" }
        let isConfiguration =
            firstLine.hasPrefix("# ") && (firstLine.hasSuffix(".yml") || firstLine.hasSuffix(".yaml"))
        return fenced(snippet, language: isConfiguration ? "yaml" : fence(of: language))
    }

    /// The Markdown fence name of a language.
    static func fence(of language: SourceLanguage) -> String {
        switch language {
        case .swift: "swift"
        case .objectiveC: "objectivec"
        case .python: "python"
        case .javaScript: "javascript"
        }
    }

    /// `text` in a fence no line of it can close.
    static func fenced(_ text: String, language: String) -> String {
        var fence = "```"
        while text.contains(fence) { fence += "`" }
        return fence + language + "\n" + text + "\n" + fence
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
            for file in example.fixed ?? [] {
                out += "    // after --fix: \(file.path)\n" + indent(file.text.trimmed) + "\n"
            }
        }
        return out
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }
}

extension RuleDescription.Guideline {
    /// Whether the reference is an App Review Guideline number ("4.8", "5.1.1(v)") rather than
    /// the name of a document.
    var isReviewGuideline: Bool {
        reference.wholeMatch(of: /[0-9]+(\.[0-9]+)*(\([a-z]+\))?/) != nil
    }

    /// "Guideline 4.8" for a guideline number, the document's name otherwise.
    var label: String { isReviewGuideline ? "Guideline \(reference)" : reference }
}
