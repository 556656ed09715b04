import AuthLintModel

/// The code of one source file as rules see it: code tokens only (no comments, no whitespace),
/// with matching brackets, scopes, and a hash of every name for quick "does this file mention X"
/// checks. String literals are bracketed groups, so a whole literal is one atom to the matcher,
/// while the code in its interpolations stays visible.
public final class CodeView: Sendable {
    /// The file, with its comment tokens only (``SourceFile/comments()``: the view holds the
    /// code ones) unless the view is one used once and let go.
    public let file: SourceFile
    /// Code tokens in order.
    public let tokens: [Token]
    /// For each code token that opens or closes a group (`(` `[` `{`, a string's delimiters, an
    /// interpolation), the index of its partner; -1 otherwise or when unbalanced.
    public let partner: [Int32]
    /// Hash of each code token's bytes (see ``CodeView/hash(_:)``).
    public let hashes: [UInt64]
    /// Code indices of each identifier, keyword and attribute, by hash, in order.
    public let occurrences: Occurrences
    /// The hashes of every identifier, keyword and attribute in the file's code, sorted: the
    /// keys of `occurrences` (the same arrays, not a copy).
    public let nameHashes: NameHashes
    /// Scopes in source order (by opening brace); index 0 is the file scope.
    public let scopes: [Scope]
    /// Innermost scope index of each code token.
    public let scopeOfToken: [Int32]
    /// Modules the file imports (`import X`, `@testable import X`, `import struct X.Y`, `@import X;`, `#import <X/…>`).
    public let imports: Set<String>
    /// Of ``imports``, the modules imported only inside `#if` blocks: whether they are imported
    /// depends on the build's conditions (usually empty).
    public let conditionalImports: Set<String>

    /// The code of `file`, which keeps the file with its comment tokens only.
    public convenience init(file: SourceFile) {
        self.init(analysing: file, keeping: file.comments())
    }

    /// The code of `file`, which keeps `kept` as its file, or `file` as it is given: for a view
    /// used once and let go, which need not spend a pass on leaving out the code tokens.
    package init(analysing file: SourceFile, keeping kept: SourceFile? = nil) {
        self.file = kept ?? file
        var tokens: [Token] = []
        tokens.reserveCapacity(file.codeTokenIndices.count)
        for index in file.codeTokenIndices { tokens.append(file.tokens[Int(index)]) }
        self.tokens = tokens
        var hashes: [UInt64] = []
        hashes.reserveCapacity(tokens.count)
        var names: [(hash: UInt64, index: Int32)] = []
        file.bytes.withUnsafeBufferPointer { bytes in
            for (index, token) in tokens.enumerated() {
                let h = CodeView.hash(bytes, Int(token.start), Int(token.end))
                hashes.append(h)
                // Names, and attributes under their whole text (`@Stored`), so that a property
                // wrapper's uses can be found.
                if token.kind == .identifier || token.kind == .keyword || token.kind == .attribute {
                    names.append((h, Int32(index)))
                }
            }
        }
        self.hashes = hashes
        occurrences = Occurrences(names)
        nameHashes = occurrences.keys
        let partner = CodeView.matchBrackets(tokens)
        self.partner = partner
        let built = ScopeBuilder(file: file, tokens: tokens, partner: partner).build()
        self.scopes = built.scopes
        self.scopeOfToken = built.scopeOfToken
        (self.imports, self.conditionalImports) = CodeView.findImports(file: file, tokens: tokens)
    }

    public var count: Int { tokens.count }

    @inlinable public func text(_ index: Int) -> String { file.text(of: tokens[index]) }

    @inlinable public func kind(_ index: Int) -> TokenKind { tokens[index].kind }

    /// Whether the code token at `index` has exactly the bytes of `text`.
    @inlinable public func token(_ index: Int, is text: StaticString) -> Bool {
        file.token(tokens[index], is: text)
    }

    /// Whether the token at `index` is `name`, a name known only at run time (from a rule file).
    public func token(_ index: Int, isName name: String) -> Bool {
        let token = tokens[index]
        guard Int(token.byteCount) == name.utf8.count else { return false }
        let start = Int(token.start)
        return file.bytes[start..<(start + Int(token.byteCount))].elementsEqual(name.utf8)
    }

    /// Whether any identifier or keyword in the file is `name`.
    public func mentions(_ name: String) -> Bool {
        nameHashes.contains(CodeView.hash(name))
    }

    /// The literal text of a string literal whose opening delimiter is at `open`, if it has no
    /// interpolation (escapes are kept as written).
    public func stringValue(at open: Int) -> String? {
        guard open < count, tokens[open].kind == .stringOpen else { return nil }
        let close = Int(partner[open])
        guard close > open else { return nil }
        var value = ""
        var i = open + 1
        while i < close {
            guard tokens[i].kind == .stringSegment else { return nil }
            value += text(i)
            i += 1
        }
        return value
    }

    /// Location of the code token at `index`.
    public func location(_ index: Int) -> SourceLocation {
        let token = tokens[min(index, count - 1)]
        return SourceLocation(line: Int(token.line), column: Int(token.column))
    }

    /// The innermost scope containing the code token at `index`.
    public func scope(at index: Int) -> Scope { scopes[Int(scopeOfToken[index])] }

    // MARK: - Hashing

    /// FNV-1a over bytes: a stable 64-bit hash of a token's text.
    @inlinable
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var i = start
        while i < end {
            h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01b3
            i += 1
        }
        return h
    }

    public static func hash(_ text: String) -> UInt64 {
        hash(text, after: 0xcbf2_9ce4_8422_2325)
    }

    /// The hash of the text whose hash is `prefix` followed by `text`.
    public static func hash(_ text: String, after prefix: UInt64) -> UInt64 {
        var h = prefix
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return h
    }

    // MARK: - Brackets

    static func matchBrackets(_ tokens: [Token]) -> [Int32] {
        var partner = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int32] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace, .stringOpen, .interpolationOpen:
                stack.append(Int32(index))
            case .rightParen, .rightBracket, .rightBrace, .stringClose, .interpolationClose:
                // Pop to the nearest opener of the right kind; unmatched closers stay -1.
                let opener = CodeView.opener(of: token.kind)
                if let position = stack.lastIndex(where: { tokens[Int($0)].kind == opener }) {
                    let open = stack[position]
                    stack.removeSubrange(position...)
                    partner[Int(open)] = Int32(index)
                    partner[index] = open
                }
            default:
                break
            }
        }
        return partner
    }

    static func opener(of kind: TokenKind) -> TokenKind {
        switch kind {
        case .rightParen: .leftParen
        case .rightBracket: .leftBracket
        case .rightBrace: .leftBrace
        case .stringClose: .stringOpen
        case .interpolationClose: .interpolationOpen
        default: kind
        }
    }

    // MARK: - Imports

    /// The modules a file imports, and those it imports only inside `#if` (`#ifdef`, `#ifndef`).
    static func findImports(file: SourceFile, tokens: [Token]) -> (all: Set<String>, conditional: Set<String>) {
        var imports = Set<String>()
        var unconditional = Set<String>()
        var depth = 0
        func add(_ module: String) {
            imports.insert(module)
            if depth == 0 { unconditional.insert(module) }
        }
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .poundKeyword {
                if file.token(token, is: "#if") || file.token(token, is: "#ifdef") || file.token(token, is: "#ifndef") {
                    depth += 1
                } else if file.token(token, is: "#endif") {
                    depth = max(0, depth - 1)
                }
            }
            if file.language == .swift, token.kind == .keyword, file.token(token, is: "import") {
                var j = i + 1
                // `import struct Module.Type`
                if j < tokens.count, tokens[j].kind == .keyword { j += 1 }
                if j < tokens.count, tokens[j].kind == .identifier { add(file.text(of: tokens[j])) }
            } else if file.language == .objectiveC {
                if token.kind == .attribute, file.token(token, is: "@import"), i + 1 < tokens.count {
                    add(file.text(of: tokens[i + 1]))
                } else if token.kind == .poundKeyword,
                    file.token(token, is: "#import") || file.token(token, is: "#include"),
                    i + 2 < tokens.count, tokens[i + 1].kind == .operator, file.token(tokens[i + 1], is: "<")
                {
                    add(file.text(of: tokens[i + 2]))
                }
            }
            i += 1
        }
        return (imports, imports.subtracting(unconditional))
    }
}
