import Foundation

/// What the load stage made of the sources: each analysed (lexed, with its code view) or
/// summarised from the cache, the generated files left out, and what reading them found.
struct LoadResult {
    var entries: [ProjectIndex.Entry]
    var generated: [GeneratedFile]
    var diagnostics: [Diagnostic]
    /// The words file summaries keep.
    var words: WordIndex
    /// The summary cache, when the run uses one, and what to write back to it.
    var cache: (folder: SummaryCache.Folder, read: SummaryCache, summaries: [(SummaryCache.Key, FileSummary)])?
    var cacheProblem: String?
}

extension Linter {
    /// Stage 3, load: read each source file (in parallel), leave out generated code, and lex it;
    /// or, when only some files are reported, take the summary of an unchanged file from the
    /// cache instead; or summarise it from its bytes when no rule can match in it (``Prefilter``).
    static func load(_ scan: ScanResult, rules: [RuleSpec], options: LintOptions) -> LoadResult {
        let configurations = scan.configurations
        let reported = scan.reported
        var cacheProblem: String?
        var cacheFolder: SummaryCache.Folder?
        if reported != nil, let folder = options.cacheDirectory {
            do {
                cacheFolder = try SummaryCache.Folder(path: folder)
            } catch {
                cacheProblem = "cannot use the cache folder \(folder): \(FileProblem.describe(error)); no cache this run"
            }
        }
        let words = WordIndex(rules: rules, providers: options.catalog.providers)
        let cache = cacheFolder.map { SummaryCache(folder: $0, root: scan.project.root, words: words) }
        let prefilter = options.prefilter ? Prefilter(rules: rules, words: words, knownTypes: options.catalog.providers.knownTypes) : nil
        let loaded = scan.project.sourceFiles.parallelMap { file -> LoadedFile in
            let (bytes, problems) = FileReader.readSource(file, maxFileSize: options.scan.maxFileSize)
            guard let bytes, let language = file.language else { return LoadedFile(diagnostics: problems) }
            if configurations.configuration(for: file.path).generatedCode == .skip, let reason = GeneratedCode.reason(path: file.path, bytes: bytes) {
                return LoadedFile(diagnostics: [], generated: GeneratedFile(path: file.path, reason: reason))
            }
            let key = cache != nil ? SummaryCache.Key(bytes: bytes, language: language) : nil
            if let key, let summary = cache?.entries[key], reported?.contains(file.path) == false {
                // Its bytes are let go: the file is read again if a question reaches it.
                let pending = SourceFile.Pending(path: file.path, language: language, file: file, bytes: nil, maxFileSize: options.scan.maxFileSize)
                return LoadedFile(entry: .summary(summary, pending), cached: (key, summary), diagnostics: problems)
            }
            let read = language == .swift ? prefilter?.read(bytes) : nil
            if let summary = read?.summary {
                let pending = SourceFile.Pending(path: file.path, language: language, file: file, bytes: bytes, maxFileSize: options.scan.maxFileSize)
                return LoadedFile(entry: .summary(summary, pending), diagnostics: problems)
            }
            let source = SourceFile(path: file.path, language: language, bytes: bytes)
            let code = CodeView(file: source)
            return LoadedFile(
                entry: .code(code, words: read?.words), cached: key.map { ($0, FileSummary(code, words: words)) },
                diagnostics: problems + lexicalDiagnostics(source))
        }
        var result = LoadResult(
            entries: loaded.compactMap(\.entry),
            generated: loaded.compactMap(\.generated).filter { scan.reports($0.path) },
            diagnostics: loaded.flatMap(\.diagnostics).filter { scan.reports($0.path) },
            words: words, cacheProblem: cacheProblem)
        if let cacheFolder, let cache {
            result.cache = (cacheFolder, cache, loaded.compactMap(\.cached))
        }
        return result
    }

    /// A source file as loading left it: analysed or summarised, with what its reading found.
    private struct LoadedFile {
        var entry: ProjectIndex.Entry?
        var cached: (SummaryCache.Key, FileSummary)?
        var diagnostics: [Diagnostic]
        var generated: GeneratedFile?
    }
}
