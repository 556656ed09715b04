import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Files by the keys of names they hold (the functions or types they declare), packed: each
/// (key, file) pair in one 64-bit word, sorted. A project may declare a name in only one or two
/// files, so a list of its own for each key would cost more than the files it holds.
package struct FilesByKey: Sendable {
    /// The key in the high half, the file in the low half.
    private let pairs: [UInt64]

    /// `forEachPair` calls its argument with each (key, file) pair; it is called twice (to
    /// count them, then to keep them), and must give the same pairs both times.
    package init(_ forEachPair: ((NameKey, FileID) -> Void) -> Void) {
        var count = 0
        forEachPair { _, _ in count += 1 }
        var pairs: [UInt64] = []
        pairs.reserveCapacity(count)
        forEachPair { key, file in pairs.append(UInt64(key) << 32 | UInt64(UInt32(file.index))) }
        pairs.sort()
        self.pairs = pairs
    }

    /// The files that hold the key, ascending, each once.
    package subscript(key: NameKey) -> [FileID] {
        var files: [FileID] = []
        var position = pairs.lowerBound { $0 < UInt64(key) << 32 }
        while position < pairs.count, pairs[position] >> 32 == UInt64(key) {
            let file = FileID(Int(UInt32(truncatingIfNeeded: pairs[position])))
            if files.last != file { files.append(file) }
            position += 1
        }
        return files
    }
}
