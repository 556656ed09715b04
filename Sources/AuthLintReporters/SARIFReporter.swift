import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules
import Foundation

/// SARIF 2.1.0 as GitHub code scanning reads it: the rules with their documentation, one result
/// per finding with `ruleIndex`, URIs relative to `%SRCROOT%` (the project root), UTF-16 columns
/// and a stable partial fingerprint. Sorted keys and nothing from the clock: the same report gives
/// the same bytes, and an empty report still gives a valid log with `results: []`.
public struct SARIFReporter: Reporter {
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) {
        self.options = options
    }

    public func render(_ report: LintReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(log(report)) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self).jsonControlsEscaped + "\n"
    }

    func log(_ report: LintReport) -> SARIFLog.Log {
        let report = options.sarifRoot.map { Self.rerooted(report, at: $0) } ?? report
        let rules = driverRules(report)
        let indexes = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.id, $0.offset) })
        let driver = SARIFLog.Driver(
            name: AuthLint.name, version: AuthLint.version, semanticVersion: AuthLint.version,
            informationUri: AuthLint.informationURI, rules: rules)
        let invocation = SARIFLog.Invocation(
            executionSuccessful: true,
            toolExecutionNotifications: report.failingBaselineEntries.map(notification)
                + report.diagnostics.map(notification),
            toolConfigurationNotifications: report.notices.map {
                SARIFLog.Notification(level: "note", message: .init(text: $0))
            })
        let run = SARIFLog.Run(
            tool: SARIFLog.Tool(driver: driver),
            originalUriBaseIds: [SARIFLog.sourceRoot: SARIFLog.ArtifactLocation(uri: Self.rootURI(report.root))],
            invocations: [invocation],
            results: report.findings.map { result($0, ruleIndex: indexes[$0.rule] ?? 0) }
                + report.suppressed.map { suppressed in
                    var result = result(suppressed.finding, ruleIndex: indexes[suppressed.finding.rule] ?? 0)
                    result.suppressions = [SARIFLog.Suppression(kind: "inSource", justification: suppressed.reason)]
                    return result
                })
        return SARIFLog.Log(runs: [run])
    }

    /// The report with every path SARIF shows made relative to `folder` instead of the project root.
    static func rerooted(_ report: LintReport, at folder: String) -> LintReport {
        let root = report.root
        let move = { (path: String) in ProjectPath.way(from: folder, to: ProjectPath.join(root, path)) }
        let moveFinding = { (finding: Finding) -> Finding in
            var finding = finding
            finding.path = move(finding.path)
            finding.related = finding.related.map {
                var related = $0
                related.path = move(related.path)
                return related
            }
            return finding
        }
        var moved = report
        moved.root = folder
        moved.findings = report.findings.map(moveFinding)
        moved.suppressed = report.suppressed.map {
            SuppressedFinding(finding: moveFinding($0.finding), reason: $0.reason)
        }
        moved.diagnostics = report.diagnostics.map {
            var diagnostic = $0
            diagnostic.path = move(diagnostic.path)
            return diagnostic
        }
        return moved
    }

    /// `file://` and the absolute root with a trailing `/`, so relative URIs resolve under it.
    static func rootURI(_ root: String) -> String {
        var path = root.uriPathEncoded
        if !path.hasSuffix("/") { path += "/" }
        if !path.hasPrefix("/") { path = "/" + path }
        return "file://" + path
    }

    // MARK: - Rules

    /// Every rule that ran, sorted by id, and any rule a finding names that is not among them
    /// (so that every `ruleIndex` points at its rule).
    private func driverRules(_ report: LintReport) -> [SARIFLog.Rule] {
        var rules = report.rules.map(rule)
        let known = Set(report.rules.map(\.id))
        var unknown: [String: Severity] = [:]
        for finding in report.findings where !known.contains(finding.rule) {
            unknown[finding.rule] = max(unknown[finding.rule] ?? finding.severity, finding.severity)
        }
        rules += unknown.map { id, severity in
            SARIFLog.Rule(id: id, name: id.pascalCased, defaultConfiguration: .init(level: severity.sarifLevel))
        }
        return rules.sorted { $0.id < $1.id }
    }

    private func rule(_ rule: RuleDescription) -> SARIFLog.Rule {
        var tags = rule.tags
        if rule.guideline.isReviewGuideline { tags.append("guideline-" + rule.guideline.reference) }
        return SARIFLog.Rule(
            id: rule.id,
            name: rule.id.pascalCased,
            deprecatedIds: rule.aliases.isEmpty ? nil : rule.aliases,
            shortDescription: .init(text: rule.summary.trimmed),
            fullDescription: .init(text: rule.documentation.flags.trimmed),
            help: .init(text: RuleDocumentation.helpText(rule), markdown: RuleDocumentation.helpMarkdown(rule)),
            helpUri: helpURI(rule.id),
            defaultConfiguration: .init(level: rule.severity.sarifLevel),
            properties: .init(
                tags: Array(Set(tags)).sorted(), precision: rule.precision, securitySeverity: rule.securitySeverity))
    }

    private func helpURI(_ id: String) -> String? {
        guard let base = options.sarifHelpBaseURL, !base.isEmpty else { return options.rulePages[id] }
        if base.contains("{id}") { return base.replacingOccurrences(of: "{id}", with: id) }
        return base.hasSuffix("/") ? base + id : base + "/" + id
    }

    // MARK: - Results

    private func result(_ finding: Finding, ruleIndex: Int) -> SARIFLog.Result {
        let region = SARIFLog.Region(
            startLine: finding.line, startColumn: finding.column, endLine: finding.endLine, endColumn: finding.endColumn
        )
        let related = finding.related.enumerated().map { index, related in
            SARIFLog.Location(
                id: index + 1,
                physicalLocation: physicalLocation(
                    related.path, .init(startLine: related.line, startColumn: related.column)),
                message: .init(text: Self.escapedMessage(related.message)))
        }
        return SARIFLog.Result(
            ruleId: finding.rule,
            ruleIndex: ruleIndex,
            level: finding.severity.sarifLevel,
            message: .init(text: Self.message(finding)),
            locations: [SARIFLog.Location(physicalLocation: physicalLocation(finding.path, region))],
            relatedLocations: related.isEmpty ? nil : related,
            partialFingerprints: finding.fingerprint.isEmpty ? nil : [SARIFLog.fingerprintKey: finding.fingerprint])
    }

    /// The finding's message, with a link to each related location (`[text](id)`), which is how
    /// code scanning shows them.
    static func message(_ finding: Finding) -> String {
        var text = escapedMessage(finding.message)
        guard !finding.related.isEmpty else { return text }
        let links = finding.related.enumerated().map { "[\(escapedMessage($0.element.message))](\($0.offset + 1))" }
        text += " Related: " + links.joined(separator: "; ") + "."
        return text
    }

    /// SARIF message text: literal square brackets are escaped so they never read as a link.
    static func escapedMessage(_ text: String) -> String {
        text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }

    private func physicalLocation(_ path: String, _ region: SARIFLog.Region?) -> SARIFLog.PhysicalLocation {
        SARIFLog.PhysicalLocation(
            artifactLocation: .init(uri: path.uriPathEncoded, uriBaseId: SARIFLog.sourceRoot), region: region)
    }

    private func notification(_ entry: Baseline.Entry) -> SARIFLog.Notification {
        SARIFLog.Notification(
            level: "error",
            message: .init(text: Self.escapedMessage(entry.staleDescription + "; rewrite the baseline")),
            locations: [SARIFLog.Location(physicalLocation: physicalLocation(entry.path, nil))])
    }

    private func notification(_ diagnostic: Diagnostic) -> SARIFLog.Notification {
        let region = diagnostic.line.map { SARIFLog.Region(startLine: $0, startColumn: diagnostic.column) }
        return SARIFLog.Notification(
            level: "warning",
            message: .init(text: "\(diagnostic.message) (\(diagnostic.kind.rawValue))"),
            locations: [SARIFLog.Location(physicalLocation: physicalLocation(diagnostic.path, region))])
    }
}
