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
            if let number = vocabulary.number(of: key) {
                numbers.append((number, position))
            } else {
                others.append((key, position))
            }
        }
        self.numbers = numbers
        self.others = others
    }
}
