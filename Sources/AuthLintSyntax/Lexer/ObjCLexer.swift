import AuthLintModel

/// The Objective-C lexer (`.m`, `.mm`, `.h`), with the same token kinds and the same guarantees
/// as ``Lexer``: the tokens' bytes concatenated give back the input, and no input traps or hangs.
///
/// C rules, with these choices:
///
/// - Comments: `//` to the end of the line, `/* … */` not nested; `///` (but not `////`) and
///   `/** … */` (but not `/**/`) are doc comments. A backslash at the end of a `//` comment does
///   not continue it onto the next line.
/// - Strings: `"…"`, and `@"…"` whose `stringOpen` token is `@"` (the `@` is part of the
///   delimiter). Character literals `'c'` lex the same way with `'` delimiters. A backslash
///   escapes the next byte (a line break too: line continuation). An unescaped line break ends
///   the literal, unterminated. C++ raw strings `R"(…)"` are not recognized.
/// - `@word` (`@interface`, `@selector`, `@property`, `@end` ...) is one `.attribute` token;
///   `@` before anything else (`@[`, `@{`, `@(`, `@42`) is `.at`.
/// - `#word` (`#import`, `#define`, `#pragma`, `#if` ...) is one `.poundKeyword`; the rest of a
///   preprocessor line is ordinary tokens (`<Foundation/Foundation.h>` is `<` `Foundation` `/` …),
///   except the message of `#error` and `#warning`, which is one `.lineComment` to the line end.
/// - Identifiers may contain `$` and any non-ASCII character; C keywords (`if`, `return`,
///   `struct`, `static` ...) are `.keyword`; Objective-C words such as `self`, `nil`, `YES`, `id`
///   are identifiers.
/// - Numbers are C preprocessing numbers (suffixes and exponents included: `10UL`, `1.5e-3f`,
///   `0x1p4`, `.5`); `.floatLiteral` when they hold a `.` or an exponent.
/// - Operators are C's, longest match first (`<<=`, `->`, `++`, `!=` ...); `?`, `!` are
///   operators; `...` is an operator.
/// - Interpolation depth is always 0.
public enum ObjCLexer {
    public static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], diagnostics: [LexDiagnostic]) {
        ObjCLexerImpl.tokenize(bytes)
    }
}

enum CKeywords {
    static let table: KeywordTable = {
        let words = [
            "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
            "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
            "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
            "volatile", "while", "_Bool", "_Complex", "_Imaginary", "_Nonnull", "_Nullable",
        ]
        return KeywordTable(words.map { ($0, UInt8(1)) })
    }()

    /// Directives whose message is prose, not tokens.
    static let diagnosticDirectives = KeywordTable([("error", 1), ("warning", 1)])
    /// `#pragma`, and the `mark` after it whose title is prose too.
    static let pragma = KeywordTable([("pragma", 1)])
    static let mark = KeywordTable([("mark", 1)])
}

struct ObjCLexerImpl: ByteLexer {
    static let dollarInIdentifiers = true
    let p: UnsafePointer<UInt8>
    let n: Int
    let cls: UnsafePointer<UInt8>
    let keywords: KeywordTable
    var sink: LexSink
    var pos = 0

    init(_ p: UnsafePointer<UInt8>, _ n: Int) {
        self.p = p
        self.n = n
        self.cls = ByteClass.table
        self.keywords = CKeywords.table
        self.sink = LexSink(p, n)
    }

    mutating func run() {
        lexByteOrderMark()
        while pos < n { lexToken() }
    }

    mutating func lexToken() {
        let start = pos
        let b = p[start]
        let byteClass = cls[Int(b)]
        if byteClass & ByteClass.identStart != 0 {
            lexWord(start, keywords: keywords)
            return
        }
        if byteClass & ByteClass.space != 0 {
            lexWhitespace(start)
            return
        }
        switch b {
        case ASCII.lf, ASCII.cr:
            lexNewline(start)
        case ASCII.slash:
            if !lexSlashComment(start) { lexOperator(start) }
        case ASCII.quote, ASCII.apostrophe:
            lexQuoted(start, openEnd: start + 1, quote: b)
        case ASCII.at:
            if peek(start + 1) == ASCII.quote {
                lexQuoted(start, openEnd: start + 2, quote: ASCII.quote)
            } else if let end = identifierEnd(start + 1) {
                emit(.attribute, end.end, ascii: end.ascii)
            } else {
                emit(.at, start + 1)
            }
        case ASCII.pound:
            if let end = identifierEnd(start + 1) {
                emit(.poundKeyword, end.end, ascii: end.ascii)
                if CKeywords.diagnosticDirectives.lookup(p, start + 1, end.end - start - 1) != nil {
                    lexDirectiveMessage(end.end)
                } else if CKeywords.pragma.lookup(p, start + 1, end.end - start - 1) != nil {
                    lexPragmaMark(end.end)
                }
            } else {
                emit(.pound, start + 1)
            }
        case ASCII.lparen: emit(.leftParen, start + 1)
        case ASCII.rparen: emit(.rightParen, start + 1)
        case ASCII.lbrace: emit(.leftBrace, start + 1)
        case ASCII.rbrace: emit(.rightBrace, start + 1)
        case ASCII.lbracket: emit(.leftBracket, start + 1)
        case ASCII.rbracket: emit(.rightBracket, start + 1)
        case ASCII.comma: emit(.comma, start + 1)
        case ASCII.colon: emit(.colon, start + 1)
        case ASCII.semicolon: emit(.semicolon, start + 1)
        case ASCII.backslash: emit(.backslash, start + 1)
        case ASCII.dot:
            if cls[Int(peek(start + 1))] & ByteClass.digit != 0 && start + 1 < n {
                lexNumber(start)
            } else if peek(start + 1) == ASCII.dot && peek(start + 2) == ASCII.dot {
                emit(.operator, start + 3)
            } else if peek(start + 1) == ASCII.star {
                emit(.operator, start + 2)  // C++ '.*'
            } else {
                emit(.period, start + 1)
            }
        case ASCII.zero...ASCII.nine:
            lexNumber(start)
        default:
            if b == ASCII.dollar {
                lexWord(start, keywords: keywords)
            } else if byteClass & ByteClass.operatorChar != 0 {
                lexOperator(start)
            } else {
                lexStrayByte(start, keywords: keywords)
            }
        }
    }

    /// `#pragma mark - Title`: the title is prose up to the line end (`#pragma mark - Theme's`
    /// opens no character literal), after `mark` as an identifier. Other pragmas are tokens.
    private mutating func lexPragmaMark(_ start: Int) {
        var i = start
        while i < n, p[i] == ASCII.space || p[i] == ASCII.tab { i += 1 }
        guard let word = identifierEnd(i), CKeywords.mark.lookup(p, i, word.end - i) != nil else { return }
        if i > start { emit(.whitespace, i) }
        emit(.identifier, word.end)
        lexDirectiveMessage(word.end)
    }

    /// The message of `#error` / `#warning` up to the line end: one `.lineComment`, so an
    /// apostrophe in it (`#error "doesn't support"`, `#warning don't`) opens no literal.
    private mutating func lexDirectiveMessage(_ start: Int) {
        var i = start
        while i < n, p[i] == ASCII.space || p[i] == ASCII.tab { i += 1 }
        if i > start { emit(.whitespace, i) }
        var end = i
        while end < n, p[end] != ASCII.lf, p[end] != ASCII.cr { end += 1 }
        if end > i { emit(.lineComment, end, ascii: false) }
    }

    /// A string or character literal: `"…"`, `@"…"`, `'…'`. `openEnd` is where its opening
    /// delimiter ends.
    private mutating func lexQuoted(_ start: Int, openEnd: Int, quote: UInt8) {
        let openIndex = sink.tokens.count
        emit(.stringOpen, openEnd)
        var i = openEnd
        while i < n {
            let b = p[i]
            if b == quote {
                if i > openEnd { sink.emit(.stringSegment, to: i) }
                emit(.stringClose, i + 1)
                return
            }
            if b == ASCII.backslash {
                let escaped = peek(i + 1)
                if escaped == ASCII.cr && peek(i + 2) == ASCII.lf {
                    i += 3
                } else {
                    i += 2
                }
                continue
            }
            if b == ASCII.lf || b == ASCII.cr {
                if i > openEnd { sink.emit(.stringSegment, to: i) }
                pos = i
                sink.diagnose(.unterminatedString, "unterminated string literal", atToken: openIndex)
                return
            }
            i += 1
        }
        if n > openEnd { sink.emit(.stringSegment, to: n) }
        pos = n
        sink.diagnose(.unterminatedString, "unterminated string literal", atToken: openIndex)
    }

    private mutating func lexNumber(_ start: Int) {
        var i = start
        var isFloat = false
        let isHex = p[start] == ASCII.zero && (peek(start + 1) == ASCII.lowerX || peek(start + 1) == ASCII.upperX)
        while i < n {
            let b = p[i]
            if (b == ASCII.lowerE || b == ASCII.upperE) && !isHex || (b == ASCII.lowerP || b == ASCII.upperP) && isHex {
                isFloat = true
                i += 1
                let sign = peek(i)
                if (sign == ASCII.plus || sign == ASCII.minus) && i < n { i += 1 }
                continue
            }
            if b == ASCII.dot {
                isFloat = true
                i += 1
                continue
            }
            if cls[Int(b)] & ByteClass.identContinue != 0 {
                i += 1
                continue
            }
            break
        }
        emit(isFloat ? .floatLiteral : .integerLiteral, i)
    }

    private mutating func lexOperator(_ start: Int) {
        let a = p[start]
        let b = peek(start + 1)
        let c = peek(start + 2)
        var length = 1
        if (a == ASCII.less && b == ASCII.less && c == ASCII.equal)
            || (a == ASCII.greater && b == ASCII.greater && c == ASCII.equal)
            || (a == ASCII.minus && b == ASCII.greater && c == ASCII.star)
            || (a == ASCII.less && b == ASCII.equal && c == ASCII.greater)
        {
            length = 3
        } else {
            switch (a, b) {
            case (ASCII.minus, ASCII.greater), (ASCII.plus, ASCII.plus), (ASCII.minus, ASCII.minus),
                (ASCII.less, ASCII.less), (ASCII.greater, ASCII.greater), (ASCII.less, ASCII.equal),
                (ASCII.greater, ASCII.equal), (ASCII.equal, ASCII.equal), (ASCII.bang, ASCII.equal),
                (ASCII.amp, ASCII.amp), (ASCII.pipe, ASCII.pipe), (ASCII.star, ASCII.equal),
                (ASCII.slash, ASCII.equal), (0x25, ASCII.equal), (ASCII.plus, ASCII.equal),
                (ASCII.minus, ASCII.equal), (ASCII.amp, ASCII.equal), (ASCII.caret, ASCII.equal),
                (ASCII.pipe, ASCII.equal):
                length = 2
            default:
                length = 1
            }
        }
        emit(.operator, min(start + length, n))
    }
}
