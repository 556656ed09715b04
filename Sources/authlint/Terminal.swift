import ArgumentParser
import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about where output goes.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    static func colorEnabled(_ mode: ColorMode) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            let environment = ProcessInfo.processInfo.environment
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return stdoutIsTerminal
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
}

/// `--rules DIR`, as every command that reads rules takes it.
struct TeamRulesOption: ParsableArguments {
    @Option(
        name: .customLong("rules"),
        help: ArgumentHelp("A directory of extra rule files (YAML); may be repeated.", valueName: "DIR"))
    var directories: [String] = []
}

/// The built-in rules and providers and those in `directories`; a bad rule file is a usage error.
func loadCatalog(_ directories: [String]) throws -> RuleCatalog {
    try loadCatalog(teamRules(directories))
}

/// The team's rule files in `directories`, read from `files` (the work tree, or a commit in
/// pull-request mode); one that cannot be read is a usage error.
func teamRules(_ directories: [String], files: PolicyFiles = .workTree) throws -> [RuleCatalog.TeamFile] {
    do {
        return try RuleCatalog.teamRuleFiles(in: directories, files: files)
    } catch {
        printError("error: \(error)")
        throw ExitCode(2)
    }
}

/// The built-in rules and providers and the team's files; a bad rule file is a usage error.
func loadCatalog(_ team: [RuleCatalog.TeamFile]) throws -> RuleCatalog {
    do {
        return try RuleCatalog.load(extraFiles: team)
    } catch {
        printError("error: \(error)")
        throw ExitCode(2)
    }
}

/// Writes `text` to `path`, or says in plain words why it cannot (`shown` is the path as the
/// user gave it) and exits 2.
func writeOutput(_ text: String, to path: String, shown: String? = nil) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        printError("error: cannot write \(shown ?? path): it is a folder; give a file name")
        throw ExitCode(2)
    }
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        printError("error: cannot write \(shown ?? path): \(FileProblem.describe(error))")
        throw ExitCode(2)
    }
}

enum ColorMode: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never
}
