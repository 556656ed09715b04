import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `name-matches: [WORDS]` (or `{words, except, except-prefixes, except-owners,
/// unless-followed-by, unless-kind, in}`): its own text (names and string contents, as `in`
/// says) contains one of these words, case-insensitive, in a name that contains none of the
/// exceptions. With `entries`, a name of a collection also passes when an entry it is given does
/// (`servers[index]["token"] = token`). A file whose words contain none of them cannot pass: its
/// summary says so.
struct NameMatches: EvaluatedValueTest {
    static let key = "name-matches"
    let test: NameMatch

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        test = try RuleLoader.nameMatch(node)
    }

    var wordsNeeded: NameMatch? { test }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        let code = evaluator.project.files[fileIndex]
        if names(binding.range, code, fileIndex, evaluator) { return true }
        // A collection is what it is given entry by entry: `servers[index]["token"] = token`.
        guard test.entries, binding.range.count == 1, code.kind(binding.range.lowerBound) == .identifier else {
            return false
        }
        return evaluator.resolver.subscriptAssignments(to: binding.range.lowerBound, in: code).contains {
            names($0, code, fileIndex, evaluator)
        }
    }

    /// Whether the code in `range` has a name (or string) the test accepts.
    private func names(_ range: Range<Int>, _ code: CodeView, _ fileIndex: FileID, _ evaluator: RuleEvaluator) -> Bool {
        range.contains { index in
            guard test.accepts(code, index) else { return false }
            guard !test.unlessKind.isEmpty, code.kind(index) == .identifier else { return true }
            // `Keys.accessToken`: the static member of a type, not a name of its own.
            let start =
                index >= 2 && code.kind(index - 1) == .period && code.kind(index - 2) == .identifier
                    && evaluator.resolver.staticMemberValues(code, (index - 2)..<(index + 1), file: fileIndex) != nil
                ? index - 2 : index
            // `makeToken()`: the call, which holds what the function gives back.
            var end = index + 1
            if end < code.count, code.kind(end) == .leftParen, code.partner[end] > end,
                !(index > 0 && code.token(index - 1, is: "func"))
            {
                end = Int(code.partner[end]) + 1
            }
            let name = Binding(range: start..<end, hashes: Array(code.hashes[start..<end]))
            return KindNone(test.unlessKind).holds(name, inFile: fileIndex, whole: false, evaluator)
        }
    }
}
