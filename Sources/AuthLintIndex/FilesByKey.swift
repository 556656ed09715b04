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

    /// `forEachKey(file, add)` calls `add` with each key file `file` holds, for each of
    /// `fileCount` files. Runs of 512 files are read and sorted on all cores, then merged.
    package init(fileCount: Int, forEachKey: @Sendable (FileID, (NameKey) -> Void) -> Void) {
        let run = 512
        let runs = Array(stride(from: 0, to: fileCount, by: run)).parallelMap { first -> [UInt64] in
            var pairs: [UInt64] = []
            for file in first..<min(first + run, fileCount) {
                forEachKey(FileID(file)) { key in pairs.append(UInt64(key) << 32 | UInt64(UInt32(file))) }
            }
            pairs.sort()
            return pairs
        }
        // Sorting finds the sorted runs laid end to end and merges them.
        self.pairs = runs.count == 1 ? runs[0] : Array(runs.joined()).sorted()
    }

    /// The files that hold the key, ascending, each once.
    package subscript(key: NameKey) -> [FileID] {
        var files: [FileID] = []
        forEachFile(holding: key) { file in
            if files.last != file { files.append(file) }
        }
        return files
    }

    /// Calls `body` with each file that holds the key, ascending (a file once per time it was
    /// added with the key).
    package func forEachFile(holding key: NameKey, _ body: (FileID) -> Void) {
        var position = pairs.lowerBound { $0 < UInt64(key) << 32 }
        while position < pairs.count, pairs[position] >> 32 == UInt64(key) {
            body(FileID(Int(UInt32(truncatingIfNeeded: pairs[position]))))
            position += 1
        }
    }
}
