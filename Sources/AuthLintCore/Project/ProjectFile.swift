/// A file found by the scanner.
public struct ProjectFile: Sendable, Hashable, Codable {
    /// Path relative to the project root, `/`-separated (it may start with `../` for a file named
    /// explicitly outside the root).
    public var path: String
    /// Absolute, standardized path on disk, used to read the file.
    public var absolutePath: String
    /// What kind of file it is, from its name.
    public var kind: ProjectFileKind
    /// Size in bytes when scanned.
    public var size: Int
    /// Its identity, size and times when scanned, when the scan found it.
    var stamp: FileStamp?

    private enum CodingKeys: String, CodingKey {
        case path, absolutePath, kind, size
    }

    public init(path: String, absolutePath: String, kind: ProjectFileKind, size: Int) {
        self.path = path
        self.absolutePath = absolutePath
        self.kind = kind
        self.size = size
    }

    init(path: String, absolutePath: String, kind: ProjectFileKind, status: FileStatus) {
        self.init(path: path, absolutePath: absolutePath, kind: kind, size: status.size)
        stamp = status.stamp
    }

    /// The lexer to use, for source files.
    public var language: SourceLanguage? { kind.sourceLanguage }
}
