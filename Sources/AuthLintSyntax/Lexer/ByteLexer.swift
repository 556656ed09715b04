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
}

extension ByteLexer {
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
}
