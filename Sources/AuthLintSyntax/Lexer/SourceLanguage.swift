/// The languages whose source authlint tokenizes.
public enum SourceLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case swift
    case objectiveC = "objc"
    case python
    /// JavaScript and TypeScript, which one lexer reads.
    case javaScript = "js"

    public init?(pathExtension: String) {
        switch pathExtension {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        case "py": self = .python
        case "js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx": self = .javaScript
        default: return nil
        }
    }

    /// The file's tokens and what its lexer found wrong.
    public func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], diagnostics: [LexDiagnostic]) {
        switch self {
        case .swift: Lexer.tokenize(bytes)
        case .objectiveC: ObjCLexer.tokenize(bytes)
        case .python: PythonLexer.tokenize(bytes)
        case .javaScript: JavaScriptLexer.tokenize(bytes)
        }
    }
}
