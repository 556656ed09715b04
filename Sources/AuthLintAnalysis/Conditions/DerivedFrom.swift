import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `derived-from: [PATTERNS]`: followed back through assignments, the entries a collection is
/// given, the names inside its values (the arguments of a call that makes something else of them
/// too: `SignUpBody(email: email)`), the values the project's functions return, and a function's
/// parameter to what the project's calls of the function give it, it reaches a match of one of
/// these patterns, each with its own `where:` (`{pattern: "$C.email", where: …}`). What is only
/// read off such a value (`email.isEmpty`, `email != nil`) is not made of it.
struct DerivedFrom: EvaluatedValueTest {
    static let key = "derived-from"
    let clauses: [PatternClause]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        clauses = try context.clauses(node)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        evaluator.origin(of: binding, fileIndex, clauses, usingCall: whole, derived: true) != nil
    }
}
