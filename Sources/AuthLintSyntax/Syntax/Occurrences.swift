import AuthLintModel

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
        // A file uses each name many times: the names are counted in a table of their own (open
        // addressing, at most half full), only the distinct hashes are sorted, and each index is
        // then put in its name's place, in code order.
        var size = 16
        while size < names.count * 2 { size *= 2 }
        let mask = size - 1
        let shift = UInt64(64 - size.trailingZeroBitCount)
        var slotHashes = [UInt64](repeating: 0, count: size)
        var slotCounts = [Int32](repeating: 0, count: size)  // 0: free
        func slot(of hash: UInt64) -> Int {
            var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> shift)
            while slotCounts[slot] != 0, slotHashes[slot] != hash { slot = (slot + 1) & mask }
            return slot
        }
        var slotOfName: [Int32] = []
        slotOfName.reserveCapacity(names.count)
        var hashes: [UInt64] = []
        for name in names {
            let found = slot(of: name.hash)
            if slotCounts[found] == 0 {
                slotHashes[found] = name.hash
                hashes.append(name.hash)
            }
            slotCounts[found] += 1
            slotOfName.append(Int32(found))
        }
        hashes.sort()
        // Where each name's indices start, and then the next free place among them.
        var starts: [Int32] = []
        starts.reserveCapacity(hashes.count + 1)
        var next = [Int32](repeating: 0, count: size)
        var start: Int32 = 0
        for hash in hashes {
            let found = slot(of: hash)
            starts.append(start)
            next[found] = start
            start += slotCounts[found]
        }
        starts.append(start)
        var indices = [Int32](repeating: 0, count: names.count)
        for (name, found) in zip(names, slotOfName) {
            indices[Int(next[Int(found)])] = name.index
            next[Int(found)] += 1
        }
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
