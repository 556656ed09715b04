import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `built-from: [PATTERNS]`: followed back as `comes-from` follows it (and through
/// `name[key] = value`), it is built from a match of one of these patterns
/// (`built-from: ["$_.allHTTPHeaderFields"]`).
struct BuiltFrom: EvaluatedValueTest {
    static let key = "built-from"
    let clauses: [PatternClause]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        clauses = try RuleLoader.patterns(node).map { PatternClause(pattern: $0) }
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        evaluator.origin(of: binding, fileIndex, clauses, usingCall: whole) != nil
    }
}
