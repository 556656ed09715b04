import AuthLintModel
import AuthLintRules

/// `entitlement-lacks: {key: K, value: V}`: the entitlements of the site's target (each shipping
/// configuration) lack `key`, or lack `value` in it. The finding is reported in that
/// entitlements file when there is one.
///
/// The finding moves to the first entitlements file that lacks it; with no entitlements file at
/// all it stays at the code. A file that is there but cannot be read or parsed is unknown: its
/// diagnostic says why, and it never counts as lacking the key. With no entitlements file and no
/// project file that says what the target is signed with (a gitignored entitlements file is
/// common), the finding is a note that it is unknown.
struct EntitlementLacks: EvaluatedCondition {
    static let key = "entitlement-lacks"
    let entitlement: String
    let value: String?

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        let fields = try node.mapping(Self.key, allowed: ["key", "value"])
        entitlement = try fields.required("key").string("key")
        value = try fields["value"]?.string("value")
    }

    var relocates: Bool { true }
    var saysWhatLacks: Bool { true }

    func holds(
        _ match: Match, inFile fileIndex: FileID, _ evaluator: RuleEvaluator,
        _ relocation: inout RuleEvaluator.Relocation?
    ) -> Bool {
        let resources = evaluator.project.resources
        let paths = resources.entitlementsOfFile[fileIndex]
        let lacks = RuleEvaluator.Lacking.entitlement(key: entitlement, value: value)
        if paths.isEmpty {
            if !resources.signingKnown[fileIndex] {
                relocation = RuleEvaluator.Relocation(
                    path: nil, line: 0,
                    unknown:
                        "No entitlements file in the tree, and no project file, says what this target is signed with, "
                        + "so whether it has `\(entitlement)`\(value.map { " with `\($0)`" } ?? "") is unknown; "
                        + "check the target's capabilities.", lacks: lacks)
            } else {
                relocation = RuleEvaluator.Relocation(path: nil, line: 0, lacks: lacks)
            }
            return true
        }
        for path in paths {
            guard let list = resources.propertyLists[path] else {
                if resources.scanned(path) { continue }
                // Named by the project but not in the tree: the code is the place to report.
                return true
            }
            guard let root = list.root else { continue }
            guard let entry = root.entry(for: entitlement) else {
                relocation = RuleEvaluator.Relocation(path: path, line: max(root.line, 1), lacks: lacks)
                return true
            }
            if let value {
                let values = entry.value.stringArrayValue ?? entry.value.stringValue.map { [$0] } ?? []
                if !values.contains(value) {
                    relocation = RuleEvaluator.Relocation(path: path, line: max(entry.keyLine, 1), lacks: lacks)
                    return true
                }
            }
        }
        return false
    }
}
