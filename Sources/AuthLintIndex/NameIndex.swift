import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// A name (by its hash) in one file (by its path).
package struct NameInFile: Hashable {
    var path: String
    var hash: UInt64

    package init(path: String, hash: UInt64) {
        self.path = path
        self.hash = hash
    }
}

/// The project's names, by the files that use them: built once the lookups made without it
/// have checked as many files as it would hold entries (each lookup checks the files in its
/// name's bucket, see ``NameBuckets``, at about the cost of indexing one name). A run asking
/// about a few names does not index them all, and one asking about many spends at most about
/// twice what indexing at once would have. That bound is why the index is built at all: the
/// names a run asks about grow with the project, and looking each up in every file would grow
/// with the product of the two.
package final class NameIndex: @unchecked Sendable {
    package init() {}

    private let lock = NSLock()
    private var checked = 0
    private var byName: [NameKey: [Int32]]?

    /// The index, built by `build` once the files checked without it reach `cost`, the entries
    /// it holds; nil before.
    package func index(cost: Int, build: () -> [NameKey: [Int32]]) -> [NameKey: [Int32]]? {
        lock.lock()
        defer { lock.unlock() }
        if let byName { return byName }
        guard checked >= cost else { return nil }
        let built = build()
        byName = built
        return built
    }

    /// Whether the index was built.
    var isBuilt: Bool {
        lock.lock()
        defer { lock.unlock() }
        return byName != nil
    }

    /// Counts the files a lookup made without the index checked.
    package func didCheck(_ count: Int) {
        lock.lock()
        checked += count
        lock.unlock()
    }
}

/// Which files may use a name, by nine bits of its key (``NameKey``): one row of bits over the
/// files for each of 512 buckets. Before the project's names are indexed (``NameIndex``), a
/// lookup reads the names of only the files in its name's bucket instead of every file's.
package struct NameBuckets: Sendable {
    static let count = 512
    private let wordsPerRow: Int
    private let rows: [UInt64]
    /// How many names the files use in all (each file's distinct names).
    package let names: Int

    /// `forEachName(file, body)` calls `body` with each name key of each of `fileCount` files,
    /// and gives back how many names the file uses. Each run of 1,024 files (16 words of every
    /// row) fills words of its own, so the runs are filled on all cores.
    package init(fileCount: Int, forEachName: @Sendable (Int, (NameKey) -> Void) -> Int) {
        let wordsPerRow = (fileCount + 63) / 64
        self.wordsPerRow = wordsPerRow
        var rows = [UInt64](repeating: 0, count: Self.count * wordsPerRow)
        let wordsPerRun = 16
        let counts = rows.withUnsafeMutableBufferPointer { buffer in
            let shared = SharedWords(buffer: buffer)
            return Array(stride(from: 0, to: wordsPerRow, by: wordsPerRun)).parallelMap { firstWord in
                var total = 0
                for file in (firstWord * 64)..<min((firstWord + wordsPerRun) * 64, fileCount) {
                    let word = file / 64
                    let bit = UInt64(1) << UInt64(file % 64)
                    total += forEachName(file) { key in
                        shared.buffer[Self.bucket(key) * wordsPerRow + word] |= bit
                    }
                }
                return total
            }
        }
        self.rows = rows
        self.names = counts.reduce(0, +)
    }

    /// The rows, written by runs of files that each write only their own words.
    private struct SharedWords: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<UInt64>
    }

    /// Nine bits of the key, spread first.
    static func bucket(_ key: NameKey) -> Int {
        Int((UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 55)
    }

    /// The files that may use the name, in order: none outside it does.
    package func files(mayMention key: NameKey) -> [Int] {
        let start = Self.bucket(key) * wordsPerRow
        return rows[start..<(start + wordsPerRow)].setBitPositions
    }
}

/// The files that use each of a few names, by key (``ProjectIndex/postings(of:)``).
package struct NamePostings: Sendable {
    /// The keys, sorted, each once.
    private let keys: [NameKey]
    /// The files that use each key, in file order.
    private let files: [[Int32]]
    private let fileCount: Int

    package init(keys: [NameKey], files: [[Int32]], fileCount: Int) {
        self.keys = keys
        self.files = files
        self.fileCount = fileCount
    }

    /// The files that use every name (by its hash) of the list, in file order; every file for
    /// none. A name not among the keys given lets every file through.
    package func files(mentioningAll hashes: [UInt64]) -> [Int] {
        let lists = hashes.compactMap { hash -> [Int32]? in
            let key = CodeView.key(hash)
            let position = keys.lowerBound { $0 < key }
            return position < keys.count && keys[position] == key ? files[position] : nil
        }.sorted { $0.count < $1.count }
        guard var kept = lists.first else { return Array(0..<fileCount) }
        for list in lists.dropFirst() {
            kept = kept.filter { list.sortedContains($0) }
        }
        return kept.map(Int.init)
    }
}
