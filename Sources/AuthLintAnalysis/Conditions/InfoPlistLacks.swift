import AuthLintModel
import AuthLintRules

/// `info-plist-lacks: KEY`: the Info.plist of the site's target (each shipping configuration:
/// its `INFOPLIST_FILE`, or the `INFOPLIST_KEY_` build settings of a generated one) lacks `key`.
/// The finding is reported in that Info.plist when there is one.
///
/// For a generated Info.plist the finding stays at the code. A named file that is not in the
/// tree, or cannot be read, is unknown and never counts as lacking the key. With nothing in the
/// tree that says what any Info.plist is, the finding is a note that it is unknown; code the
/// tree's projects do not place in a target (a local package, a generated project whose spec is
/// not read) is not judged.
package struct InfoPlistLacks: EvaluatedCondition {
    package static let key = "info-plist-lacks"
    let infoKey: String

    /// The condition for `key`, as the sign-in overview asks it of a target.
    package init(key: String) {
        infoKey = key
    }

    package init(reading node: YAMLReader, _ context: ConditionContext) throws {
        infoKey = try node.string(Self.key)
    }

    package var relocates: Bool { true }

    func holds(
        _ match: Match, inFile fileIndex: FileID, _ evaluator: RuleEvaluator,
        _ relocation: inout RuleEvaluator.Relocation?
    ) -> Bool {
        lacks(inFile: fileIndex, evaluator, &relocation)
    }

    /// Whether the Info.plist of the file's target lacks the key; where, or why that is unknown,
    /// in `relocation`.
    package func lacks(
        inFile fileIndex: FileID, _ evaluator: RuleEvaluator, _ relocation: inout RuleEvaluator.Relocation?
    ) -> Bool {
        let resources = evaluator.project.resources
        guard resources.infoPlistKnown[fileIndex] else {
            guard resources.noInfoPlistInTree else { return false }
            relocation = RuleEvaluator.Relocation(
                path: nil, line: 0,
                unknown:
                    "No Info.plist in the tree, and no project file, says what this target's Info.plist holds, "
                    + "so whether it has `\(infoKey)` is unknown; check the target's Info settings.")
            return true
        }
        for source in resources.infoPlistsOfFile[fileIndex] where !source.generatedKeys.contains(infoKey) {
            guard let path = source.path else { return true }
            guard let root = resources.propertyLists[path]?.root else { continue }
            if root.entry(for: infoKey) == nil {
                relocation = RuleEvaluator.Relocation(path: path, line: max(root.line, 1))
                return true
            }
        }
        return false
    }
}
