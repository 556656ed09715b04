import ArgumentParser
import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the effective configuration, defaults included."
    )

    @Argument(help: "The project folder.")
    var path: String = "."

    @Option(
        help: ArgumentHelp(
            "A configuration file; by default the .authlint.yml files from the repository root down to the folder.",
            valueName: "FILE"))
    var config: String?

    @OptionGroup var extraRules: TeamRulesOption

    func run() throws {
        do {
            let catalog = try RuleCatalog.load(extraDirectories: extraRules.directories)
            let current = FileManager.default.currentDirectoryPath
            let (configuration, files) = try NestedConfigurations.effective(
                at: path, explicit: config, currentDirectory: current, catalog: catalog)
            FileHandle.standardOutput.write(Data(configuration.dump(catalog: catalog, files: files).terminalShown.utf8))
        } catch let error as FileError {
            printError("error: \(error)")
            throw ExitCode(2)
        }
    }
}
