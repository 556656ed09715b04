import Foundation
import PackagePlugin

/// Lints a target's files on every build with the prebuilt `authlint` of the artifact bundle,
/// its findings shown as the build's errors, warnings and notes (the `xcode` format). The project
/// around the files is read as `authlint lint FILES` reads it: the root found upward from them,
/// its `.authlint.yml` files and its project-wide facts. Errors fail the build, as the
/// configuration's `fail-on` says.
@main
struct AuthLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        return Self.commands(
            tool: try context.tool(named: "authlint").url, files: module.sourceFiles.map(\.url),
            work: context.pluginWorkDirectoryURL, name: target.name)
    }

    /// The kinds of file authlint reads.
    static let suffixes = [".swift", ".m", ".mm", ".h", ".plist", ".entitlements", ".xcprivacy"]

    /// One command that runs before the build: a prebuild command, since it makes no file the
    /// build uses and must run whenever any file of the project changed.
    static func commands(tool: URL, files: [URL], work: URL, name: String) -> [Command] {
        let linted = files.map(\.path).filter { path in suffixes.contains { path.hasSuffix($0) } }.sorted()
        guard !linted.isEmpty else { return [] }
        return [
            .prebuildCommand(
                displayName: "authlint \(name)", executable: tool,
                // The plugin may write only in its work folder: the summary cache goes there.
                arguments: [
                    "lint", "--format", "xcode", "--absolute-paths", "--cache-dir",
                    work.appendingPathComponent("cache").path,
                ] + linted,
                outputFilesDirectory: work.appendingPathComponent("outputs"))
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same for an Xcode project's target (Build Phases ▸ Run Build Tool Plug-ins).
    extension AuthLintBuildToolPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            Self.commands(
                tool: try context.tool(named: "authlint").url, files: target.inputFiles.map(\.url),
                work: context.pluginWorkDirectoryURL, name: target.displayName)
        }
    }
#endif
