import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// GitHub Actions workflow commands: one `::error`, `::warning` or `::notice` line per finding,
/// which the runner turns into an annotation on the file and line. Files that could not be read
/// and configuration notices are plain log lines, so they do not use up annotations.
public struct GitHubActionsReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var out = ""
        for finding in report.findings {
            var properties = [
                ("file", report.displayPath(finding.path)), ("line", "\(finding.line)"), ("col", "\(finding.column)"),
            ]
            if let endLine = finding.endLine { properties.append(("endLine", "\(endLine)")) }
            if let endColumn = finding.endColumn { properties.append(("endColumn", "\(endColumn)")) }
            properties.append(("title", finding.rule))
            // Control characters are shown escaped, but for line breaks, which the annotation keeps;
            // each related place is a line of it.
            var message = finding.message.terminalSafe(keeping: ["\n", "\r"])
            for related in finding.related {
                message +=
                    "\nrelated: \(report.displayPath(related.path).terminalSafe()):\(related.line):\(related.column): "
                    + related.message.terminalSafe(keeping: ["\n", "\r"])
            }
            out += "::\(finding.severity.command) "
            out += properties.map { $0.0 + "=" + Self.escapeProperty($0.1) }.joined(separator: ",")
            out += "::" + Self.escapeData(message) + "\n"
        }
        for entry in report.failingBaselineEntries {
            out +=
                "::error file=\(Self.escapeProperty(report.displayPath(entry.path))),title=strict-baseline::"
                + Self.escapeData(entry.staleDescription.terminalSafe()) + "\n"
        }
        for diagnostic in report.diagnostics {
            let line = diagnostic.line.map { ":\($0)" } ?? ""
            // Plain log lines: every control character escaped, so no text from the tree can end
            // the line and start a workflow command of its own.
            out +=
                "authlint: skipped \(report.displayPath(diagnostic.path).terminalSafe())\(line): "
                + "\(diagnostic.message.terminalSafe()) (\(diagnostic.kind.rawValue))\n"
        }
        for notice in report.notices { out += "authlint: note: \(notice.terminalSafe())\n" }
        out += summary(report) + "\n"
        return out
    }

    private func summary(_ report: LintReport) -> String {
        let total = report.findings.count
        let files = "\(report.filesScanned) file\(report.filesScanned == 1 ? "" : "s")"
        guard total > 0 else { return "authlint: no findings in \(files)." }
        let counts = report.countsBySeverity
        let parts = Severity.allCases.reversed().map { severity -> String in
            let count = counts[severity] ?? 0
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        return "authlint: \(total) finding\(total == 1 ? "" : "s") (\(parts.joined(separator: ", "))) in \(files); "
            + "GitHub shows at most 10 annotations of each level per step — see the SARIF or Markdown report for all."
    }

    /// A command's message: `%`, CR and LF escaped, as the runner unescapes them.
    public static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A command's property value (a file name from the tree): control characters and
    /// bidirectional controls shown escaped but for line breaks, which GitHub's own escapes
    /// carry; then as ``escapeData(_:)``, and `:` and `,`, which end a value.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text.terminalSafe(keeping: ["\n", "\r"]))
            .replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension Severity {
    /// The workflow command that annotates a finding of this severity.
    var command: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }
}
