import AuthLintModel

/// The Python lexer (`.py`), with the same token kinds and guarantees as ``Lexer``: the tokens'
/// bytes concatenated give back the input, and no input traps, hangs or recurses.
///
/// Python 3.12 rules (PEP 701 f-strings), with these choices:
///
/// - `# …` is a `.lineComment`. Indentation is `.whitespace`: no INDENT or DEDENT tokens.
///   A `\` that continues a line is `.whitespace` too; a `\` elsewhere is `.backslash`.
/// - A string is `stringOpen` (the prefix and the quotes: `"`, `'''`, `rb"`, `f'`), its text as
///   `stringSegment`s and `stringClose`. Prefixes are any case of `r`, `u`, `b`, `f`, `t`, `rb`,
///   `br`, `fr`, `rf`, `tr`, `rt`. A backslash escapes the next byte, in raw strings too (a raw
///   string cannot end with an odd backslash). A line break ends a single-quoted string that
///   has not closed, with `unterminated-string`.
/// - In an f-string (or t-string), `{` opens an interpolation: `interpolationOpen` (`{`), the
///   code at one depth more, and `interpolationClose` (`}`). `{{` and `}}` are text. A `:` at
///   the interpolation's own bracket depth starts its format spec, which is text again and may
///   hold interpolations of its own (`f"{x:{width}}"`). The code may hold strings with the same
///   quotes and comments, as PEP 701 allows, and span lines: anywhere in a triple-quoted string,
///   inside brackets in a single-quoted one (a line break outside them ends the string,
///   unterminated). `\N{…}` is an escape.
/// - A decorator, `@` first on a logical line and the dotted name after it (`@app.post`,
///   `@login_required`), is one `.attribute` token; its arguments are code. Another `@` is the
///   matrix-multiplication operator.
/// - Reserved words (`def`, `class`, `return`, `None`, `True`, `lambda` …) are `.keyword`;
///   soft keywords (`match`, `case`, `type`, `_`) are identifiers.
/// - Numbers: decimal, `0x`/`0o`/`0b`, `_` separators, exponents and the `j` suffix;
///   `.floatLiteral` when they hold a `.` or an exponent.
/// - Operators are Python's, longest first (`**=`, `//=`, `->`, `:=` …); `...` is an operator.
public enum PythonLexer {
    public static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], diagnostics: [LexDiagnostic]) {
        PythonLexerImpl.tokenize(bytes)
    }
}

enum PythonKeywords {
    static let table = KeywordTable(
        [
            "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
            "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
            "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
        ].map { ($0, UInt8(1)) })

    static let operators: [[UInt8]] = [
        "**=", "//=", ">>=", "<<=", "**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", "+=", "-=", "*=", "/=",
        "%=", "&=", "|=", "^=", "@=",
    ].map { Array($0.utf8) }
}

/// One level of string and interpolation nesting.
struct PythonFrame {
    enum Kind { case string, interpolation, formatSpec }
    var kind: Kind
    /// The quote byte of the string this frame belongs to.
    var quote: UInt8
    /// `'''` or `"""` delimited.
    var triple: Bool
    /// An f-string or t-string: `{` opens an interpolation.
    var formatted: Bool
    /// For interpolations: brackets opened inside it and not yet closed.
    var brackets: Int
    /// Index of the token that opened this frame, for diagnostics.
    var openToken: Int
}

struct PythonLexerImpl: ByteLexer {
    static let dollarInIdentifiers = false
    let p: UnsafePointer<UInt8>
    let n: Int
    let cls: UnsafePointer<UInt8>
    var sink: LexSink
    var pos = 0
    var frames: [PythonFrame] = []
    /// Brackets open in code outside any string: a line break inside them joins lines.
    var brackets = 0
    /// No code token yet on this logical line: an `@` here starts a decorator.
    var atLineStart = true

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
            if let top = frames.last, top.kind != .interpolation {
                lexText(top)
            } else {
                lexToken()
            }
        }
        for frame in frames.reversed() where frame.kind == .string {
            sink.diagnose(.unterminatedString, "unterminated string literal", atToken: frame.openToken)
        }
    }

    mutating func lexToken() {
        let start = pos
        let b = p[start]
        let byteClass = cls[Int(b)]
        if byteClass & ByteClass.space != 0 {
            lexWhitespace(start)
            return
        }
        if b == ASCII.lf || b == ASCII.cr {
            if let top = frames.last, !top.triple, top.brackets == 0 {
                // A single-quoted f-string's interpolation spans lines only inside brackets.
                endUnterminatedString()
            }
            lexNewline(start)
            if brackets == 0 && frames.isEmpty { atLineStart = true }
            return
        }
        if b == ASCII.pound {
            lexToLineEnd(start, as: .lineComment)
            return
        }
        let lineStart = atLineStart
        atLineStart = false
        if byteClass & ByteClass.identStart != 0 {
            if let quoteAt = stringPrefixEnd(start) {
                openString(start, quoteAt: quoteAt)
            } else {
                lexWord(start, keywords: PythonKeywords.table)
            }
            return
        }
        switch b {
        case ASCII.quote, ASCII.apostrophe:
            openString(start, quoteAt: start)
        case ASCII.lparen, ASCII.lbracket, ASCII.lbrace:
            openBracket()
            emit(b == ASCII.lparen ? .leftParen : b == ASCII.lbracket ? .leftBracket : .leftBrace, start + 1)
        case ASCII.rparen, ASCII.rbracket, ASCII.rbrace:
            if b == ASCII.rbrace, let top = frames.last, top.kind == .interpolation, top.brackets == 0 {
                closeInterpolation(start)
                return
            }
            closeBracket()
            emit(b == ASCII.rparen ? .rightParen : b == ASCII.rbracket ? .rightBracket : .rightBrace, start + 1)
        case ASCII.colon:
            if let top = frames.last, top.kind == .interpolation, top.formatted, top.brackets == 0 {
                emit(.colon, start + 1)
                frames.append(
                    PythonFrame(
                        kind: .formatSpec, quote: top.quote, triple: top.triple, formatted: true, brackets: 0,
                        openToken: sink.tokens.count - 1))
            } else if peek(start + 1) == ASCII.equal {
                emit(.operator, start + 2)
            } else {
                emit(.colon, start + 1)
            }
        case ASCII.comma: emit(.comma, start + 1)
        case ASCII.semicolon: emit(.semicolon, start + 1)
        case ASCII.backslash:
            let next = peek(start + 1)
            if next == ASCII.lf || next == ASCII.cr {
                emit(.whitespace, start + 1)
                atLineStart = lineStart
                if pos < n { lexNewline(pos) }
            } else {
                emit(.backslash, start + 1)
            }
        case ASCII.dot:
            if cls[Int(peek(start + 1))] & ByteClass.digit != 0 && start + 1 < n {
                lexNumber(start)
            } else if peek(start + 1) == ASCII.dot && peek(start + 2) == ASCII.dot {
                emit(.operator, start + 3)
            } else {
                emit(.period, start + 1)
            }
        case ASCII.zero...ASCII.nine:
            lexNumber(start)
        case ASCII.at:
            if lineStart && frames.isEmpty, let name = dottedNameEnd(start + 1) {
                emit(.attribute, name.end, ascii: name.ascii)
            } else {
                lexOperator(start, longestFirst: PythonKeywords.operators)
            }
        default:
            if byteClass & ByteClass.operatorChar != 0 {
                lexOperator(start, longestFirst: PythonKeywords.operators)
            } else {
                lexStrayByte(start, keywords: PythonKeywords.table)
            }
        }
    }

    private mutating func openBracket() {
        if let top = frames.last, top.kind == .interpolation {
            frames[frames.count - 1].brackets += 1
        } else {
            brackets += 1
        }
    }

    private mutating func closeBracket() {
        if let top = frames.last, top.kind == .interpolation {
            if top.brackets > 0 { frames[frames.count - 1].brackets -= 1 }
        } else if brackets > 0 {
            brackets -= 1
        }
    }

    /// Where the quote is when the word at `start` is a string prefix directly before one.
    private func stringPrefixEnd(_ start: Int) -> Int? {
        var i = start
        var seen: UInt8 = 0
        while i < n && i - start < 2 {
            let bit: UInt8
            switch p[i] | 0x20 {
            case 0x72: bit = 1  // r
            case 0x62: bit = 2  // b
            case 0x66: bit = 4  // f
            case 0x74: bit = 8  // t
            case 0x75: bit = 16  // u
            default: return nil
            }
            if seen & bit != 0 { return nil }
            seen |= bit
            i += 1
            if peek(i) == ASCII.quote || peek(i) == ASCII.apostrophe { break }
        }
        guard i < n, p[i] == ASCII.quote || p[i] == ASCII.apostrophe else { return nil }
        let length = i - start
        // Two letters: r with one of b, f, t.
        if length == 2 && (seen & 1 == 0 || seen & 16 != 0) { return nil }
        return i
    }

    private mutating func openString(_ start: Int, quoteAt: Int) {
        let quote = p[quoteAt]
        let triple = peek(quoteAt + 1) == quote && peek(quoteAt + 2) == quote
        var formatted = false
        var k = start
        while k < quoteAt {
            let lower = p[k] | 0x20
            if lower == 0x66 || lower == 0x74 { formatted = true }
            k += 1
        }
        let openIndex = sink.tokens.count
        emit(.stringOpen, triple ? quoteAt + 3 : quoteAt + 1)
        frames.append(
            PythonFrame(
                kind: .string, quote: quote, triple: triple, formatted: formatted, brackets: 0, openToken: openIndex))
    }

    private mutating func openInterpolation(_ start: Int, in frame: PythonFrame) {
        emit(.interpolationOpen, start + 1)
        frames.append(
            PythonFrame(
                kind: .interpolation, quote: frame.quote, triple: frame.triple, formatted: frame.formatted,
                brackets: 0, openToken: sink.tokens.count - 1))
        if sink.depth < UInt16.max { sink.depth += 1 }
    }

    /// The `}` that closes the interpolation on top of the stack.
    private mutating func closeInterpolation(_ start: Int) {
        frames.removeLast()
        if sink.depth > 0 { sink.depth -= 1 }
        emit(.interpolationClose, start + 1)
    }

    /// The text of the string or format spec on top of the stack, up to its next delimiter,
    /// interpolation, unescaped line break (single-quoted strings) or the end of the file.
    /// Always consumes a byte or pops a frame.
    private mutating func lexText(_ frame: PythonFrame) {
        let start = pos
        let isSpec = frame.kind == .formatSpec
        var i = start
        while i < n {
            let b = p[i]
            if b == ASCII.backslash {
                if peek(i + 1) == 0x4E && peek(i + 2) == ASCII.lbrace {  // \N{NAME}
                    var k = i + 3
                    while k < n && p[k] != ASCII.rbrace && p[k] != ASCII.lf && p[k] != ASCII.cr && p[k] != frame.quote {
                        k += 1
                    }
                    i = k < n && p[k] == ASCII.rbrace ? k + 1 : k
                } else {
                    i += peek(i + 1) == ASCII.cr && peek(i + 2) == ASCII.lf ? 3 : 2
                }
                continue
            }
            if b == frame.quote && (!frame.triple || (peek(i + 1) == b && peek(i + 2) == b)) {
                if i > start { sink.emit(.stringSegment, to: i) }
                pos = i
                if isSpec {
                    // The string closes inside an interpolation: its code never ended.
                    endUnterminatedInterpolation()
                    return
                }
                emit(.stringClose, frame.triple ? i + 3 : i + 1)
                frames.removeLast()
                return
            }
            if (b == ASCII.lf || b == ASCII.cr) && !frame.triple {
                if i > start { sink.emit(.stringSegment, to: i) }
                pos = i
                endUnterminatedString()
                return
            }
            if frame.formatted && (b == ASCII.lbrace || b == ASCII.rbrace) {
                if !isSpec && peek(i + 1) == b {
                    i += 2
                    continue
                }
                if b == ASCII.rbrace && !isSpec {
                    i += 1
                    continue
                }
                if i > start { sink.emit(.stringSegment, to: i) }
                pos = i
                if b == ASCII.lbrace {
                    openInterpolation(i, in: frame)
                } else {
                    frames.removeLast()
                    closeInterpolation(i)
                }
                return
            }
            i += 1
        }
        if i > start { sink.emit(.stringSegment, to: n) }
        pos = n
    }

    /// The format spec on top of the stack meets its string's closing quote: the spec and its
    /// interpolation end there, and the string's own text goes on.
    private mutating func endUnterminatedInterpolation() {
        frames.removeLast()
        if let top = frames.last, top.kind == .interpolation {
            sink.diagnose(.unterminatedInterpolation, "unterminated interpolation", atToken: top.openToken)
            frames.removeLast()
            if sink.depth > 0 { sink.depth -= 1 }
        }
    }

    /// A line break in a single-quoted string's text: the string, and every interpolation it is
    /// nested in up to the first frame that may span lines, ends unterminated.
    private mutating func endUnterminatedString() {
        while let top = frames.last {
            frames.removeLast()
            if top.kind == .string {
                sink.diagnose(.unterminatedString, "unterminated string literal", atToken: top.openToken)
                break
            }
            if top.kind == .interpolation && sink.depth > 0 { sink.depth -= 1 }
        }
    }

    private mutating func lexNumber(_ start: Int) {
        let number = numberEnd(start)
        emit(number.isFloat ? .floatLiteral : .integerLiteral, number.end)
    }
}
