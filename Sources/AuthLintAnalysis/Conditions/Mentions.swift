import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `mentions: [WORDS]`: its value, followed through assignments and into helper functions, names
/// one of these words (a case-insensitive substring of an identifier).
struct Mentions: EvaluatedValueTest {
    static let key = "mentions"
    let words: [String]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        words = try node.strings(Self.key)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let values = evaluator.resolver.resolve(file: fileIndex, range: binding.range, deep: true)
        return evaluator.resolver.mentions(values.sites, words)
    }
}
