import AuthLintModel
import AuthLintSyntax

/// A file found by the scanner.
public struct ProjectFile: Sendable, Hashable, Codable {
    /// Path relative to the project root, `/`-separated (it may start with `../` for a file named
    /// explicitly outside the root).
    public var path: String
    /// Where the file is on disk: `folder + "/" + path`, or `folder` itself when `path` is not
    /// below it. A walk passes the one root string for all its files, so a file costs no path
    /// of its own beside its relative one.
    private var folder: String
    /// Size in bytes when scanned.
    public var size: Int
    /// Its identity, size and times when scanned, when the scan found it on disk and its
    /// content is read from there.
    package var stamp: FileStamp?
    /// Its content, when it is given instead of read (``ScanOptions/buffers``): the file is read
    /// from here, whether or not it is on disk.
    package private(set) var buffer: [UInt8]?
    /// What kind of file it is, from its name. (The small fields come last: a scan keeps one
    /// record per file, laid out in this order.)
    public var kind: ProjectFileKind
    private var isBelowFolder: Bool

    private enum CodingKeys: String, CodingKey {
        case path, absolutePath, kind, size
    }

    public init(path: String, absolutePath: String, kind: ProjectFileKind, size: Int) {
        self.path = path
        self.kind = kind
        self.size = size
        folder = absolutePath
        isBelowFolder = false
    }

    /// A file the walk found at `path` below `root`.
    init(path: String, root: String, kind: ProjectFileKind, status: FileStatus) {
        self.path = path
        self.kind = kind
        size = status.size
        stamp = status.stamp
        folder = root
        isBelowFolder = true
    }

    init(path: String, absolutePath: String, kind: ProjectFileKind, status: FileStatus) {
        self.init(path: path, absolutePath: absolutePath, kind: kind, size: status.size)
        stamp = status.stamp
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            path: try container.decode(String.self, forKey: .path),
            absolutePath: try container.decode(String.self, forKey: .absolutePath),
            kind: try container.decode(ProjectFileKind.self, forKey: .kind),
            size: try container.decode(Int.self, forKey: .size))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(absolutePath, forKey: .absolutePath)
        try container.encode(kind, forKey: .kind)
        try container.encode(size, forKey: .size)
    }

    /// Absolute, standardized path on disk, used to read the file.
    public var absolutePath: String {
        guard isBelowFolder else { return folder }
        return Self.joined(folder, path)
    }

    /// The path on disk of `path` below the absolute `folder`, as a file found there keeps it.
    static func joined(_ folder: String, _ path: String) -> String {
        folder == "/" ? "/" + path : ProjectPath.child(folder, path)
    }

    /// The same file with its content given: no stamp, since its content is not the one on disk.
    func buffered(_ bytes: [UInt8]) -> ProjectFile {
        var file = self
        file.buffer = bytes
        file.size = bytes.count
        file.stamp = nil
        return file
    }

    /// Whether the two records are equal, compared field by field: `==` without building the
    /// paths on disk.
    package func isSameRecord(as other: ProjectFile) -> Bool {
        (path, kind, size, stamp, folder, isBelowFolder) == (
            other.path, other.kind, other.size, other.stamp, other.folder, other.isBelowFolder
        ) && buffer == other.buffer
    }

    public static func == (a: ProjectFile, b: ProjectFile) -> Bool {
        (a.path, a.kind, a.size, a.stamp, a.buffer) == (b.path, b.kind, b.size, b.stamp, b.buffer)
            && a.absolutePath == b.absolutePath
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(size)
    }

    /// The lexer to use, for source files.
    public var language: SourceLanguage? { kind.sourceLanguage }
}
