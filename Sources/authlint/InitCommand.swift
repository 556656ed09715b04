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

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .authlint.yml at the project root, and optionally a baseline of today's findings.",
        discussion: """
            The configuration lists every key with its default, commented out, so it changes nothing until a line is uncommented. With --baseline, the project is linted, its findings are recorded in .authlint-baseline.json, and .authlint.yml names it, so that every gate reports only what is new.
            """
    )

    @Argument(help: "The project folder.")
    var path: String = "."

    @Flag(
        help:
            "Also record today's findings in .authlint-baseline.json and name it in .authlint.yml (`baseline:`), keeping the rest of an existing configuration."
    )
    var baseline = false

    @Flag(help: "Replace an existing baseline; without --baseline, an existing .authlint.yml.")
    var force = false

    @OptionGroup var extraRules: TeamRulesOption

    func run() throws {
        let current = FileManager.default.currentDirectoryPath
        var isFolder: ObjCBool = false
        let folder = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current + "/")).standardizedFileURL
            .path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            printError("error: \(path.terminalSafe()): no such folder")
            throw ExitCode(2)
        }
        let catalog = try loadCatalog(extraRules.directories)
        let shown = { (name: String) in
            (path == "." ? name : (path as NSString).appendingPathComponent(name)).terminalSafe()
        }
        let configuration = (folder as NSString).appendingPathComponent(Configuration.fileName)
        let baselineName = ".authlint-baseline.json"
        if !FileManager.default.fileExists(atPath: configuration) || (force && !baseline) {
            var text = Configuration.starterFile(catalog: catalog)
            if baseline { text = Configuration.settingBaseline(baselineName, in: text) ?? text }
            try writeOutput(text, to: configuration, shown: shown(Configuration.fileName))
            print(
                "Wrote \(shown(Configuration.fileName)): every key with its default, commented out\(baseline ? ", but baseline" : "")."
            )
        } else if !baseline {
            printError(
                "error: \(shown(Configuration.fileName)) already exists; give --force to replace it, or --baseline to add a baseline to it"
            )
            throw ExitCode(2)
        }

        if baseline {
            // The configuration in place may already name a baseline: that file is the one written.
            let existing: Configuration
            do {
                existing = try Configuration.load(path: nil, root: folder)
            } catch {
                printError("error: \(String(describing: error).terminalSafe())")
                throw ExitCode(2)
            }
            let written = existing.baseline ?? baselineName
            let file = existing.baselineFile ?? (folder as NSString).appendingPathComponent(baselineName)
            guard force || !FileManager.default.fileExists(atPath: file) else {
                printError("error: \(shown(written)) already exists; give --force to replace it")
                throw ExitCode(2)
            }
            let report: LintReport
            do {
                report = try Linter.run(
                    LintOptions(scan: ScanOptions(paths: [folder]), catalog: catalog, currentDirectory: current))
            } catch {
                printError("error: \(String(describing: error).terminalSafe())")
                throw ExitCode(2)
            }
            try writeOutput(Baseline(findings: report.findings).text, to: file, shown: shown(written))
            let count = report.findings.count
            print("Wrote \(shown(written)): today's \(count) finding\(count == 1 ? "" : "s"), accepted until fixed.")
            if existing.baseline == nil {
                let text = try String(contentsOfFile: configuration, encoding: .utf8)
                if let updated = Configuration.settingBaseline(baselineName, in: text) {
                    try writeOutput(updated, to: configuration, shown: shown(Configuration.fileName))
                    print(
                        "Named it in \(shown(Configuration.fileName)) (baseline: \(baselineName)); the rest of the file is as it was."
                    )
                }
            }
        }
        print(
            """

            Gate changes on it\(baseline ? " (the baseline comes from .authlint.yml)" : ""):
              GitHub Actions  uses: authlint/authlint@main, with: {path: \(path.terminalSafe()), changed-since: <base sha>}
                              (with changed-since, this file, the baseline and team rules are read as
                              they are on the base branch, so commit them there first; a pull request
                              that weakens them gets policy-changed. --policy worktree opts out.)
              pre-commit      repo: https://github.com/authlint/authlint, hooks: [{id: authlint}]
              Xcode           Run Script phase: authlint lint "$SRCROOT" --absolute-paths --quiet
            Or run it here: authlint lint \(path.terminalSafe())
            """)
    }
}
