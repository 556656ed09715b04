import AuthLintModel

/// Machinery shared by ``Lexer`` (Swift) and ``ObjCLexer`` (Objective-C): byte classes, UTF-8
/// decoding, and the token sink that keeps the running line and column.
///
/// Everything here works on raw bytes through an `UnsafePointer<UInt8>` whose bounds the callers
/// check: every read goes through an index already compared against the buffer's length.

// MARK: - Byte classes

/// Bit flags per byte value, looked up in a 256-entry table.
enum ByteClass {
    static let identStart: UInt8 = 0x01  // A-Z a-z _
    static let identContinue: UInt8 = 0x02  // A-Z a-z _ 0-9
    static let operatorChar: UInt8 = 0x04  // / = - + ! * % < > & | ^ ~ ?   (not '.')
    static let digit: UInt8 = 0x08  // 0-9
    static let hexDigit: UInt8 = 0x10  // 0-9 a-f A-F
    static let space: UInt8 = 0x20  // space, tab, vertical tab, form feed
    static let stringSpecial: UInt8 = 0x40  // \ " \n \r : bytes that end a run of string text
    static let special: UInt8 = 0x80  // \n \r NUL and other controls: not plain text

    /// The table; built once, never freed, never written after it is built.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        t.initialize(repeating: 0, count: 256)
        for b in 0..<256 {
            var f: UInt8 = 0
            let isUpper = b >= 0x41 && b <= 0x5A
            let isLower = b >= 0x61 && b <= 0x7A
            let isDigit = b >= 0x30 && b <= 0x39
            if isUpper || isLower || b == 0x5F { f |= identStart | identContinue }
            if isDigit { f |= identContinue | digit | hexDigit }
            if (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66) { f |= hexDigit }
            switch b {
            case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F:
                f |= operatorChar
            default: break
            }
            if b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C { f |= space }
            if b == 0x5C || b == 0x22 || b == 0x0A || b == 0x0D { f |= stringSpecial }
            if (b < 0x20 && b != 0x09) || b == 0x7F { f |= special }
            t[b] = f
        }
        return UnsafePointer(t)
    }()
}

// MARK: - ASCII constants

enum ASCII {
    static let nul: UInt8 = 0x00
    static let tab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let vt: UInt8 = 0x0B
    static let ff: UInt8 = 0x0C
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let bang: UInt8 = 0x21  // !
    static let quote: UInt8 = 0x22  // "
    static let pound: UInt8 = 0x23  // #
    static let dollar: UInt8 = 0x24  // $
    static let amp: UInt8 = 0x26  // &
    static let apostrophe: UInt8 = 0x27  // '
    static let lparen: UInt8 = 0x28
    static let rparen: UInt8 = 0x29
    static let star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let one: UInt8 = 0x31
    static let seven: UInt8 = 0x37
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let less: UInt8 = 0x3C
    static let equal: UInt8 = 0x3D
    static let greater: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let upperB: UInt8 = 0x42
    static let upperE: UInt8 = 0x45
    static let upperP: UInt8 = 0x50
    static let upperX: UInt8 = 0x58
    static let lbracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rbracket: UInt8 = 0x5D
    static let caret: UInt8 = 0x5E
    static let underscore: UInt8 = 0x5F
    static let backtick: UInt8 = 0x60
    static let lowerB: UInt8 = 0x62
    static let lowerE: UInt8 = 0x65
    static let lowerO: UInt8 = 0x6F
    static let lowerP: UInt8 = 0x70
    static let lowerX: UInt8 = 0x78
    static let lbrace: UInt8 = 0x7B
    static let pipe: UInt8 = 0x7C
    static let rbrace: UInt8 = 0x7D
    static let tilde: UInt8 = 0x7E
}

// MARK: - UTF-8

package enum UTF8Scan {
    /// Decodes the scalar starting at `i` (`i < end`). Returns its value and byte length, or
    /// length 0 when the bytes at `i` do not start a valid, shortest-form UTF-8 sequence that
    /// ends before `end`.
    @inline(__always)
    package static func scalar(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        if b0 < 0xC2 { return (0, 0) }
        if b0 < 0xE0 {
            guard i + 1 < end else { return (0, 0) }
            let b1 = UInt32(p[i + 1])
            guard b1 & 0xC0 == 0x80 else { return (0, 0) }
            return ((b0 & 0x1F) << 6 | (b1 & 0x3F), 2)
        }
        if b0 < 0xF0 {
            guard i + 2 < end else { return (0, 0) }
            let b1 = UInt32(p[i + 1])
            let b2 = UInt32(p[i + 2])
            guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return (0, 0) }
            if b0 == 0xE0 && b1 < 0xA0 { return (0, 0) }  // overlong
            if b0 == 0xED && b1 >= 0xA0 { return (0, 0) }  // UTF-16 surrogate
            return ((b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F), 3)
        }
        if b0 < 0xF5 {
            guard i + 3 < end else { return (0, 0) }
            let b1 = UInt32(p[i + 1])
            let b2 = UInt32(p[i + 2])
            let b3 = UInt32(p[i + 3])
            guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return (0, 0) }
            if b0 == 0xF0 && b1 < 0x90 { return (0, 0) }  // overlong
            if b0 == 0xF4 && b1 >= 0x90 { return (0, 0) }  // above U+10FFFF
            return ((b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F), 4)
        }
        return (0, 0)
    }

    /// Swift's operator-head characters outside ASCII.
    @inline(__always)
    package static func isOperatorHead(_ u: UInt32) -> Bool {
        if u < 0xA1 { return false }
        if u <= 0xFF {
            return (u >= 0xA1 && u <= 0xA7) || u == 0xA9 || u == 0xAB || u == 0xAC || u == 0xAE
                || u == 0xB0 || u == 0xB1 || u == 0xB6 || u == 0xBB || u == 0xBF || u == 0xD7 || u == 0xF7
        }
        if u < 0x2016 { return false }
        if u <= 0x2E7F {
            return (u >= 0x2016 && u <= 0x2017) || (u >= 0x2020 && u <= 0x2027) || (u >= 0x2030 && u <= 0x203E)
                || (u >= 0x2041 && u <= 0x2053) || (u >= 0x2055 && u <= 0x205E) || (u >= 0x2190 && u <= 0x23FF)
                || (u >= 0x2500 && u <= 0x2775) || (u >= 0x2794 && u <= 0x2BFF) || (u >= 0x2E00 && u <= 0x2E7F)
        }
        return (u >= 0x3001 && u <= 0x3003) || (u >= 0x3008 && u <= 0x3020) || u == 0x3030
    }

    /// Characters that may continue (but not start) a Swift operator: combining marks and
    /// variation selectors, plus every operator head.
    @inline(__always)
    static func isOperatorContinuation(_ u: UInt32) -> Bool {
        if isOperatorHead(u) { return true }
        return (u >= 0x0300 && u <= 0x036F) || (u >= 0x1DC0 && u <= 0x1DFF) || (u >= 0x20D0 && u <= 0x20FF)
            || (u >= 0xFE00 && u <= 0xFE0F) || (u >= 0xFE20 && u <= 0xFE2F) || (u >= 0xE0100 && u <= 0xE01EF)
    }

    /// U+00A0 NO-BREAK SPACE, lexed as whitespace.
    package static let noBreakSpace: UInt32 = 0xA0
}

// MARK: - Token sink

/// Collects tokens and diagnostics and keeps the line and UTF-16 column of the next byte to be
/// emitted. Each token's bytes are walked once, when it is emitted, to move the position on;
/// nothing is ever rescanned.
struct LexSink {
    let p: UnsafePointer<UInt8>
    let n: Int
    var tokens: [Token] = []
    var diagnostics: [LexDiagnostic] = []
    /// Offset of the first byte not yet in a token.
    var emitted = 0
    var line: Int32 = 1
    var column: Int32 = 1
    /// Interpolation depth stamped on the tokens emitted next.
    var depth: UInt16 = 0
    private var diagnosticCounts = [UInt8](repeating: 0, count: 8)

    /// At most this many diagnostics of each kind are kept per file.
    static let maxDiagnosticsPerKind: UInt8 = 10

    init(_ p: UnsafePointer<UInt8>, _ n: Int) {
        self.p = p
        self.n = n
        // Typical Swift has one token per 4-5 bytes; dense code one per 3-4.
        tokens.reserveCapacity(n / 3 + 16)
    }

    /// Emits a token from the end of the previous one to `end`, which may hold any bytes.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, to end: Int) {
        let start = emitted
        tokens.append(
            Token(
                kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                line: line, column: column, interpolationDepth: depth))
        advance(from: start, to: end)
        emitted = end
    }

    /// Emits a token that the caller knows holds only printable ASCII (no line break, no NUL).
    @inline(__always)
    mutating func emitASCII(_ kind: TokenKind, to end: Int) {
        let start = emitted
        tokens.append(
            Token(
                kind: kind, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                line: line, column: column, interpolationDepth: depth))
        column &+= Int32(truncatingIfNeeded: end - start)
        emitted = end
    }

    /// Emits a line break token ("\n", "\r\n" or "\r") ending at `end`.
    @inline(__always)
    mutating func emitNewline(to end: Int) {
        let start = emitted
        tokens.append(
            Token(
                kind: .newline, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                line: line, column: column, interpolationDepth: depth))
        line &+= 1
        column = 1
        emitted = end
    }

    /// Moves line and column over `start..<end`; notes NUL bytes and invalid UTF-8 on the way.
    @inline(__always)
    private mutating func advance(from start: Int, to end: Int) {
        var i = start
        let table = ByteClass.table
        while i < end {
            let b = p[i]
            if b < 0x80 {
                if table[Int(b)] & ByteClass.special == 0 {
                    column &+= 1
                } else if b == ASCII.lf {
                    line &+= 1
                    column = 1
                } else if b == ASCII.cr {
                    // "\r\n" is one line break: let the "\n" count it.
                    if i + 1 < n && p[i + 1] == ASCII.lf {
                        column &+= 1
                    } else {
                        line &+= 1
                        column = 1
                    }
                } else {
                    if b == ASCII.nul {
                        diagnose(.nulByte, "NUL byte in source", line: line, column: column)
                    }
                    column &+= 1
                }
                i += 1
            } else {
                let length = UTF8Scan.scalar(p, i, end).length
                if length == 0 {
                    diagnose(
                        .invalidUTF8, "invalid UTF-8 byte 0x\(String(b, radix: 16, uppercase: true))",
                        line: line, column: column)
                    column &+= 1
                    i += 1
                } else {
                    column &+= length == 4 ? 2 : 1
                    i += length
                }
            }
        }
    }

    mutating func diagnose(_ kind: LexDiagnostic.Kind, _ message: @autoclosure () -> String, line: Int32, column: Int32)
    {
        let slot = LexSink.slot(kind)
        guard diagnosticCounts[slot] < LexSink.maxDiagnosticsPerKind else { return }
        diagnosticCounts[slot] += 1
        diagnostics.append(
            LexDiagnostic(
                kind: kind, message: message(),
                location: SourceLocation(line: Int(line), column: Int(column))))
    }

    /// Diagnoses at the position of the token with the given index (or the next token's position
    /// when the index is out of range).
    mutating func diagnose(_ kind: LexDiagnostic.Kind, _ message: @autoclosure () -> String, atToken index: Int) {
        if index >= 0 && index < tokens.count {
            diagnose(kind, message(), line: tokens[index].line, column: tokens[index].column)
        } else {
            diagnose(kind, message(), line: line, column: column)
        }
    }

    private static func slot(_ kind: LexDiagnostic.Kind) -> Int {
        switch kind {
        case .unterminatedString: return 0
        case .unterminatedComment: return 1
        case .unterminatedInterpolation: return 2
        case .unterminatedRegex: return 3
        case .invalidUTF8: return 4
        case .nulByte: return 5
        case .unexpectedCharacter: return 6
        }
    }
}

// MARK: - Entry helper

enum LexEntry {
    /// Runs `body` over the bytes' buffer, handling the cases no lexer needs to see: an empty
    /// input, and one too large for the 32-bit offsets of ``Token``.
    static func run(
        _ bytes: [UInt8],
        _ body: (UnsafePointer<UInt8>, Int) -> (tokens: [Token], diagnostics: [LexDiagnostic])
    ) -> (tokens: [Token], diagnostics: [LexDiagnostic]) {
        if bytes.isEmpty { return ([], []) }
        if bytes.count >= Int(Int32.max) {
            let diagnostic = LexDiagnostic(
                kind: .unexpectedCharacter,
                message: "file of \(bytes.count) bytes is too large to tokenize",
                location: SourceLocation(line: 1, column: 1))
            return ([], [diagnostic])
        }
        return bytes.withUnsafeBufferPointer { buffer in
            body(buffer.baseAddress!, buffer.count)
        }
    }
}
