import ArgumentParser
import AuthLintCore

@main
struct AuthLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "authlint",
        abstract: "Checks iOS app sources for App Store Guideline 4.8 (Login Services) and Sign in with Apple mistakes.",
        discussion: """
            Exit codes:
              0  no finding at or above the failure threshold (--fail-on, default: error)
              1  findings at or above the failure threshold
              2  usage, configuration or internal error; a path given that does not exist, a word that is
                 neither a subcommand nor a path, or a folder with no file authlint reads (the paths that
                 exist are still linted and reported)
            Files found in the scan that cannot be read or parsed are reported and counted, and never change the exit code.
            """,
        version: AuthLint.version,
        subcommands: [LintCommand.self, RulesCommand.self, ConfigCommand.self, InitCommand.self],
        defaultSubcommand: LintCommand.self
    )

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
                // Usage and configuration errors exit 2, whatever their cause.
                let message = fullMessage(for: error)
                if !message.isEmpty { printError(message) }
                Self.exit(withError: ExitCode(2))
            }
        }
    }
}
