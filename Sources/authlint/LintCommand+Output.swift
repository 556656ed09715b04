import ArgumentParser
import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import Foundation

/// What `lint` writes besides its report: timings, fixes, and the extra reports of `--report`.
extension LintCommand {
    /// Each stage's time and the peak memory at its end, and the files lexed before and during
    /// the evaluation, on standard error.
    func printTimings(_ report: LintReport) {
        for stage in report.timings {
            let peak = stage.peakBytes.map { String(format: "   peak %6.0f MiB", Double($0) / 1_048_576) } ?? ""
            printError(
                stage.stage.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + String(format: "%8.3f s", stage.seconds) + peak)
        }
        let total = report.timings.map(\.seconds).reduce(0, +)
        printError("total".padding(toLength: 10, withPad: " ", startingAt: 0) + String(format: "%8.3f s", total))
        printError(
            "files lexed: \(report.filesLexedUpFront) as they were read, \(report.filesLexedOnUse) when asked for")
        if report.filesLetGo > 0 {
            printError(
                "files kept as summaries after lexing (more source than stays in memory): \(report.filesLetGo), lexed again: \(report.filesLexedAgain)"
            )
        }
        if report.filesTakenUnread > 0 { printError("files taken from the cache unread: \(report.filesTakenUnread)") }
    }

    /// `--fix`: applies the fixes of the findings, or with `--diff` prints them (exiting 1 when
    /// there is one). What must be done by hand, and fixes left out, go to standard error.
    /// Returns whether files were written, or nil when only the diff was asked for.
    func applyFixes(_ report: LintReport) throws -> Bool? {
        let plan = Fixer.plan(report.findings, root: report.root)
        for (path, text) in plan.manual {
            printError("\(report.displayPath(path).terminalSafe()): fix by hand: \(text.terminalSafe())")
        }
        for (path, reason) in plan.skipped {
            printError("\(report.displayPath(path).terminalSafe()): fix left out: \(reason.terminalSafe())")
        }
        if diff {
            let diff = Fixer.diff(plan, shown: report.displayPath)
            FileHandle.standardOutput.write(Data(diff))
            // The body is the files' bytes, as `git apply` needs them; say so rather than escape them.
            if Terminal.stdoutIsTerminal, String(decoding: diff, as: UTF8.self).terminalShown.utf8.count != diff.count {
                printError(
                    "note: the diff above holds the files' bytes as they are, control characters included, for git apply"
                )
            }
            if !plan.changes.isEmpty { throw ExitCode(1) }
            return nil
        }
        let written = Fixer.write(plan, root: report.root)
        for (path, reason) in written.refused {
            printError("error: \(report.displayPath(path).terminalSafe()): \(reason.terminalSafe())")
        }
        if !written.refused.isEmpty {
            printError("error: nothing was fixed: a fix writes all its files or none")
            throw ExitCode(2)
        }
        for (path, reason) in written.failed {
            printError("error: \(report.displayPath(path).terminalSafe()): not written: \(reason.terminalSafe())")
        }
        let files = plan.changes.count - written.failed.count
        printError("Fixed \(plan.fixed) finding\(plan.fixed == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s").")
        if !written.failed.isEmpty { throw ExitCode(2) }
        return !plan.changes.isEmpty
    }

    /// The `--report` values, checked: a known format, a path, and no file written twice.
    func extraReports() throws -> [(format: OutputFormat, path: String)] {
        let formats = OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")
        var seen: Set<String> = output.map { [$0] } ?? []
        return try reports.map { spec in
            guard let equals = spec.firstIndex(of: "=") else {
                throw ValidationError("--report expects FORMAT=PATH (for example sarif=authlint.sarif), not `\(spec)`.")
            }
            let name = String(spec[..<equals])
            let path = String(spec[spec.index(after: equals)...])
            guard let format = OutputFormat(rawValue: name) else {
                throw ValidationError("--report \(spec): unknown format `\(name)`; use one of \(formats).")
            }
            guard !path.isEmpty else {
                throw ValidationError("--report \(spec): the path after `=` is empty.")
            }
            guard seen.insert(path).inserted else {
                throw ValidationError("--report \(spec): \(path) is already written by another report.")
            }
            return (format, path)
        }
    }

    /// `path` as an absolute, standardised path, relative paths taken from `directory`.
    static func absolute(_ path: String, from directory: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory + "/")).standardizedFileURL.path
    }
}
