import ArgumentParser
import AuthLintCore
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .authlint.yml at the project root, and optionally a baseline of today's findings.",
        discussion: """
            The configuration lists every key with its default, commented out, so it changes nothing
            until a line is uncommented. With --baseline, the project is linted and its findings are
            recorded in .authlint-baseline.json, so that a CI gate reports only what is new.
            """
    )

    @Argument(help: "The project folder (default: the current directory).")
    var path: String = "."

    @Flag(help: "Also record today's findings in .authlint-baseline.json.")
    var baseline = false

    @Flag(help: "Replace an existing .authlint.yml (and baseline).")
    var force = false

    @Option(name: .customLong("rules"), help: "A directory of extra rule files (YAML); may be repeated.")
    var ruleDirectories: [String] = []

    func run() throws {
        let current = FileManager.default.currentDirectoryPath
        var isFolder: ObjCBool = false
        let folder = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current + "/")).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            printError("error: \(path): no such folder")
            throw ExitCode(2)
        }
        let catalog = try loadCatalog(ruleDirectories)
        let shown = { (name: String) in path == "." ? name : (path as NSString).appendingPathComponent(name) }
        let configuration = (folder as NSString).appendingPathComponent(".authlint.yml")
        guard force || !FileManager.default.fileExists(atPath: configuration) else {
            printError("error: \(shown(".authlint.yml")) already exists; give --force to replace it")
            throw ExitCode(2)
        }
        try writeOutput(Configuration.starterFile(catalog: catalog), to: configuration, shown: shown(".authlint.yml"))
        print("Wrote \(shown(".authlint.yml")): every key with its default, commented out.")

        var gate = "authlint lint \(path)"
        if baseline {
            let file = (folder as NSString).appendingPathComponent(".authlint-baseline.json")
            guard force || !FileManager.default.fileExists(atPath: file) else {
                printError("error: \(shown(".authlint-baseline.json")) already exists; give --force to replace it")
                throw ExitCode(2)
            }
            let report: LintReport
            do {
                report = try Linter.run(LintOptions(scan: ScanOptions(paths: [folder]), catalog: catalog, currentDirectory: current))
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
            try writeOutput(Baseline(findings: report.findings).text, to: file, shown: shown(".authlint-baseline.json"))
            let count = report.findings.count
            print("Wrote \(shown(".authlint-baseline.json")): today's \(count) finding\(count == 1 ? "" : "s"), accepted until fixed.")
            gate += " --baseline \(shown(".authlint-baseline.json"))"
        }
        let withBaseline = baseline ? ", baseline: \(shown(".authlint-baseline.json"))" : ""
        print("""

            Gate changes on it:
              GitHub Actions  uses: authlint/authlint@main, with: {path: \(path)\(withBaseline)}
              pre-commit      repo: https://github.com/authlint/authlint, hooks: [{id: authlint}]
              Xcode           Run Script phase: authlint lint "$SRCROOT" --absolute-paths --quiet
            Or run it here: \(gate)
            """)
    }
}
