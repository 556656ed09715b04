import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `contains: [PATTERNS]`: its value, followed through assignments and into helper functions,
/// contains a match of one of these patterns.
struct Contains: EvaluatedValueTest {
    static let key = "contains"
    let patterns: [Pattern]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        patterns = try RuleLoader.patterns(node)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let values = evaluator.resolver.resolve(file: fileIndex, range: binding.range, deep: true)
        return evaluator.resolver.contains(values.sites, patterns)
    }
}
