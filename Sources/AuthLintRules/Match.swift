import AuthLintModel
import AuthLintSyntax

/// What a metavariable matched: a run of code tokens of one file.
public struct Binding: Sendable, Hashable {
    /// Code-token range in the file's ``CodeView``.
    public var range: Range<Int>
    /// Token hashes of the matched text, for comparing bindings across places.
    public var hashes: [UInt64]
    /// For closure and function parameters: the scope that declares the name.
    public var declaringScope: Int?

    public init(range: Range<Int>, hashes: [UInt64], declaringScope: Int? = nil) {
        self.range = range
        self.hashes = hashes
        self.declaringScope = declaringScope
    }

    /// Whether the binding is one plain name (`request`, `$0`), not a chain or a call.
    public var isName: Bool { hashes.count == 1 }
}

/// One place a pattern matched.
public struct Match: Sendable, Hashable {
    /// Code-token range of the whole match.
    public var range: Range<Int>
    public var bindings: [String: Binding]

    package init(range: Range<Int>, bindings: [String: Binding]) {
        self.range = range
        self.bindings = bindings
    }
}
