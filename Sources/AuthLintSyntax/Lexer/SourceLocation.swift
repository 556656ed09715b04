import AuthLintModel

/// A position in a file: 1-based line and 1-based column in UTF-16 code units.
public struct SourceLocation: Sendable, Hashable, Comparable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A half-open span of a file; `end` is exclusive, as in SARIF regions.
public struct SourceRange: Sendable, Hashable, Codable {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }
}
