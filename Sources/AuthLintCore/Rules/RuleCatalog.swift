import Foundation

/// The rules a run knows: the built-in ones (embedded from `rules/` at build time) and any a
/// team adds with `--rules DIR`.
public struct RuleCatalog: Sendable {
    public private(set) var rules: [RuleSpec]

    public init(rules: [RuleSpec]) {
        self.rules = rules.sorted { $0.id < $1.id }
    }

    /// The rules that ship inside the binary.
    public static func builtin() throws -> RuleCatalog {
        try RuleCatalog(rules: BuiltinRuleFiles.files.map { try RuleLoader.load(text: $0.text, path: $0.path) })
    }

    /// Built-in rules plus every `*.yaml`/`*.yml` file in `directories`. A team rule may not
    /// reuse a built-in id.
    public static func load(extraDirectories directories: [String]) throws -> RuleCatalog {
        var catalog = try builtin()
        for directory in directories {
            for path in try ruleFiles(in: directory) {
                let text: String
                do {
                    text = try String(contentsOfFile: path, encoding: .utf8)
                } catch {
                    throw FileError(path: path, line: 1, message: "cannot read rule file: \(error.localizedDescription)")
                }
                let rule = try RuleLoader.load(text: text, path: path)
                try catalog.add(rule)
            }
        }
        return catalog
    }

    /// Adds a rule, refusing a duplicate id or alias.
    public mutating func add(_ rule: RuleSpec) throws {
        for name in [rule.id] + rule.description.aliases where self.rule(named: name) != nil {
            throw FileError(path: rule.source, line: 1, message: "rule id `\(name)` is already defined by \(self.rule(named: name)!.source)")
        }
        rules.append(rule)
        rules.sort { $0.id < $1.id }
    }

    /// The rule with this id or alias.
    public func rule(named name: String) -> RuleSpec? {
        rules.first { $0.id == name || $0.description.aliases.contains(name) }
    }

    public var descriptions: [RuleDescription] { rules.map(\.description) }

    static func ruleFiles(in directory: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FileError(path: directory, line: 1, message: "rules directory does not exist")
        }
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
            files.append((directory as NSString).appendingPathComponent(relative))
        }
        return files.sorted()
    }
}
