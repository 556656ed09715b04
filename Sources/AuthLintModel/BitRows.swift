extension Sequence where Element == UInt64 {
    /// The positions of the set bits, ascending, the words read as one row of bits: bit `i % 64`
    /// of word `i / 64` stands for position `i`.
    @inlinable package var setBitPositions: [Int] {
        var found: [Int] = []
        for (word, bits) in enumerated() {
            var bits = bits
            while bits != 0 {
                found.append(word * 64 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return found
    }
}
