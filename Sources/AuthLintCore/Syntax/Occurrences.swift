/// Where each name occurs in a file's code: the code indices of its identifiers, keywords and
/// attributes, by hash (``CodeView/hash(_:)``), each in order. A lexed file may stay in memory,
/// so they are kept in a few flat arrays rather than an array per name.
public struct Occurrences: Sendable {
    /// The distinct hashes, sorted.
    public let keys: NameHashes
    /// Where the indices of the `i`th hash start in `indices` (and, at `i + 1`, end).
    private let starts: [Int32]
    private let indices: [Int32]

    /// `names` holds the hash of each name token with its code index, in code order.
    init(_ names: [(hash: UInt64, index: Int32)]) {
        // Sorted by hash, and by position within a hash: positions stay in order.
        let sorted = names.sorted { ($0.hash, $0.index) < ($1.hash, $1.index) }
        var hashes: [UInt64] = []
        var starts: [Int32] = []
        var indices: [Int32] = []
        indices.reserveCapacity(sorted.count)
        for name in sorted {
            if hashes.last != name.hash {
                hashes.append(name.hash)
                starts.append(Int32(indices.count))
            }
            indices.append(name.index)
        }
        starts.append(Int32(indices.count))
        keys = NameHashes(sorted: hashes)
        self.starts = starts
        self.indices = indices
    }

    /// The code indices where the name with this hash occurs, in order; nil when it does not.
    public subscript(hash: UInt64) -> ArraySlice<Int32>? {
        guard let position = keys.position(of: hash) else { return nil }
        return indices[Int(starts[position])..<Int(starts[position + 1])]
    }
}

/// Distinct name hashes, sorted, with a table of their positions (open addressing, at most half
/// full) that finds one in a probe or two.
public struct NameHashes: RandomAccessCollection, Sendable {
    private let sorted: [UInt64]
    /// Each hash's position in `sorted`, at the first free slot from its own; -1 when free.
    private let slots: [Int32]
    private let shift: UInt64

    init(sorted: [UInt64]) {
        self.sorted = sorted
        var size = 2
        while size < sorted.count * 2 { size *= 2 }
        shift = UInt64(64 - size.trailingZeroBitCount)
        var slots = [Int32](repeating: -1, count: size)
        for (position, hash) in sorted.enumerated() {
            var slot = Self.slot(hash, shift)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(position)
        }
        self.slots = slots
    }

    /// The slot a hash starts from: its high bits, spread first.
    private static func slot(_ hash: UInt64, _ shift: UInt64) -> Int {
        Int((hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { sorted.count }
    public subscript(position: Int) -> UInt64 { sorted[position] }

    public func contains(_ hash: UInt64) -> Bool {
        position(of: hash) != nil
    }

    /// Where `hash` is in the sorted hashes, when it is there.
    func position(of hash: UInt64) -> Int? {
        var slot = Self.slot(hash, shift)
        while true {
            let position = slots[slot]
            if position < 0 { return nil }
            if sorted[Int(position)] == hash { return Int(position) }
            slot = (slot + 1) & (slots.count - 1)
        }
    }
}
