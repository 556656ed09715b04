import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `contains-none: [PATTERNS]`: its value, followed through assignments and into helper
/// functions, contains no match of any of these patterns.
struct ContainsNone: EvaluatedValueTest {
    static let key = "contains-none"
    let patterns: [Pattern]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        patterns = try RuleLoader.patterns(node)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let values = evaluator.resolver.resolve(file: fileIndex, range: binding.range, deep: true)
        return !evaluator.resolver.contains(values.sites, patterns)
    }
}
