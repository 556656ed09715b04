import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// A compact report for a pull-request comment or `$GITHUB_STEP_SUMMARY`: counts by severity,
/// then the findings grouped by rule (most severe rules first), each with a link to its line and
/// the rule's fix in one line. Messages are escaped so Markdown and HTML in them show as written.
public struct MarkdownReporter: Reporter {
    public var options: ReporterOptions

    public init(_ options: ReporterOptions = ReporterOptions()) {
        self.options = options
    }

    public func render(_ report: LintReport) -> String {
        var out = "## authlint: " + headline(report) + "\n\n"
        out += "| Severity | Findings |\n|---|---:|\n"
        let counts = report.countsBySeverity
        for severity in Severity.allCases.reversed() {
            out += "| \(severity.title) | \(counts[severity] ?? 0) |\n"
        }
        out += "\nFiles scanned: \(report.filesScanned)"
        if !report.diagnostics.isEmpty {
            out += " (\(report.diagnostics.count) could not be read: \(diagnostics(report)))"
        }
        out += "\n"
        if !report.generatedFiles.isEmpty {
            let count = report.generatedFiles.count
            out += "\n<details><summary>\(count) generated file\(count == 1 ? "" : "s") not linted</summary>\n\n"
            for file in report.generatedFiles {
                out += "- \(report.displayPath(file.path).markdownCode()): \(file.reason.markdownEscaped)\n"
            }
            out += "\n</details>\n"
        }
        for notice in report.notices {
            out += "\n> [!NOTE]\n> " + notice.markdownEscaped + "\n"
        }
        if !report.failingBaselineEntries.isEmpty {
            out += "\n### Baseline entries that no longer match\n\n"
            out += "`--strict-baseline` fails the run until the baseline is rewritten (`--write-baseline`).\n\n"
            for entry in report.failingBaselineEntries {
                out +=
                    "- \(report.displayPath(entry.path).markdownCode()) · \(entry.rule.markdownCode()): \(entry.message.markdownEscaped)\n"
            }
        }
        for group in RuleGroup.groups(report) {
            out += "\n" + section(group, report: report)
        }
        return out
    }

    private func headline(_ report: LintReport) -> String {
        let total = report.findings.count
        let files = "\(report.filesScanned) file\(report.filesScanned == 1 ? "" : "s")"
        return total == 0 ? "no findings in \(files)" : "\(total) finding\(total == 1 ? "" : "s") in \(files)"
    }

    private func diagnostics(_ report: LintReport) -> String {
        report.diagnostics.map { "\(report.displayPath($0.path).markdownCode()) (\($0.kind.rawValue))" }
            .joined(separator: ", ")
    }

    private func section(_ group: RuleGroup, report: LintReport) -> String {
        var out = "### \(group.id.markdownCode()) · \(group.severity.rawValue)"
        if let rule = group.rule {
            let reference = rule.guideline.label.markdownEscaped
            out += " · " + (rule.guideline.url?.safeWebURL.map { "[\(reference)](\($0))" } ?? reference)
            out += "\n\n" + rule.summary.trimmed.markdownEscaped
        }
        out += "\n\n"
        for finding in group.findings {
            out += "- " + link(finding.path, line: finding.line, report: report)
            if finding.severity != group.severity { out += " (\(finding.severity.rawValue))" }
            out += ": " + finding.message.markdownEscaped + "\n"
            for related in finding.related {
                out += "  - related: " + link(related.path, line: related.line, report: report) + ": "
                out += related.message.markdownEscaped + "\n"
            }
        }
        if let fix = group.rule?.documentation.fix.firstSentence, !fix.isEmpty {
            out += "\n**Fix:** " + fix.markdownEscaped + "\n"
        }
        return out
    }

    /// `[path:line](path#Lline)`, with the display path and a percent-encoded target (after
    /// `--link-base` when given).
    private func link(_ path: String, line: Int, report: LintReport) -> String {
        let display = report.displayPath(path)
        let target = (options.linkBase ?? "") + display.uriPathEncoded
        return "[\(display.markdownEscaped):\(line)](\(target)#L\(line))"
    }
}

extension Severity {
    /// "Error", "Warning", "Note".
    var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
