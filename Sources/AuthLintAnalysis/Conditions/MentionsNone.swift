import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `mentions-none: [WORDS]`: followed through assignments and the names inside its values (not
/// into the functions it calls), it names none of these words; values it cannot follow do not
/// matter.
struct MentionsNone: EvaluatedValueTest {
    static let key = "mentions-none"
    let words: [String]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        words = try node.strings(Self.key)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        // Where a value comes from (the call a closure's parameter is handed out by included),
        // not what the functions it calls do inside.
        let values = evaluator.resolver.resolve(
            file: fileIndex, range: binding.range, following: [.names, .closureCallees])
        return !evaluator.resolver.mentions(values.sites, words)
    }
}
