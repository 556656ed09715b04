import AuthLintModel

/// A region of code that rules reason about: the file, a type body, a function (methods,
/// initialisers, computed properties and accessors) or a closure. Control-flow blocks (`if`,
/// `guard`, `for`, `do`…) belong to the function around them.
public struct Scope: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case file, type, function, closure
    }

    /// A declared parameter: `label name: Type`. For closures without parameters, the shorthand
    /// `$0` stands for the first.
    public struct Parameter: Sendable, Hashable {
        public var label: String?
        public var name: String
        /// The type as written, tokens joined without spaces ("ASAuthorizationAppleIDRequest", "[String]").
        public var type: String?
        /// Code index of the parameter's name.
        public var index: Int
        /// Whether the declaration gives it a default value (callers may leave it out).
        public var hasDefault = false

        /// The label a call writes for it; nil when it writes none (`_ name: T`).
        public var callLabel: String? { label == "_" ? nil : (label ?? name) }
        /// `items: T...`: a call may give it several arguments.
        public var isVariadic: Bool { type?.hasSuffix("...") ?? false }
        /// `work: () -> T`, `message: @autoclosure () -> String`: a function or closure.
        public var isFunction: Bool { type?.contains("->") ?? false }
    }

    public var kind: Kind
    /// Function, type or property name; nil for closures and the file.
    public var name: String?
    /// Index of the enclosing scope in ``CodeView/scopes``; nil for the file.
    public var parent: Int?
    /// Code index of the `{`, or -1 for the file scope.
    public var open: Int
    /// Code index of the `}` (or the token count when unbalanced or for the file).
    public var close: Int
    /// Code index where the declaration starts (`func`, `class`…); the `{` for closures.
    public var headerStart: Int
    public var parameters: [Parameter]

    /// Code indices of the body, braces excluded.
    public var body: Range<Int> { (open + 1)..<max(open + 1, close) }

    public func parameter(named name: String) -> Parameter? {
        parameters.first { $0.name == name }
    }
}

extension Scope {
    /// The file's own scope, around all of its code tokens.
    static func file(tokenCount: Int) -> Scope {
        Scope(kind: .file, name: nil, parent: nil, open: -1, close: tokenCount, headerStart: 0, parameters: [])
    }

    /// The scopes braces open, and the innermost scope of each token: `opening` says what scope the
    /// `{` at a code index opens (given the index of its `}`, or the token count when it has
    /// none), or nil for a plain block. A `}` belongs to the scope it closes. Swift's and
    /// JavaScript's scopes are found so, each by its own reading of what comes before a `{`.
    static func fromBraces(
        _ tokens: [Token], _ partner: [Int32],
        opening: (_ brace: Int, _ close: Int) -> (kind: Kind, name: String?, headerStart: Int, parameters: [Parameter])?
    ) -> (scopes: [Scope], scopeOfToken: [Int32]) {
        var scopes = [Scope.file(tokenCount: tokens.count)]
        var scopeOfToken = [Int32](repeating: 0, count: tokens.count)
        // Per open brace, the scope current inside it.
        var stack: [Int32] = []
        var current: Int32 = 0
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .rightBrace, partner[index] >= 0, !stack.isEmpty {
                scopeOfToken[index] = current
                stack.removeLast()
                current = stack.last ?? 0
                continue
            }
            scopeOfToken[index] = current
            guard token.kind == .leftBrace else { continue }
            let close = partner[index] >= 0 ? Int(partner[index]) : tokens.count
            if let opened = opening(index, close) {
                scopes.append(
                    Scope(
                        kind: opened.kind, name: opened.name, parent: Int(current), open: index, close: close,
                        headerStart: opened.headerStart, parameters: opened.parameters))
                current = Int32(scopes.count - 1)
            }
            stack.append(current)
        }
        return (scopes, scopeOfToken)
    }
}
