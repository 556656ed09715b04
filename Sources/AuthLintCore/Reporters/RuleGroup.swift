/// A rule's findings in report order, and how the group ranks: its highest severity first, then
/// the rule id.
struct RuleGroup {
    var id: String
    var rule: RuleDescription?
    var findings: [Finding]
    var severity: Severity { findings.map(\.severity).max() ?? .note }

    static func groups(_ report: LintReport) -> [RuleGroup] {
        var byRule: [String: [Finding]] = [:]
        for finding in report.findings { byRule[finding.rule, default: []].append(finding) }
        return byRule.map { RuleGroup(id: $0.key, rule: report.rule($0.key), findings: $0.value) }
            .sorted { $0.severity != $1.severity ? $0.severity > $1.severity : $0.id < $1.id }
    }
}
