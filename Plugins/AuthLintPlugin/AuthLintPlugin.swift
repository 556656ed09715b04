import Foundation
import PackagePlugin

/// `swift package authlint [--target NAME ...] [lint options]`: lints the package, or only the
/// targets named, with the package folder as the project root, so that project-wide facts (is the
/// credential state checked anywhere?) come from the whole package. Other arguments go to
/// `authlint lint` as they are (`--format`, `--fail-on`, `--baseline`, …).
@main
struct AuthLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(Self.usage)
            // The rest are `authlint lint`'s own options.
            try AuthLintRun(
                tool: try AuthLintRun.built(by: packageManager), root: context.package.directoryURL, paths: [],
                options: ["--help"]
            )
            .perform()
            return
        }
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let root = context.package.directoryURL
        let paths = names.isEmpty ? [root.path] : try context.package.targets(named: names).compactMap(Self.folder)
        guard !paths.isEmpty else {
            throw AuthLintRun.Failure("the targets named have no files: \(names.joined(separator: ", "))")
        }
        try AuthLintRun(
            tool: try AuthLintRun.built(by: packageManager), root: root, paths: paths,
            options: extractor.remainingArguments
        ).perform()
    }

    static let usage = """
        OVERVIEW: Lint this package with authlint, the package folder as the project root.

        USAGE: swift package authlint [--target NAME ...] [lint options]

        PLUGIN OPTIONS:
          --target NAME           Lint only this target's files (repeatable); facts still come from
                                  the whole package.
          --disable-sandbox       (before `authlint`) Let authlint write --output, --report or
                                  --write-baseline files in the package.

        Every other option is `authlint lint`'s:

        """

    /// The folder holding every file of a target (its sources, headers and resources).
    static func folder(of target: Target) -> String? {
        let folders =
            (target.sourceModule?.sourceFiles.map {
                $0.url.deletingLastPathComponent().standardizedFileURL.pathComponents
            } ?? [])
        guard var common = folders.first else { return nil }
        for parts in folders.dropFirst() {
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        return NSString.path(withComponents: common)
    }
}

/// One run of `authlint lint --root ROOT PATH... OPTION...` in the root folder, whose output goes
/// straight to the user's terminal or log.
struct AuthLintRun {
    var tool: URL
    var root: URL
    var paths: [String]
    var options: [String]

    func perform() throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = ["lint", "--root", root.path] + paths + options
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 1: throw Failure("authlint: findings at or above the failure threshold")
        default: throw Failure("authlint exited with status \(process.terminationStatus)")
        }
    }

    /// The `authlint` executable, built on request by the package manager (or IDE) running the
    /// plugin, in the build it already keeps. The plugin does not declare it as a dependency: on
    /// Linux, SwiftPM 6 then builds the whole of authlint a second time, for the host, in every
    /// `swift build` and `swift test` of this package.
    static func built(by packageManager: PackageManager) throws -> URL {
        let result = try packageManager.build(
            .product("authlint"), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded else {
            throw Failure("authlint could not be built:\n\(result.logText)")
        }
        guard
            let tool = result.builtArtifacts.first(where: {
                $0.kind == .executable && $0.url.lastPathComponent == "authlint"
            })
        else {
            throw Failure("the build of authlint made no authlint executable")
        }
        return tool.url
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// In Xcode (File ▸ Packages ▸ authlint, or a project's context menu): lints the Xcode project's
    /// folder, or only the files of the targets named with `--target`.
    extension AuthLintPlugin: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            var extractor = ArgumentExtractor(arguments)
            let names = Set(extractor.extractOption(named: "target"))
            let root = context.xcodeProject.directoryURL
            var paths = [root.path]
            if !names.isEmpty {
                paths = context.xcodeProject.targets.filter { names.contains($0.displayName) }
                    .flatMap { target in target.inputFiles.map(\.url.path) }
            }
            try AuthLintRun(
                tool: try AuthLintRun.built(by: packageManager), root: root, paths: paths,
                options: extractor.remainingArguments
            ).perform()
        }
    }
#endif
