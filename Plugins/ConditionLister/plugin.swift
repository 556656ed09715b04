import Foundation
import PackagePlugin

/// Lists the rule conditions of AuthLintAnalysis at build time: every file of its `Conditions`
/// folder holds one condition or value test, a type named after the file, and the list of them
/// is `ConditionKinds.builtIn`. Adding a condition is adding its file.
@main
struct ConditionLister: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let files = module.sourceFiles(withSuffix: "swift").map(\.url).filter {
            $0.deletingLastPathComponent().lastPathComponent == "Conditions"
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "ConditionKinds+BuiltIn.swift")
        return [
            .buildCommand(
                displayName: "Listing the rule conditions",
                executable: try context.tool(named: "ListConditions").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
