import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// Checkstyle XML (`<checkstyle version="4.3">`), which Jenkins' Warnings plugin, reviewdog,
/// Danger, SonarQube and many CI dashboards read: one `<file>` per file, one `<error>` per finding
/// with its line, column, severity (`error`, `warning` or `info` for a note), message and
/// `source="authlint.RULE"`.
///
/// Files come in the findings' order (by path); within a file, its findings in report order. The
/// message carries the related places after it (`Related: path:line:column: …`). With
/// `--strict-baseline`, each entry nothing matches any more is an `error` of its file without a
/// line (`source="authlint.strict-baseline"`); a file that could not be read (or was read only in
/// part) has an `<exception>` saying why, as Checkstyle reports a file it could not process.
/// Paths are as the text output shows them, a line break in one shown as `\n`; a message keeps
/// its line breaks (as character references). Text from the tree is escaped for XML, with control
/// and bidirectional characters shown as escapes (`\e`, `\u{202E}`).
public struct CheckstyleReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var findings: [String: [Finding]] = [:]
        for finding in report.findings { findings[finding.path, default: []].append(finding) }
        var stale: [String: [Baseline.Entry]] = [:]
        for entry in report.failingBaselineEntries { stale[entry.path, default: []].append(entry) }
        var problems: [String: [Diagnostic]] = [:]
        for diagnostic in report.diagnostics { problems[diagnostic.path, default: []].append(diagnostic) }
        let paths = Set(findings.keys).union(stale.keys).union(problems.keys).sorted(by: ProjectPath.precedes)

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for path in paths {
            out += "  <file name=\"\(report.displayPath(path).reportSafe().xmlAttribute)\">\n"
            for finding in findings[path] ?? [] {
                let message = finding.message + finding.relatedSentence { report.displayPath($0).reportSafe() }
                out +=
                    "    <error line=\"\(finding.line)\" column=\"\(finding.column)\" severity=\"\(finding.severity.checkstyleSeverity)\""
                    + " message=\"\(message.xmlAttribute)\" source=\"\((AuthLint.name + "." + finding.rule).reportSafe().xmlAttribute)\"/>\n"
            }
            for entry in stale[path] ?? [] {
                out +=
                    "    <error severity=\"error\" message=\"\(entry.staleDescription.xmlAttribute)\" source=\"\(AuthLint.name).strict-baseline\"/>\n"
            }
            for diagnostic in problems[path] ?? [] {
                var place = ""
                if let line = diagnostic.line {
                    place = "line \(line)"
                    if let column = diagnostic.column { place += ", column \(column)" }
                    place += ": "
                }
                out +=
                    "    <exception>\((diagnostic.readLabel + ": " + place + diagnostic.message + " (" + diagnostic.kind.rawValue + ")").xmlText)</exception>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }
}

extension Severity {
    /// Checkstyle's severity of a finding: error, warning or info.
    var checkstyleSeverity: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}
