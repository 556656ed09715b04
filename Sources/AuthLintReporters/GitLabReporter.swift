import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules
import Foundation

/// GitLab Code Quality (`artifacts:reports:codequality`): a JSON array with one issue per finding,
/// which GitLab shows in the merge request's Code Quality widget and on the diff.
///
/// - `check_name` is the rule id; `description` the message, with the related places after it.
/// - `severity`: error → `critical`, warning → `minor`, note → `info`. Errors are the findings that
///   fail the run by default (an App Review rejection, a replayable token), so they sort above
///   the `major` issues other linters in the same pipeline report; `blocker` is not used.
/// - `fingerprint` is the finding's own (the one SARIF and the baseline use), so GitLab matches a
///   finding across the merge request's base and head. GitLab keys issues by fingerprint and keeps
///   one per value, so an empty or repeated one is made unique here.
/// - `location.path` is relative to the repository root, as GitLab links it under the commit:
///   the folder `--sarif-root` names, else the project root. `location.lines` and
///   `location.positions` give the lines and the UTF-16 columns (end column exclusive).
///
/// A description keeps its line breaks (JSON-escaped); paths and names show theirs escaped, and
/// everywhere other control characters and the bidirectional controls are shown escaped (`\e`,
/// `\u{202E}`), as GitLab would show them raw. Unreadable files and notices have
/// no place in the format and are left out. Sorted keys, nothing from the clock, `[]` when nothing
/// was found.
public struct GitLabReporter: Reporter {
    public var options: ReporterOptions

    public init(options: ReporterOptions = ReporterOptions()) {
        self.options = options
    }

    public func render(_ report: LintReport) -> String {
        let issues = issues(report)
        guard !issues.isEmpty else { return "[]\n" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(issues) else { return "[]\n" }
        return String(decoding: data, as: UTF8.self).jsonControlsEscaped + "\n"
    }

    func issues(_ report: LintReport) -> [Issue] {
        let root = report.root
        let folder = options.sarifRoot
        let path = { (path: String) in
            folder.map { ProjectPath.way(from: $0, to: ProjectPath.join(root, path)) } ?? path
        }
        var fingerprints = Fingerprints()
        var issues = report.findings.map { finding in
            let begin = Position(line: finding.line, column: finding.column)
            let end = Position(line: finding.endLine ?? finding.line, column: finding.endColumn ?? finding.column)
            let description = finding.message + finding.relatedSentence { path($0).reportSafe() }
            return Issue(
                description: description.reportSafe(keeping: ["\n"]),
                checkName: finding.rule.reportSafe(),
                fingerprint: fingerprints.unique(
                    finding.fingerprint,
                    fallback: [finding.rule, finding.path, "\(finding.line)", "\(finding.column)", finding.message]),
                severity: finding.severity.gitLabSeverity,
                location: Location(
                    path: path(finding.path).reportSafe(), lines: Lines(begin: begin.line, end: end.line),
                    positions: Positions(begin: begin, end: end)))
        }
        // With `--strict-baseline`, each entry nothing matches any more fails the run: it is an
        // issue of its file, at its first line.
        for entry in report.failingBaselineEntries {
            let start = Position(line: 1, column: 1)
            issues.append(
                Issue(
                    description: (entry.staleDescription.prefix(1).uppercased() + entry.staleDescription.dropFirst()
                        + ".").reportSafe(keeping: ["\n"]),
                    checkName: "strict-baseline",
                    fingerprint: fingerprints.unique(
                        "", fallback: ["strict-baseline", entry.rule, entry.path, entry.fingerprint]),
                    severity: Severity.error.gitLabSeverity,
                    location: Location(
                        path: path(entry.path).reportSafe(), lines: Lines(begin: 1, end: 1),
                        positions: Positions(begin: start, end: start))))
        }
        return issues
    }

    /// The fingerprints given so far: GitLab keeps one issue per fingerprint.
    struct Fingerprints {
        private var given: Set<String> = []

        /// `fingerprint`, or when it is empty one made from `fallback`; numbered when already given.
        mutating func unique(_ fingerprint: String, fallback: [String]) -> String {
            let base = fingerprint.isEmpty ? Fingerprint.hex(fallback.joined(separator: "\u{0}")) : fingerprint
            var candidate = base
            var count = 1
            while !given.insert(candidate).inserted {
                candidate = Fingerprint.hex(base + "\u{0}\(count)")
                count += 1
            }
            return candidate
        }
    }

    /// One Code Quality issue, as GitLab documents it (a subset of Code Climate's).
    struct Issue: Encodable {
        var type = "issue"
        var description: String
        var checkName: String
        var fingerprint: String
        var severity: String
        var location: Location

        init(description: String, checkName: String, fingerprint: String, severity: String, location: Location) {
            self.description = description
            self.checkName = checkName
            self.fingerprint = fingerprint
            self.severity = severity
            self.location = location
        }

        enum CodingKeys: String, CodingKey {
            case type, description, fingerprint, severity, location
            case checkName = "check_name"
        }
    }

    /// Where an issue is: the path from the repository root, its lines and its columns.
    struct Location: Encodable {
        var path: String
        var lines: Lines
        var positions: Positions
    }

    /// The first and last line.
    struct Lines: Encodable {
        var begin: Int
        var end: Int
    }

    /// The first character and the end (exclusive), in UTF-16 columns.
    struct Positions: Encodable {
        var begin: Position
        var end: Position
    }

    /// A 1-based line and column.
    struct Position: Encodable {
        var line: Int
        var column: Int
    }
}

extension Severity {
    /// The Code Quality severity of a finding: GitLab's scale is info, minor, major, critical,
    /// blocker.
    var gitLabSeverity: String {
        switch self {
        case .error: "critical"
        case .warning: "minor"
        case .note: "info"
        }
    }
}
