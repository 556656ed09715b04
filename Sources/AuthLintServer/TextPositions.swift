/// Where each line of a file's bytes starts, to turn byte offsets into the protocol's positions:
/// a 0-based line and a 0-based column in UTF-16 code units, the unit findings are reported in.
struct TextPositions {
    let bytes: [UInt8]
    /// The offset each line starts at.
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The position of the byte at `offset` (clamped to the text).
    func position(ofOffset offset: Int) -> (line: Int, character: Int) {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let prefix = bytes[lineStarts[low]..<offset]
        return (low, String(decoding: prefix, as: UTF8.self).utf16.count)
    }

    /// The byte offset of a position: its line's start, then as many bytes as make `character`
    /// UTF-16 code units of that line (clamped to the line, and to the text).
    func offset(of position: (line: Int, character: Int)) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        var offset = lineStarts[position.line]
        var units = 0
        while offset < bytes.count, bytes[offset] != 0x0A, units < position.character {
            let byte = bytes[offset]
            let length =
                byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 1
            units += length == 4 ? 2 : 1
            offset = min(offset + length, bytes.count)
        }
        return offset
    }

    /// The leading spaces and tabs of a 0-based line.
    func indentation(ofLine line: Int) -> String {
        guard line < lineStarts.count else { return "" }
        let lineBytes = bytes[lineStarts[line]...].prefix { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: lineBytes, as: UTF8.self)
    }
}
