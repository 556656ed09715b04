import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Lints `files` (relative path → text), written to a temporary tree, with the built-in catalog.
func lintTree(_ files: [String: String]) throws -> LintReport {
    let tree = try ScanFixture()
    for (path, text) in files { try tree.write(path, text) }
    return try Linter.run(
        LintOptions(
            scan: ScanOptions(paths: [tree.root]), catalog: try RuleCatalog.builtin(), currentDirectory: tree.root))
}
