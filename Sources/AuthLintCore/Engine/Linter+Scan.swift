import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// What the scan stage found: the tree's files, the configurations in effect, and which files
/// the run reports.
struct ScanResult {
    var project: ScannedProject
    var configurations: NestedConfigurations
    /// Root-relative paths of the files to report, when only part of the root is (nil: all).
    var reported: Set<String>?
    /// The `.authlint.yml` files named on the command line (as pre-commit names a staged one):
    /// read and checked like any other configuration, and counted as read.
    var namedConfigurations: [String] = []
    /// In pull-request mode, what the work tree's configurations weaken (``PolicyChanges``), and
    /// the baseline file they name.
    var policyChanges: [Finding] = []
    var workTreeBaseline: String?

    /// Whether a root-relative path is reported.
    func reports(_ path: String) -> Bool {
        reported?.contains(path) ?? true
    }
}

extension Linter {
    /// Stage 1, scan: the root, the configuration files from the repository root down to it,
    /// the tree's files with their globs, and the nested configurations among them (which rescan
    /// when they add globs).
    static func scan(_ options: LintOptions) throws -> ScanResult {
        let root = ProjectScanner.root(options.scan, currentDirectory: options.currentDirectory)
        // The configurations of the root and above it add their globs; excludes apply to named
        // files too. Nested ones are found among the files, and rescan when they add globs.
        let policy = options.policy
        var configurations = try NestedConfigurations.load(
            explicit: options.configurationPath, root: root, files: policy)
        var (scanned, named) = scan(options, globs: configurations.globs)
        let namedConfigurations = named == nil ? [] : configurationFiles(among: options, root: scanned.root)
        try configurations.addNested(
            explicit: options.configurationPath, root: scanned.root,
            paths: scanned.allFiles.map(\.path) + namedConfigurations + policy.configurationPaths(under: scanned.root),
            files: policy)
        if configurations.files.contains(where: {
            !$0.scope.isEmpty && !($0.configuration.include + $0.configuration.exclude).isEmpty
        }) {
            (scanned, named) = scan(options, globs: configurations.globs)
        }
        try configurations.validateRules(against: options.catalog)
        var result = ScanResult(
            project: scanned, configurations: configurations, reported: named, namedConfigurations: namedConfigurations)
        if let revision = policy.revisionName {
            (result.policyChanges, result.workTreeBaseline) = try policyChanges(
                since: revision, in: result, options: options)
        }
        return result
    }

    /// Pull-request mode: the work tree's configurations, read as they would be without it, and
    /// how they weaken those of the base revision that are in effect.
    private static func policyChanges(
        since revision: String, in result: ScanResult, options: LintOptions
    ) throws -> ([Finding], String?) {
        let root = result.project.root
        var ours = try NestedConfigurations.load(explicit: options.configurationPath, root: root)
        try ours.addNested(
            explicit: options.configurationPath, root: root,
            paths: result.project.allFiles.map(\.path) + result.namedConfigurations)
        try ours.validateRules(against: options.workTreeCatalog ?? options.catalog)
        // Files the work tree's globs would leave out that the base's lint.
        var lost: [String] = []
        let (theirGlobs, ourGlobs) = (result.configurations.globs, ours.globs)
        if theirGlobs.includes != ourGlobs.includes || theirGlobs.excludes != ourGlobs.excludes {
            let kept = Set(scan(options, globs: ourGlobs).0.allFiles.map(\.path))
            lost = result.project.allFiles.map(\.path).filter { !kept.contains($0) }
        }
        let explicit = options.configurationPath.map {
            ProjectPath.relative(
                URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: options.currentDirectory + "/"))
                    .standardizedFileURL.path, to: root)
        }
        let changes = PolicyChanges.configurations(
            base: result.configurations, workTree: ours, catalog: options.catalog, revision: revision, lostFiles: lost,
            located: { path in path == options.configurationPath ? explicit ?? path : path })
        return (changes, ours.root.baselineFile)
    }

    /// The root-relative paths of the `.authlint.yml` files among the paths given: regular files
    /// inside the root.
    private static func configurationFiles(among options: LintOptions, root: String) -> [String] {
        let base = URL(fileURLWithPath: options.currentDirectory + "/")
        let project = ProjectRoot(root)
        return options.scan.paths.compactMap { path in
            let absolute = ProjectPath.normalize(URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path)
            guard ProjectPath.lastComponent(of: absolute) == Configuration.fileName, project.contains(absolute) else {
                return nil
            }
            var status = stat()
            guard lstat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return ProjectPath.relative(absolute, to: root)
        }.sorted()
    }

    /// Scans the paths given, with the configurations' globs. When they are only part of the
    /// root, the whole root is scanned for the project's facts, and the files the paths hold are
    /// returned as those to report.
    private static func scan(
        _ options: LintOptions, globs: (includes: [ScopedGlob], excludes: [ScopedGlob])
    ) -> (ScannedProject, named: Set<String>?) {
        var scan = options.scan
        scan.configuredIncludes = globs.includes
        scan.configuredExcludes = globs.excludes
        var scanned = ProjectScanner.scan(scan, currentDirectory: options.currentDirectory)
        guard reportsPartOfTheRoot(options.scan, root: scanned.root, currentDirectory: options.currentDirectory) else {
            return (scanned, nil)
        }
        let named = Set(scanned.allFiles.map(\.path))
        let given = scanned.diagnostics
        scan.paths = [scanned.root]
        scanned = ProjectScanner.scan(scan, currentDirectory: options.currentDirectory)
        scanned.diagnostics = given
        return (scanned, named)
    }
}
