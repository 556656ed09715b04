import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// What tells, without matching, that a clause cannot match in a file: the rules' words the
/// file holds (``FileSummary/words``), and whether it uses a name. A file's summary answers, and
/// so does a lexed file whose words the prefilter read.
package protocol WordsAndNames {
    /// Per word of the run's ``WordIndex``: bit 0 when a name contains it, bit 1 when string
    /// text does; nil when not known.
    func word(at position: Int) -> UInt8?
    func mentions(_ hash: UInt64) -> Bool
    /// Whether the pattern may match in the file: false only when the file is known not to hold it.
    func mayMatch(_ pattern: Pattern, _ index: PatternIndex) -> Bool
}

extension FileSummary: WordsAndNames {}

/// A lexed file, with the rules' words the prefilter found in its bytes (in names and strings alike).
package struct LexedWords: WordsAndNames {
    let words: [UInt8]
    let code: CodeView

    package init(words: [UInt8], code: CodeView) {
        self.words = words
        self.code = code
    }

    package func word(at position: Int) -> UInt8? { position < words.count ? words[position] : nil }

    package func mentions(_ hash: UInt64) -> Bool {
        code.nameHashes.contains(hash)
    }

    package func mayMatch(_ pattern: Pattern, _ index: PatternIndex) -> Bool { true }
}

extension WordsAndNames {
    /// Whether every name hash is in the file's code.
    func allMentioned(_ hashes: [UInt64]) -> Bool {
        hashes.allSatisfy(mentions)
    }

    /// Whether the clause (a pattern, or words) may match in the file.
    func clauseMayMatch(_ clause: PatternClause, _ index: WordIndex) -> Bool {
        if let words = clause.words { return mayContain(words, index) }
        return allMentioned(clause.pattern.requiredNames) && mayMatch(clause.pattern, index.patterns)
            && conditionsMayHold(clause.conditions, index)
    }

    /// Whether the conditions may all hold for a match in the file: false only when one needs
    /// the file to hold what it does not: a metavariable's names to contain words, or a search
    /// confined to the file (its function, type or the file itself, not followed into helpers)
    /// to find a pattern or words.
    func conditionsMayHold(_ conditions: [Condition], _ index: WordIndex) -> Bool {
        conditions.allSatisfy { conditionMayHold($0, index) }
    }

    private func conditionMayHold(_ condition: Condition, _ index: WordIndex) -> Bool {
        switch condition {
        case .metavariable(_, let test):
            return test.wordsNeeded.map { mayContain($0, index) } ?? true
        case .present(let search)
        where search.follow == nil && search.scope != .project && search.scope != .request
            && search.scope != .servers && search.scope != .apps:
            return search.words.contains { mayContain($0, index) }
                || search.patterns.contains { allMentioned($0.requiredNames) && mayMatch($0, index.patterns) }
        case .anyOf(let alternatives):
            return alternatives.contains { conditionMayHold($0, index) }
        case .allOf(let conditions):
            return conditionsMayHold(conditions, index)
        default:
            return true
        }
    }

    /// Whether some name or string text (as `place` says) may contain one of the words: a
    /// token that passes the test must contain one.
    func mayContain(_ test: NameMatch, _ index: WordIndex) -> Bool {
        let mask = test.place.wordBits
        return test.needleHashes.contains { needle in
            guard let position = index.position[needle], let bits = word(at: position) else { return true }
            return bits & mask != 0
        }
    }
}

// The entry points of other targets, one set per type. They are concrete so that this target
// specialises the generic checks above for each type: a generic called from another target runs
// unspecialised, through witness tables.
extension FileSummary {
    /// Whether every name hash is in the file's code.
    package func mentionsAll(_ hashes: [UInt64]) -> Bool { allMentioned(hashes) }
    /// Whether the clause (a pattern, or words) may match in the file.
    package func mayMatch(_ clause: PatternClause, _ index: WordIndex) -> Bool { clauseMayMatch(clause, index) }
    /// Whether the conditions may all hold for a match in the file.
    package func mayHold(_ conditions: [Condition], _ index: WordIndex) -> Bool { conditionsMayHold(conditions, index) }
}

extension LexedWords {
    /// Whether the clause (a pattern, or words) may match in the file.
    package func mayMatch(_ clause: PatternClause, _ index: WordIndex) -> Bool { clauseMayMatch(clause, index) }
}

extension NameMatch.Place {
    /// The bits of a word (``WordsAndNames/word(at:)``) that tell it is in this place: 1 names, 2
    /// string text, 3 either.
    var wordBits: UInt8 {
        switch self {
        case .code: 1
        case .strings: 2
        case .all: 3
        }
    }
}
