import ArgumentParser
import AuthLintAgent
import AuthLintCore
import AuthLintModel
import AuthLintRules
import Foundation

/// `authlint-mcp`, which `authlint mcp` runs: the Model Context Protocol over standard input and
/// output, for coding agents.
@main
struct AgentMain: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authlint-mcp",
        abstract: "Serve the Model Context Protocol over standard input and output, for coding agents.",
        discussion:
            "Tools: lint (paths, rules), explain_rule (id), propose_fixes (paths), which returns a unified diff and writes nothing. `authlint mcp` runs this program. See docs/editors.md.",
        version: AuthLint.version
    )

    @Option(
        name: .customLong("rules"),
        help: ArgumentHelp("A directory of extra rule files (YAML); may be repeated.", valueName: "DIR"))
    var ruleDirectories: [String] = []

    @Flag(help: "Keep no file summaries between runs.")
    var noCache = false

    func run() async throws {
        let catalog: RuleCatalog
        do {
            catalog = try RuleCatalog.load(extraDirectories: ruleDirectories)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        try await AgentServer.serve(
            catalog: catalog, currentDirectory: FileManager.default.currentDirectoryPath,
            cacheDirectory: noCache ? nil : LintOptions.defaultCacheDirectory)
    }
}
