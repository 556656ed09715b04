import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// Finds which of many words occur in a text, in one pass over its bytes (an Aho-Corasick
/// automaton, compiled to a table): the words are compared as ``CodeView/normalisedWord(_:)``
/// compares them, so ASCII case, `_` and `-` do not count.
struct WordSearch: Sendable {
    /// The words, normalised, in the order given.
    let words: [[UInt8]]
    /// Column of each byte in the table: 0 for a byte no word holds, and for `_` and `-`, which are skipped.
    private let column: [UInt16]
    private let columns: Int
    /// Next state for each state and column.
    private let next: [Int32]
    /// For each state, the words that end there (itself or through its fallbacks), as a range of `found`.
    private let ending: [Range<Int32>]
    private let endingWords: [Int32]

    init(_ words: [[UInt8]]) {
        self.words = words
        var column = [UInt16](repeating: 0, count: 256)
        var columns = 1
        for word in words {
            for byte in word where column[Int(byte)] == 0 {
                column[Int(byte)] = UInt16(columns)
                columns += 1
            }
        }
        // Capitals read as their lower case; `_` and `-` are skipped before the table is read.
        for upper in UInt8(0x41)...0x5A { column[Int(upper)] = column[Int(upper + 0x20)] }
        // The trie, then each state's fallback (the longest proper suffix that is a state), in
        // breadth-first order, completing the table from the fallbacks.
        var children: [[Int32]] = [[Int32](repeating: -1, count: columns)]
        var ends: [[Int32]] = [[]]
        for (index, word) in words.enumerated() where !word.isEmpty {
            var state = 0
            for byte in word {
                let c = Int(column[Int(byte)])
                if children[state][c] < 0 {
                    children[state][c] = Int32(children.count)
                    children.append([Int32](repeating: -1, count: columns))
                    ends.append([])
                }
                state = Int(children[state][c])
            }
            ends[state].append(Int32(index))
        }
        var next = [Int32](repeating: 0, count: children.count * columns)
        var fallback = [Int32](repeating: 0, count: children.count)
        var queue: [Int] = []
        for c in 1..<columns where children[0][c] >= 0 {
            next[c] = children[0][c]
            queue.append(Int(children[0][c]))
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            ends[state] += ends[Int(fallback[state])]
            for c in 0..<columns {
                let child = children[state][c]
                let via = next[Int(fallback[state]) * columns + c]
                if c > 0, child >= 0 {
                    fallback[Int(child)] = via
                    next[state * columns + c] = child
                    queue.append(Int(child))
                } else {
                    next[state * columns + c] = c == 0 ? 0 : via
                }
            }
        }
        var ending: [Range<Int32>] = []
        var endingWords: [Int32] = []
        for list in ends {
            let start = Int32(endingWords.count)
            endingWords += Set(list).sorted()
            ending.append(start..<Int32(endingWords.count))
        }
        self.column = column
        self.columns = columns
        self.next = next
        self.ending = ending
        self.endingWords = endingWords
    }

    /// Sets `bit` in `marks[i]` for each word `i` that occurs within `bytes[range]`.
    func mark(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, bit: UInt8, in marks: inout [UInt8]) {
        var state = 0
        column.withUnsafeBufferPointer { column in
            next.withUnsafeBufferPointer { next in
                for offset in range {
                    let byte = bytes[offset]
                    if byte == 0x5F || byte == 0x2D { continue }
                    state = Int(next[state &* columns &+ Int(column[Int(byte)])])
                    for word in ending[state] { marks[Int(endingWords[Int(word)])] |= bit }
                }
            }
        }
    }

    /// Which words occur in `bytes`, by their position in ``words``.
    func found(in bytes: UnsafeBufferPointer<UInt8>) -> [Bool] {
        var found = [Bool](repeating: false, count: words.count)
        guard !words.isEmpty else { return found }
        var state = 0
        column.withUnsafeBufferPointer { column in
            next.withUnsafeBufferPointer { next in
                for byte in bytes where byte != 0x5F && byte != 0x2D {
                    let c = Int(column[Int(byte)])
                    state = Int(next[state &* columns &+ c])
                    let words = ending[state]
                    if !words.isEmpty { for word in words { found[Int(endingWords[Int(word)])] = true } }
                }
            }
        }
        return found
    }
}
