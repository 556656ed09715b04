import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// The words of every `names:` clause of a run's rules, normalised, each with its position in
/// ``FileSummary/words``; and their patterns, whose matches a summary records.
package struct WordIndex: Sendable, Hashable {
    let words: [[UInt8]]
    /// Each word's position, by its hash (``NameMatch/hash(_:)``).
    let position: [UInt64: Int]
    package var patterns = PatternIndex([])
    /// How many words it holds.
    package var wordCount: Int { words.count }
    /// Finds the words in a text (the position of each is its position in ``words``).
    let search: WordSearch

    package init(_ words: some Sequence<[UInt8]>) {
        // An empty word is in every name: no file can be said to lack it, so it has no position.
        self.words = Set(words).filter { !$0.isEmpty }.sorted { $0.lexicographicallyPrecedes($1) }
        position = Self.positions(self.words.map(NameMatch.hash))
        search = WordSearch(self.words)
    }

    package static func == (lhs: WordIndex, rhs: WordIndex) -> Bool {
        lhs.words == rhs.words && lhs.patterns == rhs.patterns
    }

    package func hash(into hasher: inout Hasher) {
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
    package init(rules: [RuleSpec], providers: ProviderCatalog) {
        var clauses: [PatternClause] = providers.providers.flatMap(\.signIn)
        for rule in rules {
            clauses += rule.match.patterns + rule.projectSearches.flatMap(\.clauses)
        }
        let tests =
            clauses.compactMap(\.words)
            + (clauses.flatMap(\.conditions) + rules.flatMap(\.match.conditions)).compactMap { condition in
                if case .metavariable(_, let test) = condition { return test.wordsNeeded }
                return nil
            }
        self.init(tests.flatMap(\.needles))
        let searches = (clauses.flatMap(\.conditions) + rules.flatMap(\.match.conditions)).flatMap(\.scopedSearches)
        patterns = PatternIndex(
            clauses.filter { $0.words == nil }.map(\.pattern)
                + rules.flatMap(\.related).flatMap(\.clauses).map(\.pattern)
                + searches.flatMap(\.patterns), uses: PatternUse.uses(rules: rules, providers: providers),
            knownTypes: providers.knownTypes)
    }

    /// A fingerprint of the words and patterns, so that summaries made for other rules are not trusted.
    package var fingerprint: UInt64 {
        var text = ""
        for word in words { text += String(decoding: word, as: UTF8.self) + "\u{0}" }
        return CodeView.hash(text) ^ patterns.fingerprint
    }
}
