/// What the project-wide questions need to know of a source file without its tokens: the
/// modules it imports, the names in its code, the functions it declares and which of the rules'
/// words it contains. A file whose summary shows it cannot match a pattern is never lexed when
/// only other files are reported; summaries are kept between runs (``SummaryCache``), keyed by
/// the file's content.
struct FileSummary: Sendable, Hashable {
    /// Imported modules, sorted.
    var imports: [String] { storage.imports }
    /// Hash of every identifier and keyword in the code (``CodeView/hash(_:)``), sorted.
    var names: [UInt64] { storage.names }
    /// Functions and computed properties the file declares: name and scope index.
    var functions: [Function] { storage.functions }
    /// Per word of the run's ``WordIndex``: bit 0 when a name contains it, bit 1 when string text does.
    var words: [UInt8] { storage.words }
    /// One bit per pattern of the run's ``PatternIndex`` (bit `i % 8` of byte `i / 8`): set when
    /// the pattern matches somewhere in the file, or may (its matching ran out of steps). Nil
    /// when not known: the summary was made from the bytes.
    var patterns: [UInt8]? { storage.patterns }
    /// Hashes of the names of the types the file declares or extends (``CodeView/hash(_:)`` of
    /// each type scope's name), sorted; nil when not known: the summary was made from the bytes.
    var types: [UInt64]? { storage.types }
    /// Hashes of the names the file hands values to (``RuleEvaluator/namesHanded(_:)``), sorted;
    /// nil when not known: the summary was made from the bytes.
    var handed: [UInt64]? { storage.handed }
    /// Set when the summary was made from the bytes, without lexing (see ``Prefilter``): then
    /// `imports` and `names` may hold more than the code does, `words` sets both bits for a word
    /// found anywhere, and `functions` is empty.
    var unlexed: Unlexed? { storage.unlexed }

    /// A summary is never changed once made, and is asked about for every file many times in a
    /// run: one shared reference is all a copy takes.
    private let storage: Storage

    private final class Storage: Sendable {
        let imports: [String]
        let names: [UInt64]
        let functions: [Function]
        let words: [UInt8]
        let patterns: [UInt8]?
        let types: [UInt64]?
        let handed: [UInt64]?
        let unlexed: Unlexed?

        init(
            imports: [String], names: [UInt64], functions: [Function], words: [UInt8], patterns: [UInt8]?, types: [UInt64]?,
            handed: [UInt64]?, unlexed: Unlexed?
        ) {
            self.imports = imports
            self.names = names
            self.functions = functions
            self.words = words
            self.patterns = patterns
            self.types = types
            self.handed = handed
            self.unlexed = unlexed
        }
    }

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

    init(
        imports: [String], names: [UInt64], functions: [Function], words: [UInt8], patterns: [UInt8]? = nil, types: [UInt64]? = nil,
        handed: [UInt64]? = nil, unlexed: Unlexed? = nil
    ) {
        storage = Storage(
            imports: imports, names: names, functions: functions, words: words, patterns: patterns, types: types, handed: handed, unlexed: unlexed)
    }

    init(_ code: CodeView, words index: WordIndex) {
        var words = [UInt8](repeating: 0, count: index.words.count)
        if !index.words.isEmpty {
            code.file.bytes.withUnsafeBufferPointer { bytes in
                for token in code.tokens {
                    let bit: UInt8
                    switch token.kind {
                    case .identifier: bit = 1
                    case .stringSegment: bit = 2
                    default: continue
                    }
                    index.search.mark(bytes, Int(token.start)..<Int(token.end), bit: bit, in: &words)
                }
            }
        }
        self.init(
            imports: code.imports.sorted(), names: code.nameHashes.sorted(), functions: Self.functions(of: code), words: words,
            patterns: index.patterns.matched(in: code, words: words, index: index),
            types: Set(code.scopes.compactMap { $0.kind == .type ? $0.name.map(CodeView.hash) : nil }).sorted(),
            handed: code.file.language == .swift ? Set(RuleEvaluator.namesHanded(code).map { CodeView.hash($0) }).sorted() : nil)
    }

    static func == (a: FileSummary, b: FileSummary) -> Bool {
        a.storage === b.storage
            || (a.imports, a.names, a.functions, a.words) == (b.imports, b.names, b.functions, b.words)
            && (a.patterns, a.types, a.handed) == (b.patterns, b.types, b.handed) && a.unlexed == b.unlexed
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(names)
        hasher.combine(words)
        hasher.combine(patterns)
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

    func mayMatch(_ pattern: Pattern, _ index: PatternIndex) -> Bool {
        guard let patterns, let position = index.position[pattern.sourceHash], position / 8 < patterns.count else { return true }
        return patterns[position / 8] & (1 << UInt8(position % 8)) != 0
    }
}

/// What tells, without matching, that a clause cannot match in a file: the rules' words the
/// file holds (``FileSummary/words``), and whether it uses a name. A file's summary answers, and
/// so does a lexed file whose words the prefilter read.
protocol WordsAndNames {
    /// Per word of the run's ``WordIndex``: bit 0 when a name contains it, bit 1 when string text does.
    var words: [UInt8] { get }
    func mentions(_ hash: UInt64) -> Bool
    /// Whether the pattern may match in the file: false only when the file is known not to hold it.
    func mayMatch(_ pattern: Pattern, _ index: PatternIndex) -> Bool
}

extension FileSummary: WordsAndNames {}

/// A lexed file, with the rules' words the prefilter found in its bytes (in names and strings alike).
struct LexedWords: WordsAndNames {
    let words: [UInt8]
    let code: CodeView

    func mentions(_ hash: UInt64) -> Bool {
        code.nameHashes.contains(hash)
    }

    func mayMatch(_ pattern: Pattern, _ index: PatternIndex) -> Bool { true }
}

extension WordsAndNames {
    /// Whether every name hash is in the file's code.
    func mentionsAll(_ hashes: [UInt64]) -> Bool {
        hashes.allSatisfy(mentions)
    }

    /// Whether the clause (a pattern, or words) may match in the file.
    func mayMatch(_ clause: PatternClause, _ index: WordIndex) -> Bool {
        if let words = clause.words { return mayContain(words, index) }
        return mentionsAll(clause.pattern.requiredNames) && mayMatch(clause.pattern, index.patterns) && mayHold(clause.conditions, index)
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
            return search.words.contains { mayContain($0, index) }
                || search.patterns.contains { mentionsAll($0.requiredNames) && mayMatch($0, index.patterns) }
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
/// ``FileSummary/words``; and their patterns, whose matches a summary records.
struct WordIndex: Sendable, Hashable {
    let words: [[UInt8]]
    /// Each word's position, by its hash (``NameMatch/hash(_:)``).
    let position: [UInt64: Int]
    var patterns = PatternIndex([])
    /// Finds the words in a text (the position of each is its position in ``words``).
    let search: WordSearch

    init(_ words: some Sequence<[UInt8]>) {
        // An empty word is in every name: no file can be said to lack it, so it has no position.
        self.words = Set(words).filter { !$0.isEmpty }.sorted { $0.lexicographicallyPrecedes($1) }
        position = Self.positions(self.words.map(NameMatch.hash))
        search = WordSearch(self.words)
    }

    static func == (lhs: WordIndex, rhs: WordIndex) -> Bool {
        lhs.words == rhs.words && lhs.patterns == rhs.patterns
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words)
        hasher.combine(patterns)
    }

    /// Each hash's position in `hashes`; two with one hash share no position (`Int.max`), so
    /// neither can be ruled out.
    static func positions(_ hashes: [UInt64]) -> [UInt64: Int] {
        var position: [UInt64: Int] = [:]
        for (index, hash) in hashes.enumerated() { position[hash] = position[hash] == nil ? index : Int.max }
        return position
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
        let searches = (clauses.flatMap(\.conditions) + rules.flatMap(\.match.conditions)).flatMap(\.scopedSearches)
        patterns = PatternIndex(clauses.filter { $0.words == nil }.map(\.pattern) + rules.flatMap(\.related).flatMap(\.clauses).map(\.pattern)
            + searches.flatMap(\.patterns), uses: PatternUse.uses(rules: rules, providers: providers), knownTypes: providers.knownTypes)
    }

    /// A fingerprint of the words and patterns, so that summaries made for other rules are not trusted.
    var fingerprint: UInt64 {
        var text = ""
        for word in words { text += String(decoding: word, as: UTF8.self) + "\u{0}" }
        return CodeView.hash(text) ^ patterns.fingerprint
    }
}

/// The patterns of a run's rules, each with its position in ``FileSummary/patterns``: a summary
/// of a file made when it was lexed records which of them match in it, so that a file kept as a
/// summary (from the cache) is lexed again only when a clause it needs can match there.
struct PatternIndex: Sendable, Hashable {
    let patterns: [Pattern]
    /// Each pattern's position, by ``Pattern/sourceHash``.
    let position: [UInt64: Int]
    /// Per pattern, where its bit is read, when all those places are known (nil: anywhere).
    private let uses: [[PatternUse]?]
    private let knownTypes: KnownTypes

    init(_ patterns: [Pattern], uses: [UInt64: [PatternUse]?] = [:], knownTypes: KnownTypes = KnownTypes()) {
        var seen = Set<String>()
        self.patterns = patterns.filter { seen.insert($0.source).inserted }.sorted { $0.source < $1.source }
        position = WordIndex.positions(self.patterns.map(\.sourceHash))
        self.uses = self.patterns.map { uses[$0.sourceHash] ?? nil }
        self.knownTypes = knownTypes
    }

    static func == (lhs: PatternIndex, rhs: PatternIndex) -> Bool {
        lhs.patterns == rhs.patterns
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(patterns)
    }

    /// Which of the patterns match in the code, as ``FileSummary/patterns`` holds them. Each file
    /// has the steps of its own analysis for this; once they are spent, every pattern not yet
    /// tried counts as matching. A pattern whose bit no question can read for this file (every
    /// clause that uses it needs a name, a module or a word the file lacks) is not tried: it
    /// counts as matching, which is what a summary that does not know says.
    func matched(in code: CodeView, words: [UInt8], index: WordIndex) -> [UInt8]? {
        guard !patterns.isEmpty else { return nil }
        var bits = [UInt8](repeating: 0, count: (patterns.count + 7) / 8)
        let budget = StepBudget(bytes: code.file.bytes.count)
        let matcher = Matcher(code, budget: budget)
        let file = PatternUse.File(code: code, words: words, seen: code.imports.union(knownTypes.modules(usedIn: code)))
        for (position, pattern) in patterns.enumerated() {
            let read = uses[position].map { $0.contains { $0.mayBeRead(in: file, index) } } ?? true
            if !read || budget.isSpent || matcher.contains(pattern, in: 0..<code.count) || budget.isSpent {
                bits[position / 8] |= 1 << UInt8(position % 8)
            }
        }
        return bits
    }

    /// A fingerprint of the patterns, so that summaries made for other rules are not trusted.
    var fingerprint: UInt64 {
        CodeView.hash(patterns.map(\.source).joined(separator: "\u{0}"))
    }
}

/// A place a pattern's bit in a summary is read: a clause of a rule, a provider or a search, or
/// a search confined to the file of such a clause's match. The bit is read for a file only when
/// the file uses every name the clause needs, sees one module of each list and may meet the
/// clause's conditions by its words; otherwise it is never read there and need not be known.
struct PatternUse: Sendable {
    var names: [UInt64]
    var imports: [[String]]
    var conditions: [Condition]

    /// What a file being summarised holds, for telling whether a use may read a bit there.
    struct File: WordsAndNames {
        let code: CodeView
        let words: [UInt8]
        let seen: Set<String>

        func mentions(_ hash: UInt64) -> Bool { code.nameHashes.contains(hash) }
        func mayMatch(_ pattern: Pattern, _ index: PatternIndex) -> Bool { true }
    }

    func mayBeRead(in file: File, _ index: WordIndex) -> Bool {
        file.mentionsAll(names) && imports.allSatisfy { !file.seen.isDisjoint(with: $0) } && file.mayHold(conditions, index)
    }

    /// Where each pattern of the rules and providers is read, by ``Pattern/sourceHash``: nil for
    /// a pattern read somewhere these uses do not describe (a search that follows values, or
    /// looks beyond the file of the match).
    static func uses(rules: [RuleSpec], providers: ProviderCatalog) -> [UInt64: [PatternUse]?] {
        var uses: [UInt64: [PatternUse]?] = [:]
        func add(_ pattern: Pattern, _ use: PatternUse?) {
            guard let use, let known = uses[pattern.sourceHash] ?? [] else { return uses[pattern.sourceHash] = .some(nil) }
            uses[pattern.sourceHash] = known + [use]
        }
        func add(_ clause: PatternClause, imports: [[String]], conditions: [Condition] = []) {
            guard clause.words == nil else { return }
            let use = PatternUse(
                names: clause.pattern.requiredNames, imports: imports + (clause.imports.isEmpty ? [] : [clause.imports]),
                conditions: conditions + clause.conditions)
            add(clause.pattern, use)
            for search in clause.conditions.flatMap(\.scopedSearches) {
                // A search in the match's function or file reads the bits of that file only.
                let here = search.follow == nil && (search.scope == .function || search.scope == .file)
                for pattern in search.patterns { add(pattern, here ? PatternUse(names: use.names, imports: use.imports, conditions: []) : nil) }
            }
        }
        for clause in providers.providers.flatMap(\.signIn) { add(clause, imports: []) }
        for rule in rules {
            let imports = rule.match.imports.isEmpty ? [] : [rule.match.imports]
            for clause in rule.match.patterns { add(clause, imports: imports, conditions: rule.match.conditions) }
            for search in rule.projectSearches {
                for clause in search.clauses { add(clause, imports: search.imports.isEmpty ? [] : [search.imports]) }
            }
            for clause in rule.related.flatMap(\.clauses) { add(clause, imports: []) }
            for search in rule.match.conditions.flatMap(\.scopedSearches) {
                for pattern in search.patterns { add(pattern, nil) }
            }
        }
        return uses
    }
}
