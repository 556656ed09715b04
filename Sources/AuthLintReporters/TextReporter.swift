import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules
import Foundation

/// Compiler-style text: `path:line:column: severity: message [rule-id]`, which Xcode, editors and
/// CI logs turn into links; on a terminal, the source line with a caret under the finding. A
/// finding `--fix` can fix is marked `[*]` right after the severity, as ruff marks it after its
/// code: `path:line:column: warning: [*] message [rule-id]`. The line still starts as compilers'
/// do and still ends with the rule id, for the tools that read either.
public struct TextReporter: Reporter {
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) {
        self.options = options
    }

    public func render(_ report: LintReport) -> String {
        var out = ""
        for finding in report.findings {
            let location = "\(report.displayPath(finding.path).terminalSafe()):\(finding.line):\(finding.column):"
            out += paint(location, .bold) + " " + paint("\(finding.severity.rawValue):", finding.severity.style)
            if finding.isFixable { out += " " + paint(Self.fixableMark, .cyan) }
            out += " " + finding.message.terminalSafe() + " " + paint("[\(finding.rule.terminalSafe())]", .dim) + "\n"
            if options.excerpts, let line = report.excerpts[finding.path]?[finding.line] {
                out += excerpt(line: line, finding: finding)
            }
            for related in finding.related {
                out +=
                    "    " + paint("related:", .dim)
                    + " \(report.displayPath(related.path).terminalSafe()):\(related.line):\(related.column): \(related.message.terminalSafe())\n"
            }
        }
        for entry in report.failingBaselineEntries {
            out +=
                paint("\(report.displayPath(entry.path).terminalSafe()):", .bold) + " " + paint("error:", .red)
                + " baseline entry no longer matches: \(entry.rule.terminalSafe()) (\(entry.message.terminalSafe()))"
                + " " + paint("[strict-baseline]", .dim) + "\n"
        }
        if options.quiet { return out }
        for diagnostic in report.diagnostics {
            out +=
                diagnostic.terminalLocation(in: report) + ": " + paint(diagnostic.readLabel + ":", .dim)
                + " \(diagnostic.message.terminalSafe()) (\(diagnostic.kind.rawValue))\n"
        }
        for notice in report.notices { out += paint("note:", .cyan) + " " + notice.terminalSafe() + "\n" }
        out += summary(report)
        return out
    }

    private func summary(_ report: LintReport) -> String {
        let counts = report.countsBySeverity
        let total = report.findings.count
        var text = total == 0 ? "No findings" : "\(total) finding\(total == 1 ? "" : "s")"
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            guard let count = counts[severity], count > 0 else { return nil }
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        if !parts.isEmpty { text += " (" + parts.joined(separator: ", ") + ")" }
        text += " in \(report.filesScanned) file\(report.filesScanned == 1 ? "" : "s")"
        let fixable = report.findings.filter(\.isFixable).count
        if fixable > 0 { text += "; \(fixable) fixable with --fix (marked \(Self.fixableMark))" }
        if !report.suppressed.isEmpty { text += "; \(report.suppressed.count) suppressed inline" }
        if report.baselineAccepted > 0 { text += "; \(report.baselineAccepted) in the baseline" }
        if report.outsideChanges > 0 { text += "; \(report.outsideChanges) outside the changes" }
        if report.baselineFixed > 0 {
            text +=
                "; \(report.baselineFixed) baseline entr\(report.baselineFixed == 1 ? "y" : "ies") fixed (rewrite the baseline to drop)"
        }
        if !report.diagnostics.isEmpty {
            text +=
                "; \(report.diagnostics.count) file problem\(report.diagnostics.count == 1 ? "" : "s") reported above"
        }
        if !report.generatedFiles.isEmpty {
            text +=
                "; \(report.generatedFiles.count) generated file\(report.generatedFiles.count == 1 ? "" : "s") not linted"
        }
        // When part of a project is reported, which project, and which configuration, answered.
        if report.namesRootAndConfiguration {
            let root =
                report.currentDirectory.map { ProjectPath.way(from: $0, to: report.root) }
                ?? (report.displayPrefix.isEmpty ? "." : String(report.displayPrefix.dropLast()))
            text += "; project root: \(root.terminalSafe())"
            text +=
                ", config: "
                + (report.configurationPaths.isEmpty
                    ? "none"
                    : report.configurationPaths.map { report.displayPath($0).terminalSafe() }.joined(separator: " + "))
        }
        if let elapsed = options.elapsed {
            text += " in " + String(format: elapsed < 10 ? "%.2fs" : "%.1fs", elapsed)
        }
        var out = "\n" + paint(text + ".", .bold) + "\n"
        for (rule, count) in report.countsByRule.sorted(by: { $0.key < $1.key }) {
            out += "  \(rule.terminalSafe()): \(count)\n"
        }
        let shown = report.generatedFiles.prefix(TextReporter.generatedFilesShown)
        for file in shown {
            out +=
                "  " + paint("generated:", .dim)
                + " \(report.displayPath(file.path).terminalSafe()) (\(file.reason.terminalSafe()))\n"
        }
        if report.generatedFiles.count > shown.count {
            out +=
                "  " + paint("generated:", .dim)
                + " and \(report.generatedFiles.count - shown.count) more (the JSON report lists every one)\n"
        }
        return out
    }

    /// How many generated files the summary names; the JSON report lists all.
    static let generatedFilesShown = 10

    /// What marks a finding `--fix` can fix, after its severity.
    static let fixableMark = "[*]"

    private func excerpt(line: String, finding: Finding) -> String {
        let units = Array(line.utf16)
        let start = max(0, min(finding.column - 1, units.count))
        var end = start + 1
        if finding.endLine == finding.line, let endColumn = finding.endColumn, endColumn > finding.column {
            end = min(endColumn, units.count + 1) - 1
        }
        // Control characters in the line are shown escaped, and the caret counts what is shown.
        // Tabs are kept so the caret lines up under tab-indented code.
        let before = String(decoding: units[0..<start], as: UTF16.self).terminalSafe(keeping: ["\t"])
        let marked = String(decoding: units[start..<min(max(end, start), units.count)], as: UTF16.self).terminalSafe(
            keeping: ["\t"])
        let padding = String(before.map { $0 == "\t" ? "\t" : " " })
        let marker = "^" + String(repeating: "~", count: max(0, marked.count - 1))
        return "    " + line.terminalSafe(keeping: ["\t"]) + "\n    " + padding + paint(marker, finding.severity.style)
            + "\n"
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "1;31"
        case yellow = "1;33"
        case cyan = "1;36"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        options.color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

extension Finding {
    /// `--fix` fixes it: its rule declares a fix that applies here and needs no hand.
    var isFixable: Bool { fix != nil && fix?.manual == nil }
}

extension Severity {
    var style: TextReporter.Style {
        switch self {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
    }
}
