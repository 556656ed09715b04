import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// What the load stage made of the sources: each analysed (lexed, with its code view) or
/// summarised from the cache, the generated files left out, and what reading them found.
struct LoadResult {
    var entries: [ProjectIndex.Entry]
    /// How many source files were lexed as they were read, and whether they were kept as their
    /// summaries only (``LintOptions/residentSourceBytes``).
    var lexed: Int
    var codeLetGo: Bool
    var generated: [GeneratedFile]
    var diagnostics: [Diagnostic]
    /// The words file summaries keep.
    var words: WordIndex
    /// What the run's cache has to commit, when the run takes one, and why it could not, when
    /// it could not.
    var cache: RunCache.Pending?
    var cacheProblem: String?
    /// How many files were taken from the cache by their stamp, unread.
    var takenUnread = 0

    /// The entries, for the index; none are left here.
    mutating func takeEntries() -> [ProjectIndex.Entry] {
        defer { entries = [] }
        return entries
    }
}

extension Linter {
    /// Stage 3, load: read each source file (in parallel), leave out generated code, and lex it;
    /// or, when only some files are reported, take the summary of an unchanged file from the
    /// cache instead (unread, when its stamp says it has not changed); or summarise it from its
    /// bytes when no rule can match in it (``Prefilter``).
    static func load(_ scan: ScanResult, rules: [RuleSpec], options: LintOptions, cache runCache: RunCache?)
        -> LoadResult
    {
        let configurations = scan.configurations
        let reported = scan.reported
        let words = WordIndex(rules: rules, providers: options.catalog.providers)
        var cacheProblem: String?
        var cacheFolder: SummaryCache.Folder?
        var cacheRead: SummaryCache?
        if reported != nil, let runCache {
            switch runCache.take(root: scan.project.root, words: words) {
            case .read(let folder, let cache): (cacheFolder, cacheRead) = (folder, cache)
            case .unusable(let problem): cacheProblem = problem
            }
        }
        let cache = cacheRead  // as a constant, for the threads that load the files
        let now = Int64(Date().timeIntervalSince1970 * 1e9)
        // A tree with more source than may stay in memory keeps each file's summary, not its code.
        let releases = scan.project.sourceFiles.reduce(0) { $0 + $1.size } > options.residentSourceBytes
        // Summaries are written with the vocabulary of the cache they join, or of the project
        // when they are kept for every file; summaries for the cache alone need none.
        let vocabulary =
            if let cache, !cache.entries.isEmpty {
                cache.vocabulary
            } else if releases || cache != nil || options.prefilter {
                NameVocabulary.sampled(from: scan.project.sourceFiles, maxFileSize: options.scan.maxFileSize)
            } else {
                NameVocabulary.none
            }
        let prefilter = Prefilter(
            rules: rules, words: words, knownTypes: options.catalog.providers.knownTypes, vocabulary: vocabulary)
        // A file left to read again later points into the scan's list of every file, which the
        // run keeps anyway, instead of keeping its own copy of the scan's record.
        let maxFileSize = options.scan.maxFileSize
        let scanList = SourceFile.Pending.List(scan.project.allFiles, maxFileSize: maxFileSize)
        let places = scan.project.placesOfSources()
        @Sendable func pending(_ index: Int, _ file: ProjectFile, language: SourceLanguage, bytes: [UInt8]? = nil)
            -> SourceFile.Pending
        {
            let place = Int(places[index])
            return place < 0
                ? SourceFile.Pending(language: language, file: file, bytes: bytes, maxFileSize: maxFileSize)
                : SourceFile.Pending(language: language, in: scanList, at: place, bytes: bytes)
        }
        let loaded = scan.project.sourceFiles.parallelMapWithIndex { index, file -> LoadedFile in
            // A file not reported whose stamp is the one the cache knows is neither read nor hashed.
            if let cache, reported?.contains(file.path) == false, let stamp = file.stamp,
                let known = cache.stamps[file.path],
                known.stamp == stamp, let summary = cache.entries[known.key], let language = file.language
            {
                return LoadedFile(
                    entry: .summary(summary, pending(index, file, language: language)), cached: (known.key, summary),
                    stamped: known,
                    diagnostics: [], unread: true)
            }
            let (bytes, problems) = FileReader.readSource(file, maxFileSize: maxFileSize)
            guard let bytes, let language = file.language else { return LoadedFile(diagnostics: problems) }
            let skipsGenerated = configurations.configuration(for: file.path).generatedCode == .skip
            if skipsGenerated, let reason = GeneratedCode.reason(path: file.path, bytes: bytes) {
                return LoadedFile(diagnostics: [], generated: GeneratedFile(path: file.path, reason: reason))
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
            if let key, let summary = cache?.entries[key], reported?.contains(file.path) == false {
                // Its bytes are let go: the file is read again if a question reaches it.
                return LoadedFile(
                    entry: .summary(summary, pending(index, file, language: language)), cached: (key, summary),
                    stamped: stamped,
                    diagnostics: problems)
            }
            // The rules' words in a Swift file's bytes (one search for them all) let a clause whose
            // words it lacks skip it; with the prefilter, a file no rule can match is not lexed.
            // A file let go after lexing finds its words as it is summarised.
            let read =
                language != .swift
                ? nil
                : options.prefilter
                    ? prefilter.read(bytes)
                    : releases ? nil : (words: prefilter.words(bytes), summary: nil)
            if let summary = read?.summary {
                return LoadedFile(
                    entry: .summary(summary, pending(index, file, language: language, bytes: bytes)),
                    diagnostics: problems)
            }
            let source = SourceFile(path: file.path, language: language, bytes: bytes)
            if releases {
                // Only its summary and directives stay: the file is read and lexed again if a rule
                // may match in it or a question reaches it.
                let summary = FileSummary(CodeView(analysing: source), words: words, vocabulary: vocabulary)
                var later = pending(index, file, language: language)
                later.size = bytes.count  // its step budget is the one it had as read
                later.directives = SourceFile.Directives(source)
                return LoadedFile(
                    entry: .summary(summary, later), cached: key.map { ($0, summary) }, stamped: stamped,
                    diagnostics: problems + lexicalDiagnostics(source), lexed: true)
            }
            let code = CodeView(file: source)
            return LoadedFile(
                entry: .code(code, words: read?.words),
                cached: key.map { ($0, FileSummary(code, words: words, vocabulary: vocabulary)) }, stamped: stamped,
                diagnostics: problems + lexicalDiagnostics(source), lexed: true)
        }
        var result = LoadResult(
            entries: loaded.compactMap(\.entry), lexed: loaded.count(where: \.lexed), codeLetGo: releases,
            generated: loaded.compactMap(\.generated).filter { scan.reports($0.path) },
            diagnostics: loaded.flatMap(\.diagnostics).filter { scan.reports($0.path) },
            words: words, cacheProblem: cacheProblem)
        if let cacheFolder, let cache {
            result.cache = RunCache.Pending(
                folder: cacheFolder,
                changed: changedCache(cache, files: scan.project.sourceFiles, loaded, vocabulary: vocabulary))
            result.takenUnread = loaded.count(where: \.unread)
        }
        return result
    }

    /// The cache to write back: every file's summary by its content and its stamp by its path,
    /// or nil when that is the cache read. Summaries are made from content alone, so the same
    /// contents and stamps make the same cache; a run that changed nothing, the usual one, does
    /// not build it.
    private static func changedCache(
        _ read: SummaryCache, files: [ProjectFile], _ loaded: [LoadedFile], vocabulary: NameVocabulary
    ) -> SummaryCache? {
        var stampCount = 0
        var keys = Set<SummaryCache.Key>(minimumCapacity: read.entries.count)
        var unchanged = true
        // Read in place: a run goes through every file's record here.
        for index in loaded.indices {
            let stamped = loaded[index].stamped
            let key = loaded[index].cached?.0
            if stamped != nil { stampCount += 1 }
            if let key { keys.insert(key) }
            // A file taken by its stamp has the stamp and the summary the cache read has.
            guard unchanged, !loaded[index].unread else { continue }
            if let stamped, read.stamps[files[index].path] != stamped { unchanged = false }
            if let key, read.entries[key] == nil { unchanged = false }
        }
        if unchanged, stampCount == read.stamps.count, keys.count == read.entries.count, vocabulary === read.vocabulary
        {
            return nil
        }
        let stamps = zip(files, loaded).compactMap { file, loadedFile in
            loadedFile.stamped.map { (path: file.path, stamped: $0) }
        }
        var changed = SummaryCache()
        changed.vocabulary = vocabulary
        for (key, summary) in loaded.lazy.compactMap(\.cached) { changed.entries[key] = summary }
        changed.stamps = Dictionary(stamps.map { ($0.path, $0.stamped) }, uniquingKeysWith: { first, _ in first })
        return changed
    }

    /// A source file as loading left it: analysed or summarised, with what its reading found.
    /// One is kept for every file until the load ends, so what only some files have (what the
    /// cache keeps of them, or why they were left out as generated) is kept aside.
    private struct LoadedFile {
        var entry: ProjectIndex.Entry?
        var diagnostics: [Diagnostic]
        /// Taken from the cache by its stamp.
        var unread = false
        /// Lexed as it was loaded.
        var lexed = false
        private let aside: Aside?

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
            aside =
                cached == nil && stamped == nil && generated == nil
                ? nil : Aside(cached: cached, stamped: stamped, generated: generated)
        }

        /// The file's summary by its content key, to keep in the cache.
        var cached: (SummaryCache.Key, FileSummary)? { aside?.cached }
        /// The file's stamp and content key, to keep in the cache.
        var stamped: SummaryCache.Stamped? { aside?.stamped }
        var generated: GeneratedFile? { aside?.generated }
    }
}
