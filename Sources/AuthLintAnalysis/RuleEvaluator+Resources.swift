import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

extension RuleEvaluator {
    /// Whether the entitlements shipping with the file lack `key` (or `value` in it). The finding
    /// moves to the first entitlements file that lacks it; with no entitlements file at all it
    /// stays at the code. A file that is there but cannot be read or parsed is unknown: its
    /// diagnostic says why, and it never counts as lacking the key.
    /// With no entitlements file and no project file that says what the target is signed with
    /// (a gitignored entitlements file is common), the finding is a note that it is unknown.
    func entitlementLacks(key: String, value: String?, _ fileIndex: Int, _ relocation: inout Relocation?) -> Bool {
        let paths = project.resources.entitlementsOfFile[fileIndex]
        let lacks = Lacking.entitlement(key: key, value: value)
        if paths.isEmpty {
            if !project.resources.signingKnown[fileIndex] {
                relocation = Relocation(
                    path: nil, line: 0,
                    unknown:
                        "No entitlements file in the tree, and no project file, says what this target is signed with, "
                        + "so whether it has `\(key)`\(value.map { " with `\($0)`" } ?? "") is unknown; "
                        + "check the target's capabilities.", lacks: lacks)
            } else {
                relocation = Relocation(path: nil, line: 0, lacks: lacks)
            }
            return true
        }
        for path in paths {
            guard let list = project.resources.propertyLists[path] else {
                if project.resources.scanned(path) { continue }
                // Named by the project but not in the tree: the code is the place to report.
                return true
            }
            guard let root = list.root else { continue }
            guard let entry = root.entry(for: key) else {
                relocation = Relocation(path: path, line: max(root.line, 1), lacks: lacks)
                return true
            }
            if let value {
                let values = entry.value.stringArrayValue ?? entry.value.stringValue.map { [$0] } ?? []
                if !values.contains(value) {
                    relocation = Relocation(path: path, line: max(entry.keyLine, 1), lacks: lacks)
                    return true
                }
            }
        }
        return false
    }

    /// Whether no privacy manifest shipping with the file declares one of `types` as collected.
    /// The finding moves to the manifest; with no manifest at all it stays at the code.
    func manifestLacks(_ types: [String], _ fileIndex: Int, _ relocation: inout Relocation?) -> Bool {
        let paths = project.resources.manifestsOfFile[fileIndex]
        if paths.isEmpty { return true }
        for path in paths {
            guard let list = project.resources.propertyLists[path], let root = list.root else { continue }
            let collected = root["NSPrivacyCollectedDataTypes"]?.arrayValue ?? []
            let declared = collected.compactMap { $0["NSPrivacyCollectedDataType"]?.stringValue }
            if declared.contains(where: types.contains) { return false }
        }
        let path = paths[0]
        if let root = project.resources.propertyLists[path]?.root {
            relocation = Relocation(
                path: path, line: max(root.line(ofKey: "NSPrivacyCollectedDataTypes") ?? root.line, 1),
                lacks: .collectedDataTypes(types))
        }
        return true
    }

    /// Whether the Info.plist of a shipping configuration of the file's target lacks `key` (a
    /// generated one counts the `INFOPLIST_KEY_` build settings). The finding moves to that
    /// Info.plist; for a generated one it stays at the code. A named file that is not in the
    /// tree, or cannot be read, is unknown and never counts as lacking the key. With nothing in
    /// the tree that says what any Info.plist is, the finding is a note that it is unknown; code
    /// the tree's projects do not place in a target (a local package, a generated project whose
    /// spec is not read) is not judged.
    package func infoPlistLacks(_ key: String, _ fileIndex: Int, _ relocation: inout Relocation?) -> Bool {
        guard project.resources.infoPlistKnown[fileIndex] else {
            guard project.resources.noInfoPlistInTree else { return false }
            relocation = Relocation(
                path: nil, line: 0,
                unknown:
                    "No Info.plist in the tree, and no project file, says what this target's Info.plist holds, "
                    + "so whether it has `\(key)` is unknown; check the target's Info settings.")
            return true
        }
        for source in project.resources.infoPlistsOfFile[fileIndex] where !source.generatedKeys.contains(key) {
            guard let path = source.path else { return true }
            guard let root = project.resources.propertyLists[path]?.root else { continue }
            if root.entry(for: key) == nil {
                relocation = Relocation(path: path, line: max(root.line, 1))
                return true
            }
        }
        return false
    }
}
