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

extension LoadResult {
    /// What loading `loaded` (a record per source file of `scan`) made: the generated files and
    /// what reading found only for the files reported.
    init(_ loaded: [LoadedFile], scan: ScanResult, words: WordIndex, codeLetGo: Bool) {
        self.init(
            entries: loaded.compactMap(\.entry), lexed: loaded.count(where: \.lexed), codeLetGo: codeLetGo,
            generated: loaded.compactMap(\.generated).filter { scan.reports($0.path) },
            diagnostics: loaded.flatMap(\.diagnostics).filter { scan.reports($0.path) }, words: words)
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
        // A tree with more source than may stay in memory keeps each file's summary, not its code.
        let releases = scan.project.sourceFiles.reduce(0) { $0 + $1.size } > options.residentSourceBytes
        // A session's run of the same scan takes what its last run loaded of the files it left as
        // they were, and loads the text given since without the cache.
        let session = options.session.map { session in
            (
                kept: session.loads,
                alike: KeptLoad.Conditions(
                    words: words.fingerprint, prefilter: options.prefilter, maxFileSize: options.scan.maxFileSize,
                    releases: releases)
            )
        }
        if let session, let again = session.kept.again(scan.project.sourceFiles, reported: reported, session.alike) {
            return loadAgain(scan, again, words: words, options: options, alike: session.alike, into: session.kept)
        }
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
        // What happens to each file is decided, then done (`FileLoader.swift`), in parallel.
        let loader = FileLoader(
            configurations: configurations, reported: reported, cache: cache, releases: releases,
            usesPrefilter: options.prefilter, prefilter: prefilter, words: words, vocabulary: vocabulary,
            maxFileSize: options.scan.maxFileSize, now: Int64(Date().timeIntervalSince1970 * 1e9),
            scanList: SourceFile.Pending.List(scan.project.allFiles, maxFileSize: options.scan.maxFileSize),
            places: scan.project.placesOfSources())
        let loaded = scan.project.sourceFiles.parallelMapWithIndex { index, file in
            loader.load(loader.decide(file), index: index, file: file)
        }
        if let session {
            session.kept.keep(
                KeptLoad.Kept(
                    files: scan.project.sourceFiles, reported: reported, loaded: loaded, conditions: session.alike,
                    vocabulary: vocabulary, prefilter: prefilter))
        }
        var result = LoadResult(loaded, scan: scan, words: words, codeLetGo: releases)
        result.cacheProblem = cacheProblem
        if let cacheFolder, let cache {
            result.cache = RunCache.Pending(
                folder: cacheFolder,
                changed: changedCache(cache, files: scan.project.sourceFiles, loaded, vocabulary: vocabulary))
            result.takenUnread = loaded.count(where: \.unread)
        }
        return result
    }

    /// The load of a session's run that takes what its last run loaded (``KeptLoad``): the files
    /// loaded as they were are taken, the others (whose text is given) loaded from their text,
    /// with the last run's prefilter and vocabulary.
    private static func loadAgain(
        _ scan: ScanResult, _ again: KeptLoad.Again, words: WordIndex, options: LintOptions,
        alike: KeptLoad.Conditions, into kept: KeptLoad
    ) -> LoadResult {
        let files = scan.project.sourceFiles
        // The few files loaded keep their records of their own, not a place in the scan's list.
        let loader = FileLoader(
            configurations: scan.configurations, reported: scan.reported, cache: nil, releases: alike.releases,
            usesPrefilter: options.prefilter, prefilter: again.prefilter, words: words, vocabulary: again.vocabulary,
            maxFileSize: options.scan.maxFileSize, now: Int64(Date().timeIntervalSince1970 * 1e9),
            scanList: SourceFile.Pending.List([], maxFileSize: options.scan.maxFileSize),
            places: Array(repeating: -1, count: files.count))
        let fresh = again.loaded.indices.filter { again.loaded[$0] == nil }
        let read = fresh.parallelMap { loader.load(loader.decide(files[$0]), index: $0, file: files[$0]) }
        var loaded = again.loaded
        for (index, file) in zip(fresh, read) { loaded[index] = file }
        let all = loaded.map { $0! }
        kept.keep(
            KeptLoad.Kept(
                files: files, reported: scan.reported, loaded: all, conditions: alike, vocabulary: again.vocabulary,
                prefilter: again.prefilter))
        var result = LoadResult(all, scan: scan, words: words, codeLetGo: alike.releases)
        // What was taken was lexed, if at all, by an earlier run.
        result.lexed = fresh.count { all[$0].lexed }
        result.takenUnread = all.count(where: \.unread)
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
}
