import AuthLintIndex
import AuthLintModel
import AuthLintProject
import Foundation

/// The summary cache of one run, with one lifetime: opened as the run starts (read in the
/// background while the tree is scanned), taken by the load, and committed as the run ends when
/// the load changed it. Only a run that reports part of its root takes it: it summarises the
/// files it does not report from the cache (see ``LintOptions/cacheDirectory``).
struct RunCache: Sendable {
    private let folderPath: String
    /// The cache of the root the options name, read in the background, when the paths given are
    /// part of it.
    private let prefetched: SummaryCache.Prefetch?

    /// The cache as the load takes it: the folder and what it held, for the files of `words`.
    enum Opened {
        case read(folder: SummaryCache.Folder, cache: SummaryCache)
        /// The folder cannot be used; the run goes on without a cache, and the report says why.
        case unusable(problem: String)
    }

    /// What the load leaves to commit: the folder, and the cache to write back when it is not
    /// the one read.
    struct Pending {
        let folder: SummaryCache.Folder
        let changed: SummaryCache?
    }

    /// The run's cache, when it has a folder; reading it starts now when the paths given are
    /// part of a root, unless the run is likely to need none (`prefetch`: a session's run that
    /// may take its last run's load): it is then read if taken.
    static func open(_ options: LintOptions, prefetch: Bool = true) -> RunCache? {
        guard let folder = options.cacheDirectory else { return nil }
        let root = ProjectScanner.root(options.scan, currentDirectory: options.currentDirectory)
        let partial = Linter.reportsPartOfTheRoot(options.scan, root: root, currentDirectory: options.currentDirectory)
        return RunCache(
            folderPath: folder,
            prefetched: partial && prefetch ? SummaryCache.Prefetch(folderPath: folder, root: root) : nil)
    }

    /// The cache of the scan's `root` as read (or read now, if the scan found another root),
    /// with the summaries made for other words than the rules' left out.
    func take(root: String, words: WordIndex) -> Opened {
        let opened =
            prefetched.flatMap { $0.root == root ? $0.value() : nil }
            ?? SummaryCache.opened(folderPath: folderPath, root: root)
        switch opened.folder {
        case .success(let folder):
            return .read(folder: folder, cache: opened.cache.fitting(words))
        case .failure(let problem):
            return .unusable(problem: "cannot use the cache folder \(folderPath): \(problem); no cache this run")
        }
    }

    /// Writes what the load changed; says why when it cannot (the run is not affected).
    static func commit(_ pending: Pending?, root: String, words: WordIndex) -> String? {
        guard let pending, let changed = pending.changed else { return nil }
        do {
            try changed.write(folder: pending.folder, root: root, words: words)
            return nil
        } catch {
            return "cannot write the cache in \(pending.folder.path): \(FileProblem.describe(error))"
        }
    }
}

extension Linter {
    /// Whether the paths given are only part of what is read: any path other than the root itself
    /// (files named on their own, a folder inside the project found around it, or under `--root`).
    static func reportsPartOfTheRoot(_ options: ScanOptions, root: String, currentDirectory: String) -> Bool {
        let base = URL(fileURLWithPath: currentDirectory + "/")
        let folder = ProjectPath.normalize(root)
        return options.paths.contains {
            ProjectPath.normalize(URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.path) != folder
        }
    }
}
