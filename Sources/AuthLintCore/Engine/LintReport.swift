import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Everything one run found, ready for reporters: findings in report order, diagnostics, and the
/// metadata of the rules that ran.
public struct LintReport: Sendable {
    /// Absolute path of the project root.
    public var root: String
    /// Prefix that turns a root-relative path into one relative to the current directory
    /// ("" when the root is the current directory, "samples/" or "../app/" otherwise).
    public var displayPrefix: String
    public var findings: [Finding]
    public var diagnostics: [Diagnostic]
    public var filesScanned: Int
    public var rules: [RuleDescription]
    /// Source text of the lines findings point at, by path and line, for excerpts.
    public var excerpts: [String: [Int: String]]
    /// What the configuration declared that changes what is reported: each is a Guideline 4.8
    /// declaration (an exemption or an equivalent login) with its reason, after the path of the
    /// configuration file that declares it as the user sees paths.
    public var notices: [String] {
        declarations.map { ($0.path.map { displayPath($0) + ": " } ?? "") + $0.summary }
    }
    /// The declarations behind `notices`: the root-relative path of each configuration file.
    public var declarations: [(path: String?, summary: String)]
    /// Each app target that offers a login: its services, Sign in with Apple, entitlements and
    /// manifests, for the HTML overview (empty when the run was not asked for it).
    public var signIn: [SignInTarget] = []
    /// The servers kept in the tree beside the apps (the server targets, by folder), each with
    /// what the server rules found in it, for the same overview (empty when not asked for it).
    public var servers: [SignInServer] = []
    /// Findings inline suppressions silenced, with their reasons.
    public var suppressed: [SuppressedFinding] = []
    /// Source files a tool wrote, not linted (`generated-code: skip`, the default), in path order.
    public var generatedFiles: [GeneratedFile] = []
    /// The configuration's `fail-on`, used when the command line gives none.
    public var configuredFailOn: FailureThreshold?
    /// The baseline the project root's configuration names (`baseline:`), as an absolute path,
    /// and as written there.
    public var configuredBaseline: (file: String, written: String)?
    /// In pull-request mode, the baseline file the work tree's configuration names, which the one
    /// in effect (``configuredBaseline``, the base revision's) is compared with.
    public var workTreeBaseline: String?
    /// With `--baseline`: how many findings it accepted, and how many of its entries matched
    /// nothing any more (fixed since it was written).
    public var baselineAccepted = 0
    public var baselineFixed: Int { baselineStale.count }
    /// With `--changed-since`/`--changed-lines`: how many findings lay outside what changed.
    public var outsideChanges = 0
    /// How many source files were lexed as they were read, before the rules ran; fewer than were
    /// read when some were summarised instead (from the cache, or from their bytes by the prefilter).
    public var filesLexedUpFront = 0
    /// How many source files were first lexed when a rule or a question asked for their code
    /// (they were summarised instead of lexed), each counted once.
    public var filesLexedOnUse = 0
    /// How many of the files lexed as they were read were kept as their summaries only, because
    /// the tree holds more source than ``LintOptions/residentSourceBytes``; and how many of those
    /// were lexed again when their code was asked for, each counted once.
    public var filesLetGo = 0
    public var filesLexedAgain = 0
    /// How many source files were lexed at all.
    public var filesLexed: Int { filesLexedUpFront + filesLexedOnUse }
    /// How many source files were taken from the summary cache by their stamp, without being
    /// read (some of them may have been read later, when a question reached them).
    public var filesTakenUnread = 0
    /// How long each stage of the run took (`authlint lint --timings`).
    public var timings: [StageTime] = []

    public struct StageTime: Sendable, Equatable {
        public var stage: String
        public var seconds: Double
        /// The process's peak resident memory when the stage ended, in bytes (nil: not known).
        public var peakBytes: Int?
    }
    /// Why the summary cache could not be written, when it could not (the run is not affected).
    public var cacheProblem: String?

    /// A baseline was applied (`--baseline`).
    public var baselineApplied = false
    /// The baseline's entries that nothing matches any more, in the baseline's order.
    public var baselineStale: [Baseline.Entry] = []
    /// `--strict-baseline`: stale entries fail the run, and every format names each of them.
    public var strictBaseline = false

    /// The stale entries that fail the run: those of a strict baseline.
    public var failingBaselineEntries: [Baseline.Entry] { strictBaseline ? baselineStale : [] }

    /// The severity `policy-changed` reports at in this run; nil when it does not run.
    public var policyChangeSeverity: Severity?

    /// Adds what a pull request weakens in the baseline or the team rules (``PolicyChanges``),
    /// at the severity the configuration in effect gives `policy-changed`.
    public mutating func add(policyChanges: [Finding]) {
        guard let severity = policyChangeSeverity, !policyChanges.isEmpty else { return }
        findings =
            (findings
            + policyChanges.map { finding in
                var finding = finding
                finding.severity = severity
                return finding
            }).sorted(by: Finding.reportOrder)
    }

    /// The directory paths are shown relative to, when it is not the one `displayPrefix` leads from.
    public var currentDirectory: String?
    /// The configuration files in effect at the root, outermost first, root-relative.
    public var configurationPaths: [String] = []
    /// Whether the summary names the root and the configuration: when only part of the root is
    /// reported (paths are then shown from `currentDirectory`), or a configuration above the
    /// root applies.
    public var namesRootAndConfiguration: Bool {
        currentDirectory != nil || configurationPaths.contains { $0.hasPrefix("../") }
    }
    /// Show absolute paths (`--absolute-paths`, for Xcode's issue navigator).
    public var absolutePaths = false

    public init(
        root: String, displayPrefix: String = "", findings: [Finding], diagnostics: [Diagnostic],
        filesScanned: Int, rules: [RuleDescription], excerpts: [String: [Int: String]] = [:],
        declarations: [(path: String?, summary: String)] = []
    ) {
        self.root = root
        self.displayPrefix = displayPrefix
        self.findings = findings
        self.diagnostics = diagnostics
        self.filesScanned = filesScanned
        self.rules = rules
        self.excerpts = excerpts
        self.declarations = declarations
    }

    /// A root-relative path as the user should see it: relative to the current directory.
    public func displayPath(_ path: String) -> String {
        if absolutePaths {
            return (root as NSString).appendingPathComponent(path)
        }
        if let currentDirectory {
            return ProjectPath.way(from: currentDirectory, to: ProjectPath.join(root, path))
        }
        guard !displayPrefix.isEmpty else { return path }
        // Fold `dir/../` so a path outside the root reads as typed.
        return ProjectPath.normalize(displayPrefix + path)
    }

    /// Number of findings of each severity.
    public var countsBySeverity: [Severity: Int] {
        var counts: [Severity: Int] = [:]
        for finding in findings { counts[finding.severity, default: 0] += 1 }
        return counts
    }

    /// Number of findings of each rule.
    public var countsByRule: [String: Int] {
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        return counts
    }

    /// Whether any finding is at or above the threshold.
    public func fails(_ threshold: FailureThreshold) -> Bool {
        findings.contains { threshold.fails($0.severity) }
    }

    /// The rule's metadata, if it ran.
    public func rule(_ id: String) -> RuleDescription? {
        rules.first { $0.id == id }
    }
}

/// A source file left out because a tool wrote it, and how that was told.
public struct GeneratedFile: Sendable, Hashable, Codable {
    public var path: String
    /// A fixed phrase: `named *.pb.swift`, `its header says "do not edit"`.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}
