import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules
import Foundation

/// The JSON contract other tools rely on (`schemaVersion` 1). Nothing depends on the clock:
/// the same input gives the same bytes.
public struct JSONReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        let document = Document(report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self).jsonControlsEscaped + "\n"
    }

    struct Document: Encodable {
        var schemaVersion = 1
        var tool: Tool
        var findings: [JSONFinding]
        var diagnostics: [JSONDiagnostic]
        /// What the configuration declared that changes what is reported.
        var notices: [String]
        /// Findings inline suppressions silenced, each with the suppression's reason.
        var suppressed: [JSONSuppressed]
        /// Source files a tool wrote, not linted (`generated-code: skip`).
        var generated: [GeneratedFile]
        var summary: Summary
        /// With `--baseline`: how many findings it accepted, and its entries nothing matches any more.
        var baseline: BaselineSection?

        init(_ report: LintReport) {
            tool = Tool(name: AuthLint.name, version: AuthLint.version)
            findings = report.findings.map { JSONFinding($0, report: report) }
            diagnostics = report.diagnostics.map { JSONDiagnostic($0, report: report) }
            notices = report.notices
            generated = report.generatedFiles.map {
                GeneratedFile(path: report.displayPath($0.path), reason: $0.reason)
            }
            suppressed = report.suppressed.map {
                JSONSuppressed(finding: JSONFinding($0.finding, report: report), reason: $0.reason)
            }
            if report.baselineApplied {
                baseline = BaselineSection(
                    accepted: report.baselineAccepted, strict: report.strictBaseline,
                    stale: report.baselineStale.map {
                        Baseline.Entry(
                            rule: $0.rule, path: report.displayPath($0.path), fingerprint: $0.fingerprint,
                            message: $0.message)
                    })
            }
            let counts = report.countsBySeverity
            summary = Summary(
                files: report.filesScanned,
                findings: SeverityCounts(
                    error: counts[.error] ?? 0, warning: counts[.warning] ?? 0, note: counts[.note] ?? 0),
                rules: report.countsByRule)
        }
    }

    struct BaselineSection: Encodable {
        var accepted: Int
        /// `--strict-baseline`: stale entries fail the run.
        var strict: Bool
        var stale: [Baseline.Entry]
    }

    struct Tool: Encodable {
        var name: String
        var version: String
    }

    struct JSONFinding: Encodable {
        var rule: String
        var severity: Severity
        var message: String
        var path: String
        var line: Int
        var column: Int
        var endLine: Int?
        var endColumn: Int?
        var related: [Finding.Related]
        var fingerprint: String
        /// What `--fix` does for it, when it can (absent otherwise).
        var fix: String?

        init(_ finding: Finding, report: LintReport) {
            rule = finding.rule
            severity = finding.severity
            message = finding.message
            path = report.displayPath(finding.path)
            line = finding.line
            column = finding.column
            endLine = finding.endLine
            endColumn = finding.endColumn
            related = finding.related.map {
                Finding.Related(
                    path: report.displayPath($0.path), line: $0.line, column: $0.column, message: $0.message)
            }
            fingerprint = finding.fingerprint
            fix = finding.fix.map { $0.manual.map { "by hand: " + $0 } ?? $0.summary }
        }
    }

    struct JSONSuppressed: Encodable {
        var finding: JSONFinding
        var reason: String?
    }

    struct JSONDiagnostic: Encodable {
        var path: String
        var kind: Diagnostic.Kind
        var message: String
        var line: Int?
        var column: Int?

        init(_ diagnostic: Diagnostic, report: LintReport) {
            path = report.displayPath(diagnostic.path)
            kind = diagnostic.kind
            message = diagnostic.message
            line = diagnostic.line
            column = diagnostic.column
        }
    }

    struct SeverityCounts: Encodable {
        var error: Int
        var warning: Int
        var note: Int
    }

    struct Summary: Encodable {
        var files: Int
        var findings: SeverityCounts
        var rules: [String: Int]
    }
}
