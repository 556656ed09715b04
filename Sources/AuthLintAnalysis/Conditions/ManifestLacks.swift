import AuthLintModel
import AuthLintRules

/// `manifest-lacks: [TYPES]`: the privacy manifests of the site's target declare none of these
/// collected data types. The finding is reported in the manifest when there is one; with no
/// manifest at all it stays at the code, and says what a new manifest must declare.
struct ManifestLacks: EvaluatedCondition {
    static let key = "manifest-lacks"
    let collected: [String]

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        collected = try node.strings(Self.key)
    }

    var relocates: Bool { true }
    var saysWhatLacks: Bool { true }

    func holds(
        _ match: Match, inFile fileIndex: FileID, _ evaluator: RuleEvaluator,
        _ relocation: inout RuleEvaluator.Relocation?
    ) -> Bool {
        let resources = evaluator.project.resources
        let paths = resources.manifestsOfFile[fileIndex]
        if paths.isEmpty {
            // The finding stays at the code; what it lacks is still said, for a fix to create one.
            relocation = RuleEvaluator.Relocation(path: nil, line: 0, lacks: .collectedDataTypes(collected))
            return true
        }
        for path in paths {
            guard let list = resources.propertyLists[path], let root = list.root else { continue }
            let types = root["NSPrivacyCollectedDataTypes"]?.arrayValue ?? []
            let declared = types.compactMap { $0["NSPrivacyCollectedDataType"]?.stringValue }
            if declared.contains(where: collected.contains) { return false }
        }
        let path = paths[0]
        if let root = resources.propertyLists[path]?.root {
            relocation = RuleEvaluator.Relocation(
                path: path, line: max(root.line(ofKey: "NSPrivacyCollectedDataTypes") ?? root.line, 1),
                lacks: .collectedDataTypes(collected))
        }
        return true
    }
}
