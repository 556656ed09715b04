import AuthLintModel

/// One lexical token: a kind and a byte range of its ``SourceFile``, with the 1-based line and
/// column where it starts.
///
/// Columns count UTF-16 code units, 1-based (SARIF's `utf16CodeUnits`, the unit editors and
/// GitHub use). Byte offsets are into the file's UTF-8 bytes, BOM included.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    /// Depth of string interpolation this token sits in: 0 for ordinary code, 1 inside `"\( … )"`,
    /// 2 inside an interpolation nested in a string inside an interpolation, and so on.
    public var interpolationDepth: UInt16
    /// Byte offset of the first byte.
    public var start: Int32
    /// Byte offset one past the last byte.
    public var end: Int32
    /// 1-based line of the first byte.
    public var line: Int32
    /// 1-based column (UTF-16 code units) of the first byte.
    public var column: Int32

    @inlinable
    public init(kind: TokenKind, start: Int32, end: Int32, line: Int32, column: Int32, interpolationDepth: UInt16 = 0) {
        self.kind = kind
        self.start = start
        self.end = end
        self.line = line
        self.column = column
        self.interpolationDepth = interpolationDepth
    }

    @inlinable public var byteCount: Int { Int(end - start) }
    @inlinable public var isInsideInterpolation: Bool { interpolationDepth > 0 }
}
