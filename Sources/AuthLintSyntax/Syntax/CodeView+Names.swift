import AuthLintModel

extension CodeView {
    /// Whether a name is a type's, as Swift writes them: a capital first, unless it is a
    /// constant's written in capitals with underscores (`GOOGLE_DRIVE_SCOPE`). `URL` may be
    /// either, and is taken for a type.
    public static func isTypeName(_ name: some Collection<UInt8>) -> Bool {
        guard let first = name.first, first >= 0x41 && first <= 0x5A else { return false }
        return !name.contains(0x5F) || name.contains { $0 >= 0x61 && $0 <= 0x7A }
    }

    /// ``isTypeName(_:)`` of the token at `index`.
    public func isTypeName(_ index: Int) -> Bool {
        Self.isTypeName(file.bytes[Int(tokens[index].start)..<Int(tokens[index].end)])
    }

    /// A word as names are compared: lower-case ASCII, without `_` and `-`.
    public static func normalisedWord(_ word: String) -> [UInt8] {
        word.utf8.compactMap(normalised)
    }

    /// One byte as words are compared: nil for `_` and `-`, ASCII capitals lowered.
    @inline(__always)
    static func normalised(_ byte: UInt8) -> UInt8? {
        if byte == 0x5F || byte == 0x2D { return nil }
        return byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Whether the code token at `index`, read as ``normalisedWord(_:)`` reads words, contains
    /// `needle` (already normalised). Works on the bytes, without making strings.
    public func tokenContains(_ index: Int, _ needle: [UInt8]) -> Bool {
        tokenMatches(index, needle, prefixOnly: false)
    }

    /// Whether the code token at `index`, normalised, starts with `needle`.
    public func tokenStarts(_ index: Int, with needle: [UInt8]) -> Bool {
        tokenMatches(index, needle, prefixOnly: true)
    }

    private func tokenMatches(_ index: Int, _ needle: [UInt8], prefixOnly: Bool) -> Bool {
        guard !needle.isEmpty else { return true }
        let token = tokens[index]
        let end = Int(token.end)
        return file.bytes.withUnsafeBufferPointer { bytes in
            // Each byte that counts may start the needle; `_` and `-` are skipped while comparing.
            var start = Int(token.start)
            while start < end {
                if Self.normalised(bytes[start]) != nil {
                    var i = start
                    var k = 0
                    while k < needle.count, i < end {
                        guard let byte = Self.normalised(bytes[i]) else {
                            i += 1
                            continue
                        }
                        guard byte == needle[k] else { break }
                        k += 1
                        i += 1
                    }
                    if k == needle.count { return true }
                    if prefixOnly { return false }
                }
                start += 1
            }
            return false
        }
    }
}
