import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// The files of a ``ProjectIndex``, each by its ``FileID``: analysed on first use when
/// they were given as summaries. Safe to use from several threads.
///
/// A file analysed on use is kept while the files so kept fit in the run's resident source
/// (``LintOptions/residentSourceBytes``, see ``RecentCode``), and analysed again if asked for
/// after it was let go: lexing the same bytes gives the same code, so what a rule finds does not
/// depend on what was kept. A process that lints the tree again keeps code for its next runs
/// (``LexedCode``): a file on disk stamped as it was then is taken from there instead.
public struct CodeViews: Sendable {
    /// The files given analysed, and those given as summaries, each by its index; a list is
    /// empty when no file was given so (a large tree's run keeps no code).
    private let ready: [CodeView?]
    private let pending: [SourceFile.Pending?]
    public let count: Int
    /// Locks held while a file is analysed, so that two threads asking for it lex it once: file
    /// `i` takes lock `i % locks.count` (lexing reads no other file, so one lock is all it holds).
    private let locks: [NSLock]
    private let recent: RecentCode?
    /// Code kept from earlier runs of the process, taken for a file on disk that is stamped alike.
    private let earlierRuns: LexedCode?

    init(_ entries: [ProjectIndex.Entry], residentBytes: Int, earlierRuns: LexedCode? = nil) {
        let later = entries.contains { if case .summary = $0 { true } else { false } }
        let lexed = entries.contains { if case .code = $0 { true } else { false } }
        var ready: [CodeView?] = []
        var pending: [SourceFile.Pending?] = []
        if lexed { ready.reserveCapacity(entries.count) }
        if later { pending.reserveCapacity(entries.count) }
        for entry in entries {
            switch entry {
            case .code(let code, _):
                if lexed { ready.append(code) }
                if later { pending.append(nil) }
            case .summary(_, let file):
                if lexed { ready.append(nil) }
                if later { pending.append(file) }
            }
        }
        self.ready = ready
        self.pending = pending
        count = entries.count
        locks = later ? (0..<Swift.min(entries.count, 128)).map { _ in NSLock() } : []
        recent = later ? RecentCode(count: entries.count, capacity: residentBytes) : nil
        self.earlierRuns = earlierRuns
    }

    /// Every file's identifier, in path order.
    public var ids: [FileID] { (0..<count).map(FileID.init) }

    /// The file's code when it was given analysed.
    private func given(_ index: Int) -> CodeView? { ready.isEmpty ? nil : ready[index] }

    public subscript(id: FileID) -> CodeView {
        let index = id.index
        if let code = given(index) { return code }
        let recent = recent!
        if let code = recent.code(index) { return code }
        let lock = locks[index % locks.count]
        lock.lock()
        defer { lock.unlock() }
        if let code = recent.code(index) { return code }
        let file = pending[index]!
        // A file read from disk: the code an earlier run lexed from it, stamped alike, is what
        // lexing it again would give.
        let stamped =
            earlierRuns == nil || file.bytes != nil ? nil : file.file.stamp.map { (file.file.absolutePath, $0) }
        if let (path, stamp) = stamped, let code = earlierRuns!.code(path, stamp: stamp) {
            recent.keep(code, at: index)
            return code
        }
        let code = CodeView(file: file.sourceFile())
        recent.keep(code, at: index)
        if let (path, stamp) = stamped { earlierRuns!.keep(code, path, stamp: stamp) }
        return code
    }

    func language(_ id: FileID) -> SourceLanguage {
        let index = id.index
        return given(index)?.file.language ?? pending[index]!.language
    }

    /// The suppression directives of a file, without analysing it again (see ``SourceFile/Directives``).
    package func directives(_ id: FileID) -> SourceFile.Directives? {
        let index = id.index
        return given(index).map { SourceFile.Directives($0.file) } ?? pending[index]!.directives
    }

    /// The size of a file's text, known without analysing it (for a file not yet read, its
    /// size when the tree was scanned).
    package func byteCount(_ id: FileID) -> Int {
        let index = id.index
        return given(index)?.file.bytes.count ?? pending[index]!.size
    }

    /// How many files were lexed on use: for the first time, and again after their code was let
    /// go at loading (each file counted once, however often it was lexed).
    package var lexedOnUse: (first: Int, again: Int) {
        guard let recent else { return (0, 0) }
        let again = recent.everKept.count { pending[$0]!.directives != nil }
        return (recent.everKept.count - again, again)
    }
}

/// The files analysed on use, kept while their source bytes fit in a capacity; past it, the one
/// used least recently is let go. A file just analysed is kept even when it alone is larger.
/// Safe to use from several threads.
///
/// Every use of a file's code passes through here, from every thread, so the lock is held for a
/// few array reads and writes: the code and a list from the most recently used file to the
/// least, linked by file index, are kept in arrays by file index.
final class RecentCode: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private var held = 0
    private var codes: [CodeView?]
    /// The list's links (-1: none).
    private var older: [Int32]
    private var newer: [Int32]
    private var newest: Int32 = -1
    private var oldest: Int32 = -1
    /// A bit for each file ever kept.
    private var everKeptBits: [UInt64]

    init(count: Int, capacity: Int) {
        self.capacity = capacity
        codes = Array(repeating: nil, count: count)
        older = Array(repeating: -1, count: count)
        newer = Array(repeating: -1, count: count)
        everKeptBits = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// The files ever kept, in order.
    var everKept: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return everKeptBits.setBitPositions
    }

    /// The file's code when it is kept, made the most recently used.
    func code(_ index: Int) -> CodeView? {
        lock.lock()
        defer { lock.unlock() }
        guard let found = codes[index] else { return nil }
        if newest != Int32(index) {
            unlink(Int32(index))
            pushNewest(Int32(index))
        }
        return found
    }

    func keep(_ view: CodeView, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard codes[index] == nil else { return }
        codes[index] = view
        held += max(1, view.file.bytes.count)
        pushNewest(Int32(index))
        everKeptBits[index / 64] |= 1 << UInt64(index % 64)
        while held > capacity, oldest != Int32(index), oldest >= 0 {
            let last = Int(oldest)
            unlink(oldest)
            held -= max(1, codes[last]!.file.bytes.count)
            codes[last] = nil
        }
    }

    private func unlink(_ index: Int32) {
        let at = Int(index)
        let before = older[at]
        let after = newer[at]
        if before >= 0 { newer[Int(before)] = after } else { oldest = after }
        if after >= 0 { older[Int(after)] = before } else { newest = before }
        older[at] = -1
        newer[at] = -1
    }

    private func pushNewest(_ index: Int32) {
        older[Int(index)] = newest
        newer[Int(index)] = -1
        if newest >= 0 { newer[Int(newest)] = index } else { oldest = index }
        newest = index
    }
}
