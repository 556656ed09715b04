import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `comes-from: ORIGIN` (`credentials`, `push-tokens`), or `comes-from: [PATTERNS]`: followed
/// back to where it comes from (assignments, the names inside its values, a parameter to its
/// function's declaration, the values the project's functions return, the call that hands a
/// closure its parameters), it reaches one of the origin's patterns in the provider catalog, or
/// one of the patterns given (each with its own `where:`).
struct ComesFrom: EvaluatedValueTest {
    static let key = "comes-from"
    let origin: ValueOrigin?
    let clauses: [PatternClause]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        (origin, clauses) = try Self.origin(node, Self.key, context)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        // Another field of a sign-in's answer (`session.user`) is not its credential.
        evaluator.origin(of: binding, fileIndex, clauses, usingCall: whole, notOtherFields: origin == .credentials)
            != nil
    }
}

extension ComesFrom {
    /// What `comes-from` and `comes-from-none` are given: a catalog origin and its patterns, or
    /// patterns written out (no origin).
    static func origin(_ node: YAMLReader, _ key: String, _ context: ConditionContext) throws -> (
        ValueOrigin?, [PatternClause]
    ) {
        if node.isList { return (nil, try context.clauses(node)) }
        let origin = try node.enumValue(ValueOrigin.self, key)
        return (origin, context.providers.clauses(of: origin))
    }
}
