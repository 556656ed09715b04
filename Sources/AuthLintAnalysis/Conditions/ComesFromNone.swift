import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `comes-from-none: ORIGIN`: followed back as `comes-from` follows it, it reaches none of the
/// origin's patterns (`comes-from-none: push-tokens`).
struct ComesFromNone: EvaluatedValueTest {
    static let key = "comes-from-none"
    let clauses: [PatternClause]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        let origin = try node.enumValue(ValueOrigin.self, Self.key)
        clauses = context.providers.clauses(of: origin)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        // A push token is whatever its registration call hands out; a credential is only a value.
        evaluator.origin(of: binding, fileIndex, clauses, usingCall: whole, throughCallees: true, throughCallers: true)
            == nil
    }
}
