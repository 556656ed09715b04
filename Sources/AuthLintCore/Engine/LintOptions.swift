import AuthLintAnalysis
import AuthLintProject
import AuthLintRules
import Foundation

/// What to lint and how.
public struct LintOptions: Sendable {
    public var scan: ScanOptions
    public var catalog: RuleCatalog
    /// Directory paths are shown relative to.
    public var currentDirectory: String
    /// `--config PATH`; nil reads the `.authlint.yml` files from the repository root down (see ``NestedConfigurations``).
    public var configurationPath: String?
    /// Where file summaries are kept between runs that report only some files (nil: nowhere).
    public var cacheDirectory: String?
    /// How many matching steps each file's analysis may take (see ``StepBudget``).
    public var stepAllowance = StepBudget.Allowance.standard
    /// Whether the report describes each app target's sign-in (``LintReport/signIn``, which the
    /// HTML report shows). It searches every target for every provider, which a run that reports
    /// a few files does not otherwise need.
    public var describesSignIn = true
    /// Whether a Swift file in which no rule can match is summarised from its bytes instead of
    /// lexed (``Prefilter``), and is lexed only if a project-wide question reaches it. The
    /// findings are the same either way. It spares work in a tree where most files hold no
    /// sign-in code and nothing follows values into them; where the rules follow values through
    /// most of the app, lexing those files one by one costs more than lexing them all up front.
    public var prefilter = false
    /// `--select`: only these rules run (nil: every rule the configuration leaves on).
    public var selectedRules: Set<String>?
    /// `--ignore`: these rules do not run.
    public var ignoredRules: Set<String> = []
    /// How much source the code kept in memory may come from. In a tree with more Swift and
    /// Objective-C source than this, each file's code is let go once its summary is taken, and
    /// lexed again when a rule may match in it or a question reaches it; code lexed on use is kept
    /// up to this much, the least recently used let go first. Code takes about 7 times the memory
    /// of its source. Findings are the same whatever it is.
    public var residentSourceBytes = LintOptions.standardResidentSourceBytes
    public static let standardResidentSourceBytes = ProjectIndex.standardResidentSourceBytes
    /// Where the `.authlint.yml` files are read from: the work tree, or in pull-request mode the
    /// base commit (``PolicyFiles``), when the work tree's are compared with them
    /// (``PolicyChanges``).
    public var policy = PolicyFiles.workTree
    /// In pull-request mode, the catalog with the work tree's team rules, which the work tree's
    /// configurations are checked against (nil: ``catalog``).
    public var workTreeCatalog: RuleCatalog?
    /// What runs of one process over one tree keep for the next (``LintSession``; nil: nothing).
    public var session: LintSession?

    /// The user's cache folder for authlint: `$XDG_CACHE_HOME/authlint`, else
    /// `~/Library/Caches/authlint` on macOS and `~/.cache/authlint` elsewhere.
    public static var defaultCacheDirectory: String? {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/authlint" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        #if os(macOS)
            return home + "/Library/Caches/authlint"
        #else
            return home + "/.cache/authlint"
        #endif
    }

    public init(scan: ScanOptions, catalog: RuleCatalog, currentDirectory: String, configurationPath: String? = nil) {
        self.scan = scan
        self.catalog = catalog
        self.currentDirectory = currentDirectory
        self.configurationPath = configurationPath
    }
}
