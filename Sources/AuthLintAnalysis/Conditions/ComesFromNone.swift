import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `comes-from-none: ORIGIN` or `comes-from-none: [PATTERNS]`: followed back as `comes-from`
/// follows it, and into the values the project's functions return and to what the project's
/// calls of its function give a parameter, it reaches none of the origin's patterns
/// (`comes-from-none: push-tokens`), or none of the patterns given.
struct ComesFromNone: EvaluatedValueTest {
    static let key = "comes-from-none"
    let clauses: [PatternClause]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        clauses = try ComesFrom.Origin(node, Self.key, context, allowsFields: false).clauses
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        // A push token is whatever its registration call hands out; a credential is only a value.
        evaluator.origin(of: binding, fileIndex, clauses, usingCall: whole, throughCallees: true, throughCallers: true)
            == nil
    }
}
