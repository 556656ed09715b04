import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `carries: [WORDS]` (or a `name-matches` mapping): a value it names is of one of the project's
/// structs that holds a property whose name passes the test, itself or in a struct it holds
/// (`print(response)` of a decoded `LoginResponse { let accessToken: String }`): printing a
/// struct prints every property.
struct Carries: EvaluatedValueTest {
    static let key = "carries"
    let test: NameMatch

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        test = try RuleLoader.nameMatch(node)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        evaluator.carries(binding, fileIndex, test, usingCall: whole)
    }
}
