import ArgumentParser
import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// The paths given to `authlint lint`, checked before the run: a path that does not exist, a
/// word that is neither a subcommand nor a path (`authlint confg`), and a folder that holds no
/// file authlint reads cannot mean what the user wants, and each makes the run exit 2.
enum GivenPaths {
    /// One message per path that is missing or holds nothing to read, in the order given.
    /// `implicit`: the subcommand was not named, so a lone word may be a misspelt one.
    static func problems(_ paths: [String], currentDirectory: String, implicit: Bool) -> [String] {
        paths.compactMap { path in
            let absolute = path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                return missing(path, implicit: implicit)
            }
            if isDirectory.boolValue, !holdsReadableFile(absolute) {
                return
                    "error: `\(path.terminalSafe())` holds no file authlint reads (Swift, Objective-C, property list, entitlements, "
                    + "Xcode project, xcconfig or dependency manifest)"
            }
            return nil
        }
    }

    /// Why a run read no file at all: the files named are none authlint reads, or globs (the
    /// configuration's `include`/`exclude`, `--exclude`) left out every file there was.
    static func nothingRead(_ paths: [String], currentDirectory: String, configurations: [String]) -> String {
        let readable = paths.contains { path in
            let absolute = path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else { return false }
            let name = (absolute as NSString).lastPathComponent
            let parent = ((absolute as NSString).deletingLastPathComponent as NSString).lastPathComponent
            return isDirectory.boolValue
                ? holdsReadableFile(absolute) : ProjectFileKind.classify(fileName: name, parentName: parent) != nil
        }
        let given = paths.map { "`\($0.terminalSafe())`" }.joined(separator: ", ")
        guard readable else {
            return
                "error: no file authlint reads among \(given) (Swift, Objective-C, property lists, entitlements, privacy "
                + "manifests, Xcode projects, xcconfig, dependency manifests, .authlint.yml); nothing was linted"
        }
        let configuredAt =
            configurations.isEmpty ? "" : " in \(configurations.map { $0.terminalSafe() }.joined(separator: " + "))"
        return
            "error: every file under \(given) is left out by `include`/`exclude`\(configuredAt) or --exclude; nothing was linted"
    }

    /// The subcommands' names, `lint` first.
    static var subcommands: [String] {
        AuthLintCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    private static func missing(_ path: String, implicit: Bool) -> String {
        if implicit {
            let names = subcommands
            if let near = Suggestion.closest(path, names) {
                return
                    "error: `\(path.terminalSafe())` is neither a subcommand nor a file or folder; did you mean `\(near)`?"
            }
            if !path.contains("/"), !path.contains(".") {
                return
                    "error: `\(path.terminalSafe())` is neither a subcommand nor a file or folder (subcommands: \(names.joined(separator: ", ")))"
            }
        }
        return "error: `\(path.terminalSafe())` does not exist (no such file or folder)"
    }

    /// Whether the folder holds, at any depth, a file of a kind the scanner collects, counted
    /// before any exclude or default skip. Links are not followed (a link with a collected name
    /// counts); `.git` is not entered. Stops at the first such file.
    static func holdsReadableFile(_ folder: String) -> Bool {
        var pending = [folder]
        while let directory = pending.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            let parent = (directory as NSString).lastPathComponent
            for name in names {
                let path = (directory as NSString).appendingPathComponent(name)
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                let type = status.st_mode & S_IFMT
                if type == S_IFDIR {
                    if name != ".git" { pending.append(path) }
                } else if type == S_IFREG || type == S_IFLNK,
                    ProjectFileKind.classify(fileName: name, parentName: parent) != nil
                {
                    return true
                }
            }
        }
        return false
    }
}
