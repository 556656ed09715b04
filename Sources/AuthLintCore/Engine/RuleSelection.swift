import AuthLintModel
import AuthLintRules

/// Stage 2, the rules of the run: those some configuration in effect does not turn off and the
/// command line leaves (`--select`, `--ignore`), and what the configuration in effect for a file
/// makes of each.
struct RuleSelection {
    var rules: [RuleSpec]
    private let catalog: RuleCatalog
    private let configurations: NestedConfigurations

    init(_ options: LintOptions, configurations: NestedConfigurations) {
        let catalog = options.catalog
        self.catalog = catalog
        self.configurations = configurations
        rules = catalog.rules.filter { rule in
            (options.selectedRules?.contains(rule.id) ?? true) && !options.ignoredRules.contains(rule.id)
                && configurations.all.contains { $0.setting(of: rule, in: catalog) != "off" }
        }
    }

    /// `off`, or the severity a rule reports at in the file at a root-relative path (nil: the rule's own).
    func setting(_ rule: String, at path: String) -> Configuration.RuleSetting? {
        let id = catalog.rule(named: rule)?.id
        return configurations.configuration(for: path).rules.first { catalog.rule(named: $0.key)?.id == id }?.value
    }

    /// The finding as the configuration for its file wants it: dropped when the rule is off there,
    /// at the severity it sets.
    func applied(to finding: Finding) -> Finding? {
        var finding = finding
        switch setting(finding.rule, at: finding.path) {
        case .off: return nil
        case let chosen?: finding.severity = chosen.severity ?? finding.severity
        case nil: break
        }
        return finding
    }
}
