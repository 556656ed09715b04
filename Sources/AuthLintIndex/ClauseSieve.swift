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
    /// A question with every word and pattern placed, as the builder makes it.
    indirect enum Test {
        case always
        /// Some of the words at these positions, in names (mask 1), strings (2) or either (3).
        case words([Int], mask: UInt8)
        /// The pattern's bit (``FileSummary/mayMatch(_:_:)``).
        case pattern(Int)
        /// Every one of these names, by their places in ``ClauseSieve/names``.
        case names([Int])
        case all([Test])
        case any([Test])
    }

    /// A test as the sieve keeps it: in one flat list, its operands in another, so that asking it
    /// follows numbers and copies nothing.
    struct Node: Sendable {
        enum Kind: UInt8, Sendable { case always, words, pattern, names, all, any }
        var kind: Kind
        var mask: UInt8 = 0
        /// Where its operands start in ``operands`` (for `pattern`, the bit's position).
        var first: Int32 = 0
        var count: Int32 = 0
    }

    /// The names the tests ask about, in the order the clauses first need them.
    let names: [(key: NameKey, hash: UInt64)]
    let nodes: [Node]
    /// Word positions, places in `names`, or the nodes an `all` or `any` joins.
    let operands: [Int32]
    /// The node of the rule's own conditions.
    let conditions: Int32
    /// The node of each clause, in order.
    let clauses: [Int32]

    /// The sieve of these clauses, and of `conditions` the rule puts on each match.
    package init(clauses: [PatternClause], conditions: [Condition] = [], index: WordIndex) {
        var builder = Builder(index: index)
        let asked = builder.test(conditions)
        let perClause = clauses.map { builder.test($0) }
        names = builder.met.map { (CodeView.key($0), $0) }
        var nodes: [Node] = []
        var operands: [Int32] = []
        func add(_ test: Test) -> Int32 {
            var node: Node
            switch test {
            case .always: node = Node(kind: .always)
            case .pattern(let position): node = Node(kind: .pattern, first: Int32(position))
            case .words(let positions, let mask):
                node = Node(kind: .words, mask: mask, first: Int32(operands.count), count: Int32(positions.count))
                operands += positions.map { Int32($0) }
            case .names(let met):
                node = Node(kind: .names, first: Int32(operands.count), count: Int32(met.count))
                operands += met.map { Int32($0) }
            case .all(let tests), .any(let tests):
                let joined = tests.map(add)
                node = Node(kind: .all, first: Int32(operands.count), count: Int32(joined.count))
                if case .any = test { node.kind = .any }
                operands += joined
            }
            nodes.append(node)
            return Int32(nodes.count - 1)
        }
        self.conditions = add(asked)
        self.clauses = perClause.map(add)
        self.nodes = nodes
        self.operands = operands
    }

    /// Places a clause's words, patterns and names in the index, as
    /// ``WordsAndNames/clauseMayMatch(_:_:)`` reads them.
    private struct Builder {
        let index: WordIndex
        /// The hash of each name met, in the order met.
        var met: [UInt64] = []
        /// Each name's place in `met`, by its hash.
        var place: [UInt64: Int] = [:]

        mutating func test(_ clause: PatternClause) -> Test {
            if let words = clause.words { return test(words) }
            return all([test(clause.pattern), test(clause.conditions)])
        }

        mutating func test(_ conditions: [Condition]) -> Test {
            all(conditions.map { test($0) })
        }

        mutating func test(_ condition: Condition) -> Test {
            switch condition {
            case .metavariable(_, let test):
                return test.wordsNeeded.map { self.test($0) } ?? .always
            case .present(let search)
            where search.follow == nil && search.scope != .project && search.scope != .request:
                return any(search.words.map { test($0) } + search.patterns.map { test($0) })
            case .anyOf(let alternatives):
                return any(alternatives.map { test($0) })
            case .allOf(let conditions):
                return test(conditions)
            default:
                return .always
            }
        }

        /// A pattern's names, and its bit.
        mutating func test(_ pattern: Pattern) -> Test {
            let bit: Test =
                index.patterns.position[pattern.sourceHash].map { $0 == Int.max ? .always : .pattern($0) }
                ?? .always
            var needed: [Int] = []
            for hash in pattern.requiredNames {
                if let known = place[hash] {
                    needed.append(known)
                } else {
                    needed.append(met.count)
                    place[hash] = met.count
                    met.append(hash)
                }
            }
            return all([bit, needed.isEmpty ? .always : .names(needed)])
        }

        /// Some name or string text (as `place` says) may contain one of the words; a word the
        /// index has no place for may be anywhere.
        func test(_ words: NameMatch) -> Test {
            let mask: UInt8
            switch words.place {
            case .code: mask = 1
            case .strings: mask = 2
            case .all: mask = 3
            }
            var positions: [Int] = []
            for needle in words.needleHashes {
                guard let position = index.position[needle], position != Int.max else { return .always }
                positions.append(position)
            }
            return .words(positions, mask: mask)
        }

        func all(_ tests: [Test]) -> Test {
            let asked = tests.filter { if case .always = $0 { false } else { true } }
            return asked.isEmpty ? .always : asked.count == 1 ? asked[0] : .all(asked)
        }

        func any(_ tests: [Test]) -> Test {
            if tests.contains(where: { if case .always = $0 { true } else { false } }) { return .always }
            return tests.count == 1 ? tests[0] : .any(tests)
        }
    }

    /// Each clause's words and where they count, when every clause asks only for words and the
    /// rule's conditions ask nothing of the file: ``WordFiles`` answers such a sieve for every
    /// file at once. Nil otherwise.
    package var wordTests: [(positions: [Int], mask: UInt8)]? {
        guard nodes[Int(conditions)].kind == .always else { return nil }
        var tests: [(positions: [Int], mask: UInt8)] = []
        for clause in clauses {
            let node = nodes[Int(clause)]
            guard node.kind == .words else { return nil }
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

        func passes(_ index: Int32, _ file: inout some SiftedFile) -> Bool {
            let node = nodes[Int(index)]
            let range = Int(node.first)..<Int(node.first + node.count)
            switch node.kind {
            case .always:
                return true
            case .pattern:
                return file.mayMatch(pattern: Int(node.first))
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
