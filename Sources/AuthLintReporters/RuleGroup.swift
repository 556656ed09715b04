import AuthLintCore
import AuthLintModel
import AuthLintRules

/// A rule's findings in report order, and how the group ranks: its highest severity first, then
/// the rule id.
struct RuleGroup {
    var id: String
    var rule: RuleDescription?
    var findings: [Finding]
    /// The highest severity among the findings.
    var severity: Severity

    static func groups(_ report: LintReport) -> [RuleGroup] {
        var byRule: [String: [Finding]] = [:]
        for finding in report.findings { byRule[finding.rule, default: []].append(finding) }
        return byRule.map { id, findings in
            RuleGroup(
                id: id, rule: report.rule(id), findings: findings, severity: findings.map(\.severity).max() ?? .note)
        }
        .sorted { $0.severity != $1.severity ? $0.severity > $1.severity : $0.id < $1.id }
    }
}
