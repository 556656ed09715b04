import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// The names many files of a project use, each with a small number (its position among their
/// keys, sorted), so that a file's summary holds such a name in about a byte instead of the four
/// of its key (``FileSummary``). Most names of a file are of this kind: keywords, the SDK's
/// types and members, the project's own vocabulary. A name not in it is kept as its key.
///
/// It only decides how names are written down: a summary holds the same names whatever
/// vocabulary it is made with, and says so to every question. A run takes the vocabulary of the
/// summary cache it reads, so that the summaries kept there are read as they are; otherwise it
/// makes one from a sample of the project's sources (``sampled(from:maxFileSize:)``).
///
/// It pays in memory: on the 10k synthetic tree the peak is 37 MiB with it and 42 without
/// (12 % less), and ten files named there with the cache warm take 40 MiB against 48.
package final class NameVocabulary: Sendable {
    /// The keys, sorted ascending, each once: a name's number is its position.
    let keys: [NameKey]
    /// Open addressing by the mixed key: the number of the key at that slot plus one, 0 when empty.
    private let slots: [UInt32]
    private let shift: UInt32

    /// The most names a vocabulary holds.
    static let maxCount = 1 << 16

    /// The vocabulary of these keys; nil unless they are sorted ascending, each once, and no
    /// more than ``maxCount``.
    init?(keys: [NameKey]) {
        guard keys.count <= Self.maxCount, zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
        self.keys = keys
        // A table at most half full.
        var bits: UInt32 = 4
        while 1 << bits < 2 * keys.count { bits += 1 }
        shift = 32 - bits
        var slots = [UInt32](repeating: 0, count: 1 << bits)
        let mask = slots.count - 1
        for (number, key) in keys.enumerated() {
            var slot = Self.slot(key, shift)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(number + 1)
        }
        self.slots = slots
    }

    /// The vocabulary that holds no name: every name is kept as its key.
    package static let none = NameVocabulary(keys: [])!

    @inline(__always)
    private static func slot(_ key: NameKey, _ shift: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> shift)
    }

    /// The key's number, when the vocabulary holds it.
    @inline(__always)
    func number(of key: NameKey) -> Int? {
        let mask = slots.count - 1
        var slot = Self.slot(key, shift)
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            if keys[Int(entry) - 1] == key { return Int(entry) - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// How many files of the project are read to make its vocabulary.
    static let sampleSize = 512

    /// The names at least two of a sample of the sources use: up to ``sampleSize`` of them,
    /// spread evenly over the list (which is in path order, so the sample is the same from run
    /// to run). Names are read from the bytes as words of ASCII letters, digits and `_`, with
    /// the `@` or `#` before one: a name of the code read otherwise (a Unicode one) is only
    /// kept as its key. Files that cannot be read are left out of the sample.
    package static func sampled(from files: [ProjectFile], maxFileSize: Int) -> NameVocabulary {
        let sources = files.filter { $0.language != nil }
        guard sources.count >= 2 else { return .none }
        let step = max(1, sources.count / sampleSize)
        let sample = stride(from: 0, to: sources.count, by: step).prefix(sampleSize).map { sources[$0] }
        let perFile = sample.parallelMap { file -> [NameKey] in
            guard let bytes = FileReader.readSource(file, maxFileSize: maxFileSize).bytes else { return [] }
            return names(in: bytes)
        }
        // Each file's keys are sorted and unique: a key in two lists is in two files.
        var seen = Set<NameKey>()
        var shared = Set<NameKey>()
        for keys in perFile {
            for key in keys where !seen.insert(key).inserted { shared.insert(key) }
        }
        return NameVocabulary(keys: Array(shared.sorted().prefix(maxCount)))!
    }

    /// The keys of the ASCII words of a text (with a `@` or `#` before them), sorted, each once.
    static func names(in bytes: [UInt8]) -> [NameKey] {
        bytes.withUnsafeBufferPointer { text in
            var keys: [NameKey] = []
            var index = 0
            while index < text.count {
                guard isHead(text[index]) else {
                    index += 1
                    continue
                }
                var start = index
                if start > 0, text[start - 1] == UInt8(ascii: "@") || text[start - 1] == UInt8(ascii: "#") {
                    start -= 1
                }
                index += 1
                while index < text.count,
                    isHead(text[index]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index])
                { index += 1 }
                keys.append(CodeView.key(CodeView.hash(text, start, index)))
            }
            return keys.sortedUnique()
        }
    }

    @inline(__always)
    private static func isHead(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }
}
