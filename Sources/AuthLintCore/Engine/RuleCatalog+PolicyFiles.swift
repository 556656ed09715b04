import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// The catalog loaders that read a team's rule folders through ``PolicyFiles`` (work tree or commit).
extension RuleCatalog {
    /// The rules and providers that ship inside the binary.
    public static func builtin() throws -> RuleCatalog {
        try load(extraDirectories: [])
    }

    /// Built-in rules and providers plus every `*.yaml`/`*.yml` file in `directories`. A team's
    /// rule or provider may not reuse a built-in id.
    /// `files` is where the folders are read from: the work tree, or a commit in pull-request mode.
    public static func load(extraDirectories directories: [String], files policy: PolicyFiles = .workTree) throws
        -> RuleCatalog
    {
        try load(extraFiles: teamRuleFiles(in: directories, files: policy))
    }

    /// Built-in rules and providers plus the team's files, with every condition of
    /// `AuthLintAnalysis/Conditions`; a file in a `providers` folder inside its rules folder is a
    /// provider.
    public static func load(extraFiles: [TeamFile]) throws -> RuleCatalog {
        try load(extraFiles: extraFiles, kinds: .builtIn)
    }

    /// The team's rule files in `directories`, in folder order, then by path.
    public static func teamRuleFiles(in directories: [String], files policy: PolicyFiles = .workTree) throws
        -> [TeamFile]
    {
        try directories.flatMap { directory in
            try policy.ruleFiles(in: directory).map { relative in
                let path = (directory as NSString).appendingPathComponent(relative)
                return TeamFile(path: path, relative: relative, text: try policy.ruleText(path))
            }
        }
    }
}
