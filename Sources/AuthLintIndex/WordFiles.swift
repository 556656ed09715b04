import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// Which files hold each of the run's words (``FileSummary/words``), as rows of bits over the
/// files: one row for the names that contain the word and one for string text. A question about
/// words put to every file (which files may a clause of words match in) then reads a few rows,
/// where asking each file's summary costs more than the rest of the question; the rows are read
/// off the summaries once, in one pass.
package struct WordFiles: Sendable {
    private let wordsPerRow: Int
    /// Per word position, its row for names, then its row for strings.
    private let rows: [UInt64]
    /// The files whose words are not known: any word may be in them.
    private let unknown: [UInt64]

    /// The rows of `wordCount` words over `fileCount` files; `bits` gives a file's bits for each
    /// word (as ``FileSummary/words`` holds them), or nil when they are not known.
    package init(fileCount: Int, wordCount: Int, bits: (Int) -> [UInt8]?) {
        wordsPerRow = (fileCount + 63) / 64
        var rows = [UInt64](repeating: 0, count: 2 * wordCount * wordsPerRow)
        var unknown = [UInt64](repeating: 0, count: wordsPerRow)
        for file in 0..<fileCount {
            let (word, bit) = (file / 64, UInt64(1) << UInt64(file % 64))
            guard let found = bits(file), found.count >= wordCount else {
                unknown[word] |= bit
                continue
            }
            for position in 0..<wordCount where found[position] != 0 {
                let row = 2 * position * wordsPerRow
                if found[position] & 1 != 0 { rows[row + word] |= bit }
                if found[position] & 2 != 0 { rows[row + wordsPerRow + word] |= bit }
            }
        }
        self.rows = rows
        self.unknown = unknown
    }

    /// The files, in order, where a name or string text (as each test's mask says: 1 names, 2
    /// strings, 3 either) may contain one of the test's words, for some test.
    package func files(containingAnyOf tests: [(positions: [Int], mask: UInt8)]) -> [Int] {
        var found = unknown
        for (positions, mask) in tests {
            for position in positions {
                let row = 2 * position * wordsPerRow
                for word in 0..<wordsPerRow {
                    if mask & 1 != 0 { found[word] |= rows[row + word] }
                    if mask & 2 != 0 { found[word] |= rows[row + wordsPerRow + word] }
                }
            }
        }
        return found.setBitPositions
    }
}

extension FileSummary {
    /// Every word's bits (``word(at:)``), one word to a byte, read in one pass.
    package var wordBits: [UInt8] { read { $0.words } }
}

extension LexedWords {
    /// Every word's bits, as a summary's ``FileSummary/wordBits``.
    package var wordBits: [UInt8] { words }
}
