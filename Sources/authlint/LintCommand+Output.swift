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
        if try showPlan(plan, report) { return nil }
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

    /// Says what the fixes leave to be done by hand and what they leave out, on standard error;
    /// with `--diff`, prints the diff (exiting 1 when there is one) and returns true.
    private func showPlan(_ plan: Fixer.Plan, _ report: LintReport) throws -> Bool {
        for (path, text) in plan.manual {
            printError("\(report.displayPath(path).terminalSafe()): fix by hand: \(text.terminalSafe())")
        }
        for (path, reason) in plan.skipped {
            printError("\(report.displayPath(path).terminalSafe()): fix left out: \(reason.terminalSafe())")
        }
        guard diff else { return false }
        let diff = Fixer.diff(plan, shown: report.displayPath)
        FileHandle.standardOutput.write(Data(diff))
        // The body is the files' bytes, as `git apply` needs them; say so rather than escape them.
        if Terminal.stdoutIsTerminal, String(decoding: diff, as: UTF8.self).terminalShown.utf8.count != diff.count {
            printError(
                "note: the diff above holds the files' bytes as they are, control characters included, for git apply")
        }
        if !plan.changes.isEmpty { throw ExitCode(1) }
        return true
    }

    /// `--fix` with `--stdin-filename`: the fixes that change standard input's text alone,
    /// applied to it and printed to standard output, as an editor's formatter reads it back; its
    /// text unchanged when there are none. A fix that also changes another file is left out.
    /// With `--diff`, prints them as a diff instead (exiting 1 when there is one) and returns nil.
    func fixStandardInput(_ input: StandardInput, _ report: LintReport) throws -> [UInt8]? {
        let path = ProjectPath.relative(
            ProjectPath.join(FileManager.default.currentDirectoryPath, input.path), to: report.root)
        var fixable: [Finding] = []
        for finding in report.findings {
            guard let fix = finding.fix else { continue }
            if fix.manual != nil || fix.edits.allSatisfy({ $0.path == path && !$0.createsFile }) {
                fixable.append(finding)
            } else if let other = fix.edits.first(where: { $0.path != path }) {
                printError(
                    "\(report.displayPath(finding.path).terminalSafe()): fix left out: it changes \(report.displayPath(other.path).terminalSafe()) too; run --fix on the files"
                )
            }
        }
        let plan = Fixer.plan(fixable, root: report.root, buffers: [path: input.bytes])
        if try showPlan(plan, report) { return nil }
        let fixed = plan.changes.first { $0.path == path }?.new ?? input.bytes
        FileHandle.standardOutput.write(Data(fixed))
        if plan.fixed > 0 {
            printError("Fixed \(plan.fixed) finding\(plan.fixed == 1 ? "" : "s") in standard input.")
        }
        return fixed
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
