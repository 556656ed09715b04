import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `built: true`: it is a string literal the app completes at run time: it interpolates values,
/// is joined to another value with `+` or `appending`, or is the format of a
/// `String(format:)` with arguments.
struct Built: EvaluatedValueTest {
    static let key = "built"

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        guard try node.bool(Self.key) else { throw node.fail("built can only be `true`") }
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        Self.isBuilt(binding.range, in: evaluator.project.files[fileIndex])
    }

    /// Whether the string literal that starts `range` is completed at run time: it interpolates,
    /// is joined with `+` or `appending`, or is the format of a `String(format:)` with arguments.
    static func isBuilt(_ range: Range<Int>, in code: CodeView) -> Bool {
        let open = range.lowerBound
        guard open < code.count, code.kind(open) == .stringOpen, code.partner[open] > open else { return false }
        let close = Int(code.partner[open])
        if (open..<close).contains(where: {
            code.kind($0) == .interpolationOpen
                && code.tokens[$0].interpolationDepth == code.tokens[open].interpolationDepth
        }) {
            return true
        }
        let before = open - 1
        let after = close + 1
        if before >= 0, code.text(before) == "+" || code.text(before) == "+=" { return true }
        if after < code.count, code.text(after) == "+" { return true }
        if after + 1 < code.count, code.text(after) == ".", code.text(after + 1) == "appending" { return true }
        // String(format: "…", value)
        if before >= 1, code.text(before) == ":", code.text(before - 1) == "format", after < code.count,
            code.text(after) == ","
        {
            return true
        }
        return false
    }
}
