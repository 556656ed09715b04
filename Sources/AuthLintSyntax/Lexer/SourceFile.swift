import AuthLintModel
import Foundation

/// A source file's bytes and tokens. Immutable once made, shared freely between threads.
public final class SourceFile: Sendable {
    /// Path as given to the scanner (relative to the project root, `/`-separated).
    public let path: String
    public let language: SourceLanguage
    public let bytes: [UInt8]
    /// Every token, trivia included: their bytes concatenated are `bytes`. The file of a
    /// ``CodeView`` keeps its comments only (see ``comments()``): the view holds the code.
    public let tokens: [Token]
    /// Indices into `tokens` of the tokens that are code (no trivia), in order.
    public let codeTokenIndices: [Int32]
    public let diagnostics: [LexDiagnostic]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int32]

    public init(path: String, language: SourceLanguage = .swift, bytes: [UInt8]) {
        self.path = path
        self.language = language
        self.bytes = bytes
        let result = language.tokenize(bytes)
        tokens = result.tokens
        diagnostics = result.diagnostics
        var code: [Int32] = []
        code.reserveCapacity(tokens.count / 2)
        for (index, token) in tokens.enumerated() where !token.kind.isTrivia {
            code.append(Int32(index))
        }
        codeTokenIndices = code
        lineStarts = SourceFile.computeLineStarts(bytes)
    }

    private init(
        path: String, language: SourceLanguage, bytes: [UInt8], tokens: [Token], codeTokenIndices: [Int32],
        diagnostics: [LexDiagnostic],
        lineStarts: [Int32]
    ) {
        self.path = path
        self.language = language
        self.bytes = bytes
        self.tokens = tokens
        self.codeTokenIndices = codeTokenIndices
        self.diagnostics = diagnostics
        self.lineStarts = lineStarts
    }

    /// The same file with its comment tokens only: once a ``CodeView`` holds its code tokens,
    /// its comments are all that is read of a lexed file's tokens (suppressions are comments).
    func comments() -> SourceFile {
        var kept: [Token] = []
        kept.reserveCapacity(tokens.count(where: \.kind.isComment))
        for token in tokens where token.kind.isComment { kept.append(token) }
        return SourceFile(
            path: path, language: language, bytes: bytes, tokens: kept, codeTokenIndices: [], diagnostics: diagnostics,
            lineStarts: lineStarts)
    }

    public convenience init(path: String, language: SourceLanguage = .swift, text: String) {
        self.init(path: path, language: language, bytes: Array(text.utf8))
    }

    /// The token's source text (invalid UTF-8 is repaired with U+FFFD).
    @inlinable
    public func text(of token: Token) -> String {
        String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// Whether the token's bytes equal `text`'s UTF-8 bytes, without making a String.
    @inlinable
    public func token(_ token: Token, is text: StaticString) -> Bool {
        guard token.byteCount == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { expected in
            bytes.withUnsafeBufferPointer { buffer in
                var i = 0
                let base = Int(token.start)
                while i < expected.count {
                    if buffer[base + i] != expected[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    /// The text of the given 1-based line, without its line ending.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = Int(lineStarts[line - 1])
        var end = line < lineStarts.count ? Int(lineStarts[line]) : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Line and UTF-16 column of a byte offset.
    public func location(ofByte offset: Int) -> SourceLocation {
        Self.location(ofByte: offset, in: bytes, lineStarts: lineStarts)
    }

    /// Line and UTF-16 column of a byte offset in `bytes`, whose lines start at `lineStarts`
    /// (``computeLineStarts(_:)``), as the lexer counts them: for text that is not lexed.
    package static func location(ofByte offset: Int, in bytes: [UInt8], lineStarts: [Int32]) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        // The last line that starts at or before the offset. (The lexer builds on its own, for the
        // fuzzer, so it keeps its own binary search.)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        let lineStart = Int(lineStarts[low])
        return SourceLocation(line: low + 1, column: 1 + SourceFile.utf16Length(bytes, from: lineStart, to: offset))
    }

    /// The byte offset of a location in `bytes`, the inverse of
    /// ``location(ofByte:in:lineStarts:)``: the line's start, then as many bytes as make the
    /// column's UTF-16 code units, counted as the lexer counts them (clamped to the line's end,
    /// and to the text).
    package static func offset(of location: SourceLocation, in bytes: [UInt8], lineStarts: [Int32]) -> Int {
        guard location.line >= 1 else { return 0 }
        guard location.line <= lineStarts.count else { return bytes.count }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var offset = Int(lineStarts[location.line - 1])
            var units = 1
            while offset < buffer.count, buffer[offset] != 0x0A, buffer[offset] != 0x0D, units < location.column {
                let length = UTF8Scan.scalar(base, offset, buffer.count).length
                units += length == 4 ? 2 : 1
                offset += max(length, 1)
            }
            return offset
        }
    }

    /// The location just past the token's last byte (exclusive end, as in SARIF).
    public func endLocation(of token: Token) -> SourceLocation {
        location(ofByte: Int(token.end))
    }

    /// Where each line starts: after each `\n`, `\r\n` and lone `\r`.
    package static func computeLineStarts(_ bytes: [UInt8]) -> [Int32] {
        var starts: [Int32] = [0]
        starts.reserveCapacity(bytes.count / 32)
        bytes.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress, !p.isEmpty else { return }
            let n = p.count
            // Most files break lines with `\n` alone: `memchr` finds each, many bytes at a time.
            if memchr(base, 0x0D, n) == nil {
                var from = 0
                while from < n, let found = memchr(base + from, 0x0A, n - from) {
                    from = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(Int32(from))
                }
                return
            }
            var i = 0
            while i < n {
                let b = p[i]
                if b == 0x0A {
                    starts.append(Int32(i + 1))
                } else if b == 0x0D {
                    if i + 1 < n, p[i + 1] == 0x0A { i += 1 }
                    starts.append(Int32(i + 1))
                }
                i += 1
            }
        }
        return starts
    }

    /// UTF-16 code units taken by the UTF-8 bytes in `from..<to`, as the lexer counts them:
    /// four-byte sequences count two, other sequences one, and each byte of an ill-formed
    /// sequence one (it decodes to U+FFFD).
    static func utf16Length(_ bytes: [UInt8], from: Int, to: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0
            var i = from
            while i < to {
                let length = UTF8Scan.scalar(base, i, buffer.count).length
                count += length == 4 ? 2 : 1
                i += max(length, 1)
            }
            return count
        }
    }
}
