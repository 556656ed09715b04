import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// The pipeline, in named stages: scan the tree and its configurations, choose the rules, load
/// (lex, or summarise from the cache) every source file in parallel, index the project, answer
/// the project-wide questions the rules ask and run every rule on every file in parallel, then
/// assemble the report: what the configuration keeps, fixed, fingerprinted and sorted.
public enum Linter {
    /// Lints; throws a ``FileError`` when the configuration is invalid.
    ///
    /// When only files are named (as pre-commit does), the whole project found upward from them
    /// is read, so that project-wide facts stay right, and only the named files are reported.
    public static func run(_ options: LintOptions) throws -> LintReport {
        do {
            return try lint(options)
        } catch var error as FileError where options.configurationPath == nil && !error.path.hasPrefix("/") {
            // A configuration file of the tree, named as the user sees paths (`app/.authlint.yml`).
            let root = ProjectScanner.root(options.scan, currentDirectory: options.currentDirectory)
            if FileManager.default.fileExists(atPath: ProjectPath.join(root, error.path)) {
                error.path = ProjectPath.normalize(
                    displayPrefix(root: root, currentDirectory: options.currentDirectory) + error.path)
            }
            throw error
        }
    }

    /// The stages of a run, in order, each in a file of its own in this folder. Each takes what
    /// the ones before it made, and what a stage made is let go as soon as no later one needs it.
    private static func lint(_ options: LintOptions) throws -> LintReport {
        var clock = StageClock()
        // The summary cache is read while the tree is scanned (`RunCache.swift`), unless a
        // session's last run left a scan and a load to take.
        let cache = RunCache.open(options, prefetch: !(options.session?.mayTakeLoad ?? false))
        // 1. Scan: the root, its files and configurations, and the files to report when the paths
        //    given are part of the root (`Linter+Scan.swift`). Later stages ask `scan.reports`.
        var scan = try clock.time("scan") { try options.session?.scan(options) ?? Linter.scan(options) }
        // 2. Rules: those the configurations and the command line leave on (`RuleSelection.swift`).
        let selection = RuleSelection(options, configurations: scan.configurations)
        // 3. Load: read, lex or summarise every source file, in parallel (`Linter+Load.swift`).
        var loaded = clock.time("load") { load(scan, rules: selection.rules, options: options, cache: cache) }
        // The text given for source files, for a session: what it kept from its last run that
        // the text since can have changed is let go.
        let given =
            options.session == nil
            ? [:]
            : Dictionary(
                scan.project.sourceFiles.compactMap { file in file.buffer.map { (file.path, $0) } },
                uniquingKeysWith: { first, _ in first })
        // The list of sources is the load's alone (a record per file): the later stages read
        // what the load made of them, and the scan's list of every file.
        scan.project.sourceFiles = []
        // 4. Index: the project's facts, files and targets (`ProjectIndex`, in AuthLintAnalysis).
        let project = clock.time("index") {
            ProjectIndex(
                entries: loaded.takeEntries(), words: loaded.words, scanned: scan.project,
                configuredFolders: Set(scan.configurations.byFolder.keys),
                knownTypes: options.catalog.providers.knownTypes, flow: options.catalog.providers.flow,
                residentBytes: options.residentSourceBytes, lexed: options.session?.lexed,
                kept: options.session?.targets)
        }
        options.session?.lookups.seed(project, given: given)
        // The analyses' memos, made for this run and shared by every evaluator (`AnalysisRun`).
        let run = AnalysisRun(project)
        // 5. Evaluate: the rules' passes over the project (`Linter+Evaluate.swift`).
        // 6. Narrow: what of it the run reports (`Narrowing.swift`).
        let narrowed = clock.time("evaluate") {
            var evaluation = evaluate(
                run, rules: selection.rules, configurations: scan.configurations,
                reporting: scan.reported.map { ReportedFiles(project: project, paths: $0) },
                allowance: options.stepAllowance)
            evaluation.findings += keyFileFindings(selection.rules, scan.project)
            return narrow(
                evaluation, project: project, scan: scan, selection: selection, catalog: options.catalog.rules)
        }
        // 7. Report: fixes, excerpts, diagnostics and the sign-in overview (`Linter+Report.swift`).
        var report = clock.time("report") {
            Linter.report(
                scan: scan, selection: selection, loaded: loaded, run: run, narrowed: narrowed, options: options
            )
        }
        // 8. The summary cache is written back when the load changed it.
        if let problem = RunCache.commit(loaded.cache, root: scan.project.root, words: loaded.words) {
            report.cacheProblem = problem
        }
        options.session?.lookups.keep(project, given: given)
        report.timings = clock.stages
        // Freeing a large project's index and the cache read takes a few milliseconds the report
        // need not wait for. Every reference goes: the last one let go frees what it holds.
        ReleasedAside.letGo(scan, consume loaded, consume run, consume project, (consume cache) as Any)
        return report
    }

    /// Runs `rules` over an indexed project; findings come back fingerprinted and sorted, without
    /// those inline suppressions silence.
    public static func check(
        project: ProjectIndex, rules: [RuleSpec],
        configurations: NestedConfigurations = NestedConfigurations(root: Configuration())
    ) -> [Finding] {
        let evaluation = evaluate(AnalysisRun(project), rules: rules, configurations: configurations)
        return suppressing(evaluation, project: project, rules: rules, configurations: configurations).kept
    }
}
