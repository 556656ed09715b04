import AuthLintModel

/// A set of the project's files, one bit each: those where a rule's clauses may match
/// (``RuleEvaluator/fileMask(mayMatch:among:_:)``), asked of each file a pass would run the rule on.
package struct FileMask: Sendable {
    private var bits: [Bool]

    package init(_ files: [Int], count: Int) {
        bits = [Bool](repeating: false, count: count)
        for file in files { bits[file] = true }
    }

    package func contains(_ file: FileID) -> Bool { bits[file.index] }
}
