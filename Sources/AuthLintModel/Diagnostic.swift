/// A problem with the input, not with the app: a file that could not be read, decoded or parsed.
/// Diagnostics are reported and counted but never change the exit code.
public struct Diagnostic: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case unreadable  // the file could not be opened or read
        case invalidUTF8 = "invalid-utf8"
        case binaryFile = "binary-file"
        case tooLarge = "too-large"
        case symlinkLoop = "symlink-loop"
        case malformedPlist = "malformed-plist"
        case malformedProject = "malformed-project"
        case malformedManifest = "malformed-manifest"
        case lexical  // the lexer met unterminated or stray input and read on
        case notFound = "not-found"
        case outsideRoot = "outside-root"  // a path or link leading outside the project root, not read
        case notRegularFile = "not-regular-file"  // a FIFO, device or socket, not opened
        case tooComplex = "too-complex"  // analysis stopped at a size, depth or step bound
        case testCode = "test-code"  // no target lists the file, and it imports a test framework
    }

    /// Path relative to the project root, `/`-separated.
    public var path: String
    public var kind: Kind
    public var message: String
    /// Where in the file, when known.
    public var line: Int?
    public var column: Int?

    public init(path: String, kind: Kind, message: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// The deterministic report order: path (by UTF-8 bytes), line, kind.
    public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.path != rhs.path { return ProjectPath.precedes(lhs.path, rhs.path) }
        if (lhs.line ?? 0) != (rhs.line ?? 0) { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        return lhs.kind.rawValue < rhs.kind.rawValue
    }
}
