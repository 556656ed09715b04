import ArgumentParser

/// `authlint explain ID`: a rule's documentation, as `authlint rules ID` prints it, under the
/// name other linters give the command (`ruff rule`, `clippy --explain`).
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a rule: its documentation and examples (the same as `authlint rules ID`).",
        usage: "authlint explain <id> [<options>]"
    )

    @Argument(help: "A rule id.")
    var id: String

    @Option(help: "The page's format.")
    var format: RulesCommand.Format = .text

    @OptionGroup var extraRules: TeamRulesOption

    @Option(
        help: ArgumentHelp(
            "Configuration file whose severity the page shows; by default .authlint.yml here.", valueName: "FILE"))
    var config: String?

    func run() throws {
        var arguments = [id, "--format", format.rawValue] + extraRules.directories.flatMap { ["--rules", $0] }
        if let config { arguments += ["--config", config] }
        let rules = try RulesCommand.parse(arguments)
        try rules.run()
    }
}
