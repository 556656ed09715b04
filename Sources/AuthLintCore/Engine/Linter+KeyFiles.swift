import AuthLintModel
import AuthLintProject
import AuthLintRules

extension Linter {
    /// The findings of a rule whose engine part is `key-files`: one at each `.p8` file the scan
    /// listed, a private key as Apple's developer site hands it out, in path order. The file is
    /// never opened: its name says what it is. In a server's folder the rule's severity for
    /// servers applies (`severity-when: [{target: server, …}]`); anywhere else the key is in or
    /// beside an app, where a folder the project copies into the bundle takes it along.
    static func keyFileFindings(_ rules: [RuleSpec], _ scanned: ScannedProject) -> [Finding] {
        let keys = scanned.allFiles.filter { $0.kind == .privateKey }
        guard !keys.isEmpty else { return [] }
        let inServer = keys.map { key in scanned.servers.contains { $0.contains(key.path) } }
        return rules.filter { $0.engine == "key-files" }.flatMap { rule in
            zip(keys, inServer).map { key, inServer in
                // A key file is in no target's sources, so only the server override can hold.
                let severity = rule.severity(rule.description.severity) {
                    if case .server = $0 { inServer } else { false }
                }
                return Finding(
                    rule: rule.id, severity: severity, message: rule.message, path: key.path, line: 1, column: 1)
            }
        }
    }
}
