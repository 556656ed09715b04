import AuthLintModel
import AuthLintSyntax

extension RuleLoader {
    // MARK: - fixes

    /// `fix: add-lacking`, `fix: {delete: TEXT}` or `fix: {replace-in-strings: TEXT, with: TEXT}`.
    static func fix(_ node: YAMLReader) throws -> FixSpec {
        if case .scalar = node.node {
            let name = try node.string("fix")
            guard name == "add-lacking" else {
                throw node.fail(
                    "unknown fix `\(name)`; a fix is `add-lacking`, `{delete: …}` or `{replace-in-strings: …, with: …}`"
                )
            }
            return .addLacking
        }
        let fields = try node.mapping("a fix", allowed: ["delete", "replace-in-strings", "with"])
        if let delete = fields["delete"] {
            guard fields["replace-in-strings"] == nil, fields["with"] == nil else {
                throw node.fail("a fix either deletes or replaces, not both")
            }
            let text = try delete.string("delete")
            guard !FixSpec.tokenTexts(text).isEmpty else { throw delete.fail("`delete:` needs code to delete") }
            return .delete(text)
        }
        guard let replace = fields["replace-in-strings"] else {
            throw node.fail("a fix needs `delete:` or `replace-in-strings:`")
        }
        let text = try replace.string("replace-in-strings")
        guard !text.isEmpty else { throw replace.fail("`replace-in-strings:` needs text to replace") }
        return .replaceInStrings(text, with: try fields.required("with").string("with"))
    }

    /// `add-lacking` needs a condition that says what lacks; a fix is declared only where it
    /// can apply.
    static func checkFixes(_ rule: RuleSpec, _ top: YAMLReader.Entries) throws {
        let fixes = ([rule.fix] + rule.match.patterns.map(\.fix)).compactMap { $0 }
        guard fixes.contains(.addLacking) else { return }
        func lacks(_ conditions: [Condition]) -> Bool {
            conditions.contains { condition in
                switch condition {
                case .test(let condition): condition.saysWhatLacks
                case .anyOf(let alternatives): lacks(alternatives)
                case .allOf(let conditions): lacks(conditions)
                default: false
                }
            }
        }
        guard lacks(rule.match.conditions + rule.match.patterns.flatMap(\.conditions)) else {
            throw (top["fix"] ?? top["match"]!).fail(
                "`fix: add-lacking` needs an `entitlement-lacks` or `manifest-lacks` condition to say what lacks")
        }
    }

    // MARK: - examples

    static func examples(_ node: YAMLReader) throws -> RuleDescription.Examples {
        let fields = try node.mapping("examples", allowed: ["triggering", "non-triggering"])
        return .init(
            triggering: try fields["triggering"]?.list("triggering").map(example) ?? [],
            nonTriggering: try fields["non-triggering"]?.list("non-triggering").map(example) ?? [])
    }

    private static func example(_ node: YAMLReader) throws -> RuleDescription.Example {
        if case .scalar = node.node {
            return .init(files: [.init(path: "Example.swift", text: try node.string("an example"))])
        }
        let fields = try node.mapping(
            "an example", allowed: ["files", "configuration", "mutations", "severity", "message", "fixed", "base"])
        // `files:`, `fixed:` and `base:` map each path to its text.
        func exampleFiles(_ node: YAMLReader, _ key: String, _ what: String) throws -> [RuleDescription.ExampleFile] {
            try node.pairs(key).map {
                RuleDescription.ExampleFile(path: $0.key, text: try $0.value.string("\(what) \($0.key)"))
            }
        }
        let files = try exampleFiles(fields.required("files"), "files", "the file")
        let fixed = try fields["fixed"].map { try exampleFiles($0, "fixed", "the fixed file") }
        let base = try fields["base"].map { try exampleFiles($0, "base", "the base file") }
        guard !files.isEmpty else { throw node.fail("an example needs at least one file") }
        return .init(
            files: files,
            configuration: try fields["configuration"]?.string("configuration"),
            mutations: try fields["mutations"]?.bool("mutations") ?? true,
            severity: try fields["severity"].map { try $0.enumValue(Severity.self, "severity") },
            message: try fields["message"]?.string("message"),
            fixed: fixed, base: base)
    }
}
