import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// How the load stage treats one source file: first what happens to it is decided (``decide(_:)``,
/// from its record, its stamp and its bytes), then that is done (``load(_:index:file:)``). Made
/// once per run, with what every file's decision needs; used from the load's threads.
struct FileLoader: Sendable {
    /// What happens to one source file.
    enum Decision {
        /// Not reported, and its stamp is the one the cache knows: the cache's summary, the file unread.
        case takenByStamp(FileSummary, SummaryCache.Stamped, SourceLanguage)
        /// Unreadable, or no source: only what reading it found.
        case unreadable([Diagnostic])
        /// Generated code the configuration skips.
        case generated(GeneratedFile)
        /// Not reported, and the cache has a summary of its content: that summary, its bytes let go
        /// (the file is read again if a question reaches it).
        case takenByContent(FileSummary, Read)
        /// No rule can match in it (the prefilter): the summary made from its bytes, kept with them.
        case summarised(FileSummary, bytes: [UInt8], Read)
        /// Lexed, then kept as its summary and directives only: the tree has more source than may
        /// stay in memory (``LintOptions/residentSourceBytes``).
        case lexedAndLetGo(SourceFile, Read)
        /// Lexed and kept, with the rules' words found in its bytes when they were looked for.
        case lexed(SourceFile, words: [UInt8]?, Read)
    }

    /// What reading a file found besides its bytes.
    struct Read {
        var language: SourceLanguage
        /// Its content key, when the run keeps a cache, and its stamp when it may be trusted.
        var key: SummaryCache.Key?
        var stamped: SummaryCache.Stamped?
        var problems: [Diagnostic]
    }

    let configurations: NestedConfigurations
    /// The files reported, when not all are.
    let reported: Set<String>?
    /// The summary cache read, when the run takes one.
    let cache: SummaryCache?
    /// Whether code is let go after lexing (a tree larger than may stay in memory).
    let releases: Bool
    let usesPrefilter: Bool
    let prefilter: Prefilter
    let words: WordIndex
    let vocabulary: NameVocabulary
    let maxFileSize: Int
    /// Now, in nanoseconds since 1970: a stamp this recent is not trusted.
    let now: Int64
    /// Where a file left to read again later finds its record: the scan's list of every file,
    /// which the run keeps anyway, instead of a copy of its own.
    let scanList: SourceFile.Pending.List
    let places: [Int32]

    // MARK: - Decide

    func decide(_ file: ProjectFile) -> Decision {
        let notReported = reported?.contains(file.path) == false
        // A file not reported whose stamp is the one the cache knows is neither read nor hashed.
        if let cache, notReported, let stamp = file.stamp, let known = cache.stamps[file.path],
            known.stamp == stamp, let summary = cache.entries[known.key], let language = file.language
        {
            return .takenByStamp(summary, known, language)
        }
        let (bytes, problems) = FileReader.readSource(file, maxFileSize: maxFileSize)
        guard let bytes, let language = file.language else { return .unreadable(problems) }
        let skipsGenerated = configurations.configuration(for: file.path).generatedCode == .skip
        if skipsGenerated, let reason = GeneratedCode.reason(path: file.path, bytes: bytes) {
            return .generated(GeneratedFile(path: file.path, reason: reason))
        }
        let key = cache != nil ? SummaryCache.Key(bytes: bytes, language: language) : nil
        // The stamp of a file read now, unless it changed so lately that it may change again
        // within its clock's granularity and keep the stamp, or changed while read. A file
        // taken by its stamp is not looked at again, so only code that is not generated is
        // stamped: whatever the configuration says of generated code then, it stays right.
        let stamped = key.flatMap { key -> SummaryCache.Stamped? in
            guard let stamp = file.stamp, !stamp.isRecent(now: now), stamp.size == bytes.count,
                skipsGenerated || GeneratedCode.reason(path: file.path, bytes: bytes) == nil
            else { return nil }
            return SummaryCache.Stamped(stamp: stamp, key: key)
        }
        let read = Read(language: language, key: key, stamped: stamped, problems: problems)
        if let key, let summary = cache?.entries[key], notReported {
            return .takenByContent(summary, read)
        }
        // The rules' words in a Swift file's bytes (one search for them all) let a clause whose
        // words it lacks skip it; with the prefilter, a file no rule can match is not lexed.
        // A file let go after lexing finds its words as it is summarised.
        let found =
            language != .swift
            ? nil
            : usesPrefilter
                ? prefilter.read(bytes)
                : releases ? nil : (words: prefilter.words(bytes), summary: nil)
        if let summary = found?.summary {
            return .summarised(summary, bytes: bytes, read)
        }
        let source = SourceFile(path: file.path, language: language, bytes: bytes)
        return releases ? .lexedAndLetGo(source, read) : .lexed(source, words: found?.words, read)
    }

    // MARK: - Do

    func load(_ decision: Decision, index: Int, file: ProjectFile) -> LoadedFile {
        var loaded = loadDecided(decision, index: index, file: file)
        // A file whose content is given (an editor's buffer) leaves the cache's record of the
        // file on disk as it was: the next run of the tree on disk takes it by its stamp.
        if file.buffer != nil, let cache {
            let known = cache.stamps[file.path]
            loaded.keepInCache(
                known.flatMap { known in cache.entries[known.key].map { (known.key, $0) } },
                stamped: known.flatMap { cache.entries[$0.key] == nil ? nil : $0 })
        }
        return loaded
    }

    private func loadDecided(_ decision: Decision, index: Int, file: ProjectFile) -> LoadedFile {
        switch decision {
        case .takenByStamp(let summary, let known, let language):
            return LoadedFile(
                entry: .summary(summary, pending(index, file, language)), cached: (known.key, summary), stamped: known,
                diagnostics: [], unread: true)
        case .unreadable(let problems):
            return LoadedFile(diagnostics: problems)
        case .generated(let generated):
            return LoadedFile(diagnostics: [], generated: generated)
        case .takenByContent(let summary, let read):
            return LoadedFile(
                entry: .summary(summary, pending(index, file, read.language)), cached: read.key.map { ($0, summary) },
                stamped: read.stamped, diagnostics: read.problems)
        case .summarised(let summary, let bytes, let read):
            return LoadedFile(
                entry: .summary(summary, pending(index, file, read.language, bytes: bytes)), diagnostics: read.problems)
        case .lexedAndLetGo(let source, let read):
            // Only its summary and directives stay: the file is read and lexed again if a rule
            // may match in it or a question reaches it.
            let summary = FileSummary(CodeView(analysing: source), words: words, vocabulary: vocabulary)
            var later = pending(index, file, read.language)
            later.size = source.bytes.count  // its step budget is the one it had as read
            later.directives = SourceFile.Directives(source)
            return LoadedFile(
                entry: .summary(summary, later), cached: read.key.map { ($0, summary) }, stamped: read.stamped,
                diagnostics: read.problems + Linter.lexicalDiagnostics(source), lexed: true)
        case .lexed(let source, let found, let read):
            let code = CodeView(file: source)
            return LoadedFile(
                entry: .code(code, words: found),
                cached: read.key.map { ($0, FileSummary(code, words: words, vocabulary: vocabulary)) },
                stamped: read.stamped, diagnostics: read.problems + Linter.lexicalDiagnostics(source), lexed: true)
        }
    }

    private func pending(_ index: Int, _ file: ProjectFile, _ language: SourceLanguage, bytes: [UInt8]? = nil)
        -> SourceFile.Pending
    {
        let place = Int(places[index])
        return place < 0
            ? SourceFile.Pending(language: language, file: file, bytes: bytes, maxFileSize: maxFileSize)
            : SourceFile.Pending(language: language, in: scanList, at: place, bytes: bytes)
    }
}

/// A source file as loading left it: analysed or summarised, with what its reading found.
/// One is kept for every file until the load ends, so what only some files have (what the
/// cache keeps of them, or why they were left out as generated) is kept aside.
struct LoadedFile {
    var entry: ProjectIndex.Entry?
    var diagnostics: [Diagnostic]
    /// Taken from the cache by its stamp.
    var unread = false
    /// Lexed as it was loaded.
    var lexed = false
    private var aside: Aside?

    private final class Aside: Sendable {
        let cached: (SummaryCache.Key, FileSummary)?
        let stamped: SummaryCache.Stamped?
        let generated: GeneratedFile?

        init(cached: (SummaryCache.Key, FileSummary)?, stamped: SummaryCache.Stamped?, generated: GeneratedFile?) {
            self.cached = cached
            self.stamped = stamped
            self.generated = generated
        }
    }

    init(
        entry: ProjectIndex.Entry? = nil, cached: (SummaryCache.Key, FileSummary)? = nil,
        stamped: SummaryCache.Stamped? = nil,
        diagnostics: [Diagnostic], generated: GeneratedFile? = nil, unread: Bool = false, lexed: Bool = false
    ) {
        self.entry = entry
        self.diagnostics = diagnostics
        self.unread = unread
        self.lexed = lexed
        aside = Self.aside(cached: cached, stamped: stamped, generated: generated)
    }

    private static func aside(
        cached: (SummaryCache.Key, FileSummary)?, stamped: SummaryCache.Stamped?, generated: GeneratedFile?
    ) -> Aside? {
        cached == nil && stamped == nil && generated == nil
            ? nil : Aside(cached: cached, stamped: stamped, generated: generated)
    }

    /// Keeps these in the cache for the file, in place of its own.
    mutating func keepInCache(_ cached: (SummaryCache.Key, FileSummary)?, stamped: SummaryCache.Stamped?) {
        aside = Self.aside(cached: cached, stamped: stamped, generated: generated)
    }

    /// The file's summary by its content key, to keep in the cache.
    var cached: (SummaryCache.Key, FileSummary)? { aside?.cached }
    /// The file's stamp and content key, to keep in the cache.
    var stamped: SummaryCache.Stamped? { aside?.stamped }
    var generated: GeneratedFile? { aside?.generated }
}
