import AuthLintCore
import AuthLintModel
import Foundation

/// The lines Xcode and SwiftPM read from a build step's output, as compilers print them: a
/// `path:line:column: error:`, `warning:` or `note:` line per finding, a `note:` line for each
/// place related to it (which Xcode shows under the finding), a `warning:` line per file that
/// could not be read, and nothing else; nothing at all when there is nothing to say. The build
/// plugins and a Run Script phase use it with `--absolute-paths`, so that Xcode finds the files.
public struct XcodeReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var out = ""
        for finding in report.findings {
            out +=
                "\(place(report, finding.path, finding.line, finding.column)) \(finding.severity.rawValue): "
                + "\(finding.message.terminalSafe()) [\(finding.rule.terminalSafe())]\n"
            for related in finding.related {
                out +=
                    "\(place(report, related.path, related.line, related.column)) note: \(related.message.terminalSafe())\n"
            }
        }
        for entry in report.failingBaselineEntries {
            out +=
                "\(report.displayPath(entry.path).terminalSafe()): error: baseline entry no longer matches: "
                + "\(entry.rule.terminalSafe()) (\(entry.message.terminalSafe())) [strict-baseline]\n"
        }
        for diagnostic in report.diagnostics {
            out +=
                "\(diagnostic.terminalLocation(in: report)): warning: \(diagnostic.readLabel): \(diagnostic.message.terminalSafe()) (\(diagnostic.kind.rawValue))\n"
        }
        return out
    }

    private func place(_ report: LintReport, _ path: String, _ line: Int, _ column: Int) -> String {
        "\(report.displayPath(path).terminalSafe()):\(line):\(column):"
    }
}
