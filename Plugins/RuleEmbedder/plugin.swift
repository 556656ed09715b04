import Foundation
import PackagePlugin

/// Embeds the top-level `rules/` folder into AuthLintRules at build time, so an installed
/// `authlint` carries its built-in rules with no files beside it.
@main
struct RuleEmbedder: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appending(path: "rules")
        var inputs: [URL] = [rules]
        var folders: [URL] = []
        if let walker = FileManager.default.enumerator(at: rules, includingPropertiesForKeys: [.isDirectoryKey]) {
            for case let url as URL in walker {
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    folders.append(url)
                } else if url.pathExtension == "yaml" || url.pathExtension == "yml" {
                    inputs.append(url)
                }
            }
        }
        // The folders are inputs too: adding or removing a rule file changes them, which makes
        // the embedding run again even before the build plan is recomputed. The tool lists the
        // folder itself rather than trusting a list made when the plan was.
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinRuleFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the rules folder",
                executable: try context.tool(named: "EmbedRules").url,
                arguments: [output.path, rules.path],
                inputFiles: inputs + folders,
                outputFiles: [output])
        ]
    }
}
