import ArgumentParser
import AuthLintModel
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `authlint mcp`: runs `authlint-mcp`, the Model Context Protocol server, from the folder
/// `authlint` itself is in, with the same options. It is a program of its own because the
/// protocol's SDK needs Swift 6.1 and Foundation's networking, which `authlint` does without.
struct AgentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the Model Context Protocol over standard input and output, for coding agents.",
        discussion:
            "Runs authlint-mcp from authlint's folder. Tools: lint (paths, rules), explain_rule (id), propose_fixes (paths), which returns a unified diff and writes nothing. See docs/editors.md."
    )

    @OptionGroup var extraRules: TeamRulesOption

    @Flag(help: "Keep no file summaries between runs.")
    var noCache = false

    func run() throws {
        let folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        let server = folder.appendingPathComponent("authlint-mcp").path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            printError(
                "error: authlint mcp runs authlint-mcp, which is not in \(folder.path.terminalSafe()); build it with `swift build -c release --product authlint-mcp` (Swift 6.1 or later) and put it beside authlint"
            )
            throw ExitCode(2)
        }
        let arguments =
            [server] + extraRules.directories.flatMap { ["--rules", $0] } + (noCache ? ["--no-cache"] : [])
        var argv = arguments.map { strdup($0) } + [nil]
        execv(server, &argv)
        printError("error: cannot run \(server.terminalSafe()): \(String(cString: strerror(errno)))")
        throw ExitCode(2)
    }
}
