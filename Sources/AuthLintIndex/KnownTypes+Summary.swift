import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

extension KnownTypes {
    /// The modules whose known types a summarised file names.
    package func modules(usedIn summary: FileSummary) -> Set<String> {
        modules(named: summary.mentions)
    }
}
