import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `literal: true`: its value, followed through assignments, is a string literal without
/// interpolation or an integer literal.
struct Literal: EvaluatedValueTest {
    static let key = "literal"

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        guard try node.bool(Self.key) else { throw node.fail("literal can only be `true`") }
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let values = evaluator.resolver.resolve(file: fileIndex, range: binding.range, deep: false)
        guard !values.unresolved else { return false }
        return values.sites.contains { site in
            let other = evaluator.project.files[site.file]
            let start = site.range.lowerBound
            guard other.kind(start) == .stringOpen || other.kind(start) == .integerLiteral else { return false }
            let end = other.kind(start) == .stringOpen ? Int(other.partner[start]) + 1 : start + 1
            return end == site.range.upperBound
                && (other.kind(start) != .stringOpen || other.stringValue(at: start) != nil)
        }
    }
}
