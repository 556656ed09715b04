import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// The patterns of a run's rules, each with its position in ``FileSummary/patterns``: a summary
/// of a file made when it was lexed records which of them match in it, so that a file kept as a
/// summary (from the cache) is lexed again only when a clause it needs can match there.
package struct PatternIndex: Sendable, Hashable {
    let patterns: [Pattern]
    /// Each pattern's position, by ``Pattern/sourceHash``.
    let position: [UInt64: Int]
    /// Per language, what a file of it is asked: the patterns whose bit may be read there, each
    /// with the uses of that language (nil: anywhere), and the bits of the others, set.
    private let plans: [SourceLanguage: Plan]
    /// The SDK types that tell which module a file sees (``FileSummary/modules``).
    let knownTypes: KnownTypes

    init(_ patterns: [Pattern], uses: [UInt64: [PatternUse]?] = [:], knownTypes: KnownTypes = KnownTypes()) {
        var seen = Set<String>()
        self.patterns = patterns.filter {
            (Self.tells($0) || Self.narrowed(uses[$0.sourceHash] ?? nil)) && seen.insert($0.source).inserted
        }.sorted { $0.source < $1.source }
        position = WordIndex.positions(self.patterns.map(\.sourceHash))
        let uses = self.patterns.map { uses[$0.sourceHash] ?? nil }
        plans = Dictionary(uniqueKeysWithValues: SourceLanguage.allCases.map { ($0, Plan(uses, in: $0)) })
        self.knownTypes = knownTypes
    }

    /// The patterns a file of one language is tried for. A pattern all of whose uses are in
    /// other languages (a server rule's Python pattern, in a Swift file) is never read there, so
    /// its bit is set once, here, not worked out in each file.
    private struct Plan: Sendable {
        struct Try: Sendable {
            let position: Int
            let uses: [PatternUse]?
        }
        let unread: [UInt8]
        let tries: [Try]

        init(_ uses: [[PatternUse]?], in language: SourceLanguage) {
            var unread = [UInt8](repeating: 0, count: (uses.count + 7) / 8)
            var tries: [Try] = []
            for (position, known) in uses.enumerated() {
                let here = known?.filter { $0.language.accepts(language) }
                if let here, here.isEmpty {
                    unread[position / 8] |= 1 << UInt8(position % 8)
                } else {
                    tries.append(Try(position: position, uses: here))
                }
            }
            self.unread = unread
            self.tries = tries
        }
    }

    /// Whether a file's bit for the pattern tells something. A pattern that spells no name,
    /// attribute or literal, only metavariables, keywords and punctuation (`$LOGGER.$LEVEL(...)`,
    /// `$PROP in`, `return $REQ`), matches in nearly every file, and is the slowest to find out:
    /// with no name to start from, it is tried at every token. Where it is read in every file,
    /// those of the rules took most of the time the 10k synthetic tree spent making its
    /// summaries, and ruled out almost nothing. Such a pattern has a bit only when each of its
    /// uses asks it only of files with some name or module (`$SUCCESS ?`, of a biometric check's
    /// function): no bit reads as "may match".
    static func tells(_ pattern: Pattern) -> Bool {
        pattern.elements.contains { element in
            guard case .token(let kind, _, _) = element else { return false }
            switch kind {
            case .identifier, .attribute, .poundKeyword, .integerLiteral, .floatLiteral, .stringSegment, .regexLiteral:
                return true
            default:
                return false
            }
        }
    }

    /// Whether each of the uses needs a name or a module in the file (nil: read anywhere).
    private static func narrowed(_ uses: [PatternUse]?) -> Bool {
        uses?.allSatisfy { !$0.names.isEmpty || !$0.imports.isEmpty } ?? false
    }

    package static func == (lhs: PatternIndex, rhs: PatternIndex) -> Bool {
        lhs.patterns == rhs.patterns
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(patterns)
    }

    /// Which of the patterns match in the code, as ``FileSummary/patterns`` holds them. Each file
    /// has the steps of its own analysis for this; once they are spent, every pattern not yet
    /// tried counts as matching. A pattern whose bit no question can read for this file (every
    /// clause that uses it needs a name, a module or a word the file lacks) is not tried: it
    /// counts as matching, which is what a summary that does not know says.
    /// `seen` holds the modules the file sees (``ProjectIndex/sees(anyOf:inFile:)``).
    func matched(in code: CodeView, words: [UInt8], index: WordIndex, seen: Set<String>) -> [UInt8]? {
        guard !patterns.isEmpty, let plan = plans[code.file.language] else { return nil }
        var bits = plan.unread
        let budget = StepBudget(bytes: code.file.bytes.count)
        let matcher = Matcher(code, budget: budget)
        let file = PatternUse.File(code: code, words: words, seen: seen)
        // By position: the patterns are read in place, not copied one by one.
        for attempt in plan.tries {
            let position = attempt.position
            let read = attempt.uses.map { $0.contains { $0.mayBeRead(in: file, index) } } ?? true
            if !read || budget.isSpent || matcher.contains(patterns[position], in: 0..<code.count) || budget.isSpent {
                bits[position / 8] |= 1 << UInt8(position % 8)
            }
        }
        return bits
    }

    /// A fingerprint of the patterns and the known types, so that summaries made for other
    /// rules or providers are not trusted.
    var fingerprint: UInt64 {
        let types = knownTypes.modules.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return CodeView.hash((patterns.map(\.source) + ["\u{1}"] + types).joined(separator: "\u{0}"))
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
    /// The languages of the files the clause runs in: a server rule's Python pattern is never
    /// read in a Swift file.
    var language: LanguageFilter = .any

    /// What a file being summarised holds, for telling whether a use may read a bit there.
    struct File: WordsAndNames {
        let code: CodeView
        let words: [UInt8]
        let seen: Set<String>

        func word(at position: Int) -> UInt8? { position < words.count ? words[position] : nil }

        func mentions(_ hash: UInt64) -> Bool { code.nameHashes.contains(hash) }
        func mayMatch(_ pattern: Pattern, _ index: PatternIndex) -> Bool { true }
    }

    func mayBeRead(in file: File, _ index: WordIndex) -> Bool {
        file.allMentioned(names) && imports.allSatisfy { !file.seen.isDisjoint(with: $0) }
            && file.conditionsMayHold(conditions, index)
    }

    /// Where each pattern of the rules and providers is read, by ``Pattern/sourceHash``: nil for
    /// a pattern read somewhere these uses do not describe (a search that follows values, or
    /// looks beyond the file of the match).
    static func uses(rules: [RuleSpec], providers: ProviderCatalog) -> [UInt64: [PatternUse]?] {
        var uses: [UInt64: [PatternUse]?] = [:]
        func add(_ pattern: Pattern, _ use: PatternUse?) {
            guard let use, let known = uses[pattern.sourceHash] ?? [] else {
                uses[pattern.sourceHash] = .some(nil)
                return
            }
            uses[pattern.sourceHash] = known + [use]
        }
        func add(
            _ clause: PatternClause, imports: [[String]], conditions: [Condition] = [], language: LanguageFilter = .any
        ) {
            guard clause.words == nil else { return }
            let use = PatternUse(
                names: clause.pattern.requiredNames,
                imports: imports + (clause.imports.isEmpty ? [] : [clause.imports]),
                conditions: conditions + clause.conditions, language: clause.language ?? language)
            add(clause.pattern, use)
            for search in clause.conditions.flatMap(\.scopedSearches) {
                // A search in the match's function or file reads the bits of that file only.
                let here = search.follow == nil && (search.scope == .function || search.scope == .file)
                for pattern in search.patterns {
                    add(
                        pattern,
                        here
                            ? PatternUse(names: use.names, imports: use.imports, conditions: [], language: use.language)
                            : nil)
                }
            }
        }
        for clause in providers.providers.flatMap(\.signIn) { add(clause, imports: []) }
        for rule in rules {
            let imports = rule.match.imports.isEmpty ? [] : [rule.match.imports]
            for clause in rule.match.patterns {
                add(clause, imports: imports, conditions: rule.match.conditions, language: rule.match.language)
            }
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
