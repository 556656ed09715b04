import ArgumentParser
import AuthLintCore
import Foundation

extension OutputFormat: ExpressibleByArgument {}
extension FailureThreshold: ExpressibleByArgument {}

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint files or directories (the default command: `authlint samples` works)."
    )

    @Argument(help: "Files or directories to lint. A directory is the project root; default: the current directory.")
    var paths: [String] = []

    @Option(help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("rules"), help: "A directory of extra rule files (YAML); may be repeated.")
    var ruleDirectories: [String] = []

    @Option(help: "Exit 1 when a finding is at or above this severity: error, warning, note, never.")
    var failOn: FailureThreshold = .error

    @Option(help: "Colour text output: auto, always, never (auto honours NO_COLOR).")
    var color: ColorMode = .auto

    @Option(help: "Glob of files to skip (relative to the project root); may be repeated. Applies to files named on the command line too.")
    var exclude: [String] = []

    @Option(help: "Configuration file (default: .authlint.yml at the project root).")
    var config: String?

    @Flag(name: [.short, .long], help: "Print findings only, no summary.")
    var quiet = false

    func run() throws {
        let started = Date()
        let catalog: RuleCatalog
        do {
            catalog = try RuleCatalog.load(extraDirectories: ruleDirectories)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        let currentDirectory = FileManager.default.currentDirectoryPath
        var scan = ScanOptions(paths: paths.isEmpty ? ["."] : paths)
        scan.excludes = exclude
        let report: LintReport
        do {
            report = try Linter.run(LintOptions(
                scan: scan, catalog: catalog, currentDirectory: currentDirectory, configurationPath: config))
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        let toTerminal = output == nil && Terminal.stdoutIsTerminal
        let options = ReporterOptions(
            color: output == nil && Terminal.colorEnabled(color),
            excerpts: toTerminal,
            quiet: quiet,
            elapsed: toTerminal ? Date().timeIntervalSince(started) : nil)
        let rendered = format.reporter(options).render(report)
        if let output {
            do {
                try rendered.write(toFile: output, atomically: true, encoding: .utf8)
            } catch {
                printError("error: cannot write \(output): \(error.localizedDescription)")
                throw ExitCode(2)
            }
        } else {
            FileHandle.standardOutput.write(Data(rendered.utf8))
        }
        if report.fails(failOn) { throw ExitCode(1) }
    }
}
