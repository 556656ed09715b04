import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `literal: true`: its value, followed through assignments, is a string literal without
/// interpolation or an integer literal; `literal: non-empty`: such a literal that is not `""`
/// (an empty default says "not set", not a value).
struct Literal: EvaluatedValueTest {
    static let key = "literal"
    let nonEmpty: Bool

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        if (try? node.string(Self.key)) == "non-empty" {
            nonEmpty = true
            return
        }
        guard (try? node.bool(Self.key)) == true else { throw node.fail("literal must be `true` or `non-empty`") }
        nonEmpty = false
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let values = evaluator.resolver.resolve(file: fileIndex, range: binding.range, deep: false)
        guard !values.unresolved else { return false }
        return values.sites.contains { site in
            let other = evaluator.project.files[site.file]
            let start = site.range.lowerBound
            guard other.kind(start) == .stringOpen || other.kind(start) == .integerLiteral else { return false }
            let end = other.kind(start) == .stringOpen ? Int(other.partner[start]) + 1 : start + 1
            guard end == site.range.upperBound else { return false }
            guard other.kind(start) == .stringOpen else { return true }
            guard let text = other.stringValue(at: start) else { return false }
            return !nonEmpty || !text.isEmpty
        }
    }
}
