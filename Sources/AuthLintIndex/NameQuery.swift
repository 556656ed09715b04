import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// Names asked of many summaries at once (``FileSummary/positions(of:)``): the keys, and for
/// summaries written with one vocabulary, the keys split into its numbers and the others.
package struct NameQuery {
    /// Sorted ascending, each once.
    let keys: [NameKey]
    package let vocabulary: NameVocabulary
    /// Per number of the vocabulary, the position of its key among the keys asked, or -1: a
    /// summary's numbers are looked up one by one, not merged with the keys asked, which are
    /// often as many as the file's names.
    let positionOfNumber: [Int32]
    /// The keys it lacks, ascending, and the position of each.
    let otherKeys: [NameKey]
    let otherPositions: [Int]

    package init(keys: [NameKey], vocabulary: NameVocabulary) {
        self.keys = keys
        self.vocabulary = vocabulary
        var positionOfNumber = [Int32](repeating: -1, count: vocabulary.keys.count)
        var otherKeys: [NameKey] = []
        var otherPositions: [Int] = []
        for (position, key) in keys.enumerated() {
            if let number = vocabulary.number(of: key) {
                positionOfNumber[number] = Int32(position)
            } else {
                otherKeys.append(key)
                otherPositions.append(position)
            }
        }
        self.positionOfNumber = positionOfNumber
        self.otherKeys = otherKeys
        self.otherPositions = otherPositions
    }
}
