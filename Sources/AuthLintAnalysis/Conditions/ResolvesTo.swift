import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `resolves-to: [PATTERNS]`: its value, or a value assigned to it, starts with a match of one of
/// these patterns.
struct ResolvesTo: EvaluatedValueTest {
    static let key = "resolves-to"
    let patterns: [Pattern]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        patterns = try RuleLoader.patterns(node)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let values = evaluator.resolver.resolve(file: fileIndex, range: binding.range, deep: false)
        return values.sites.contains { site in
            let matcher = Matcher(evaluator.project.files[site.file], budget: evaluator.budget)
            return patterns.contains {
                matcher.match($0, at: site.range.lowerBound, limit: site.range.upperBound) != nil
            }
        }
    }
}
