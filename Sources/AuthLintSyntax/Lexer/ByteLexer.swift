import AuthLintModel

/// What the lexers other than Swift's share: reading bytes, emitting tokens, and
/// the lexing of whitespace, line breaks, words, `/* … */` comments and bytes that are no token
/// of the language. Each lexer keeps its own position and sink; these methods move both.
protocol ByteLexer {
    var p: UnsafePointer<UInt8> { get }
    var n: Int { get }
    var cls: UnsafePointer<UInt8> { get }
    var sink: LexSink { get set }
    /// Offset of the next byte to lex; equals `sink.emitted` between tokens.
    var pos: Int { get set }
    /// Whether `$` is an identifier character.
    static var dollarInIdentifiers: Bool { get }

    init(_ p: UnsafePointer<UInt8>, _ n: Int)
    /// Lexes the whole buffer into `sink`.
    mutating func run()
}

extension ByteLexer {
    /// The tokens of `bytes`, and what was found wrong with them.
    static func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], diagnostics: [LexDiagnostic]) {
        LexEntry.run(bytes) { p, n in
            var lexer = Self(p, n)
            lexer.run()
            return (lexer.sink.tokens, lexer.sink.diagnostics)
        }
    }

    @inline(__always)
    func peek(_ i: Int) -> UInt8 { i < n ? p[i] : 0 }

    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ end: Int, ascii: Bool = true) {
        if ascii { sink.emitASCII(kind, to: end) } else { sink.emit(kind, to: end) }
        pos = end
    }

    /// The UTF-8 byte-order mark at the start of the file, if there is one.
    mutating func lexByteOrderMark() {
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { emit(.byteOrderMark, 3, ascii: false) }
    }

    /// The end of the identifier character at `i`, if there is one there.
    @inline(__always)
    func identifierCharEnd(_ i: Int) -> (end: Int, ascii: Bool)? {
        guard i < n else { return nil }
        let b = p[i]
        if cls[Int(b)] & ByteClass.identContinue != 0 || (b == ASCII.dollar && Self.dollarInIdentifiers) {
            return (i + 1, true)
        }
        if b < 0x80 { return nil }
        let (u, length) = UTF8Scan.scalar(p, i, n)
        if length == 0 || u == UTF8Scan.noBreakSpace { return nil }
        return (i + length, false)
    }

    /// The end of the identifier that starts at `i` (not with a digit), if one does.
    func identifierEnd(_ i: Int) -> (end: Int, ascii: Bool)? {
        guard i < n, cls[Int(p[i])] & ByteClass.digit == 0, let first = identifierCharEnd(i) else { return nil }
        var end = first.end
        var ascii = first.ascii
        while let next = identifierCharEnd(end) {
            end = next.end
            ascii = ascii && next.ascii
        }
        return (end, ascii)
    }

    /// A word from `start`: `.keyword` when `keywords` holds it, else `.identifier`. Returns the
    /// kind emitted.
    @discardableResult
    mutating func lexWord(_ start: Int, keywords: KeywordTable) -> TokenKind {
        var i = start
        var ascii = true
        while let next = identifierCharEnd(i) {
            i = next.end
            ascii = ascii && next.ascii
        }
        if i == start {
            i = start + 1
            ascii = false
        }
        let kind: TokenKind = ascii && keywords.lookup(p, start, i - start) != nil ? .keyword : .identifier
        emit(kind, i, ascii: ascii)
        return kind
    }

    /// Spaces, tabs, vertical tabs, form feeds and no-break spaces.
    mutating func lexWhitespace(_ start: Int) {
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
        emit(.whitespace, i, ascii: ascii)
    }

    /// "\n", "\r\n" or "\r" at `start`.
    mutating func lexNewline(_ start: Int) {
        let end = p[start] == ASCII.cr && peek(start + 1) == ASCII.lf ? start + 2 : start + 1
        sink.emitNewline(to: end)
        pos = end
    }

    /// From `start` to the end of the line, as one token of `kind`.
    mutating func lexToLineEnd(_ start: Int, as kind: TokenKind) {
        var i = start
        while i < n && p[i] != ASCII.lf && p[i] != ASCII.cr { i += 1 }
        emit(kind, i, ascii: false)
    }

    /// A comment at the `/` at `start`: `//` to the line end (`///`, but not `////`, is a doc
    /// comment) or `/* … */`. False, having lexed nothing, when the `/` starts no comment.
    mutating func lexSlashComment(_ start: Int) -> Bool {
        let next = peek(start + 1)
        if next == ASCII.slash {
            let isDoc = peek(start + 2) == ASCII.slash && peek(start + 3) != ASCII.slash
            lexToLineEnd(start, as: isDoc ? .docLineComment : .lineComment)
            return true
        }
        guard next == ASCII.star else { return false }
        lexBlockComment(start)
        return true
    }

    /// `/* … */`, not nested; `/** … */` (but not `/**/`) is a doc comment.
    mutating func lexBlockComment(_ start: Int) {
        let isDoc = peek(start + 2) == ASCII.star && peek(start + 3) != ASCII.slash
        var i = start + 2
        var closed = false
        while i < n {
            if p[i] == ASCII.star && peek(i + 1) == ASCII.slash {
                i += 2
                closed = true
                break
            }
            i += 1
        }
        if !closed {
            sink.diagnose(.unterminatedComment, "unterminated block comment", line: sink.line, column: sink.column)
            i = n
        }
        emit(isDoc ? .docBlockComment : .blockComment, i, ascii: false)
    }

    /// A byte no token of the language starts with: a run of NULs or of invalid UTF-8 is one
    /// `.unknown` token, a no-break space is whitespace, another non-ASCII character starts an
    /// identifier, and any other ASCII byte is an `.unknown` token of its own, diagnosed.
    mutating func lexStrayByte(_ start: Int, keywords: KeywordTable) {
        let b = p[start]
        if b == ASCII.nul {
            var end = start + 1
            while end < n && p[end] == ASCII.nul { end += 1 }
            emit(.unknown, end, ascii: false)
        } else if b < 0x80 {
            sink.diagnose(
                .unexpectedCharacter, "unexpected character U+\(String(b, radix: 16, uppercase: true))",
                line: sink.line, column: sink.column)
            emit(.unknown, start + 1, ascii: false)
        } else {
            let (u, length) = UTF8Scan.scalar(p, start, n)
            if length == 0 {
                var i = start + 1
                while i < n && p[i] >= 0x80 && UTF8Scan.scalar(p, i, n).length == 0 { i += 1 }
                emit(.unknown, i, ascii: false)
            } else if u == UTF8Scan.noBreakSpace {
                lexWhitespace(start)
            } else {
                lexWord(start, keywords: keywords)
            }
        }
    }

    /// The longest of `operators` (longest first) that starts at `start`, else one byte; an
    /// `.operator` token either way.
    mutating func lexOperator(_ start: Int, longestFirst operators: [[UInt8]]) {
        var length = 1
        for candidate in operators where candidate.count > 1 && matches(candidate, at: start) {
            length = candidate.count
            break
        }
        emit(.operator, min(start + length, n))
    }

    @inline(__always)
    func matches(_ bytes: [UInt8], at i: Int) -> Bool {
        guard i + bytes.count <= n else { return false }
        var k = 0
        while k < bytes.count && p[i + k] == bytes[k] { k += 1 }
        return k == bytes.count
    }

    /// `name(.name)*` from `i`: a decorator's dotted name.
    func dottedNameEnd(_ i: Int) -> (end: Int, ascii: Bool)? {
        guard var name = identifierEnd(i) else { return nil }
        while peek(name.end) == ASCII.dot, let next = identifierEnd(name.end + 1) {
            name = (next.end, name.ascii && next.ascii)
        }
        return name
    }

    /// The end of the number at `start` (a digit, or `.` before one): decimal digits, or digits
    /// after `0x`, `0o` or `0b`, with `_` separators, one `.`, an exponent with its sign, and
    /// letters after them (`j`, `n`, `L`); a float when it holds a `.` or an exponent. A `.`
    /// before a name is member access (`parts[0].strip`), not part of the number.
    func numberEnd(_ start: Int) -> (end: Int, isFloat: Bool) {
        var i = start
        var isFloat = false
        let radix = p[start] == ASCII.zero ? peek(start + 1) | 0x20 : 0
        let isPrefixed = radix == ASCII.lowerX || radix == ASCII.lowerO || radix == ASCII.lowerB
        var seenDot = false
        while i < n {
            let b = p[i]
            if !isPrefixed && (b == ASCII.lowerE || b == ASCII.upperE) {
                isFloat = true
                i += 1
                let sign = peek(i)
                if (sign == ASCII.plus || sign == ASCII.minus) && cls[Int(peek(i + 1))] & ByteClass.digit != 0 {
                    i += 1
                }
                continue
            }
            if b == ASCII.dot && !isPrefixed && !seenDot && dotContinuesNumber(i) {
                isFloat = true
                seenDot = true
                i += 1
                continue
            }
            if cls[Int(b)] & ByteClass.identContinue != 0 {
                i += 1
                continue
            }
            break
        }
        return (i, isFloat)
    }

    /// Whether the `.` at `i`, after digits, belongs to the number: before a digit, an exponent
    /// (`1.e5`) or anything that is no name and no second `.`.
    private func dotContinuesNumber(_ i: Int) -> Bool {
        let next = peek(i + 1)
        if cls[Int(next)] & ByteClass.digit != 0 { return true }
        if next | 0x20 == ASCII.lowerE {
            let after = peek(i + 2)
            let digitAt = after == ASCII.plus || after == ASCII.minus ? i + 3 : i + 2
            if cls[Int(peek(digitAt))] & ByteClass.digit != 0 { return true }
        }
        return next < 0x80 && next != ASCII.dot && next != ASCII.dollar && cls[Int(next)] & ByteClass.identStart == 0
    }

}
