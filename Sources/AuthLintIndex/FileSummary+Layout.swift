import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

extension FileSummary {
    /// The parts of a packed summary, in their order.
    enum Part: Int, CaseIterable {
        case names, types, handed, functions, entries, words, patterns, imports, modules

        /// The bytes a part of fixed size takes for its count (nil for the parts of text).
        func size(_ count: Int) -> Int? {
            switch self {
            case .names, .types, .handed, .functions, .entries, .patterns: count
            case .words: (count + 3) / 4
            case .imports, .modules: nil
            }
        }
    }

    /// The count that marks a part as not known.
    static let missing = UInt32.max
    static let headerSize = Part.allCases.count * 4

    /// A summary's parts, laid out in bytes.
    struct Layout {
        var names: [NameKey]
        var types: [NameKey]?
        var handed: [NameKey]?
        var words: [UInt8]
        var patterns: [UInt8]?
        var imports: [String]
        var modules: [String]?
        var functions: [NameKey]
        var entries: [NameKey]?

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
            let lists = [names, types, handed, functions, entries].map { $0.map { Self.coded($0, vocabulary) } }
            let texts = (imports + (modules ?? [])).reduce(0) { $0 + 4 + $1.utf8.count }
            let size =
                FileSummary.headerSize + lists.reduce(0) { $0 + ($1?.size ?? 0) } + Part.words.size(words.count)!
                + (patterns?.count ?? 0)
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
                bytes(
                    stride(from: 0, to: words.count, by: 4).lazy.map { first in
                        words[first..<Swift.min(first + 4, words.count)].enumerated().reduce(UInt8(0)) {
                            $0 | ($1.element & 3) << (2 * $1.offset)
                        }
                    })
                bytes(patterns ?? [])
                for name in imports + (modules ?? []) { text(name) }
                precondition(offset == size)
            }
        }
    }

    /// Reads a packed summary in place. The parts of fixed size come first, so where each of
    /// them starts is worked out from the header alone.
    struct Reader {
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
            for part in [Part.names, .types, .handed, .functions, .entries] where part == .names || !isMissing(part) {
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
            word(at: position, wordsStart: start(.words))
        }

        /// A word's two bits, where the words are known to start at `wordsStart`.
        @inline(__always)
        func word(at position: Int, wordsStart: Int) -> UInt8 {
            raw[wordsStart + position / 4] >> (2 * UInt8(position % 4)) & 3
        }

        /// Every word's bits, one word to a byte.
        var words: [UInt8] {
            let start = start(.words)
            return (0..<count(.words)).map { word(at: $0, wordsStart: start) }
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
                return Names(
                    others: Keys(raw: raw, start: 0, endIndex: 0),
                    numbers: UnsafeRawBufferPointer(rebasing: raw[0..<0]), vocabulary: vocabulary)
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
                forEachNumberWhile { number -> Bool in
                    body(number)
                    return true
                }
            }

            /// Calls `body` with the numbers, ascending, while it says to go on.
            private func forEachNumberWhile(_ body: (Int) -> Bool) {
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
                forEachNumberWhile { number -> Bool in
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
            return String(
                decoding: UnsafeRawBufferPointer(rebasing: raw[(offset + 4)..<(offset + 4 + length)]), as: UTF8.self)
        }
    }
}
