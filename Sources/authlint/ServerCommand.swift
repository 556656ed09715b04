import ArgumentParser
import AuthLintCore
import AuthLintReporters
import AuthLintServer
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `authlint lsp`: the Language Server Protocol over standard input and output, for editors.
struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol over standard input and output, for editors.",
        discussion:
            "Each open document is linted as `authlint lint FILE` lints it, with the editor's text in place of the file's. See docs/editors.md."
    )

    @OptionGroup var extraRules: TeamRulesOption

    @Option(
        help: ArgumentHelp(
            "A configuration file, used alone; by default the .authlint.yml files from the repository root down to each file.",
            valueName: "FILE"))
    var config: String?

    @Option(help: ArgumentHelp("Where to keep file summaries between runs; by default the user's cache folder."))
    var cacheDir: String?

    @Flag(help: "Keep no file summaries between runs.")
    var noCache = false

    func run() throws {
        let catalog = try loadCatalog(extraRules.directories)
        let directory = FileManager.default.currentDirectoryPath
        let absolute = { (path: String) in
            URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory + "/")).standardizedFileURL.path
        }
        let options = LanguageServer.Options(
            catalog: catalog, configurationPath: config.map(absolute),
            cacheDirectory: noCache ? nil : cacheDir.map(absolute) ?? LintOptions.defaultCacheDirectory)
        let status = LanguageServer.serve(
            options: options, pages: RuleDocumentation.publishedPages(catalog), input: STDIN_FILENO,
            output: STDOUT_FILENO)
        if status != 0 { throw ExitCode(status) }
    }
}
