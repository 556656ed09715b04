import AuthLintModel
import AuthLintSyntax

extension FixSpec {
    /// The texts of the tokens of `text`, as the lexer splits it.
    package static func tokenTexts(_ text: String) -> [[UInt8]] {
        let code = CodeView(file: SourceFile(path: "fix.swift", bytes: Array(text.utf8)))
        return code.tokens.map { Array(code.file.bytes[Int($0.start)..<Int($0.end)]) }
    }
}
