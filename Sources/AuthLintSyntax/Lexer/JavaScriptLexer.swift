import AuthLintModel

/// The JavaScript and TypeScript lexer (`.js`, `.mjs`, `.cjs`, `.jsx`, `.ts`, `.mts`, `.cts`,
/// `.tsx`), with the same token kinds and guarantees as ``Lexer``: the tokens' bytes
/// concatenated give back the input, and no input traps, hangs or recurses.
///
/// ECMAScript rules, with these choices:
///
/// - Comments: `//` to the line end, `/* … */` not nested; `///` and `/** … */` are doc
///   comments. A `#!` line at the start is a `.shebang`.
/// - Strings `'…'` and `"…"`: a backslash escapes the next byte (a line break too); an
///   unescaped line break ends the string, unterminated.
/// - Template literals: `` ` `` is `stringOpen` and `stringClose`, the text between is
///   `stringSegment`s, and `${` … `}` an interpolation (`interpolationOpen`, the code at one
///   depth more, `interpolationClose`). Templates nest inside interpolations and span lines.
/// - Regex literals: a `/` where an expression may start (no code token before it, or `(`, `[`,
///   `{`, `}`, `,`, `;`, `:`, `${`, an operator other than `++` and `--`, or a keyword other than
///   `this`, `super`, `null`, `true` and `false`) opens a `.regexLiteral` (flags included) that
///   must close on the same line, `[…]` classes and escapes honoured; when it does not, the `/`
///   is an operator. After a name, a literal, `)` or `]` a `/` is division, so the rare
///   `if (x) /re/.test(s)` reads as division, which hides no code.
/// - `@` and a dotted name directly after it (`@Injectable`, `@functions.https`) is one
///   `.attribute` token: a decorator. `#name` (a private member) is an identifier.
/// - Identifiers may hold `$` and any non-ASCII character. Reserved words (`function`,
///   `return`, `new`, `this`, `null`, `typeof` …, and `let`, `static`, `await`, `yield`,
///   `enum`, `interface`, `private` …) are `.keyword`, except after `.` or `?.`, where they name
///   a property (`router.delete`). Contextual words (`async`, `of`, `get`, `type`, `as` …) are
///   identifiers.
/// - Numbers: decimal, `0x`/`0o`/`0b`, `_` separators, exponents and the BigInt `n` suffix.
/// - Operators are ECMAScript's, longest first (`>>>=`, `===`, `??=`, `=>`, `?.` …).
/// - JSX text is not recognised: in a `.jsx` or `.tsx` file, an apostrophe in text between tags
///   opens a string.
public enum JavaScriptLexer {
    public static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], diagnostics: [LexDiagnostic]) {
        JavaScriptLexerImpl.tokenize(bytes)
    }
}

enum JavaScriptKeywords {
    /// Class 1: an expression may follow. Class 2: the word is a value.
    static let table: KeywordTable = {
        let words = [
            "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
            "else", "enum", "export", "extends", "finally", "for", "function", "if", "implements", "import", "in",
            "instanceof", "interface", "let", "new", "package", "private", "protected", "public", "return",
            "static", "switch", "throw", "try", "typeof", "var", "void", "while", "with", "yield",
        ]
        return KeywordTable(words.map { ($0, UInt8(1)) } + ["this", "super", "null", "true", "false"].map { ($0, 2) })
    }()

    static let operators: [[UInt8]] = [
        ">>>=", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=", "&&",
        "||", "??", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>",
    ].map { Array($0.utf8) }
}

struct JavaScriptLexerImpl: ByteLexer {
    static let dollarInIdentifiers = true
    let p: UnsafePointer<UInt8>
    let n: Int
    let cls: UnsafePointer<UInt8>
    var sink: LexSink
    var pos = 0
    /// Per open template literal or interpolation: for an interpolation, the braces opened in it
    /// and not yet closed; for a template's text, -1.
    var frames: [Int] = []
    /// Index of the token that opened each frame, for diagnostics.
    var frameTokens: [Int] = []
    /// Whether an expression may start here, judged from the previous code token.
    var exprStart = true
    /// The previous code token was `.` or `?.`: a word here names a property.
    var afterMember = false
    /// Where a regex opened on the current line would close.
    var regexCloses: RegexCloses?

    init(_ p: UnsafePointer<UInt8>, _ n: Int) {
        self.p = p
        self.n = n
        self.cls = ByteClass.table
        self.sink = LexSink(p, n)
    }

    mutating func run() {
        lexByteOrderMark()
        if peek(pos) == ASCII.pound && peek(pos + 1) == ASCII.bang { lexToLineEnd(pos, as: .shebang) }
        while pos < n {
            if frames.last == -1 {
                lexTemplateText()
            } else {
                lexToken()
            }
        }
        for (frame, token) in zip(frames, frameTokens).reversed() where frame == -1 {
            sink.diagnose(.unterminatedString, "unterminated template literal", atToken: token)
        }
    }

    /// Emits a code token and notes whether an expression may follow it.
    @inline(__always)
    private mutating func code(_ kind: TokenKind, _ end: Int, ascii: Bool = true, exprFollows: Bool) {
        emit(kind, end, ascii: ascii)
        exprStart = exprFollows
        afterMember = false
    }

    mutating func lexToken() {
        let start = pos
        let b = p[start]
        let byteClass = cls[Int(b)]
        if byteClass & ByteClass.identStart != 0 || b == ASCII.dollar {
            lexName(start)
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
            guard !lexSlashComment(start) else { return }
            if exprStart, let end = regexEnd(start) {
                code(.regexLiteral, end, ascii: false, exprFollows: false)
            } else {
                lexOperator(start)
            }
        case ASCII.quote, ASCII.apostrophe:
            lexQuoted(start, quote: b)
        case ASCII.backtick:
            frames.append(-1)
            frameTokens.append(sink.tokens.count)
            code(.stringOpen, start + 1, exprFollows: false)
        case ASCII.lbrace:
            if let top = frames.last { frames[frames.count - 1] = top + 1 }
            code(.leftBrace, start + 1, exprFollows: true)
        case ASCII.rbrace:
            if let top = frames.last {
                if top == 0 {
                    frames.removeLast()
                    frameTokens.removeLast()
                    if sink.depth > 0 { sink.depth -= 1 }
                    code(.interpolationClose, start + 1, exprFollows: false)
                    return
                }
                frames[frames.count - 1] = top - 1
            }
            code(.rightBrace, start + 1, exprFollows: true)
        case ASCII.lparen: code(.leftParen, start + 1, exprFollows: true)
        case ASCII.rparen: code(.rightParen, start + 1, exprFollows: false)
        case ASCII.lbracket: code(.leftBracket, start + 1, exprFollows: true)
        case ASCII.rbracket: code(.rightBracket, start + 1, exprFollows: false)
        case ASCII.comma: code(.comma, start + 1, exprFollows: true)
        case ASCII.colon: code(.colon, start + 1, exprFollows: true)
        case ASCII.semicolon: code(.semicolon, start + 1, exprFollows: true)
        case ASCII.backslash: code(.backslash, start + 1, exprFollows: false)
        case ASCII.dot:
            if cls[Int(peek(start + 1))] & ByteClass.digit != 0 && start + 1 < n {
                lexNumber(start)
            } else if peek(start + 1) == ASCII.dot && peek(start + 2) == ASCII.dot {
                code(.operator, start + 3, exprFollows: true)
            } else {
                code(.period, start + 1, exprFollows: false)
                afterMember = true
            }
        case ASCII.zero...ASCII.nine:
            lexNumber(start)
        case ASCII.at:
            if let name = dottedNameEnd(start + 1) {
                code(.attribute, name.end, ascii: name.ascii, exprFollows: false)
            } else {
                code(.at, start + 1, exprFollows: true)
            }
        case ASCII.pound:
            if let name = identifierEnd(start + 1) {
                code(.identifier, name.end, ascii: name.ascii, exprFollows: false)
            } else {
                code(.pound, start + 1, exprFollows: true)
            }
        default:
            if byteClass & ByteClass.operatorChar != 0 {
                lexOperator(start)
            } else {
                lexStrayByte(start, keywords: JavaScriptKeywords.table)
                exprStart = false
                afterMember = false
            }
        }
    }

    private mutating func lexName(_ start: Int) {
        guard let name = identifierEnd(start) else {
            lexStrayByte(start, keywords: JavaScriptKeywords.table)
            return
        }
        let word = name.ascii && !afterMember ? JavaScriptKeywords.table.lookup(p, start, name.end - start) : nil
        code(word == nil ? .identifier : .keyword, name.end, ascii: name.ascii, exprFollows: word == 1)
    }

    private mutating func lexOperator(_ start: Int) {
        if p[start] == ASCII.question && peek(start + 1) == ASCII.dot
            && cls[Int(peek(start + 2))] & ByteClass.digit == 0
        {
            code(.operator, start + 2, exprFollows: false)
            afterMember = true
            return
        }
        lexOperator(start, longestFirst: JavaScriptKeywords.operators)
        let length = pos - start
        let isStep = length == 2 && (p[start] == ASCII.plus || p[start] == ASCII.minus) && p[start] == p[start + 1]
        exprStart = !isStep
        afterMember = false
    }

    /// Where the regex literal whose `/` is at `start` ends, flags included, or nil when no `/`
    /// closes it on the same line. Answered from ``regexCloses``, worked out once a line: a
    /// line of `(/[` repeated holds a candidate every three bytes, none of which closes.
    private mutating func regexEnd(_ start: Int) -> Int? {
        if regexCloses == nil || start + 1 < regexCloses!.base || start + 1 > regexCloses!.lineEnd {
            regexCloses = RegexCloses(p, n, from: start + 1)
        }
        let close = Int(regexCloses!.close[start + 1 - regexCloses!.base])
        guard close >= 0 else { return nil }
        var end = close + 1
        while end < n && cls[Int(p[end])] & ByteClass.identContinue != 0 { end += 1 }
        return end
    }

    /// `'…'` or `"…"`.
    private mutating func lexQuoted(_ start: Int, quote: UInt8) {
        let openIndex = sink.tokens.count
        code(.stringOpen, start + 1, exprFollows: false)
        var i = start + 1
        while i < n {
            let b = p[i]
            if b == quote {
                if i > start + 1 { sink.emit(.stringSegment, to: i) }
                emit(.stringClose, i + 1)
                return
            }
            if b == ASCII.backslash {
                i += peek(i + 1) == ASCII.cr && peek(i + 2) == ASCII.lf ? 3 : 2
                continue
            }
            if b == ASCII.lf || b == ASCII.cr { break }
            i += 1
        }
        let end = min(i, n)
        if end > start + 1 { sink.emit(.stringSegment, to: end) }
        pos = end
        sink.diagnose(.unterminatedString, "unterminated string literal", atToken: openIndex)
    }

    /// A template literal's text up to its closing backtick, its next `${` or the end of the
    /// file. Always consumes a byte or pops the template's frame.
    private mutating func lexTemplateText() {
        let start = pos
        var i = start
        while i < n {
            let b = p[i]
            if b == ASCII.backslash {
                i += 2
                continue
            }
            if b == ASCII.backtick {
                if i > start { sink.emit(.stringSegment, to: i) }
                pos = i
                frames.removeLast()
                frameTokens.removeLast()
                code(.stringClose, i + 1, exprFollows: false)
                return
            }
            if b == ASCII.dollar && peek(i + 1) == ASCII.lbrace {
                if i > start { sink.emit(.stringSegment, to: i) }
                pos = i
                frames.append(0)
                frameTokens.append(sink.tokens.count)
                code(.interpolationOpen, i + 2, exprFollows: true)
                if sink.depth < UInt16.max { sink.depth += 1 }
                return
            }
            i += 1
        }
        sink.emit(.stringSegment, to: n)
        pos = n
    }

    private mutating func lexNumber(_ start: Int) {
        let number = numberEnd(start)
        code(number.isFloat ? .floatLiteral : .integerLiteral, number.end, exprFollows: false)
    }
}

/// For one line from `base` on: where a regex literal whose body starts at each position would
/// close (the offset of its closing `/`, or -1). A regex body is read in units: a backslash and
/// the byte it escapes, or one byte; `[` opens a class, in which `/` does not close, and `]` ends
/// it. A `/` the lexer meets is always the last byte of a unit read from an earlier `/` of the
/// line, so every body starts on a unit boundary of the units read from `base`, and the answers
/// for them all come from one pass back over those units.
struct RegexCloses {
    let base: Int
    /// The offset of the line break (or of the end) that ends the line.
    let lineEnd: Int
    /// Per offset from `base` (up to `lineEnd`): the answer for a body that starts there.
    var close: [Int32]

    init(_ p: UnsafePointer<UInt8>, _ n: Int, from base: Int) {
        self.base = base
        var units: [Int32] = []
        var i = base
        var end = base
        while i < n, p[i] != ASCII.lf, p[i] != ASCII.cr {
            units.append(Int32(i))
            if p[i] == ASCII.backslash {
                // An escape of the line break, or of nothing, closes nothing from here on.
                if i + 1 >= n || p[i + 1] == ASCII.lf || p[i + 1] == ASCII.cr {
                    units.removeLast()
                    break
                }
                i += 2
            } else {
                i += 1
            }
        }
        end = i
        while end < n, p[end] != ASCII.lf, p[end] != ASCII.cr { end += 1 }
        lineEnd = end
        close = [Int32](repeating: -1, count: end - base + 1)
        // Outside a class and inside one, where the rest of the units close.
        var outside: Int32 = -1
        var inside: Int32 = -1
        for unit in units.reversed() {
            let at = Int(unit)
            switch p[at] {
            case ASCII.slash: outside = unit
            case ASCII.lbracket: outside = inside
            case ASCII.rbracket: inside = outside
            default: break
            }
            close[at - base] = outside
        }
    }
}
