import AuthLintModel
import AuthLintSyntax

/// A compiled token pattern: Swift code with metavariables.
///
/// - `$NAME` (upper-case or `_` first) matches one operand: a name, literal, `self`, an implicit
///   member (`.apple`) or a bracketed group, followed by any chain of `.member`, calls,
///   subscripts, `?` and `!` (`request`, `self.request`, `ASAuthorizationAppleIDProvider()`).
/// - `$...NAME` matches an expression: everything up to the next `,`, `;`, closing bracket or
///   end of statement; inside a pattern it is as short as the rest of the pattern allows.
/// - `...` matches any run of tokens, brackets balanced, possibly empty.
/// - `{ $A in` / `{ $A, $B in` matches a closure and binds its parameters, whatever their
///   spelling (`[weak self] a in`, `(a: T) in`, or `$0` when it declares none).
/// - `$_` and `$..._` match without binding.
/// Everything else matches a code token with the same text. Comments, whitespace and line
/// breaks are ignored, so `a.b=c` matches `a . b = c`.
public struct Pattern: Sendable, Hashable, CustomStringConvertible {
    public enum Element: Sendable, Hashable {
        case token(kind: TokenKind, hash: UInt64, text: String)
        case operand(String?)
        case expression(String?)
        case gap
        case closure(parameters: [String?])
    }

    public let source: String
    public let elements: [Element]
    /// Hashes of the names every match must contain, for skipping files quickly.
    public let requiredNames: [UInt64]
    /// Whether the pattern spells out a declaration (`func`, `init`): only such patterns match
    /// inside a declaration's parameter list, where `rawNonce: String` is a type, not a value.
    public let declaresFunction: Bool
    /// For a pattern that starts with a metavariable: the hash of the longest name after it
    /// (`set` in `$D.set(...)`), which every match holds a little after its start.
    public let innerAnchor: UInt64?

    /// Whether the pattern starts with a fixed token and has a `...` outside any brackets
    /// (`@IBOutlet ... var $_: T`): one whose matches may run on past an earlier start.
    public let startsFixedWithOpenGap: Bool

    /// A hash of the source, which names the pattern in file summaries (``PatternIndex``).
    public let sourceHash: UInt64

    public var description: String { source }

    /// The language the pattern is written in, whose lexer reads it.
    public let language: SourceLanguage

    /// Compiles `source`, written in `language`; throws a message when it is not a usable pattern.
    public init(_ source: String, language: SourceLanguage = .swift) throws {
        self.source = source
        self.language = language
        let (elements, names) = try Pattern.compile(source, language)
        self.elements = elements
        self.requiredNames = names
        declaresFunction = elements.contains { element in
            if case .token(let kind, _, let text) = element {
                return kind == .keyword && (text == "func" || text == "init" || text == "subscript")
            }
            return false
        }
        innerAnchor = Pattern.innerAnchor(of: elements)
        startsFixedWithOpenGap = Pattern.startsFixedWithOpenGap(elements)
        // The same text in two languages is two patterns (a Swift pattern's hash is its text's).
        sourceHash =
            language == .swift ? CodeView.hash(source) : CodeView.hash(source, after: CodeView.hash(language.rawValue))
    }

    private static func startsFixedWithOpenGap(_ elements: [Element]) -> Bool {
        guard case .token = elements.first else { return false }
        var depth = 0
        for element in elements {
            switch element {
            case .token(let kind, _, _):
                if kind == .leftParen || kind == .leftBracket || kind == .leftBrace { depth += 1 }
                if kind == .rightParen || kind == .rightBracket || kind == .rightBrace { depth -= 1 }
            case .gap where depth <= 0:
                return true
            default:
                break
            }
        }
        return false
    }

    /// The metavariable every match binds to its whole text.
    public static let wholeMatch = "MATCH"

    /// A single name, bound by the caller: finds the uses of a variable.
    package static let name = try! Pattern("$NAME")

    private static func innerAnchor(of elements: [Element]) -> UInt64? {
        guard let first = elements.first else { return nil }
        switch first {
        case .operand, .expression: break
        default: return nil
        }
        var best: (hash: UInt64, length: Int)?
        for element in elements.dropFirst() {
            if case .gap = element { break }
            if case .token(let kind, let hash, let text) = element, kind == .identifier,
                text.utf8.count > (best?.length ?? 0)
            {
                best = (hash, text.utf8.count)
            }
        }
        return best?.hash
    }

    /// Metavariable names bound by this pattern.
    public var metavariables: [String] {
        elements.flatMap { element -> [String] in
            switch element {
            case .operand(let name?), .expression(let name?): [name]
            case .closure(let parameters): parameters.compactMap { $0 }
            default: []
            }
        }
    }

    public struct CompileError: Error, CustomStringConvertible {
        public var description: String
    }

    private static let operandPrefix = "__alMv_"
    private static let expressionPrefix = "__alMx_"
    private static let gapMarker = "__alGap__"

    static func compile(_ source: String, _ language: SourceLanguage) throws -> ([Element], [UInt64]) {
        let rewritten = try rewriteMetavariables(source)
        let file = SourceFile(path: "<pattern>", language: language, bytes: Array(rewritten.utf8))
        let quotesAlike = CodeView.quotesAlike(language)
        if let problem = file.diagnostics.first {
            throw CompileError(description: "pattern `\(source)`: \(problem.message)")
        }
        var elements: [Element] = []
        var names: [UInt64] = []
        let code = file.codeTokenIndices.map { file.tokens[Int($0)] }
        var i = 0
        while i < code.count {
            let token = code[i]
            let text = file.text(of: token)
            if token.kind == .identifier, text.hasPrefix(operandPrefix) {
                let name = String(text.dropFirst(operandPrefix.count))
                elements.append(.operand(name == "_" ? nil : name))
            } else if token.kind == .identifier, text.hasPrefix(expressionPrefix) {
                let name = String(text.dropFirst(expressionPrefix.count))
                elements.append(.expression(name == "_" ? nil : name))
            } else if token.kind == .identifier, text == gapMarker {
                if case .gap? = elements.last {} else { elements.append(.gap) }
            } else if token.kind == .leftBrace, language == .swift,
                let (parameters, next) = closureHeader(code, file, after: i)
            {
                elements.append(.closure(parameters: parameters))
                i = next
                continue
            } else if quotesAlike && (token.kind == .stringOpen || token.kind == .stringClose) {
                elements.append(.token(kind: token.kind, hash: CodeView.quoteHash, text: text))
            } else {
                elements.append(.token(kind: token.kind, hash: CodeView.hash(text), text: text))
                if token.kind == .identifier || token.kind == .keyword || token.kind == .attribute {
                    names.append(CodeView.hash(text))
                }
            }
            i += 1
        }
        guard !elements.isEmpty else { throw CompileError(description: "pattern is empty") }
        if case .gap = elements.first! { throw CompileError(description: "pattern `\(source)` starts with `...`") }
        return (elements, names)
    }

    /// `{ $A in` or `{ $A, $B in`: the parameter names and the index after `in`.
    private static func closureHeader(_ code: [Token], _ file: SourceFile, after brace: Int) -> ([String?], Int)? {
        var parameters: [String?] = []
        var j = brace + 1
        while j < code.count {
            let text = file.text(of: code[j])
            guard code[j].kind == .identifier, text.hasPrefix(operandPrefix) else { return nil }
            let name = String(text.dropFirst(operandPrefix.count))
            parameters.append(name == "_" ? nil : name)
            j += 1
            guard j < code.count else { return nil }
            if code[j].kind == .comma {
                j += 1
                continue
            }
            if code[j].kind == .keyword, file.text(of: code[j]) == "in" { return (parameters, j + 1) }
            return nil
        }
        return nil
    }

    /// Replaces `$NAME`, `$...NAME` and `...` with identifiers the lexer keeps whole.
    static func rewriteMetavariables(_ source: String) throws -> String {
        let bytes = Array(source.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 32)
        var i = 0
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "$") {
                var j = i + 1
                var prefix = operandPrefix
                if j + 2 < bytes.count, bytes[j] == 0x2E, bytes[j + 1] == 0x2E, bytes[j + 2] == 0x2E {
                    prefix = expressionPrefix
                    j += 3
                }
                if j < bytes.count, (bytes[j] >= 0x41 && bytes[j] <= 0x5A) || bytes[j] == 0x5F {
                    var k = j
                    while k < bytes.count, isNameByte(bytes[k]) { k += 1 }
                    out += Array(prefix.utf8) + bytes[j..<k]
                    out.append(0x20)
                    i = k
                    continue
                }
                if prefix == expressionPrefix {
                    throw CompileError(
                        description: "pattern `\(source)`: `$...` needs a name such as `$...VALUE` or `$..._`")
                }
            } else if b == 0x2E, i + 2 < bytes.count, bytes[i + 1] == 0x2E, bytes[i + 2] == 0x2E,
                i + 3 >= bytes.count || bytes[i + 3] != 0x2E
            {
                out += Array(" \(gapMarker) ".utf8)
                i += 3
                continue
            }
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
