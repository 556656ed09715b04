import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

extension RuleEvaluator {
    /// The text a placeholder of a message stands for: the bound code, spaces collapsed, at most 60 characters.
    package static func snippet(_ binding: Binding, _ code: CodeView) -> String {
        guard !binding.range.isEmpty else { return "$0" }
        let start = Int(code.tokens[binding.range.lowerBound].start)
        let end = Int(code.tokens[binding.range.upperBound - 1].end)
        let raw = String(decoding: code.file.bytes[start..<end], as: UTF8.self)
        let collapsed = raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(
            separator: " ")
        return collapsed.count > 60 ? String(collapsed.prefix(57)) + "…" : collapsed
    }
}
