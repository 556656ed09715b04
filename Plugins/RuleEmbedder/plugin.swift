import Foundation
import PackagePlugin

/// Embeds the top-level `rules/` folder into AuthLintCore at build time, so an installed
/// `authlint` carries its built-in rules with no files beside it.
@main
struct RuleEmbedder: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appending(path: "rules")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: rules, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "yaml" || url.pathExtension == "yml" {
                inputs.append(url)
            }
        }
        inputs.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinRuleFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) rule files",
                executable: try context.tool(named: "EmbedRules").url,
                arguments: [output.path, rules.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
