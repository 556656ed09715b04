import AuthLintModel

/// Something the lexer found wrong with its input. The lexer always goes on to the end of the
/// file; a diagnostic only tells the user why some part of the file may be read loosely.
public struct LexDiagnostic: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case unterminatedString = "unterminated-string"
        case unterminatedComment = "unterminated-comment"
        case unterminatedInterpolation = "unterminated-interpolation"
        case unterminatedRegex = "unterminated-regex"
        case invalidUTF8 = "invalid-utf8"
        case nulByte = "nul-byte"
        case unexpectedCharacter = "unexpected-character"
    }

    public var kind: Kind
    public var message: String
    public var location: SourceLocation

    public init(kind: Kind, message: String, location: SourceLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }
}
