import AuthLintModel

/// The Swift lexer: turns a file's UTF-8 bytes into ``Token``s, trivia included, so that the
/// tokens' bytes concatenated give back the input byte for byte.
///
/// It never fails, never traps and never loops: any byte sequence lexes, and whatever it cannot
/// read is reported as a ``LexDiagnostic`` while lexing goes on. Nesting (interpolations inside
/// strings inside interpolations, comments inside comments) is tracked with explicit counters
/// and stacks, never by recursion, so no input can exhaust the call stack.
///
/// Conventions worth knowing when reading its output:
///
/// - Keywords are the reserved words (`func`, `let`, `if`, `self`, `nil`, `_` ...); contextual
///   words (`async`, `await`, `some`, `get`, `set`, `actor`, `override` ...) are identifiers.
/// - A `?` or `!` directly after an identifier, literal or closing bracket (no space before it)
///   is a one-character operator token: `foo!.bar` is `foo` `!` `.` `bar`, and `a!=b` is
///   `a` `!` `=` `b`, as in Swift itself.
/// - A string is `stringOpen`, then `stringSegment`s (literal text, escapes included; a
///   multi-line string's text between two interpolations is one segment), `interpolationOpen`,
///   the interpolation's code tokens, `interpolationClose`, ... and `stringClose`. The open,
///   segment, close and interpolation delimiter tokens carry the depth of the code the string
///   sits in; the code inside `\( … )` carries that depth plus one.
/// - A single-line string (and any interpolation in it) ends at a line break it does not
///   close by; the lexer reports `unterminated-string` and reads the next line as code.
/// - Invalid UTF-8 and NUL bytes in code become `.unknown` tokens; inside comments and string
///   literals they stay in the comment or segment token. Either way they are diagnosed (at most
///   10 diagnostics of each kind per file).
/// - A single `'` (not valid Swift) is an `.unknown` token.
/// - ``Token/interpolationDepth`` saturates at 65 535 (nesting deeper than that is still lexed
///   correctly; only the recorded depth stops growing). Inputs of 2 GiB or more are not
///   tokenized: they give no tokens and one diagnostic.
///
/// Regex literals: `#/…/#` (any number of `#`) is always a regex; it may span lines when the
/// opening delimiter is followed only by spaces and a line break. A bare `/…/` is a regex
/// literal only under this heuristic, which follows SE-0354 and the Swift compiler's lexer:
///
/// 1. the `/` is not left-bound (the byte before it is whitespace, `(`, `[`, `{`, `,`, `;`,
///    `:`, the end of a `/* */` comment, or the start of the file);
/// 2. the previous code token allows an expression to start: there is none, or it is `(`, `[`,
///    `{`, `}`, `,`, `:`, `;`, `\(`, a prefix or infix operator (`=`, `+`, `&&`, `??` ...), a
///    keyword other than the value keywords (`self`, `Self`, `super`, `nil`, `true`, `false`,
///    `Any`, `_`) and other than `func`/`operator`, the word `await`, the `?`/`!` of
///    `try?`/`try!`, `#if`, `#elseif`, `#else`, `#endif`, or an unknown byte. After an
///    identifier, literal, string, `)`, `]`, a postfix operator, `.`, `->` or any other `#` word
///    it is division, so `a / b`, `x /= 2` and `let r = a/b/c` are operators;
/// 3. the byte after the `/` is not a space, tab, line break or the end of the file, and the
///    `/` does not start a comment (`//`, `/*`);
/// 4. an unescaped `/` closes the literal on the same line, not directly followed by `/` or `*`
///    and not directly preceded by an unescaped space or tab;
/// 5. the pattern holds no unbalanced `)` outside a `[...]` class.
///
/// A prefix operator glued to a regex (`!/x/`, `&/x/`, in expression position) is split into the
/// operator and the literal when the part from the `/` on has the shape of rules 3-5.
///
/// Known differences from the compiler: Swift also lexes `/…/` as a regex after a value when the
/// `/` is preceded by whitespace and directly followed by a non-space (`x /y/`, or a statement
/// that starts with a regex on the line after a value); this lexer keeps the previous-token rule
/// and lexes those as division. A `/` after `}` counts as the start of an expression
/// (`{ … } /x/` holds a regex; `{ … }() / 2` is division because `)` comes last). The compiler
/// accepts bare regex literals only in the Swift 6 language mode (or with
/// `-enable-bare-slash-regex`); this lexer applies the heuristic to every file.
public enum Lexer {
    public static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], diagnostics: [LexDiagnostic]) {
        LexEntry.run(bytes) { p, n in
            var lexer = SwiftLexer(p, n)
            lexer.run()
            return (lexer.sink.tokens, lexer.sink.diagnostics)
        }
    }
}

/// One level of string / interpolation nesting.
struct LexFrame {
    /// A string literal's body (else: the code of an interpolation).
    var isString: Bool
    /// For strings: `"""` delimited.
    var multiline: Bool
    /// For strings: the number of `#` in the delimiter.
    var hashes: Int
    /// For interpolations: `(` opened inside it and not yet closed.
    var parens: Int
    /// Index of the token that opened this frame, for diagnostics.
    var openToken: Int
}

struct SwiftLexer {
    let p: UnsafePointer<UInt8>
    let n: Int
    let cls: UnsafePointer<UInt8>
    let keywords: KeywordTable
    var sink: LexSink
    /// Offset of the next byte to lex; always equals `sink.emitted` between tokens.
    var pos = 0
    var frames: [LexFrame] = []
    /// Interpolation frames on the stack.
    var depth = 0
    /// Whether an expression may start here, judged from the previous code token.
    var exprStart = true
    /// Whether the previous code token was the keyword `try`.
    var prevWasTry = false
    /// End of a run of '#' known to be plain `.pound` tokens (so a long run is scanned once).
    var plainPoundsEnd = 0

    init(_ p: UnsafePointer<UInt8>, _ n: Int) {
        self.p = p
        self.n = n
        self.cls = ByteClass.table
        self.keywords = SwiftKeywordClass.table
        self.sink = LexSink(p, n)
    }

    @inline(__always)
    func peek(_ i: Int) -> UInt8 { i < n ? p[i] : 0 }

    @inline(__always)
    func has(_ i: Int, _ flag: UInt8) -> Bool { i < n && cls[Int(p[i])] & flag != 0 }

    // MARK: Driver

    mutating func run() {
        lexFileStart()
        while pos < n {
            if let top = frames.last, top.isString {
                lexStringBody(top)
            } else {
                lexCodeToken()
            }
        }
        finish()
    }

    private mutating func lexFileStart() {
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            pos = 3
            sink.emit(.byteOrderMark, to: 3)
        }
        if peek(pos) == ASCII.pound && peek(pos + 1) == ASCII.bang {
            var i = pos + 2
            while i < n && p[i] != ASCII.lf && p[i] != ASCII.cr { i += 1 }
            pos = i
            sink.emit(.shebang, to: i)
        }
    }

    /// Reports the innermost string and the innermost interpolation still open at the end of the
    /// file (one diagnostic each, however deep the nesting).
    private mutating func finish() {
        var reportedString = false
        var reportedInterpolation = false
        for frame in frames.reversed() {
            if frame.isString {
                if !reportedString {
                    sink.diagnose(.unterminatedString, "unterminated string literal", atToken: frame.openToken)
                    reportedString = true
                }
            } else if !reportedInterpolation {
                sink.diagnose(
                    .unterminatedInterpolation, "unterminated string interpolation",
                    atToken: frame.openToken)
                reportedInterpolation = true
            }
            if reportedString && reportedInterpolation { break }
        }
        frames.removeAll()
    }

    // MARK: Emitting code tokens

    /// Emits a code token and records whether an expression may follow it.
    @inline(__always)
    mutating func code(_ kind: TokenKind, _ end: Int, ascii: Bool = true, exprStartAfter: Bool) {
        if ascii { sink.emitASCII(kind, to: end) } else { sink.emit(kind, to: end) }
        pos = end
        exprStart = exprStartAfter
        prevWasTry = false
    }

    @inline(__always)
    mutating func trivia(_ kind: TokenKind, _ end: Int) {
        sink.emit(kind, to: end)
        pos = end
    }

    // MARK: Code

    mutating func lexCodeToken() {
        let start = pos
        let b = p[start]
        // Fast paths for the commonest tokens, then one jump table over the byte.
        let byteClass = cls[Int(b)]
        if byteClass & ByteClass.identStart != 0 {
            lexIdentifier(start)
            return
        }
        if byteClass & ByteClass.space != 0 {
            lexWhitespace(start)
            return
        }
        switch b {
        case 0x0A, 0x0D:  // \n \r
            if depth > 0 { endSingleLineStrings() }
            let end = b == ASCII.cr && peek(start + 1) == ASCII.lf ? start + 2 : start + 1
            sink.emitNewline(to: end)
            pos = end
        case 0x2F:  // /
            let next = peek(start + 1)
            if next == ASCII.slash {
                lexLineComment(start)
            } else if next == ASCII.star {
                lexBlockComment(start)
            } else if let end = bareRegexEnd(start) {
                code(.regexLiteral, end, ascii: false, exprStartAfter: false)
            } else {
                lexOperator(start)
            }
        case 0x22:  // "
            openString(start, hashes: 0)
        case 0x23:  // #
            lexPound(start)
        case 0x40:  // @
            if let end = identifierEnd(start + 1) {
                code(.attribute, end.end, ascii: end.ascii, exprStartAfter: false)
            } else {
                code(.at, start + 1, exprStartAfter: false)
            }
        case 0x28:  // (
            if depth > 0, !frames[frames.count - 1].isString { frames[frames.count - 1].parens += 1 }
            code(.leftParen, start + 1, exprStartAfter: true)
        case 0x29:  // )
            if depth > 0, !frames[frames.count - 1].isString {
                if frames[frames.count - 1].parens == 0 {
                    frames.removeLast()
                    depth -= 1
                    sink.depth = UInt16(clamping: depth)
                    code(.interpolationClose, start + 1, exprStartAfter: false)
                    return
                }
                frames[frames.count - 1].parens -= 1
            }
            code(.rightParen, start + 1, exprStartAfter: false)
        case 0x7B: code(.leftBrace, start + 1, exprStartAfter: true)  // {
        case 0x7D: code(.rightBrace, start + 1, exprStartAfter: true)  // }
        case 0x5B: code(.leftBracket, start + 1, exprStartAfter: true)  // [
        case 0x5D: code(.rightBracket, start + 1, exprStartAfter: false)  // ]
        case 0x2C: code(.comma, start + 1, exprStartAfter: true)  // ,
        case 0x3A: code(.colon, start + 1, exprStartAfter: true)  // :
        case 0x3B: code(.semicolon, start + 1, exprStartAfter: true)  // ;
        case 0x5C: code(.backslash, start + 1, exprStartAfter: false)  // \
        case 0x2E:  // .
            if isOperatorStart(start + 1) || peek(start + 1) == ASCII.dot {
                lexOperator(start)
            } else {
                code(.period, start + 1, exprStartAfter: false)
            }
        case 0x30...0x39:  // 0-9
            lexNumber(start)
        case 0x24:  // $
            var end = start + 1
            while let next = identifierCharEnd(end) { end = next.end }
            code(.identifier, end, ascii: false, exprStartAfter: false)
        case 0x60:  // `
            lexBacktick(start)
        case 0x27:  // '
            sink.diagnose(.unexpectedCharacter, "unexpected character '\\''", line: sink.line, column: sink.column)
            code(.unknown, start + 1, exprStartAfter: true)
        case 0x00:  // NUL
            var end = start + 1
            while end < n && p[end] == ASCII.nul { end += 1 }
            code(.unknown, end, ascii: false, exprStartAfter: true)
        default:
            if byteClass & ByteClass.operatorChar != 0 {
                lexOperator(start)
            } else if b < 0x80 {
                sink.diagnose(
                    .unexpectedCharacter,
                    "unexpected control character U+\(String(b, radix: 16, uppercase: true))",
                    line: sink.line, column: sink.column)
                code(.unknown, start + 1, ascii: false, exprStartAfter: true)
            } else {
                lexNonASCII(start)
            }
        }
    }

    private mutating func lexWhitespace(_ start: Int) {
        var i = start
        var ascii = true
        while i < n {
            if cls[Int(p[i])] & ByteClass.space != 0 {
                i += 1
            } else if p[i] == 0xC2 && peek(i + 1) == 0xA0 {
                i += 2
                ascii = false
            } else {
                break
            }
        }
        if ascii { sink.emitASCII(.whitespace, to: i) } else { sink.emit(.whitespace, to: i) }
        pos = i
    }

    private mutating func lexNonASCII(_ start: Int) {
        let (u, length) = UTF8Scan.scalar(p, start, n)
        if length == 0 {
            // A run of bytes that start no valid sequence.
            var i = start + 1
            while i < n && p[i] >= 0x80 && UTF8Scan.scalar(p, i, n).length == 0 { i += 1 }
            code(.unknown, i, ascii: false, exprStartAfter: true)
        } else if u == UTF8Scan.noBreakSpace {
            lexWhitespace(start)
        } else if UTF8Scan.isOperatorHead(u) {
            lexOperator(start)
        } else {
            lexIdentifier(start)
        }
    }

    /// At a line break in code: every single-line string whose interpolation we are in ends
    /// here, unterminated.
    private mutating func endSingleLineStrings() {
        while frames.count >= 2 {
            let interpolation = frames[frames.count - 1]
            let string = frames[frames.count - 2]
            guard !interpolation.isString, string.isString, !string.multiline else { return }
            sink.diagnose(.unterminatedString, "unterminated string literal", atToken: string.openToken)
            frames.removeLast(2)
            depth -= 1
            sink.depth = UInt16(clamping: depth)
        }
    }

    // MARK: Identifiers

    /// The end of the identifier character at `i`, if there is one there.
    @inline(__always)
    func identifierCharEnd(_ i: Int) -> (end: Int, ascii: Bool)? {
        guard i < n else { return nil }
        let b = p[i]
        if cls[Int(b)] & ByteClass.identContinue != 0 { return (i + 1, true) }
        if b < 0x80 { return nil }
        let (u, length) = UTF8Scan.scalar(p, i, n)
        if length == 0 || u == UTF8Scan.noBreakSpace || UTF8Scan.isOperatorHead(u) { return nil }
        return (i + length, false)
    }

    /// If an identifier starts at `i`, where it ends.
    func identifierEnd(_ i: Int) -> (end: Int, ascii: Bool)? {
        guard i < n, !has(i, ByteClass.digit), let first = identifierCharEnd(i) else { return nil }
        var end = first.end
        var ascii = first.ascii
        while let next = identifierCharEnd(end) {
            end = next.end
            ascii = ascii && next.ascii
        }
        return (end, ascii)
    }

    private mutating func lexIdentifier(_ start: Int) {
        var i = start
        // ASCII fast path.
        while i < n && cls[Int(p[i])] & ByteClass.identContinue != 0 { i += 1 }
        var ascii = true
        if i < n && p[i] >= 0x80 {
            while let next = identifierCharEnd(i) {
                i = next.end
                ascii = ascii && next.ascii
            }
        }
        if i == start {
            // Defensive: the caller saw an identifier start; never emit an empty token.
            i = start + 1
            ascii = false
        }
        // Every keyword starts with a lowercase letter, 'S', 'A' or '_'.
        let first = p[start]
        if ascii, first >= 0x61 || first == 0x53 || first == 0x41 || first == ASCII.underscore,
            let kc = keywords.lookup(p, start, i - start)
        {
            sink.emitASCII(.keyword, to: i)
            pos = i
            exprStart = kc != SwiftKeywordClass.value && kc != SwiftKeywordClass.declaresOperator
            prevWasTry = kc == SwiftKeywordClass.try
        } else {
            // `await` is a contextual word but, like a keyword, starts an expression.
            let isAwait = i - start == 5 && matches(start, "await")
            code(.identifier, i, ascii: ascii, exprStartAfter: isAwait)
        }
    }

    private mutating func lexBacktick(_ start: Int) {
        var i = start + 1
        while i < n && p[i] != ASCII.backtick && p[i] != ASCII.lf && p[i] != ASCII.cr { i += 1 }
        if i < n && p[i] == ASCII.backtick && i > start + 1 {
            code(.identifier, i + 1, ascii: false, exprStartAfter: false)
        } else {
            sink.diagnose(.unexpectedCharacter, "unpaired backtick", line: sink.line, column: sink.column)
            code(.unknown, start + 1, exprStartAfter: true)
        }
    }

    // MARK: '#'

    private mutating func lexPound(_ start: Int) {
        if start < plainPoundsEnd {
            // Inside a run of '#' already known to open no string or regex.
            code(.pound, start + 1, exprStartAfter: false)
            return
        }
        var i = start
        while i < n && p[i] == ASCII.pound { i += 1 }
        let hashes = i - start
        if hashes > 1 && !(i < n && (p[i] == ASCII.quote || p[i] == ASCII.slash)) {
            plainPoundsEnd = i - 1  // the last '#' may still start a `#name`
        }
        if i < n && p[i] == ASCII.quote {
            openString(start, hashes: hashes)
            return
        }
        if i < n && p[i] == ASCII.slash {
            lexExtendedRegex(start, hashes: hashes)
            return
        }
        if let end = identifierEnd(start + 1) {
            let e = end.end
            let len = e - start
            var startsExpression = false
            if end.ascii {
                // #if, #elseif, #else, #endif sequence expressions (the compiler's rule).
                if len == 3 && p[start + 1] == 0x69 && p[start + 2] == 0x66 {
                    startsExpression = true
                } else if len == 5 && matches(start + 1, "else") || len == 6 && matches(start + 1, "endif")
                    || len == 7 && matches(start + 1, "elseif")
                {
                    startsExpression = true
                }
            }
            code(.poundKeyword, e, ascii: end.ascii, exprStartAfter: startsExpression)
            return
        }
        code(.pound, start + 1, exprStartAfter: false)
    }

    func matches(_ i: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard i + count <= n else { return false }
        let t = text.utf8Start
        for k in 0..<count where p[i + k] != t[k] { return false }
        return true
    }
}
