import AuthLintProject
import AuthLintSyntax
import Foundation

/// Code lexed on use by one run, kept for the next runs of a process that lints the same tree
/// again (the language server, between edits): by the file's path, for the file as its stamp
/// says it was on disk. A run whose scan stamps the file alike takes the code instead of reading
/// and lexing the file again, as the summary cache takes a file's summary by its stamp; a file
/// whose text is given (an editor's buffer) has no stamp and is never taken from here.
///
/// Kept while the code's source fits in a capacity; past it, the files used least recently are
/// let go. Safe to use from several threads.
package final class LexedCode: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private var held = 0
    private var clock: UInt64 = 0
    private var kept: [String: Kept] = [:]

    private struct Kept {
        var stamp: FileStamp
        var code: CodeView
        var used: UInt64
    }

    /// Keeps code whose source comes to at most `capacity` bytes.
    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// The code of the file at `path` when it was lexed from the file with this stamp.
    func code(_ path: String, stamp: FileStamp) -> CodeView? {
        lock.lock()
        defer { lock.unlock() }
        guard let found = kept[path], found.stamp == stamp else { return nil }
        clock += 1
        kept[path]!.used = clock
        return found.code
    }

    /// Keeps the code of the file at `path`, lexed from the file with this stamp; past the
    /// capacity, the files used least recently go until a quarter of it is free.
    func keep(_ code: CodeView, _ path: String, stamp: FileStamp) {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if let old = kept.updateValue(Kept(stamp: stamp, code: code, used: clock), forKey: path) {
            held -= Self.size(old.code)
        }
        held += Self.size(code)
        guard held > capacity else { return }
        for (path, entry) in kept.sorted(by: { $0.value.used < $1.value.used }) where held > capacity / 4 * 3 {
            kept[path] = nil
            held -= Self.size(entry.code)
        }
    }

    /// How many files' code is kept.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return kept.count
    }

    private static func size(_ code: CodeView) -> Int { max(1, code.file.bytes.count) }
}
