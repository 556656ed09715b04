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
        let quotesAlike = CodeView.quotesAlike(file.language)
        file.bytes.withUnsafeBufferPointer { bytes in
            for (index, token) in tokens.enumerated() {
                let h =
                    quotesAlike && (token.kind == .stringOpen || token.kind == .stringClose)
                    ? CodeView.quoteHash : CodeView.hash(bytes, Int(token.start), Int(token.end))
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
        let built =
            switch file.language {
            case .python: PythonScopeBuilder(file: file, tokens: tokens, partner: partner).build()
            case .javaScript: JavaScriptScopeBuilder(file: file, tokens: tokens, partner: partner).build()
            case .swift, .objectiveC: ScopeBuilder(file: file, tokens: tokens, partner: partner).build()
            }
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

    /// Whether the language's string delimiters all mean the same to a pattern: in Python and
    /// JavaScript, `'a'`, `"a"`, `b"a"` and `` `a` `` are one string, and each delimiter's hash
    /// is ``quoteHash``. Swift's delimiters (`#"`, `"""`) keep their own.
    public static func quotesAlike(_ language: SourceLanguage) -> Bool {
        language == .python || language == .javaScript
    }

    /// The hash of `"`.
    public static let quoteHash = hash("\"")

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

    /// The modules a file imports, and those it imports only inside `#if` (`#ifdef`, `#ifndef`):
    /// Swift's `import`, Objective-C's `@import` and `#import <…>`, Python's `import` and `from`,
    /// and JavaScript's `import`, `export … from` and `require(…)`.
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
            if file.language == .python {
                for module in pythonImport(at: i, file: file, tokens: tokens) { add(module) }
            } else if file.language == .javaScript {
                if let module = javaScriptImport(at: i, file: file, tokens: tokens) {
                    add(module)
                    // `firebase-admin/auth` is also `firebase-admin`; `@nestjs/core/x`, `@nestjs/core`.
                    let parts = module.split(separator: "/", omittingEmptySubsequences: false)
                    let package = parts.prefix(module.hasPrefix("@") ? 2 : 1).joined(separator: "/")
                    if !module.hasPrefix("."), package != module { add(package) }
                }
            } else if file.language == .swift, token.kind == .keyword, file.token(token, is: "import") {
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

    /// The modules of a Python `import a.b, c as d` or `from a.b import c` at `i`: each dotted
    /// name and its top-level package (`firebase_admin.auth` and `firebase_admin`). A relative
    /// import (`from . import x`) names none.
    private static func pythonImport(at i: Int, file: SourceFile, tokens: [Token]) -> [String] {
        guard tokens[i].kind == .keyword else { return [] }
        let isFrom = file.token(tokens[i], is: "from")
        guard isFrom || file.token(tokens[i], is: "import") else { return [] }
        if !isFrom {
            // `from a.b import c`, `from .. import c`: this `import` names no module of its own.
            var k = i - 1
            while k >= 0, [.identifier, .period, .operator].contains(tokens[k].kind) { k -= 1 }
            if k >= 0, tokens[k].kind == .keyword, file.token(tokens[k], is: "from") { return [] }
        }
        var modules: [String] = []
        var j = i + 1
        while j < tokens.count, tokens[j].kind == .identifier {
            var name = file.text(of: tokens[j])
            let top = name
            j += 1
            while j + 1 < tokens.count, tokens[j].kind == .period, tokens[j + 1].kind == .identifier {
                name += "." + file.text(of: tokens[j + 1])
                j += 2
            }
            modules.append(name)
            if name != top { modules.append(top) }
            if isFrom { break }
            // `import a as b, c`
            if j + 1 < tokens.count, tokens[j].kind == .keyword, file.token(tokens[j], is: "as") { j += 2 }
            guard j < tokens.count, tokens[j].kind == .comma else { break }
            j += 1
        }
        return modules
    }

    /// The module of a JavaScript `import … from "m"`, `import "m"`, `export … from "m"` or
    /// `require("m")` whose first token is at `i`.
    private static func javaScriptImport(at i: Int, file: SourceFile, tokens: [Token]) -> String? {
        let token = tokens[i]
        var j: Int
        if token.kind == .identifier, file.token(token, is: "require") {
            guard i + 1 < tokens.count, tokens[i + 1].kind == .leftParen else { return nil }
            j = i + 2
        } else if token.kind == .keyword, file.token(token, is: "import") || file.token(token, is: "export") {
            j = i + 1
            // The clause before `from`: names, `* as x`, `{ a, b as c }`, `type`; the module
            // string comes first (`import "m"`) or after `from`.
            var steps = 0
            while j < tokens.count, tokens[j].kind != .stringOpen, steps < 256 {
                let kind = tokens[j].kind
                if kind == .semicolon || kind == .leftParen || (kind == .operator && file.token(tokens[j], is: "=")) {
                    return nil
                }
                j += 1
                steps += 1
            }
            if j > i + 1, !(tokens[j - 1].kind == .identifier && file.token(tokens[j - 1], is: "from")) { return nil }
        } else {
            return nil
        }
        guard j + 2 < tokens.count, tokens[j].kind == .stringOpen, tokens[j + 1].kind == .stringSegment,
            tokens[j + 2].kind == .stringClose
        else { return nil }
        return file.text(of: tokens[j + 1])
    }
}
