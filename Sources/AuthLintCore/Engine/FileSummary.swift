/// What the project-wide questions need to know of a source file without its tokens: the
/// modules it imports, the names in its code, the functions it declares and which of the rules'
/// words it contains. A file whose summary shows it cannot match a pattern is never lexed when
/// only other files are reported; summaries are kept between runs (``SummaryCache``), keyed by
/// the file's content.
struct FileSummary: Sendable, Hashable {
    /// Imported modules, sorted.
    var imports: [String]
    /// Hash of every identifier and keyword in the code (``CodeView/hash(_:)``), sorted.
    var names: [UInt64]
    /// Functions and computed properties the file declares: name and scope index.
    var functions: [Function]
    /// Per word of the run's ``WordIndex``: bit 0 when a name contains it, bit 1 when string text does.
    var words: [UInt8]
    /// Set when the summary was made from the bytes, without lexing (see ``Prefilter``): then
    /// `imports` and `names` may hold more than the code does, `words` sets both bits for a word
    /// found anywhere, and `functions` is empty.
    var unlexed: Unlexed?

    struct Unlexed: Sendable, Hashable {
        /// Hashes of the names a function or property scope of the file may have (nil: any name).
        var functions: [UInt64]?
        /// Hashes of the names a type or extension scope of the file may have (nil: any name).
        var types: [UInt64]?
    }

    struct Function: Sendable, Hashable {
        var name: String
        var scope: Int32
    }

    init(imports: [String], names: [UInt64], functions: [Function], words: [UInt8], unlexed: Unlexed? = nil) {
        self.imports = imports
        self.names = names
        self.functions = functions
        self.words = words
        self.unlexed = unlexed
    }

    init(_ code: CodeView, words index: WordIndex) {
        imports = code.imports.sorted()
        names = code.nameHashes.sorted()
        functions = Self.functions(of: code)
        var words = [UInt8](repeating: 0, count: index.words.count)
        if !index.words.isEmpty {
            for token in code.tokens.indices {
                let bit: UInt8
                switch code.kind(token) {
                case .identifier: bit = 1
                case .stringSegment: bit = 2
                default: continue
                }
                for (word, needle) in index.words.enumerated() where words[word] & bit == 0 && code.tokenContains(token, needle) {
                    words[word] |= bit
                }
            }
        }
        self.words = words
    }

    /// The functions and computed properties the code declares, in scope order.
    static func functions(of code: CodeView) -> [Function] {
        code.scopes.enumerated().compactMap { scopeIndex, scope in
            guard scope.kind == .function, let name = scope.name else { return nil }
            return Function(name: name, scope: Int32(scopeIndex))
        }
    }

    func mentions(_ hash: UInt64) -> Bool {
        names.sortedContains(hash)
    }
}

/// What tells, without matching, that a clause cannot match in a file: the rules' words the
/// file holds (``FileSummary/words``), and whether it uses a name. A file's summary answers, and
/// so does a lexed file whose words the prefilter read.
protocol WordsAndNames {
    /// Per word of the run's ``WordIndex``: bit 0 when a name contains it, bit 1 when string text does.
    var words: [UInt8] { get }
    func mentions(_ hash: UInt64) -> Bool
}

extension FileSummary: WordsAndNames {}

/// A lexed file, with the rules' words the prefilter found in its bytes (in names and strings alike).
struct LexedWords: WordsAndNames {
    let words: [UInt8]
    let code: CodeView

    func mentions(_ hash: UInt64) -> Bool {
        code.nameHashes.contains(hash)
    }
}

extension WordsAndNames {
    /// Whether every name hash is in the file's code.
    func mentionsAll(_ hashes: [UInt64]) -> Bool {
        hashes.allSatisfy(mentions)
    }

    /// Whether the clause (a pattern, or words) may match in the file.
    func mayMatch(_ clause: PatternClause, _ index: WordIndex) -> Bool {
        if let words = clause.words { return mayContain(words, index) }
        return mentionsAll(clause.pattern.requiredNames) && mayHold(clause.conditions, index)
    }

    /// Whether the conditions may all hold for a match in the file: false only when one needs
    /// the file to hold what it does not: a metavariable's names to contain words, or a search
    /// confined to the file (its function, type or the file itself, not followed into helpers)
    /// to find a pattern or words.
    func mayHold(_ conditions: [Condition], _ index: WordIndex) -> Bool {
        conditions.allSatisfy { mayHold($0, index) }
    }

    private func mayHold(_ condition: Condition, _ index: WordIndex) -> Bool {
        switch condition {
        case let .metavariable(_, .nameMatches(test)):
            return mayContain(test, index)
        case let .present(search) where search.follow == nil && search.scope != .project && search.scope != .request:
            return search.words.contains { mayContain($0, index) } || search.patterns.contains { mentionsAll($0.requiredNames) }
        case let .anyOf(alternatives):
            return alternatives.contains { mayHold($0, index) }
        case let .allOf(conditions):
            return mayHold(conditions, index)
        default:
            return true
        }
    }

    /// Whether some name or string text (as `place` says) may contain one of the words: a
    /// token that passes the test must contain one.
    func mayContain(_ test: NameMatch, _ index: WordIndex) -> Bool {
        let mask: UInt8
        switch test.place {
        case .code: mask = 1
        case .strings: mask = 2
        case .all: mask = 3
        }
        return test.needleHashes.contains { needle in
            guard let position = index.position[needle], position < words.count else { return true }
            return words[position] & mask != 0
        }
    }
}

/// The words of every `names:` clause of a run's rules, normalised, each with its position in
/// ``FileSummary/words``.
struct WordIndex: Sendable, Hashable {
    let words: [[UInt8]]
    /// Each word's position, by its hash (``NameMatch/hash(_:)``).
    let position: [UInt64: Int]

    init(_ words: some Sequence<[UInt8]>) {
        self.words = Set(words).sorted { $0.lexicographicallyPrecedes($1) }
        var position: [UInt64: Int] = [:]
        // Two words with one hash share no position: neither can be ruled out.
        for (index, word) in self.words.enumerated() {
            let hash = NameMatch.hash(word)
            position[hash] = position[hash] == nil ? index : Int.max
        }
        self.position = position
    }

    /// The words of the `names:` clauses and `name-matches` tests of the rules, their searches
    /// and the providers' sign-in patterns.
    init(rules: [RuleSpec], providers: ProviderCatalog) {
        var clauses: [PatternClause] = providers.providers.flatMap(\.signIn)
        for rule in rules {
            clauses += rule.match.patterns + rule.projectSearches.flatMap(\.clauses)
        }
        let tests = clauses.compactMap(\.words) + (clauses.flatMap(\.conditions) + rules.flatMap(\.match.conditions)).compactMap { condition in
            if case let .metavariable(_, .nameMatches(test)) = condition { return test }
            return nil
        }
        self.init(tests.flatMap(\.needles))
    }

    /// A fingerprint of the words, so that summaries made for other rules are not trusted.
    var fingerprint: UInt64 {
        var text = ""
        for word in words { text += String(decoding: word, as: UTF8.self) + "\u{0}" }
        return CodeView.hash(text)
    }
}
