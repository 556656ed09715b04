import AuthLintModel
import AuthLintSyntax
import AuthLintProject
import AuthLintRules
/// A name as summaries keep it: the high 32 bits of its ``CodeView/hash(_:)`` (FNV's best
/// mixed). Two names may share a key, so a key only says where a name may be: what a file holds
/// is read from its code.
package typealias NameKey = UInt32

extension CodeView {
    package static func key(_ hash: UInt64) -> NameKey {
        NameKey(truncatingIfNeeded: hash >> 32)
    }

    /// The key of a name's ``hash(_:)``.
    package static func key(_ name: String) -> NameKey {
        key(hash(name))
    }
}

/// What the project-wide questions need to know of a source file without its tokens: the
/// modules it imports, the names in its code, the functions it declares and which of the rules'
/// words it contains. A file whose summary shows it cannot match a pattern is never lexed when
/// only other files are reported; summaries are kept between runs (``SummaryCache``), keyed by
/// the file's content.
///
/// A summary is kept for every file of a run, so it is packed into one array of bytes
/// (``packed``), which the cache also stores as it is: a header of eight counts, then its names,
/// those of the types and functions it declares and of the names it hands values to (each list
/// with the names of the run's ``NameVocabulary`` as their numbers and the others as their
/// keys), the words' bits (two per word, four words to a byte), the pattern bits, and the
/// imports and the modules seen through known types, as text.
package struct FileSummary: Sendable, Hashable {
    /// A summary is never changed once made, and is asked about for every file many times in a
    /// run: one shared reference is all a copy takes.
    private var storage: Storage { shared.storage }
    private let shared: Shared

    /// The storage, which is only read once made, shared across threads.
    private struct Shared: @unchecked Sendable {
        let storage: Storage
    }

    /// The packed bytes after what they are read with, in one allocation: a summary is kept
    /// for every file. Written once, as it is made; only read after.
    fileprivate final class Storage: ManagedBuffer<Storage.Header, UInt8> {
        struct Header {
            let count: Int
            let unlexed: Unlexed?
            /// What the numbers of its names stand for.
            let vocabulary: NameVocabulary
        }

        /// A storage of `count` bytes, which `fill` writes.
        static func make(
            count: Int, unlexed: Unlexed?, vocabulary: NameVocabulary, _ fill: (UnsafeMutableRawBufferPointer) -> Void
        ) -> Storage {
            let made = unsafeDowncast(
                create(minimumCapacity: count) { _ in Header(count: count, unlexed: unlexed, vocabulary: vocabulary) }, to: Storage.self)
            made.withUnsafeMutablePointerToElements { fill(UnsafeMutableRawBufferPointer(start: $0, count: count)) }
            return made
        }

        static func make(copying bytes: [UInt8], unlexed: Unlexed?, vocabulary: NameVocabulary) -> Storage {
            make(count: bytes.count, unlexed: unlexed, vocabulary: vocabulary) { target in
                bytes.withUnsafeBytes { target.copyMemory(from: $0) }
            }
        }

        var unlexed: Unlexed? { header.unlexed }
        var vocabulary: NameVocabulary { header.vocabulary }

        func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
            withUnsafeMutablePointers { header, elements in body(UnsafeRawBufferPointer(start: elements, count: header.pointee.count)) }
        }
    }

    /// Set when the summary was made from the bytes, without lexing (see ``Prefilter``): then
    /// `imports` and the names may hold more than the code does, the words have both bits set for
    /// a word found anywhere, and `functionKeys` is empty.
    package var unlexed: Unlexed? { storage.unlexed }

    package struct Unlexed: Sendable, Hashable {
        /// Hashes of the names a function or property scope of the file may have (nil: any name).
        package var functions: [UInt64]?
        /// Hashes of the names a type or extension scope of the file may have (nil: any name).
        package var types: [UInt64]?
    }

    package struct Function: Sendable, Hashable {
        package var name: String
        package var scope: Int32
    }

    /// `names`, `functions`, `types` and `handed` are ``CodeView/hash(_:)`` values; `modules` are
    /// those the file sees through the known SDK types it names and does not import (nil: not
    /// known). The names are written down with the vocabulary's numbers.
    init(
        imports: [String], names: some Collection<UInt64>, functions: [UInt64], words: [UInt8], patterns: [UInt8]? = nil,
        types: [UInt64]? = nil, handed: [UInt64]? = nil, modules: [String]? = nil, unlexed: Unlexed? = nil,
        vocabulary: NameVocabulary = .none
    ) {
        func keys(_ hashes: some Collection<UInt64>) -> [NameKey] { hashes.map(CodeView.key).sortedUnique() }
        let layout = Layout(
            names: keys(names), types: types.map(keys), handed: handed.map(keys), words: words, patterns: patterns, imports: imports,
            modules: modules, functions: keys(functions))
        shared = Shared(storage: layout.packed(vocabulary, unlexed: unlexed))
    }

    package init(_ code: CodeView, words index: WordIndex, vocabulary: NameVocabulary = .none) {
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
        let imports = code.imports
        let typeModules = index.patterns.knownTypes.modules(usedIn: code)
        self.init(
            imports: imports.sorted(), names: code.nameHashes, functions: Self.functions(of: code).map { CodeView.hash($0.name) },
            words: words,
            patterns: index.patterns.matched(in: code, words: words, index: index, seen: imports.union(typeModules)),
            types: code.scopes.compactMap { $0.kind == .type ? $0.name.map(CodeView.hash) : nil },
            handed: code.file.language == .swift ? FileSummary.hashesOfNamesHanded(code) : nil,
            modules: typeModules.subtracting(imports).sorted(), vocabulary: vocabulary)
    }

    /// The summary packed as ``packed`` holds it, with the numbers of `vocabulary`, when it is
    /// whole and made for `wordCount` words and pattern bits of `patternBytes` bytes (nil when it
    /// is not: a damaged cache).
    init?(packed: [UInt8], wordCount: Int, patternBytes: Int, vocabulary: NameVocabulary) {
        let fits = packed.withUnsafeBytes { raw in
            guard let reader = Reader(checking: raw, vocabulary) else { return false }
            return !reader.isMissing(.words) && reader.count(.words) == wordCount
                && (reader.isMissing(.patterns) || reader.count(.patterns) == patternBytes)
        }
        guard fits else { return nil }
        shared = Shared(storage: Storage.make(copying: packed, unlexed: nil, vocabulary: vocabulary))
    }

    /// The summary as one array of bytes (see the type's description), its names written with
    /// the numbers of ``vocabulary``; the cache stores it so.
    var packed: [UInt8] { storage.withBytes { Array($0) } }

    /// The vocabulary ``packed`` is written with.
    package var vocabulary: NameVocabulary { storage.vocabulary }

    /// The same summary with its names written with another vocabulary's numbers.
    func written(with vocabulary: NameVocabulary) -> FileSummary {
        guard vocabulary !== self.vocabulary else { return self }
        let layout = read { reader in
            Layout(
                names: reader.keys(.names) ?? [], types: reader.keys(.types), handed: reader.keys(.handed), words: reader.words,
                patterns: reader.isMissing(.patterns) ? nil : Array(reader.bytes(.patterns)), imports: reader.strings(.imports) ?? [],
                modules: reader.strings(.modules), functions: reader.keys(.functions) ?? [])
        }
        return FileSummary(storage: layout.packed(vocabulary, unlexed: unlexed))
    }

    private init(storage: Storage) {
        shared = Shared(storage: storage)
    }

    /// Reads the packed summary in place.
    private func read<T>(_ body: (Reader) -> T) -> T {
        storage.withBytes { body(Reader($0, storage.vocabulary)) }
    }

    /// Imported modules, sorted.
    package var imports: [String] { read { $0.strings(.imports) } ?? [] }

    /// Modules the file sees through the known SDK types it names, beyond those it imports,
    /// sorted; nil when not known (the summary was made from the bytes).
    package var modules: [String]? { read { $0.strings(.modules) } }

    /// Keys of every identifier and keyword in the code, sorted.
    package var nameKeys: [NameKey] { read { $0.keys(.names) } ?? [] }

    /// Calls `body` with each name key, read in place: first those the vocabulary lacks, in
    /// order, then its own, in order; leaves out the names `common` holds when the summary is
    /// written with its vocabulary (told by their numbers, never looked up). Gives back how many
    /// names the file uses, those left out included.
    @discardableResult
    package func forEachNameKey(leavingOut common: CommonNames = .none, _ body: (NameKey) -> Void) -> Int {
        let skips = common.vocabulary === vocabulary && !common.keys.isEmpty
        return read { reader in
            let names = reader.names(.names)
            names.others.forEach(body)
            var count = names.others.count
            names.forEachNumber { number in
                count += 1
                if !skips || !common.holds(number: number) { body(names.vocabulary.keys[number]) }
            }
            return count
        }
    }

    /// Calls `body` with the number of each name the summary's vocabulary holds, ascending.
    func forEachNameNumber(_ body: (Int) -> Void) {
        read { $0.names(.names).forEachNumber(body) }
    }

    /// Calls `body` with the key of each function the file declares, in order, read in place.
    package func forEachFunctionKey(_ body: (NameKey) -> Void) {
        read { $0.names(.functions).forEach(body) }
    }

    /// The bytes that hold the file's imports and the modules its known types show, when the
    /// summary knows those modules (made by the lexer); nil otherwise. Summaries with the same
    /// bytes import and see the same modules.
    package var modulesText: ModulesText? {
        let start = read { $0.isMissing(.modules) ? nil : $0.start(.imports) }
        return start.map { ModulesText(storage: storage, start: $0) }
    }

    /// The bytes of a summary from where its imports start, read in place.
    package struct ModulesText: Hashable {
        fileprivate let storage: Storage
        fileprivate let start: Int

        fileprivate init(storage: Storage, start: Int) {
            self.storage = storage
            self.start = start
        }

        private func withBytes<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
            storage.withBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        }

        package static func == (a: ModulesText, b: ModulesText) -> Bool {
            a.withBytes { x in b.withBytes { y in x.elementsEqual(y) } }
        }

        package func hash(into hasher: inout Hasher) {
            withBytes { hasher.combine(bytes: $0) }
        }
    }

    /// The positions in `wanted` (keys sorted ascending, each once) of the file's name keys.
    func positions(ofNameKeys wanted: [NameKey]) -> [Int] {
        read { $0.names(.names).positions(in: wanted) }
    }

    /// The positions in the query's keys of the file's name keys, ascending.
    package func positions(of query: NameQuery) -> [Int] {
        guard query.vocabulary === vocabulary else { return positions(ofNameKeys: query.keys) }
        return read { reader in
            let names = reader.names(.names)
            var numbered: [Int] = []
            var wanted = 0
            names.forEachNumber { number in
                while wanted < query.numbers.count, query.numbers[wanted].number < number { wanted += 1 }
                if wanted < query.numbers.count, query.numbers[wanted].number == number { numbered.append(query.numbers[wanted].position) }
            }
            let others = query.others.isEmpty ? [] : names.others.positions(in: query.others.map(\.key)).map { query.others[$0].position }
            // Both are ascending (a vocabulary numbers its keys in their order): merged, they are too.
            return others.isEmpty ? numbered : (numbered + others).sorted()
        }
    }

    /// Keys of the names of the functions and computed properties the file declares, sorted.
    var functionKeys: [NameKey] { read { $0.keys(.functions) } ?? [] }

    /// Keys of the names of the types the file declares or extends, sorted; nil when not known:
    /// the summary was made from the bytes.
    var typeKeys: [NameKey]? { read { $0.keys(.types) } }

    /// Whether the summary says which types the file declares or extends (``typeKeys``).
    package var knowsTypes: Bool { read { !$0.isMissing(.types) } }

    /// Calls `body` with the key of each type the file declares or extends, in order, read in
    /// place (with none when that is not known).
    package func forEachTypeKey(_ body: (NameKey) -> Void) {
        read { $0.names(.types).forEach(body) }
    }

    /// Keys of the names the file hands values to (``RuleEvaluator/namesHanded(_:)``), sorted;
    /// nil when not known: the summary was made from the bytes.
    package var handedKeys: [NameKey]? { read { $0.keys(.handed) } }

    /// Summaries are equal when they say the same, whatever vocabulary each is written with.
    package static func == (a: FileSummary, b: FileSummary) -> Bool {
        if a.storage === b.storage { return true }
        guard a.unlexed == b.unlexed else { return false }
        let other = a.vocabulary === b.vocabulary ? b : b.written(with: a.vocabulary)
        return a.storage.withBytes { x in other.storage.withBytes { y in x.elementsEqual(y) } }
    }

    package func hash(into hasher: inout Hasher) {
        read { reader in
            reader.names(.names).forEach { hasher.combine($0) }
            hasher.combine(reader.count(.words))
        }
    }

    /// The functions and computed properties the code declares, in scope order.
    package static func functions(of code: CodeView) -> [Function] {
        code.scopes.enumerated().compactMap { scopeIndex, scope in
            guard scope.kind == .function, let name = scope.name else { return nil }
            return Function(name: name, scope: Int32(scopeIndex))
        }
    }

    /// Whether the code may use the name with this hash: false only when it does not.
    package func mentions(_ hash: UInt64) -> Bool {
        let key = CodeView.key(hash)
        return read { $0.names(.names).contains(key) }
    }

    /// Per word of the run's ``WordIndex``: bit 0 when a name contains it, bit 1 when string
    /// text does; nil past the words the summary was made for.
    package func word(at position: Int) -> UInt8? {
        read { reader in position < reader.count(.words) ? reader.word(at: position) : nil }
    }

    /// Whether the pattern may match in the file: false only when its bit (one per pattern of
    /// the run's ``PatternIndex``, bit `i % 8` of byte `i / 8`) is clear. A pattern matches, or
    /// may (its matching ran out of steps), where the bit is set; every bit is unknown when the
    /// summary was made from the bytes.
    package func mayMatch(_ pattern: Pattern, _ index: PatternIndex) -> Bool {
        guard let position = index.position[pattern.sourceHash] else { return true }
        return read { reader in
            let bits = reader.range(.patterns)
            guard !reader.isMissing(.patterns), position / 8 < bits.count else { return true }
            return reader.raw[bits.lowerBound + position / 8] & (1 << UInt8(position % 8)) != 0
        }
    }
}

extension FileSummary {
    /// The parts of a packed summary, in their order.
    fileprivate enum Part: Int, CaseIterable {
        case names, types, handed, functions, words, patterns, imports, modules

        /// The bytes a part of fixed size takes for its count (nil for the parts of text).
        func size(_ count: Int) -> Int? {
            switch self {
            case .names, .types, .handed, .functions, .patterns: count
            case .words: (count + 3) / 4
            case .imports, .modules: nil
            }
        }
    }

    /// The count that marks a part as not known.
    fileprivate static let missing = UInt32.max
    fileprivate static let headerSize = Part.allCases.count * 4

    /// A summary's parts, laid out in bytes.
    fileprivate struct Layout {
        var names: [NameKey]
        var types: [NameKey]?
        var handed: [NameKey]?
        var words: [UInt8]
        var patterns: [UInt8]?
        var imports: [String]
        var modules: [String]?
        var functions: [NameKey]

        /// A part of names (sorted keys) as it is written: how many of them the vocabulary lacks
        /// and their keys (32 bits each, ascending), then the numbers of the others, ascending,
        /// each as its distance from the one before less one (from -1 for the first) in LEB128.
        private struct Coded {
            var others: [NameKey] = []
            var numbers: [UInt8] = []

            var size: Int { 4 + 4 * others.count + numbers.count }
        }

        private static func coded(_ names: [NameKey], _ vocabulary: NameVocabulary) -> Coded {
            var coded = Coded()
            coded.numbers.reserveCapacity(names.count)
            var previous = -1
            for key in names {
                guard let number = vocabulary.number(of: key) else {
                    coded.others.append(key)
                    continue
                }
                var gap = UInt32(number - previous - 1)
                previous = number
                while gap >= 0x80 {
                    coded.numbers.append(UInt8(truncatingIfNeeded: gap) | 0x80)
                    gap >>= 7
                }
                coded.numbers.append(UInt8(gap))
            }
            return coded
        }

        /// The summary's storage: its bytes written with the vocabulary's numbers.
        func packed(_ vocabulary: NameVocabulary, unlexed: Unlexed?) -> Storage {
            let lists = [names, types, handed, functions].map { $0.map { Self.coded($0, vocabulary) } }
            let texts = (imports + (modules ?? [])).reduce(0) { $0 + 4 + $1.utf8.count }
            let size = FileSummary.headerSize + lists.reduce(0) { $0 + ($1?.size ?? 0) } + Part.words.size(words.count)! + (patterns?.count ?? 0)
                + texts
            // Made at its size: a summary is kept for every file.
            return Storage.make(count: size, unlexed: unlexed, vocabulary: vocabulary) { raw in
                var offset = 0
                func u32(_ value: UInt32) {
                    raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
                    offset += 4
                }
                func bytes(_ values: some Collection<UInt8>) {
                    for value in values {
                        raw[offset] = value
                        offset += 1
                    }
                }
                func text(_ string: String) {
                    u32(UInt32(string.utf8.count))
                    bytes(string.utf8)
                }
                let counts = lists.map { $0?.size } + [words.count, patterns?.count, imports.count, modules?.count]
                for count in counts { u32(count.map { UInt32($0) } ?? FileSummary.missing) }
                for list in lists.compactMap({ $0 }) {
                    u32(UInt32(list.others.count))
                    for key in list.others { u32(key) }
                    bytes(list.numbers)
                }
                bytes(stride(from: 0, to: words.count, by: 4).lazy.map { first in
                    words[first..<Swift.min(first + 4, words.count)].enumerated().reduce(UInt8(0)) { $0 | ($1.element & 3) << (2 * $1.offset) }
                })
                bytes(patterns ?? [])
                for name in imports + (modules ?? []) { text(name) }
                precondition(offset == size)
            }
        }
    }

    /// Reads a packed summary in place. The parts of fixed size come first, so where each of
    /// them starts is worked out from the header alone.
    fileprivate struct Reader {
        let raw: UnsafeRawBufferPointer
        let vocabulary: NameVocabulary

        /// A summary made here, or checked.
        init(_ raw: UnsafeRawBufferPointer, _ vocabulary: NameVocabulary) {
            self.raw = raw
            self.vocabulary = vocabulary
        }

        /// A summary read from elsewhere, its names written with `vocabulary`: nil unless its
        /// parts end where its bytes do, and every list of keys and of numbers is strictly
        /// increasing, the numbers within the vocabulary. (That a name the vocabulary holds is
        /// written as its number is the writer's to keep: the cache's seal vouches that this
        /// version wrote the summary.)
        init?(checking raw: UnsafeRawBufferPointer, _ vocabulary: NameVocabulary) {
            guard raw.count >= FileSummary.headerSize else { return nil }
            self.raw = raw
            self.vocabulary = vocabulary
            var offset = start(.imports)
            guard offset <= raw.count else { return nil }
            for part in [Part.imports, .modules] {
                for _ in 0..<count(part) {
                    guard offset + 4 <= raw.count else { return nil }
                    offset += 4 + Int(u32(at: offset))
                    guard offset <= raw.count else { return nil }
                }
            }
            guard offset == raw.count else { return nil }
            for part in [Part.names, .types, .handed, .functions] where part == .names || !isMissing(part) {
                guard isWellFormed(part) else { return nil }
            }
        }

        /// Whether a part of names holds its count of keys, strictly increasing, then whole
        /// numbers of the vocabulary, strictly increasing.
        private func isWellFormed(_ part: Part) -> Bool {
            let part = range(part)
            guard part.count >= 4 else { return false }
            let others = Int(u32(at: part.lowerBound))
            guard others <= (part.count - 4) / 4 else { return false }
            let keys = Keys(raw: raw, start: part.lowerBound + 4, endIndex: others)
            guard zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }) else { return false }
            var offset = part.lowerBound + 4 + 4 * others
            var previous = -1
            while offset < part.upperBound {
                var gap = 0
                var shift = 0
                while true {
                    guard offset < part.upperBound, shift < 28 else { return false }
                    let byte = raw[offset]
                    offset += 1
                    gap |= Int(byte & 0x7F) << shift
                    shift += 7
                    if byte & 0x80 == 0 { break }
                }
                previous += gap + 1
                guard previous < vocabulary.keys.count else { return false }
            }
            return true
        }

        @inline(__always)
        private func u32(at offset: Int) -> UInt32 {
            UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }

        func isMissing(_ part: Part) -> Bool { u32(at: part.rawValue * 4) == FileSummary.missing }

        func count(_ part: Part) -> Int {
            let count = u32(at: part.rawValue * 4)
            return count == FileSummary.missing ? 0 : Int(count)
        }

        /// Where a part starts.
        func start(_ part: Part) -> Int {
            var offset = FileSummary.headerSize
            for earlier in 0..<part.rawValue {
                let earlier = Part(rawValue: earlier)!
                if let size = earlier.size(count(earlier)) {
                    offset += size
                } else {
                    for _ in 0..<count(earlier) { offset = skipText(at: offset) }
                }
            }
            return offset
        }

        /// The bytes of a part of fixed size.
        func range(_ part: Part) -> Range<Int> {
            let start = start(part)
            return start..<(start + part.size(count(part))!)
        }

        /// The bytes of a part of one byte per element, read in place.
        func bytes(_ part: Part) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: raw[range(part)])
        }

        /// A word's two bits.
        func word(at position: Int) -> UInt8 {
            raw[start(.words) + position / 4] >> (2 * UInt8(position % 4)) & 3
        }

        /// Every word's bits, one word to a byte.
        var words: [UInt8] {
            (0..<count(.words)).map { word(at: $0) }
        }

        /// The keys of a part of names, sorted; nil when it is not known.
        func keys(_ part: Part) -> [NameKey]? {
            isMissing(part) ? nil : Array(names(part))
        }

        struct Keys: RandomAccessCollection {
            let raw: UnsafeRawBufferPointer
            let start: Int
            let endIndex: Int
            var startIndex: Int { 0 }

            subscript(position: Int) -> NameKey {
                UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start + position * 4, as: UInt32.self))
            }
        }

        /// The keys of a part of names, in order, read in place (while `raw` is); none when the
        /// part is not known.
        func names(_ part: Part) -> Names {
            guard !isMissing(part) else {
                return Names(others: Keys(raw: raw, start: 0, endIndex: 0), numbers: UnsafeRawBufferPointer(rebasing: raw[0..<0]), vocabulary: vocabulary)
            }
            let part = range(part)
            let others = Int(u32(at: part.lowerBound))
            let numbers = part.lowerBound + 4 + 4 * others
            return Names(
                others: Keys(raw: raw, start: part.lowerBound + 4, endIndex: others),
                numbers: UnsafeRawBufferPointer(rebasing: raw[numbers..<part.upperBound]), vocabulary: vocabulary)
        }

        /// The keys of a part of names: those written as keys and those written as numbers,
        /// merged in order.
        struct Names: Sequence {
            let others: Keys
            let numbers: UnsafeRawBufferPointer
            let vocabulary: NameVocabulary

            struct Iterator: IteratorProtocol {
                let names: Names
                var other = 0
                var offset = 0
                var number = -1
                /// The next key written as a number, read ahead.
                var numbered: NameKey?

                init(_ names: Names) {
                    self.names = names
                    numbered = nextNumbered()
                }

                private mutating func nextNumbered() -> NameKey? {
                    guard offset < names.numbers.count else { return nil }
                    number += Names.gap(names.numbers, &offset) + 1
                    return names.vocabulary.keys[number]
                }

                mutating func next() -> NameKey? {
                    if other < names.others.count, numbered.map({ names.others[other] < $0 }) ?? true {
                        defer { other += 1 }
                        return names.others[other]
                    }
                    guard let key = numbered else { return nil }
                    numbered = nextNumbered()
                    return key
                }
            }

            func makeIterator() -> Iterator { Iterator(self) }

            /// Calls `body` with the number of each name the vocabulary holds, ascending.
            func forEachNumber(_ body: (Int) -> Void) {
                forEachNumber { number -> Bool in
                    body(number)
                    return true
                }
            }

            /// Calls `body` with the numbers, ascending, while it says to go on.
            private func forEachNumber(while body: (Int) -> Bool) {
                var offset = 0
                var number = -1
                while offset < numbers.count {
                    number += Self.gap(numbers, &offset) + 1
                    guard body(number) else { return }
                }
            }

            func contains(_ key: NameKey) -> Bool {
                guard let wanted = vocabulary.number(of: key) else { return others.sortedContains(key) }
                var found = false
                forEachNumber { number -> Bool in
                    found = number == wanted
                    return number < wanted
                }
                return found
            }

            /// The LEB128 number at `offset` (of a names part checked or made here), moving past it.
            @inline(__always)
            static func gap(_ numbers: UnsafeRawBufferPointer, _ offset: inout Int) -> Int {
                var gap = 0
                var shift = 0
                while true {
                    let byte = numbers[offset]
                    offset += 1
                    gap |= Int(byte & 0x7F) << shift
                    shift += 7
                    if byte & 0x80 == 0 { return gap }
                }
            }
        }

        func strings(_ part: Part) -> [String]? {
            guard !isMissing(part) else { return nil }
            var offset = start(part)
            return (0..<count(part)).map { _ in text(at: &offset) }
        }

        private func skipText(at offset: Int) -> Int {
            offset + 4 + Int(u32(at: offset))
        }

        private func text(at offset: inout Int) -> String {
            let length = Int(u32(at: offset))
            defer { offset += 4 + length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: raw[(offset + 4)..<(offset + 4 + length)]), as: UTF8.self)
        }
    }
}

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
package struct LexedWords: WordsAndNames { package init(words: [UInt8], code: CodeView) { self.words = words; self.code = code }
    let words: [UInt8]
    let code: CodeView

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
        case let .metavariable(_, .nameMatches(test)):
            return mayContain(test, index)
        case let .present(search) where search.follow == nil && search.scope != .project && search.scope != .request:
            return search.words.contains { mayContain($0, index) }
                || search.patterns.contains { allMentioned($0.requiredNames) && mayMatch($0, index.patterns) }
        case let .anyOf(alternatives):
            return alternatives.contains { conditionMayHold($0, index) }
        case let .allOf(conditions):
            return conditionsMayHold(conditions, index)
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
    /// Whether the conditions may all hold for a match in the file.
    package func mayHold(_ conditions: [Condition], _ index: WordIndex) -> Bool { conditionsMayHold(conditions, index) }
}

/// The words of every `names:` clause of a run's rules, normalised, each with its position in
/// ``FileSummary/words``; and their patterns, whose matches a summary records.
package struct WordIndex: Sendable, Hashable {
    let words: [[UInt8]]
    /// Each word's position, by its hash (``NameMatch/hash(_:)``).
    let position: [UInt64: Int]
    package var patterns = PatternIndex([])
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
package struct PatternIndex: Sendable, Hashable {
    let patterns: [Pattern]
    /// Each pattern's position, by ``Pattern/sourceHash``.
    let position: [UInt64: Int]
    /// Per pattern, where its bit is read, when all those places are known (nil: anywhere).
    private let uses: [[PatternUse]?]
    /// The SDK types that tell which module a file sees (``FileSummary/modules``).
    let knownTypes: KnownTypes

    init(_ patterns: [Pattern], uses: [UInt64: [PatternUse]?] = [:], knownTypes: KnownTypes = KnownTypes()) {
        var seen = Set<String>()
        self.patterns = patterns.filter { seen.insert($0.source).inserted }.sorted { $0.source < $1.source }
        position = WordIndex.positions(self.patterns.map(\.sourceHash))
        self.uses = self.patterns.map { uses[$0.sourceHash] ?? nil }
        self.knownTypes = knownTypes
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
        guard !patterns.isEmpty else { return nil }
        var bits = [UInt8](repeating: 0, count: (patterns.count + 7) / 8)
        let budget = StepBudget(bytes: code.file.bytes.count)
        let matcher = Matcher(code, budget: budget)
        let file = PatternUse.File(code: code, words: words, seen: seen)
        // By position: the patterns are read in place, not copied one by one.
        for position in patterns.indices {
            let read = uses[position].map { $0.contains { $0.mayBeRead(in: file, index) } } ?? true
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
        file.allMentioned(names) && imports.allSatisfy { !file.seen.isDisjoint(with: $0) } && file.conditionsMayHold(conditions, index)
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

/// Names asked of many summaries at once (``FileSummary/positions(of:)``): the keys, and for
/// summaries written with one vocabulary, the keys split into its numbers and the others.
package struct NameQuery {
    /// Sorted ascending, each once.
    let keys: [NameKey]
    package let vocabulary: NameVocabulary
    /// The numbers of the keys the vocabulary holds, ascending, each with its key's position.
    let numbers: [(number: Int, position: Int)]
    /// The keys it lacks, ascending, each with its position.
    let others: [(key: NameKey, position: Int)]

    package init(keys: [NameKey], vocabulary: NameVocabulary) {
        self.keys = keys
        self.vocabulary = vocabulary
        var numbers: [(number: Int, position: Int)] = []
        var others: [(key: NameKey, position: Int)] = []
        for (position, key) in keys.enumerated() {
            if let number = vocabulary.number(of: key) { numbers.append((number, position)) } else { others.append((key, position)) }
        }
        self.numbers = numbers
        self.others = others
    }
}
