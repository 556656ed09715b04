import AuthLintModel
import AuthLintSyntax

/// What to scan and what to leave out.
public struct ScanOptions: Sendable, Hashable {
    /// Files or folders to scan, absolute or relative to the current directory. One folder is
    /// the project root; otherwise the root is found upward from the paths.
    public var paths: [String]
    /// Glob patterns relative to the root (`**/Tests/**`, `Generated/*.swift`, `*.pb.swift`) of files
    /// and folders to leave out, even when named explicitly.
    public var excludes: [String]
    /// When not empty, only files matching one of these globs are collected.
    public var includes: [String]
    /// The globs of the configuration files in effect, each relative to its file's folder.
    public var configuredExcludes: [ScopedGlob] = []
    public var configuredIncludes: [ScopedGlob] = []
    /// The project root, when given (`--root`): the whole root is read for the project's facts,
    /// and only the files under `paths` are reported.
    public var root: String?
    /// Files larger than this many bytes are skipped with a `.tooLarge` diagnostic.
    public var maxFileSize: Int = 8 << 20
    /// Files whose content is given instead of read (standard input with `--stdin-filename`,
    /// an editor's unsaved buffers), by path, absolute or relative to the current directory.
    /// Such a file is scanned as if it held that content, whether or not it is on disk; one
    /// that is not on disk is collected where a walk or the paths given would have found it.
    public var buffers: [String: [UInt8]] = [:]

    public init(paths: [String] = ["."], excludes: [String] = [], includes: [String] = [], maxFileSize: Int = 8 << 20) {
        self.paths = paths
        self.excludes = excludes
        self.includes = includes
        self.maxFileSize = maxFileSize
    }

    /// Folder names never descended into: build output, dependency checkouts (a server's too:
    /// Python's virtual environments), asset catalogs, binary frameworks, resource bundles and
    /// per-user Xcode data.
    public static let skippedDirectoryNames: Set<String> = [
        ".git", ".build", ".swiftpm", "DerivedData", "Pods", "Carthage", "node_modules", "vendor", "xcuserdata",
        "venv", ".venv", "__pycache__", "site-packages",
    ]

    /// Folder name suffixes never descended into.
    public static let skippedDirectorySuffixes: [String] = [".xcassets", ".xcframework", ".framework", ".bundle"]

    /// Whether a folder with this name is skipped by default.
    public static func skipsDirectory(named name: String) -> Bool {
        if skippedDirectoryNames.contains(name) || name.hasPrefix(".build-") { return true }
        return skippedDirectorySuffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }
}
