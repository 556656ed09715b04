import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// What a file must hold for a rule's clauses to match there (``WordsAndNames``), asked of many
/// files: each word and pattern is placed in the run's ``WordIndex`` once, when the sieve is
/// made, and each name is looked up in a file once, however many clauses need it. Asking clause
/// by clause finds each word and pattern by its hash again in every file, and reads the file's
/// names again for each clause that needs a name; a rule has hundreds of clauses, and a run that
/// names a few files asks thousands of files which of them may match.
///
/// It answers as ``FileSummary/mayHold(_:_:)`` and ``FileSummary/mayMatch(_:_:)`` do, for a
/// summary or for a lexed file's words.
package struct ClauseSieve: Sendable {
    /// A test, kept in one flat list with its operands in another, so that asking it follows
    /// numbers and copies nothing.
    struct Node: Sendable {
        enum Kind: UInt8, Sendable {
            /// Some of the words at these positions, in names or strings as `mask` says
            /// (``NameMatch/Place/wordBits``).
            case words
            /// The pattern's bit (``FileSummary/mayMatch(_:_:)``), at the position its one operand holds.
            case pattern
            /// Every one of these names, by their places in ``ClauseSieve/names``.
            case names
            case all, any
        }
        let kind: Kind
        let mask: UInt8
        /// Where its operands start in ``operands``, and how many it has.
        let first: Int32
        let count: Int32
    }

    /// The names the tests ask about, in the order the clauses first need them.
    let names: [(key: NameKey, hash: UInt64)]
    let nodes: [Node]
    /// Word positions, places in `names`, or the nodes an `all` or `any` joins.
    let operands: [Int32]
    /// The node of the rule's own conditions; nil when they ask nothing of the file.
    let conditions: Int32?
    /// The node of each clause, in order; nil for a clause that asks nothing of the file.
    let clauses: [Int32?]

    /// The sieve of these clauses, and of `conditions` the rule puts on each match.
    package init(clauses: [PatternClause], conditions: [Condition] = [], index: WordIndex) {
        var builder = Builder(index: index)
        self.conditions = builder.node(conditions)
        self.clauses = clauses.map { builder.node($0) }
        names = builder.met.map { (CodeView.key($0), $0) }
        nodes = builder.nodes
        operands = builder.operands
    }

    /// Places a clause's words, patterns and names in the index, as
    /// ``WordsAndNames/clauseMayMatch(_:_:)`` reads them, and keeps each test as a node. A test
    /// that asks nothing of the file has no node (nil).
    private struct Builder {
        let index: WordIndex
        var nodes: [Node] = []
        var operands: [Int32] = []
        /// The hash of each name met, in the order met.
        var met: [UInt64] = []
        /// Each name's place in `met`, by its hash.
        var place: [UInt64: Int] = [:]

        mutating func node(_ clause: PatternClause) -> Int32? {
            if let words = clause.words { return node(words) }
            return all([node(clause.pattern), node(clause.conditions)])
        }

        mutating func node(_ conditions: [Condition]) -> Int32? {
            all(conditions.map { node($0) })
        }

        mutating func node(_ condition: Condition) -> Int32? {
            switch condition {
            case .metavariable(_, let test):
                return test.wordsNeeded.flatMap { node($0) }
            case .present(let search)
            where search.follow == nil && search.scope != .project && search.scope != .request
                && search.scope != .servers && search.scope != .apps:
                return any(search.words.map { node($0) } + search.patterns.map { node($0) })
            case .anyOf(let alternatives):
                return any(alternatives.map { node($0) })
            case .allOf(let conditions):
                return node(conditions)
            default:
                return nil
            }
        }

        /// A pattern's bit, and its names.
        mutating func node(_ pattern: Pattern) -> Int32? {
            let bit = index.patterns.position[pattern.sourceHash].flatMap { position in
                position == Int.max ? nil : add(.pattern, [Int32(position)])
            }
            var needed: [Int32] = []
            for hash in pattern.requiredNames {
                if let known = place[hash] {
                    needed.append(Int32(known))
                } else {
                    needed.append(Int32(met.count))
                    place[hash] = met.count
                    met.append(hash)
                }
            }
            return all([bit, needed.isEmpty ? nil : add(.names, needed)])
        }

        /// Some name or string text (as `place` says) may contain one of the words; a word the
        /// index has no place for may be anywhere.
        mutating func node(_ words: NameMatch) -> Int32? {
            var positions: [Int32] = []
            for needle in words.needleHashes {
                guard let position = index.position[needle], position != Int.max else { return nil }
                positions.append(Int32(position))
            }
            return add(.words, mask: words.place.wordBits, positions)
        }

        mutating func all(_ nodes: [Int32?]) -> Int32? {
            let asked = nodes.compactMap { $0 }
            return asked.count > 1 ? add(.all, asked) : asked.first
        }

        /// Nil when one of them asks nothing; a node that never holds when there are none.
        mutating func any(_ nodes: [Int32?]) -> Int32? {
            guard !nodes.contains(where: { $0 == nil }) else { return nil }
            let asked = nodes.compactMap { $0 }
            return asked.count == 1 ? asked[0] : add(.any, asked)
        }

        /// Keeps a node with its operands, and gives its place.
        mutating func add(_ kind: Node.Kind, mask: UInt8 = 0, _ operands: [Int32]) -> Int32 {
            nodes.append(Node(kind: kind, mask: mask, first: Int32(self.operands.count), count: Int32(operands.count)))
            self.operands += operands
            return Int32(nodes.count - 1)
        }
    }

    /// Each clause's words and where they count, when every clause asks only for words and the
    /// rule's conditions ask nothing of the file: ``WordFiles`` answers such a sieve for every
    /// file at once. Nil otherwise.
    package var wordTests: [(positions: [Int], mask: UInt8)]? {
        guard conditions == nil else { return nil }
        var tests: [(positions: [Int], mask: UInt8)] = []
        for clause in clauses {
            guard let clause, case let node = nodes[Int(clause)], node.kind == .words else { return nil }
            tests.append((operands[Int(node.first)..<Int(node.first + node.count)].map { Int($0) }, node.mask))
        }
        return tests
    }

    /// How many clauses it sifts.
    package var count: Int { clauses.count }

    /// The positions among `clauses` (of `among`, when given) of those that may match in a file
    /// with this summary; none when the rule's conditions cannot hold there.
    package func clauses(mayMatchIn summary: FileSummary, among: [Int]? = nil) -> [Int] {
        summary.sifting { file in sift(&file, among) }
    }

    /// The same for a lexed file, by the words the prefilter found in it.
    package func clauses(mayMatchIn lexed: LexedWords, among: [Int]? = nil) -> [Int] {
        var file = Sifted(lexed: lexed)
        return sift(&file, among)
    }

    /// Whether some clause may match in a file with this summary.
    package func anyClause(mayMatchIn summary: FileSummary) -> Bool {
        summary.sifting { file in siftsAny(&file) }
    }

    /// The same for a lexed file, by the words the prefilter found in it.
    package func anyClause(mayMatchIn lexed: LexedWords) -> Bool {
        var file = Sifted(lexed: lexed)
        return siftsAny(&file)
    }

    private func sift(_ file: inout some SiftedFile, _ among: [Int]?) -> [Int] {
        reading { tests in
            guard tests.passes(conditions, &file) else { return [] }
            guard let among else { return clauses.indices.filter { tests.passes(clauses[$0], &file) } }
            return among.filter { tests.passes(clauses[$0], &file) }
        }
    }

    private func siftsAny(_ file: inout some SiftedFile) -> Bool {
        reading { tests in
            tests.passes(conditions, &file) && clauses.contains { tests.passes($0, &file) }
        }
    }

    /// `body` with the nodes read in place.
    private func reading<T>(_ body: (Reading) -> T) -> T {
        nodes.withUnsafeBufferPointer { nodes in
            operands.withUnsafeBufferPointer { operands in
                body(Reading(nodes: nodes, operands: operands, names: names))
            }
        }
    }

    /// The nodes, read in place.
    private struct Reading {
        let nodes: UnsafeBufferPointer<Node>
        let operands: UnsafeBufferPointer<Int32>
        let names: [(key: NameKey, hash: UInt64)]

        func passes(_ index: Int32?, _ file: inout some SiftedFile) -> Bool {
            guard let index else { return true }
            let node = nodes[Int(index)]
            let range = Int(node.first)..<Int(node.first + node.count)
            switch node.kind {
            case .pattern:
                return file.mayMatch(pattern: Int(operands[range.lowerBound]))
            case .words:
                return range.contains { operand in
                    file.word(at: Int(operands[operand])).map { $0 & node.mask != 0 } ?? true
                }
            case .names:
                return file.mentions(UnsafeBufferPointer(rebasing: operands[range]), of: names)
            case .all:
                return range.allSatisfy { passes(operands[$0], &file) }
            case .any:
                return range.contains { passes(operands[$0], &file) }
            }
        }
    }
}

/// A file as a sieve reads it.
protocol SiftedFile {
    /// A word's bits; nil when not known.
    func word(at position: Int) -> UInt8?
    /// Whether the pattern's bit is set, or not known.
    func mayMatch(pattern position: Int) -> Bool
    /// Whether the file may use every one of these names (places in `names`).
    mutating func mentions(_ needed: UnsafeBufferPointer<Int32>, of names: [(key: NameKey, hash: UInt64)]) -> Bool
}

extension ClauseSieve {
    /// A lexed file's words; its patterns are not known.
    struct Sifted: SiftedFile {
        let lexed: LexedWords

        func word(at position: Int) -> UInt8? { lexed.word(at: position) }
        func mayMatch(pattern position: Int) -> Bool { true }

        mutating func mentions(_ needed: UnsafeBufferPointer<Int32>, of names: [(key: NameKey, hash: UInt64)]) -> Bool {
            needed.allSatisfy { lexed.mentions(names[Int($0)].hash) }
        }
    }
}

extension FileSummary {
    /// A summary as a sieve reads it, in place: its words and pattern bits where they start, and
    /// whether it uses each of the sieve's names, looked up once when first asked.
    struct Sifted: SiftedFile {
        let reader: Reader
        let words: Int
        let wordCount: Int
        let patterns: Range<Int>?
        let fileNames: Reader.Names
        /// Per name of the sieve: 0 not yet asked, 1 used, 2 not.
        var used: [UInt8] = []

        func word(at position: Int) -> UInt8? {
            guard position < wordCount else { return nil }
            return reader.word(at: position, wordsStart: words)
        }

        func mayMatch(pattern position: Int) -> Bool {
            guard let patterns, position / 8 < patterns.count else { return true }
            return reader.raw[patterns.lowerBound + position / 8] & (1 << UInt8(position % 8)) != 0
        }

        mutating func mentions(_ needed: UnsafeBufferPointer<Int32>, of names: [(key: NameKey, hash: UInt64)]) -> Bool {
            if used.isEmpty { used = [UInt8](repeating: 0, count: names.count) }
            return needed.allSatisfy { place in
                let place = Int(place)
                if used[place] == 0 { used[place] = fileNames.contains(names[place].key) ? 1 : 2 }
                return used[place] == 1
            }
        }
    }

    /// `body` with the summary as a sieve reads it.
    func sifting<T>(_ body: (inout Sifted) -> T) -> T {
        read { reader in
            var file = Sifted(
                reader: reader, words: reader.start(.words), wordCount: reader.count(.words),
                patterns: reader.isMissing(.patterns) ? nil : reader.range(.patterns), fileNames: reader.names(.names))
            return body(&file)
        }
    }
}
