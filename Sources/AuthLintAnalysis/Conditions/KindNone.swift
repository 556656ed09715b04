import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `kind-none: [boolean, number, date]`: neither its declared type nor what it can be followed
/// to through assignments is visibly of these kinds: `token.isEmpty`, `hasToken = false`,
/// `Date()` and `var refreshCount: Int` are not the token their names speak of. A call of the
/// app's own functions is what they give back: `makeToken()` of a function that returns
/// `"anonymous"` is a constant.
struct KindNone: EvaluatedValueTest {
    static let key = "kind-none"
    let kinds: Set<ValueKind>

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        kinds = try RuleLoader.valueKinds(node, Self.key)
    }

    /// The test for `kinds`, as `name-matches` asks it with `unless-kind`.
    init(_ kinds: Set<ValueKind>) {
        self.kinds = kinds
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let code = evaluator.project.files[fileIndex]
        let resolver = evaluator.resolver
        if let declared = resolver.declaredType(of: binding, in: code), let kind = ValueKind(typeName: declared) {
            return !kinds.contains(kind)
        }
        if let returned = returnedValues(binding, code, evaluator), !returned.isEmpty,
            returned.allSatisfy({ isOfTheKinds(evaluator.project.files[$0.file], $0.range) })
        {
            return false
        }
        // A flag when everything it is given is one: a name also given a token stays a token.
        let values = resolver.resolve(file: fileIndex, range: binding.range, deep: false)
        // Names (and a type's static members) stand for what they are given.
        let given = values.sites.filter { site in
            let code = evaluator.project.files[site.file]
            return resolver.plainName(code, site.range) == nil
                && resolver.staticMemberValues(code, site.range, file: site.file) == nil
        }
        guard !given.isEmpty else { return true }
        return !given.allSatisfy { isOfTheKinds(evaluator.project.files[$0.file], $0.range) }
    }

    private func isOfTheKinds(_ code: CodeView, _ range: Range<Int>) -> Bool {
        ValueKind.of(code, range).map(kinds.contains) ?? false
    }

    /// When the binding is a call `name(…)`, what the app's functions of that name give back
    /// (none for a function the app does not declare); nil for anything else.
    private func returnedValues(_ binding: Binding, _ code: CodeView, _ evaluator: RuleEvaluator) -> [CodeRange]? {
        let range = binding.range
        guard range.count >= 3, code.kind(range.lowerBound) == .identifier,
            code.kind(range.lowerBound + 1) == .leftParen,
            Int(code.partner[range.lowerBound + 1]) == range.upperBound - 1
        else { return nil }
        return evaluator.project.functions(named: code.text(range.lowerBound)).flatMap {
            evaluator.resolver.returnedValues(of: $0)
        }
    }
}
