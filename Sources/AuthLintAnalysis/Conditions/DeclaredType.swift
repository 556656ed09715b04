import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `type: [TYPES]`: its declared type is one of these (a parameter, `let x: T`, `as? T`,
/// `case let x as T`), optional or not, qualified by a module or not.
struct DeclaredType: EvaluatedValueTest {
    static let key = "type"
    let types: [String]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        types = try node.strings(Self.key)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let code = evaluator.project.files[fileIndex]
        guard let declared = evaluator.resolver.declaredType(of: binding, in: code) else { return false }
        let bare = declared.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
        return types.contains { bare == $0 || bare.hasSuffix("." + $0) }
    }
}
