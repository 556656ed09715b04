import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintRules

/// Turns a ``LintReport`` into the bytes of one output format.
public protocol Reporter: Sendable {
    func render(_ report: LintReport) -> String
}

/// Options that some formats honour.
public struct ReporterOptions: Sendable {
    /// Colour the text output (resolved from `--color`, the terminal and `NO_COLOR` by the caller).
    public var color: Bool
    /// Print the source line and a caret under each finding.
    public var excerpts: Bool
    /// Findings only: no summary.
    public var quiet: Bool
    /// Seconds the run took; shown only when set (stdout is a terminal).
    public var elapsed: Double?
    /// Where rule documentation is published, for SARIF's `helpUri`: `{id}` in it is replaced by
    /// the rule id, otherwise `/` and the id are appended. Without it, `helpUri` is left out.
    public var sarifHelpBaseURL: String?
    /// Each rule's published page, by id (``RuleDocumentation/publishedPages(_:)``): SARIF's
    /// `helpUri` when there is no `sarifHelpBaseURL`, and a line of the HTML report's guidance.
    public var rulePages: [String: String] = [:]
    /// Where the Markdown report's links point: the displayed path is appended (for instance
    /// `https://github.com/OWNER/REPO/blob/SHA/`). Without it, links are relative paths.
    public var linkBase: String?
    /// The absolute folder SARIF URIs and GitLab Code Quality paths are relative to
    /// (`--sarif-root`), when it is not the project root: the repository root, for GitHub code
    /// scanning or GitLab when a subfolder is linted.
    public var sarifRoot: String?

    public init(
        color: Bool = false, excerpts: Bool = false, quiet: Bool = false, elapsed: Double? = nil,
        sarifHelpBaseURL: String? = nil
    ) {
        self.color = color
        self.excerpts = excerpts
        self.quiet = quiet
        self.elapsed = elapsed
        self.sarifHelpBaseURL = sarifHelpBaseURL
    }
}

/// Every output format. Adding one is adding a case and a reporter file; the switch below makes
/// the compiler point at the one place to wire it.
public enum OutputFormat: String, Sendable, CaseIterable, Codable {
    /// Compiler-style lines for terminals, editors and CI logs.
    case text
    /// The `schemaVersion` 1 contract for tools.
    case json
    /// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
    case sarif
    /// A compact summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`.
    case markdown
    /// GitHub Actions workflow commands: one annotation per finding.
    case github
    /// A self-contained page for reviewers, on screen and on paper.
    case html
    /// GitLab Code Quality: the merge request's widget and diff annotations.
    case gitlab
    /// JUnit XML for CI test dashboards: a suite per rule, a failed test per finding.
    case junit
    /// Checkstyle XML for the many tools that read it: an error per finding, by file.
    case checkstyle
    /// The lines Xcode and SwiftPM read from a build step: `error:`, `warning:` and `note:` lines.
    case xcode

    public func reporter(_ options: ReporterOptions = ReporterOptions()) -> any Reporter {
        switch self {
        case .text: TextReporter(options: options)
        case .json: JSONReporter()
        case .sarif: SARIFReporter(options: options)
        case .markdown: MarkdownReporter(options)
        case .github: GitHubActionsReporter()
        case .html: HTMLReporter(options: options)
        case .gitlab: GitLabReporter(options: options)
        case .junit: JUnitReporter()
        case .checkstyle: CheckstyleReporter()
        case .xcode: XcodeReporter()
        }
    }
}

extension Finding {
    /// The related places as one sentence after the message, for formats with a single text
    /// field (` Related: path:line:column: message; ….`), paths as `shown` gives them; "" when
    /// there are none.
    func relatedSentence(_ shown: (String) -> String) -> String {
        guard !related.isEmpty else { return "" }
        return " Related: "
            + related.map { "\(shown($0.path)):\($0.line):\($0.column): \($0.message)" }.joined(separator: "; ") + "."
    }
}

extension Baseline.Entry {
    /// What a report says of an entry nothing matches any more (with `--strict-baseline`).
    var staleDescription: String { "baseline entry no longer matches: \(rule) (\(message))" }
}

extension Diagnostic {
    /// How a report labels the file: `partly read` when it was still read (bad bytes, an
    /// unterminated literal), else `skipped`.
    var readLabel: String {
        switch kind {
        case .invalidUTF8, .lexical: "partly read"
        case .testCode: "test code"
        default: "skipped"
        }
    }

    /// `path`, `path:line` or `path:line:column`, the path as the report shows it, for a terminal.
    func terminalLocation(in report: LintReport) -> String {
        var location = report.displayPath(path).terminalSafe()
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return location
    }
}
