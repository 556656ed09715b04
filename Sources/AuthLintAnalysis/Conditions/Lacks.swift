import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `lacks: [WORDS]`: it can be followed to at least one value, and none of them names these
/// words.
struct Lacks: EvaluatedValueTest {
    static let key = "lacks"
    let words: [String]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        words = try node.strings(Self.key)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let values = evaluator.resolver.resolve(file: fileIndex, range: binding.range, deep: true)
        return !values.unresolved && !evaluator.resolver.mentions(values.sites, words)
    }
}
