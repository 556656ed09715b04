import AuthLintSyntax

/// A document's text with where its lines start, to turn byte offsets into the protocol's
/// positions (a 0-based line and a 0-based column in UTF-16 code units) and back, counted as the
/// lexer counts the findings' lines and columns (`\r` and `\r\n` break lines too).
struct TextPositions {
    let bytes: [UInt8]
    private let lineStarts: [Int32]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = SourceFile.computeLineStarts(bytes)
    }

    /// The position of the byte at `offset` (clamped to the text).
    func position(ofOffset offset: Int) -> (line: Int, character: Int) {
        let location = SourceFile.location(ofByte: offset, in: bytes, lineStarts: lineStarts)
        return (location.line - 1, location.column - 1)
    }

    /// The byte offset of a position (clamped to its line, and to the text).
    func offset(of position: (line: Int, character: Int)) -> Int {
        SourceFile.offset(
            of: SourceLocation(line: position.line + 1, column: position.character + 1), in: bytes,
            lineStarts: lineStarts)
    }

    /// The leading spaces and tabs of a 0-based line.
    func indentation(ofLine line: Int) -> String {
        guard line < lineStarts.count else { return "" }
        let lineBytes = bytes[Int(lineStarts[line])...].prefix { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: lineBytes, as: UTF8.self)
    }
}
