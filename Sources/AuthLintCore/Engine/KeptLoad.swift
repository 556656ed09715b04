import AuthLintIndex
import AuthLintModel
import AuthLintProject
import Foundation

/// What the load made of each source file, kept by a lint session for its next run of the
/// same scan (``LintSession``): while the scan is kept the tree on disk is as it was, so a file
/// whose record is the same (its text given as it was, or none given) loads as it did. A run
/// whose other files are all such takes them, loads the rest (the text given since, read from
/// it), and reads no summary cache. Only what the cache gave is taken, or what needs no cache
/// (generated code left out, a file that cannot be read): a file summarised from its bytes, or
/// lexed because its summary was not cached yet, is loaded again, as a run without a session
/// would, until the cache has it. Whoever scans again says so (``forget()``). Safe to use from
/// several threads.
final class KeptLoad: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: Kept?
    private var runsTaking = 0

    /// One run's load, what it depended on besides the files, and what it summarised with.
    struct Kept {
        var files: [ProjectFile]
        var reported: Set<String>?
        var loaded: [LoadedFile]
        var conditions: Conditions
        var vocabulary: NameVocabulary
        var prefilter: Prefilter
    }

    /// What a load depends on besides the files: the rules' words, and the options that decide
    /// what happens to a file.
    struct Conditions: Equatable {
        var words: UInt64
        var prefilter: Bool
        var maxFileSize: Int
        var releases: Bool
    }

    /// What a run takes: for each file, what the last run loaded, or nil where the file's text
    /// changed; and what the last run summarised with.
    struct Again {
        var loaded: [LoadedFile?]
        var vocabulary: NameVocabulary
        var prefilter: Prefilter
    }

    /// Whether a run has been kept.
    var isEmpty: Bool { lock.withLock { kept == nil } }

    /// How many runs took a kept load.
    var taken: Int { lock.withLock { runsTaking } }

    /// Lets go of what was kept: the next run's scan is another.
    func forget() {
        lock.withLock { kept = nil }
    }

    /// The last run's load when every file of `files` is loaded as it was or has text given
    /// (read from it, with no cache).
    func again(_ files: [ProjectFile], reported: Set<String>?, _ conditions: Conditions) -> Again? {
        guard let kept = lock.withLock({ kept }), kept.reported == reported, kept.files.count == files.count,
            kept.conditions == conditions
        else { return nil }
        var loaded: [LoadedFile?] = []
        loaded.reserveCapacity(files.count)
        for ((file, before), earlier) in zip(zip(files, kept.files), kept.loaded) {
            if file.buffer == nil {
                guard file.isSameRecord(as: before), earlier.unread || earlier.entry == nil else { return nil }
                loaded.append(earlier)
            } else {
                guard file.path == before.path else { return nil }
                loaded.append(file.isSameRecord(as: before) ? earlier : nil)
            }
        }
        lock.withLock { runsTaking += 1 }
        return Again(loaded: loaded, vocabulary: kept.vocabulary, prefilter: kept.prefilter)
    }

    func keep(_ kept: Kept) {
        lock.withLock { self.kept = kept }
    }
}
