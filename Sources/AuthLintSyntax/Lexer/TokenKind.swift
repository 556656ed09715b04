import AuthLintModel

/// The lexical category of a ``Token``.
///
/// Trivia (whitespace, newlines, comments, the shebang line and the byte-order mark) is kept in the
/// token stream so that concatenating every token's bytes reproduces the file exactly. Rules see
/// code only: ``TokenKind/isTrivia`` separates the two.
public enum TokenKind: UInt8, Sendable, Hashable, CaseIterable {
    // Trivia
    case whitespace  // spaces, tabs, form feeds, vertical tabs
    case newline  // "\n", "\r\n" or "\r"
    case lineComment  // "// ..." up to (not including) the line end
    case docLineComment  // "/// ..."
    case blockComment  // "/* ... */", nested
    case docBlockComment  // "/** ... */"
    case shebang  // "#!..." on the first line
    case byteOrderMark  // UTF-8 BOM at offset 0

    // Names
    case identifier  // foo, `class`, café, $0, $name, $_foo
    case keyword  // reserved words: func, let, if, ...
    case attribute  // @MainActor, @objc, @available (the '@' and the name)
    case poundKeyword  // #if, #else, #selector, #available, #Preview, #warning, any #macro

    // Literals
    case integerLiteral
    case floatLiteral
    case stringOpen  // the opening delimiter: ", """, #", ##""" ...
    case stringSegment  // literal text between delimiters and interpolations, escapes included
    case interpolationOpen  // "\(" or "\#(" (with as many '#' as the string's delimiter)
    case interpolationClose  // the ")" that closes an interpolation
    case stringClose  // the closing delimiter
    case regexLiteral  // #/.../#, /.../ where Swift treats it as a regex

    // Punctuation and operators
    case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket
    case comma, colon, semicolon, period, at, pound, backslash
    case `operator`  // any operator character sequence, including "=", "->", "?", "!", "&"

    /// Bytes the lexer could not make sense of (a stray NUL, an invalid UTF-8 sequence, a lone backslash).
    case unknown

    /// Whitespace, newlines, comments, shebang and BOM: everything that is not code.
    @inlinable public var isTrivia: Bool { rawValue <= TokenKind.byteOrderMark.rawValue }

    /// Comments of every form.
    @inlinable public var isComment: Bool {
        self == .lineComment || self == .docLineComment || self == .blockComment || self == .docBlockComment
    }

    /// Parts of a string literal that are not code: delimiters and literal text.
    @inlinable public var isStringPart: Bool {
        self == .stringOpen || self == .stringSegment || self == .stringClose
    }
}
