import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

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
    final class Storage: ManagedBuffer<Storage.Header, UInt8> {
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
                create(minimumCapacity: count) { _ in Header(count: count, unlexed: unlexed, vocabulary: vocabulary) },
                to: Storage.self)
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
            withUnsafeMutablePointers { header, elements in
                body(UnsafeRawBufferPointer(start: elements, count: header.pointee.count))
            }
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

    /// `names`, `functions`, `types`, `handed` and `entries` are ``CodeView/hash(_:)`` values; `modules` are
    /// those the file sees through the known SDK types it names and does not import (nil: not
    /// known). The names are written down with the vocabulary's numbers.
    init(
        imports: [String], names: some Collection<UInt64>, functions: [UInt64], words: [UInt8],
        patterns: [UInt8]? = nil,
        types: [UInt64]? = nil, handed: [UInt64]? = nil, entries: [UInt64]? = nil, modules: [String]? = nil,
        unlexed: Unlexed? = nil, vocabulary: NameVocabulary = .none
    ) {
        func keys(_ hashes: some Collection<UInt64>) -> [NameKey] { hashes.map(CodeView.key).sortedUnique() }
        let layout = Layout(
            names: keys(names), types: types.map(keys), handed: handed.map(keys), words: words, patterns: patterns,
            imports: imports,
            modules: modules, functions: keys(functions), entries: entries.map(keys))
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
            imports: imports.sorted(), names: code.nameHashes,
            functions: Self.functions(of: code).map { CodeView.hash($0.name) },
            words: words,
            patterns: index.patterns.matched(in: code, words: words, index: index, seen: imports.union(typeModules)),
            types: code.scopes.compactMap { $0.kind == .type ? $0.name.map(CodeView.hash) : nil },
            handed: code.file.language == .swift ? FileSummary.hashesOfNamesHanded(code) : nil,
            entries: FileSummary.entriesDeclared(code).map(CodeView.hash),
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
                names: reader.keys(.names) ?? [], types: reader.keys(.types), handed: reader.keys(.handed),
                words: reader.words,
                patterns: reader.isMissing(.patterns) ? nil : Array(reader.bytes(.patterns)),
                imports: reader.strings(.imports) ?? [],
                modules: reader.strings(.modules), functions: reader.keys(.functions) ?? [],
                entries: reader.keys(.entries))
        }
        return FileSummary(storage: layout.packed(vocabulary, unlexed: unlexed))
    }

    private init(storage: Storage) {
        shared = Shared(storage: storage)
    }

    /// Reads the packed summary in place.
    func read<T>(_ body: (Reader) -> T) -> T {
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
    /// order, then its own, in order. Gives back how many names the file uses.
    @discardableResult
    package func forEachNameKey(_ body: (NameKey) -> Void) -> Int {
        read { reader in
            let names = reader.names(.names)
            names.others.forEach(body)
            var count = names.others.count
            names.forEachNumber { number in
                count += 1
                body(names.vocabulary.keys[number])
            }
            return count
        }
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
        let storage: Storage
        let start: Int

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
            query.positionOfNumber.withUnsafeBufferPointer { positions in
                names.forEachNumber { number in
                    if number < positions.count, positions[number] >= 0 { numbered.append(Int(positions[number])) }
                }
            }
            // A file has few names the vocabulary lacks: each is looked for among those asked.
            let others =
                query.otherKeys.isEmpty
                ? []
                : names.others.compactMap { key -> Int? in
                    let found = query.otherKeys.lowerBound { $0 < key }
                    return found < query.otherKeys.count && query.otherKeys[found] == key
                        ? query.otherPositions[found] : nil
                }
            // Both are ascending (a vocabulary numbers its keys in their order): merged, they are too.
            return others.isEmpty ? numbered : (numbered + others).sorted()
        }
    }

    /// Keys of the names of the functions and computed properties the file declares, sorted.
    var functionKeys: [NameKey] { read { $0.keys(.functions) } ?? [] }

    /// Keys of the names of the types the file declares or extends, sorted; nil when not known:
    /// the summary was made from the bytes.
    var typeKeys: [NameKey]? { read { $0.keys(.types) } }

    /// Whether the file may declare or extend the type whose name has this key: false only when
    /// the summary says which types it declares (``typeKeys``), and that one is not among them.
    package func mayDeclareType(_ key: NameKey) -> Bool {
        read { $0.isMissing(.types) || $0.names(.types).contains(key) }
    }

    /// Keys of the names the file hands values to (``namesHanded(_:)``), sorted;
    /// nil when not known: the summary was made from the bytes.
    package var handedKeys: [NameKey]? { read { $0.keys(.handed) } }

    /// Calls `body` with the key of each name of a helper entry the file declares
    /// (``entriesDeclared(_:)``), in order; false when they are not known: the summary was made
    /// from the bytes.
    package func forEachEntryKey(_ body: (NameKey) -> Void) -> Bool {
        read { reader in
            guard !reader.isMissing(.entries) else { return false }
            reader.names(.entries).forEach(body)
            return true
        }
    }

    /// Summaries are equal when they say the same, whatever vocabulary each is written with.
    package static func == (a: FileSummary, b: FileSummary) -> Bool {
        if a.storage === b.storage { return true }
        guard a.unlexed == b.unlexed else { return false }
        let other = a.vocabulary === b.vocabulary ? b : b.written(with: a.vocabulary)
        return a.storage.withBytes { x in other.storage.withBytes { y in x.elementsEqual(y) } }
    }

    package func hash(into hasher: inout Hasher) {
        read { reader in
            for name in reader.names(.names) { hasher.combine(name) }
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
