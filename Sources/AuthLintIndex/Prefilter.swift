import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// Stage 3a, prefilter: before a Swift file is lexed, its bytes are read once for the words the
/// rules need (``WordSearch``), so that a clause whose words the file lacks is not matched there;
/// with `--prefilter`, also for the names it may use (``UnlexedNames``). Then a file in which no
/// rule's clause can match is not lexed: it enters the project as a summary made from its
/// bytes, whose every answer errs on the side of "maybe", and the project-wide questions that
/// reach it (the helpers it declares, the types it names, the calls it makes) lex it then.
/// Findings are the same either way; the prefilter only decides what is lexed up front.
package struct Prefilter: Sendable {
    private let rules: [RuleSpec]
    private let words: WordIndex
    private let knownTypes: KnownTypes
    /// The words of ``words`` and then `authlint`, which every inline suppression holds.
    private let search: WordSearch
    /// What the summaries it makes write names with.
    private let vocabulary: NameVocabulary

    package init(rules: [RuleSpec], words: WordIndex, knownTypes: KnownTypes, vocabulary: NameVocabulary = .none) {
        self.rules = rules
        self.words = words
        self.knownTypes = knownTypes
        self.vocabulary = vocabulary
        search = WordSearch(words.words + [CodeView.normalisedWord("authlint")])
    }

    /// The rules' words the bytes hold (``FileSummary/words``: in names and strings alike).
    package func words(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { Self.wordBits(search.found(in: $0)) }
    }

    /// The words found, as ``FileSummary/words`` holds them, leaving out `authlint` (the last).
    private static func wordBits(_ found: [Bool]) -> [UInt8] {
        found.dropLast().map { $0 ? UInt8(3) : 0 }
    }

    /// What the bytes of a Swift file say: the rules' words it holds (``FileSummary/words``), and,
    /// when no rule can match in it, its summary. A file without a summary is to be lexed: a
    /// rule may match in it, it holds a suppression, it may import a test framework (which puts
    /// it in the tests), or its names cannot be told apart without lexing.
    package func read(_ bytes: [UInt8]) -> (words: [UInt8], summary: FileSummary?) {
        bytes.withUnsafeBufferPointer { buffer in
            let found = search.found(in: buffer)
            let words = Self.wordBits(found)
            guard found.last != true, let names = UnlexedNames(buffer) else { return (words, nil) }
            // A test framework's import counts only where it is certain and outside `#if`,
            // which the lexer tells.
            let tests = names.imports.filter(BuildTargetBuilder.testModules.contains)
            guard tests.isEmpty || (tests.allSatisfy(names.certainImports.contains) && !Self.hasConditions(buffer))
            else {
                return (words, nil)
            }
            let summary = FileSummary(
                imports: names.imports, names: names.names, functions: [], words: words,
                unlexed: FileSummary.Unlexed(functions: names.functions, types: names.types), vocabulary: vocabulary)
            return (words, mayMatchAnyRule(summary) ? nil : summary)
        }
    }

    /// Whether the bytes hold `#if` (or `#ifdef`, `#ifndef`) anywhere.
    static func hasConditions(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0..<(bytes.count - 2) where bytes[i] == 0x23 && bytes[i + 1] == 0x69 && bytes[i + 2] == 0x66 {
            return true
        }  // "#if"
        return false
    }

    /// Whether some clause of some rule may match in a file with this summary, by its words, the
    /// names it may use and the modules it may see (target filters left aside: they only narrow).
    /// A clause that holds only where the target has (or lacks) something is left to the
    /// evaluation, which answers those questions first: the file is lexed then if it must be.
    private func mayMatchAnyRule(_ summary: FileSummary) -> Bool {
        let seen = Set(summary.imports).union(knownTypes.modules(usedIn: summary))
        func sees(_ modules: [String]) -> Bool { modules.isEmpty || !seen.isDisjoint(with: modules) }
        return rules.contains { rule in
            let spec = rule.match
            return spec.language.accepts(.swift) && sees(spec.imports) && summary.mayHold(spec.conditions, words)
                && !Self.asksProjectFacts(spec.conditions)
                && spec.patterns.contains { clause in
                    clause.language?.accepts(.swift) != false && sees(clause.imports) && summary.mayMatch(clause, words)
                        && !Self.asksProjectFacts(clause.conditions)
                }
        }
    }
}

extension Prefilter {
    /// Whether the conditions ask whether the target has or lacks something (`project-has`,
    /// `project-lacks`), which the evaluation answers before it runs the rules.
    static func asksProjectFacts(_ conditions: [Condition]) -> Bool {
        conditions.contains { condition in
            switch condition {
            case .projectHas, .projectLacks: true
            default: false
            }
        }
    }
}

/// What the bytes of a Swift file tell of its names without lexing it, each a superset of what
/// the lexer would find: every identifier-shaped word (with the `@`, `#` or backticks around it,
/// as attributes and escaped names are spelled), wherever it stands, comments and strings
/// included; the words that follow `import`; and the words that may name a function or property
/// scope (after `func`, and after `var` or `let` when a brace follows before the next
/// declaration; the accessor keywords) or a type scope (after
/// `class`, `struct`, `enum`, `protocol`, `extension` or `actor`). A scope whose keyword is not
/// followed by a word (`func ==`) has a name no lookup by identifier asks for.
struct UnlexedNames {
    /// Hashes (``CodeView/hash(_:)``), sorted, without repeats.
    var names: [UInt64]
    /// Hashes of the names a function or property scope may have, sorted; nil when a comment
    /// stands between a keyword and the name, so that any name may be one.
    var functions: [UInt64]?
    /// The same for type and extension scopes.
    var types: [UInt64]?
    /// The word after each `import`, and the one after that when it is a kind (`import struct M.T`).
    var imports: [String]
    /// The modules certainly imported: named by an `import` that opens its line (after
    /// attributes such as `@testable`), before anything that could open a comment or a string
    /// running over several lines (`/*`, `"""`, `#/`).
    var certainImports: Set<String>

    // Small arrays: a few comparisons cost less than hashing into a set.
    private static let accessors = [
        "init", "deinit", "subscript", "get", "set", "willSet", "didSet", "_read", "_modify",
    ].map { CodeView.hash($0) }
    private static let functionKeywords = ["func", "var", "let"].map { CodeView.hash($0) }
    private static let declarationKeywords = [
        "func", "var", "let", "class", "struct", "enum", "protocol", "extension", "actor",
        "init", "deinit", "subscript", "typealias",
    ].map { CodeView.hash($0) }
    private static let typeKeywords = ["class", "struct", "enum", "protocol", "extension", "actor"].map {
        CodeView.hash($0)
    }
    private static let importKeyword = CodeView.hash("import")
    private static let importKinds = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"].map {
        CodeView.hash($0)
    }

    /// Nil when a word cannot be read as the lexer would split it (a long word starting with
    /// a digit), or a comment stands where an import's module would.
    init?(_ p: UnsafeBufferPointer<UInt8>) {
        let n = p.count
        guard let base = p.baseAddress, n > 0 else {
            self.init(names: [], functions: [], types: [], imports: [])
            return
        }
        var names: [UInt64] = []
        names.reserveCapacity(n / 8)
        var functions: [UInt64] = []
        var types: [UInt64] = []
        var anyFunction = false
        var anyType = false
        var imports: [String] = []
        // What the previous word asks of the next: to name a function or a type, or a module.
        var declaringFunction: UInt64 = 0  // the keyword: `func`, `var` or `let`
        var declaringType = false
        // The names of the last property declared, until a brace makes it a scope or another declaration begins.
        var property: [UInt64] = []
        var importing = false
        var gap: UInt8 = 0  // 0: only blanks since the previous word; 1: a `/` among them; 2: something else
        var certainImports: Set<String> = []
        // Whether nothing yet could open a comment or string over several lines; whether the
        // next word opens its line; whether the word being read names a module certainly imported.
        var plain = true
        var opensLine = true
        var certain = false
        var i = 0
        while i < n {
            guard let first = Self.identifierEnd(base, i, n) else {
                let b = p[i]
                if b == 0x2F {
                    gap = 1
                    if i + 1 < n, p[i + 1] == 0x2A { plain = false }
                } else if b != 0x20, b != 0x09, b != 0x0A, b != 0x0D, b != 0x60, gap == 0 {
                    gap = 2
                }
                if b == 0x22, i + 2 < n, p[i + 1] == 0x22, p[i + 2] == 0x22 { plain = false }
                if b == 0x23, i + 1 < n, p[i + 1] == 0x2F { plain = false }
                if b == 0x0A {
                    opensLine = true
                } else if b != 0x20, b != 0x09, b != 0x0D, b != 0x40 {
                    opensLine = false
                }
                if b == 0x7B, !property.isEmpty {
                    functions += property
                    property.removeAll(keepingCapacity: true)
                }
                i += 1
                continue
            }
            let start = i
            var end = first
            while end < n, p[end] < 0x80, Self.wordByte[Int(p[end])] { end += 1 }  // ASCII, the common case
            while let next = Self.identifierEnd(base, end, n) { end = next }
            i = end
            let word = CodeView.hash(p, start, end)
            let firstVariant = names.count
            names.append(word)
            if start > 0 {
                let before = p[start - 1]
                // `@Attribute`, `#keyword`
                if before == 0x40 || before == 0x23 { names.append(CodeView.hash(p, start - 1, end)) }
                // `name`
                if before == 0x60, end < n, p[end] == 0x60 { names.append(CodeView.hash(p, start - 1, end + 1)) }
            }
            if p[start] == 0x24, end - start > 1 { names.append(CodeView.hash(p, start + 1, end)) }
            if p[start] >= 0x30, p[start] <= 0x39 {
                // A number may run into a name (`0x1Fzz`): each later start may begin one.
                guard end - start <= 64 else { return nil }
                for k in (start + 1)..<end { names.append(CodeView.hash(p, k, end)) }
            }
            // A property is a scope only with a brace after its name (`var x: T {`, `{ didSet`),
            // and that brace comes before the next declaration's keyword.
            if declaringFunction != 0 {
                if gap == 1 {
                    anyFunction = true
                } else if gap == 0 {
                    if declaringFunction == Self.functionKeywords[0] {
                        functions += names[firstVariant...]
                    } else {
                        property += names[firstVariant...]
                    }
                }
            }
            if declaringType {
                if gap == 0 { types += names[firstVariant...] } else if gap == 1 { anyType = true }
            }
            // Every keyword asked about is 3 to 9 lower-case ASCII letters (`_read` aside).
            let keyword = end - start >= 3 && end - start <= 9 && (p[start] >= 0x61 || p[start] == 0x5F) ? word : 0
            if importing {
                guard gap != 1 else { return nil }
                let module = String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
                imports.append(module)
                // `import struct Module.Type`: the module is the next word.
                importing = keyword != 0 && Self.importKinds.contains(keyword)
                if certain, gap == 0, !importing { certainImports.insert(module) }
                certain = certain && gap == 0 && importing
            } else {
                importing = keyword == Self.importKeyword
                certain = importing && plain && opensLine
            }
            // An attribute (`@testable`) keeps the line open for the `import` after it.
            opensLine = opensLine && start > 0 && p[start - 1] == 0x40
            declaringFunction = keyword != 0 && Self.functionKeywords.contains(keyword) ? keyword : 0
            declaringType = keyword != 0 && Self.typeKeywords.contains(keyword)
            if keyword != 0, Self.declarationKeywords.contains(keyword) { property.removeAll(keepingCapacity: true) }
            if keyword != 0, Self.accessors.contains(keyword) { functions.append(keyword) }
            gap = 0
        }
        self.init(
            names: names.sortedUnique(), functions: anyFunction ? nil : functions.sortedUnique(),
            types: anyType ? nil : types.sortedUnique(), imports: imports, certainImports: certainImports)
    }

    private init(
        names: [UInt64], functions: [UInt64]?, types: [UInt64]?, imports: [String], certainImports: Set<String> = []
    ) {
        self.names = names
        self.functions = functions
        self.types = types
        self.imports = imports
        self.certainImports = certainImports
    }

    /// The end of the identifier character at `i`, as the lexer reads one (ASCII letters, digits,
    /// `_` and `$`; any other scalar but an operator character or a no-break space).
    @inline(__always)
    private static func identifierEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int? {
        let b = p[i]
        if b < 0x80 { return wordByte[Int(b)] ? i + 1 : nil }
        let (u, length) = UTF8Scan.scalar(p, i, n)
        if length == 0 || u == UTF8Scan.noBreakSpace || UTF8Scan.isOperatorHead(u) { return nil }
        return i + length
    }

    /// ASCII letters, digits, `_` and `$`.
    private static let wordByte: [Bool] = (0..<128).map { b in
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24
    }
}
