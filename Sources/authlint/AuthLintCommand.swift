import ArgumentParser
import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

@main
struct AuthLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authlint",
        abstract:
            "Checks iOS app sources for App Store Guideline 4.8 (Login Services) and Sign in with Apple mistakes.",
        discussion: """
            Exit codes:
              0  no finding at or above the failure threshold (--fail-on, default error)
              1  findings at or above the failure threshold
              2  a usage or configuration error, or a run that cannot mean what was asked

            Exit 2 also for a path given that does not exist, a word that is neither a subcommand nor a path, and a run that reads no file; the paths that exist are still linted and reported. Files that cannot be read or parsed are reported and counted, and never change the exit code.
            """,
        version: AuthLint.version,
        subcommands: [
            LintCommand.self, RulesCommand.self, ExplainCommand.self, ConfigCommand.self, InitCommand.self,
            ServerCommand.self, AgentCommand.self,
        ],
        defaultSubcommand: LintCommand.self
    )

    /// ArgumentParser's `Error: Unknown option` as `error: unknown option`; an initialism
    /// (`URL`) keeps its case.
    static func errorStyle(_ message: String) -> String {
        guard message.hasPrefix("Error: ") else { return message }
        var rest = Substring(message.dropFirst("Error: ".count))
        if let first = rest.first, first.isUppercase, !(rest.dropFirst().first?.isUppercase ?? false) {
            rest = Substring(first.lowercased()) + rest.dropFirst()
        }
        return "error: " + rest
    }

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)
            } else if let exit = error as? ExitCode {
                Self.exit(withError: exit)
            } else {
                // Usage and configuration errors exit 2, whatever their cause, in the one style of
                // every error authlint prints: `error: ` and a lowercase start.
                let message = fullMessage(for: error)
                if !message.isEmpty { printError(errorStyle(message)) }
                Self.exit(withError: ExitCode(2))
            }
        }
    }
}
