import AuthLintModel
import AuthLintSyntax
import Foundation

/// The rules and sign-in providers a run knows: the built-in ones (embedded from `rules/` at
/// build time) and any a team adds with `--rules DIR`. Files under a `providers/` folder are
/// providers; every other YAML file is a rule.
public struct RuleCatalog: Sendable {
    public private(set) var rules: [RuleSpec]
    public private(set) var providers: ProviderCatalog
    /// The ids of the rules that ship inside the binary, whose pages are published with it.
    public private(set) var builtinRuleIDs: Set<String> = []

    public init(rules: [RuleSpec], providers: ProviderCatalog = ProviderCatalog()) {
        self.rules = rules.sorted { $0.id < $1.id }
        self.providers = providers
    }

    /// A team's rule file: its path (the folder's, joined with its own), its path inside the
    /// rules folder, and its text.
    public struct TeamFile: Sendable {
        public var path: String
        public var relative: String
        public var text: String

        package init(path: String, relative: String, text: String) {
            self.path = path
            self.relative = relative
            self.text = text
        }
    }

    /// Built-in rules and providers plus the team's files; a file in a `providers` folder
    /// inside its rules folder is a provider.
    /// `kinds`: the conditions a rule may use (`ConditionKinds.builtIn`).
    package static func load(extraFiles: [TeamFile], kinds: ConditionKinds) throws -> RuleCatalog {
        let inProviders = { (relative: String) in relative.split(separator: "/").dropLast().contains("providers") }
        var files = BuiltinRuleFiles.files.map {
            (path: $0.path, text: $0.text, isProvider: inProviders($0.path), isBuiltin: true)
        }
        files += extraFiles.map {
            (path: $0.path, text: $0.text, isProvider: inProviders($0.relative), isBuiltin: false)
        }
        // Files are parsed on all cores; they are added, and the first error thrown, in order.
        var providers = ProviderCatalog()
        let providerFiles = files.filter(\.isProvider).map { (path: $0.path, text: $0.text) }
        for loaded in providerFiles.parallelMap({ file in
            Result { try RuleLoader(kinds: kinds).loadProvider(text: file.text, path: file.path) }
        }) {
            try providers.add(try loaded.get())
        }
        let known = providers
        var catalog = RuleCatalog(rules: [], providers: providers)
        let ruleFiles = files.filter { !$0.isProvider }
        for (loaded, file) in zip(
            ruleFiles.parallelMap({ file in
                Result { try RuleLoader(providers: known, kinds: kinds).load(text: file.text, path: file.path) }
            }), ruleFiles)
        {
            let rule = try loaded.get()
            try catalog.add(rule)
            if file.isBuiltin { catalog.builtinRuleIDs.insert(rule.id) }
        }
        return catalog
    }

    /// Adds a rule, refusing a duplicate id or alias.
    public mutating func add(_ rule: RuleSpec) throws {
        for name in [rule.id] + rule.description.aliases {
            if let existing = self.rule(named: name) {
                throw FileError(
                    path: rule.source, line: 0, message: "rule id `\(name)` is already defined by \(existing.source)")
            }
        }
        rules.append(rule)
        rules.sort { $0.id < $1.id }
    }

    /// The rule with this id or alias.
    public func rule(named name: String) -> RuleSpec? {
        rules.first { $0.id == name || $0.description.aliases.contains(name) }
    }

    public var descriptions: [RuleDescription] { rules.map(\.description) }

    package static func ruleFiles(in directory: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FileError(path: directory, line: 0, message: "rules directory does not exist")
        }
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        for case let relative as String in walker where relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
            files.append(relative)
        }
        return files.sorted()
    }
}
