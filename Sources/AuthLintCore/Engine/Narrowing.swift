import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// What a run reports of what its rules found is decided here, and nowhere else. In order:
///
/// 1. Inline suppressions set findings aside, with their reasons (``SuppressionFilter``).
/// 2. In a run that reports only some files, the findings and diagnostics of the others go.
/// 3. The configuration's setting for the rule at the finding's path gives its severity, or
///    drops it when it turns the rule off (``RuleSelection/applied(_:)``).
/// 4. A baseline accepts the findings it records (``LintReport/apply(_:)``).
/// 5. With `--changed-since`, only the findings in changed files, or on changed lines, stay
///    (``LintReport/keep(changed:lines:)``).
///
/// Steps 1 to 3 are the run's, and the report holds their result. Steps 4 and 5 are the
/// command's, on the report: writing a baseline and fixing need the findings before them.
struct Narrowed {
    var kept: [Finding]
    var suppressed: [SuppressedFinding]
    var diagnostics: [Diagnostic]
}

extension Linter {
    /// Step 1: what inline suppressions leave of the findings. A suppression may name any rule of
    /// `catalog`, also one this run does not run.
    static func suppressing(
        _ evaluation: Evaluation, project: ProjectIndex, rules: [RuleSpec], catalog: [RuleSpec]? = nil,
        configurations: NestedConfigurations
    ) -> Narrowed {
        let filter = SuppressionFilter(
            project: project, catalog: rules, known: catalog ?? rules,
            requireReason: { configurations.configuration(for: $0).requireSuppressionReason })
        let (kept, suppressed) = filter.narrowed(evaluation.findings, in: project)
        return Narrowed(kept: kept, suppressed: suppressed, diagnostics: evaluation.diagnostics)
    }

    /// Steps 1 to 3: what the run reports.
    static func narrow(
        _ evaluation: Evaluation, project: ProjectIndex, scan: ScanResult, selection: RuleSelection, catalog: [RuleSpec]
    ) -> Narrowed {
        var narrowed = suppressing(
            evaluation, project: project, rules: selection.rules, catalog: catalog,
            configurations: scan.configurations)
        narrowed.kept = narrowed.kept.filter { scan.reports($0.path) }.compactMap(selection.applied)
        narrowed.suppressed = narrowed.suppressed.filter {
            scan.reports($0.finding.path) && selection.setting($0.finding.rule, at: $0.finding.path) != .off
        }
        narrowed.diagnostics = narrowed.diagnostics.filter { scan.reports($0.path) }
        return narrowed
    }
}

extension LintReport {
    /// Keeps only the findings a baseline does not accept.
    public mutating func apply(_ baseline: Baseline) {
        let result = baseline.apply(to: findings)
        findings = result.new
        baselineAccepted = result.accepted
        baselineStale = result.stale
        baselineApplied = true
    }

    /// Keeps only the findings the configured baseline does not accept, as an editor or an agent
    /// sees the tree: a baseline that cannot be read accepts nothing (the command line names it
    /// as an error instead).
    public mutating func applyConfiguredBaseline() {
        guard let configured = configuredBaseline, let baseline = try? Baseline.load(path: configured.file) else {
            return
        }
        apply(baseline)
    }

    /// Keeps only the findings in changed files (or, with `lines`, on changed lines). What the
    /// change weakens in the policy (``PolicyChanges``) is kept wherever it is: a removed file or
    /// entry has no changed line left to point at.
    public mutating func keep(changed: ChangedLines, lines: Bool) {
        let before = findings.count
        findings = findings.filter {
            $0.rule == PolicyChanges.rule || changed.contains(path: $0.path, line: $0.line, lines: lines)
        }
        outsideChanges = before - findings.count
    }
}
