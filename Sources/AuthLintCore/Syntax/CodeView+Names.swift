extension CodeView {
    /// A word as names are compared: lower-case ASCII, without `_` and `-`.
    public static func normalisedWord(_ word: String) -> [UInt8] {
        word.utf8.compactMap { byte in
            if byte == 0x5F || byte == 0x2D { return nil }
            return byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        }
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
        return file.bytes.withUnsafeBufferPointer { bytes in
            var normalised: [UInt8] = []
            normalised.reserveCapacity(token.byteCount)
            for i in Int(token.start)..<Int(token.end) {
                let byte = bytes[i]
                if byte == 0x5F || byte == 0x2D { continue }
                normalised.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            guard normalised.count >= needle.count else { return false }
            let last = prefixOnly ? 0 : normalised.count - needle.count
            var start = 0
            while start <= last {
                var k = 0
                while k < needle.count, normalised[start + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
                start += 1
            }
            return false
        }
    }
}
