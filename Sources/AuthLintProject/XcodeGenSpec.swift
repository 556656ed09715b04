import AuthLintModel
import AuthLintSyntax
import Yams

/// Reads an XcodeGen spec (`project.yml`): its targets, their `type`, `sources`, `entitlements`
/// (`path`, and `properties` written in the spec) and `info.path`, and the `CODE_SIGN_ENTITLEMENTS`
/// and `INFOPLIST_FILE` of their base settings. Keys authlint has no use for are ignored.
enum XcodeGenSpec {
    /// Whether YAML text looks like an XcodeGen spec: a top-level `targets:` mapping.
    static func parse(_ text: String, path: String) -> (project: ManifestProject?, diagnostics: [Diagnostic]) {
        let node: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else { return (nil, []) }
            node = composed
        } catch {
            return (
                nil,
                [Diagnostic(path: path, kind: .malformedManifest, message: "not valid YAML; its targets are not read")]
            )
        }
        guard let top = node.mapping, let targets = top["targets"]?.mapping else { return (nil, []) }
        var project = ManifestProject(
            path: path,
            name: top["name"]?.scalar?.string ?? ProjectPath.lastComponent(of: ProjectPath.directory(of: path)))
        for (key, value) in targets {
            guard let name = key.scalar?.string, let fields = value.mapping else { continue }
            var target = ManifestProject.Target(name: name, line: line(key))
            target.productType = fields["type"]?.scalar.flatMap { ManifestProject.productType($0.string) }
            target.sources = sources(fields["sources"])
            let settings = fields["settings"]?.mapping
            let base = settings?["base"]?.mapping ?? settings
            if let entitlements = fields["entitlements"]?.mapping {
                if let properties = entitlements["properties"], let root = plist(properties) {
                    target.entitlements = .inline(root)
                } else if let path = located(entitlements["path"]) {
                    target.entitlements = .file(path)
                } else {
                    target.entitlements = .unknown
                }
            } else if let path = located(base?["CODE_SIGN_ENTITLEMENTS"]) {
                target.entitlements = .file(path)
            }
            target.infoPlist = located(fields["info"]?.mapping?["path"]) ?? located(base?["INFOPLIST_FILE"])
            let written =
                (fields["info"]?.mapping?["properties"].flatMap(plist)?.keys ?? [])
                + (base?.keys.compactMap { $0.string }.filter { $0.hasPrefix("INFOPLIST_KEY_") }.map {
                    String($0.dropFirst("INFOPLIST_KEY_".count))
                } ?? [])
            if !written.isEmpty { target.infoPlistKeys = written }
            target.dependencies =
                fields["dependencies"]?.sequence?.compactMap { $0.mapping?["target"]?.scalar?.string } ?? []
            project.targets.append(target)
        }
        return (project, [])
    }

    private static func line(_ node: Node) -> Int {
        (node.mark?.line).map { max($0, 1) } ?? 1
    }

    private static func located(_ node: Node?) -> ManifestProject.Located? {
        guard let node, let value = node.scalar?.string, !value.isEmpty, !value.contains("$(") else { return nil }
        return ManifestProject.Located(path: value, line: line(node))
    }

    /// `sources: App`, `sources: [App, Shared]`, or entries with `path:` and `excludes:`.
    private static func sources(_ node: Node?) -> [ManifestProject.Source] {
        guard let node else { return [] }
        if let single = located(node) { return [ManifestProject.Source(path: single)] }
        guard let sequence = node.sequence else { return [] }
        return sequence.compactMap { entry in
            if let path = located(entry) { return ManifestProject.Source(path: path) }
            guard let fields = entry.mapping, let path = located(fields["path"]) else { return nil }
            let excludes = fields["excludes"]?.sequence?.compactMap { $0.scalar?.string } ?? []
            return ManifestProject.Source(path: path, excludes: excludes)
        }
    }

    /// A YAML value as a property list value, with lines.
    private static func plist(_ node: Node) -> PlistNode? {
        switch node {
        case .scalar(let scalar):
            switch scalar.string {
            case "true", "YES", "yes": return PlistNode(.bool(true), line: line(node))
            case "false", "NO", "no": return PlistNode(.bool(false), line: line(node))
            default: return PlistNode(.string(scalar.string), line: line(node))
            }
        case .sequence(let sequence):
            var items: [PlistNode] = []
            for item in sequence {
                guard let value = plist(item) else { return nil }
                items.append(value)
            }
            return PlistNode(.array(items), line: line(node))
        case .mapping(let mapping):
            var entries: [PlistEntry] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string, let converted = plist(value) else { return nil }
                entries.append(PlistEntry(key: name, keyLine: line(key), value: converted))
            }
            return PlistNode(.dictionary(entries), line: line(node))
        default:
            return nil
        }
    }
}
