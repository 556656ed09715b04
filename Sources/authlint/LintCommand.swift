import ArgumentParser
import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import Foundation

extension OutputFormat: ExpressibleByArgument {}
extension FailureThreshold: ExpressibleByArgument {}

/// Where a pull-request run (`--changed-since`) reads its policy from.
enum PolicyChoice: String, CaseIterable, ExpressibleByArgument {
    /// The `.authlint.yml` files, baseline and team rules inside the repository as they are at the revision.
    case base
    /// As they are on disk, pull request included.
    case worktree
}

/// Options that change how a run spends time and memory, never what it finds. Hidden from
/// `--help`, as ruff hides its own; `--help-hidden` lists them.
struct TuningOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Read each Swift file's bytes for the names it may use first, and lex only those a rule may match in and those a project-wide question reaches.",
            visibility: .hidden))
    var prefilter = false

    @Option(
        help: ArgumentHelp(
            "How many MiB of Swift and Objective-C source the code held in memory may come from; 32 by default. In a larger tree, each file's code is let go once it is summarised and lexed again when asked for, so memory stays bounded.",
            valueName: "MiB", visibility: .hidden))
    var residentSource: Int?

    @Flag(
        help: ArgumentHelp(
            "Print how long each stage of the run took, and how many files were lexed, to standard error.",
            visibility: .hidden))
    var timings = false
}

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint files or folders; `authlint samples` is `authlint lint samples`.",
        discussion:
            "Tuning options, which change how a run spends time and memory but never what it finds, are listed by --help-hidden."
    )

    @Argument(help: "Files or directories to lint; by default the current directory. A directory is the project root.")
    var paths: [String] = []

    @Option(
        help:
            "The project root, read whole for the project-wide facts while only the paths given are reported; by default the one folder given, else found upward from the paths."
    )
    var root: String?

    @Option(
        help: ArgumentHelp(
            "Lint standard input as the file at PATH, with the project around it, as an editor passes its unsaved buffer; the file need not exist. With --fix, print the fixed text to standard output and the report to standard error.",
            valueName: "PATH"))
    var stdinFilename: String?

    @Option(help: "The report's format.")
    var format: OutputFormat = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write a report in another format to a file, as FORMAT=PATH (e.g. sarif=authlint.sarif); may be repeated.",
            valueName: "FORMAT=PATH"))
    var reports: [String] = []

    @Option(name: .customLong("rules"), help: "A directory of extra rule files (YAML); may be repeated.")
    var ruleDirectories: [String] = []

    @Option(help: ArgumentHelp("Run only these rules (ids separated by commas); may be repeated.", valueName: "ID,..."))
    var select: [String] = []

    @Option(
        help: ArgumentHelp("Do not run these rules (ids separated by commas); may be repeated.", valueName: "ID,..."))
    var ignore: [String] = []

    @Option(
        help: "Exit 1 when a finding is at or above this severity; by default the configuration's fail-on, else error.")
    var failOn: FailureThreshold?

    @Option(help: "Colour the text output; auto honours NO_COLOR.")
    var color: ColorMode = .auto

    @Option(
        help:
            "Glob of files to skip (relative to the project root); may be repeated. Applies to files named on the command line too."
    )
    var exclude: [String] = []

    @Option(
        help:
            "A configuration file, used alone; by default the .authlint.yml files from the repository root down to each file."
    )
    var config: String?

    @Option(
        help:
            "Report only findings not recorded in this baseline file; by default the configuration's baseline, if any.")
    var baseline: String?

    @Option(help: "Record today's findings in this baseline file (sorted JSON), then report as usual.")
    var writeBaseline: String?

    @Flag(help: "With --baseline: fail when baseline entries no longer match (fixed), so the file only shrinks.")
    var strictBaseline = false

    @Option(help: "Report only findings in files changed since this git revision (untracked files count as changed).")
    var changedSince: String?

    @Flag(
        help:
            "Report only findings on lines changed since --changed-since, else since HEAD, the way a pull-request gate reads a diff."
    )
    var changedLines = false

    @Option(
        help: ArgumentHelp(
            "With --changed-since: read the .authlint.yml files, the baseline and the team rule folders inside the repository as they are at that revision (base, the default), reporting what the change weakens as policy-changed; or as they are on disk (worktree), for a repository that trusts its contributors.",
            valueName: "base|worktree"))
    var policy: PolicyChoice?

    @Option(
        help:
            "Base URL of the rules' documentation for SARIF `helpUri` (`{id}` is replaced by the rule id); by default each built-in rule's page in docs/rules/ on GitHub."
    )
    var sarifHelpUrl: String?

    @Option(
        help:
            "Where to keep file summaries between runs that report only some files; by default the user's cache folder, ~/.cache/authlint or ~/Library/Caches/authlint."
    )
    var cacheDir: String?

    @Flag(help: "Keep no file summaries between runs.")
    var noCache = false

    @Option(
        help:
            "Prefix for the Markdown report's links, before each displayed path (for instance https://github.com/OWNER/REPO/blob/SHA/)."
    )
    var linkBase: String?

    @Option(
        help:
            "Make SARIF URIs and GitLab Code Quality paths relative to this folder instead of the project root (the repository root, when a subfolder is linted)."
    )
    var sarifRoot: String?

    @OptionGroup(title: "Tuning")
    var tuning: TuningOptions

    @Flag(
        help: "Print absolute paths (for Xcode's issue navigator) instead of paths relative to the current directory.")
    var absolutePaths = false

    @Flag(name: [.short, .long], help: "Print findings only, no summary.")
    var quiet = false

    @Flag(
        help:
            "Apply the fixes the rules declare (entitlements, privacy manifest, log privacy), then report what remains."
    )
    var fix = false

    @Flag(help: "With --fix: print the fixes as a unified diff instead of applying them (exit 1 when there is one).")
    var diff = false

    func validate() throws {
        _ = try extraReports()
        if diff, !fix {
            throw ValidationError("--diff shows what --fix would change: give both, --fix --diff.")
        }
        if stdinFilename != nil, !paths.isEmpty {
            throw ValidationError("--stdin-filename lints standard input as the file it names: give no other paths.")
        }
        if let stdinFilename, stdinFilename.isEmpty {
            throw ValidationError("--stdin-filename expects the path of the file standard input holds.")
        }
        if let changedSince, changedSince.isEmpty || changedSince.hasPrefix("-") {
            throw ValidationError(
                "--changed-since expects a git revision (a branch, tag or commit), not `\(changedSince)`.")
        }
        if policy != nil, changedSince == nil {
            throw ValidationError(
                "--policy chooses where a pull-request run reads its policy: give it with --changed-since REV.")
        }
    }

    /// The lines changed since `--changed-since`, when it or `--changed-lines` is given.
    private func changedLinesOfTheTree(_ root: String) throws -> ChangedLines? {
        guard changedSince != nil || changedLines else { return nil }
        return try ChangedLines.since(changedSince ?? "HEAD", root: root)
    }

    /// Keeps what the baseline and `--changed-since` leave to report (and to fix).
    private func narrow(_ report: inout LintReport, accepted: Baseline?, changed: ChangedLines?) {
        if let accepted { report.apply(accepted) }
        report.strictBaseline = strictBaseline
        if let changed { report.keep(changed: changed, lines: changedLines) }
    }

    /// Pull-request mode: the entries the work tree's baseline adds to the one in effect, and the
    /// team rule files (`teamRules`, as at the revision and in the work tree) it removes or changes.
    private func policyChanges(
        _ report: LintReport, accepted: Baseline?, revision: String,
        teamRules: (base: [RuleCatalog.TeamFile], workTree: [RuleCatalog.TeamFile]), currentDirectory: String
    ) throws -> [Finding] {
        var changes: [Finding] = []
        if let file = baseline.map({ Self.absolute($0, from: currentDirectory) }) ?? report.workTreeBaseline,
            let data = FileManager.default.contents(atPath: file)
        {
            changes += PolicyChanges.baseline(
                base: accepted, workTree: try Baseline.decode(data, path: file), file: file,
                text: String(decoding: data, as: UTF8.self),
                root: report.root, revision: revision)
        }
        changes += PolicyChanges.teamRules(
            base: teamRules.base, workTree: teamRules.workTree, root: report.root, revision: revision)
        return changes
    }

    /// `--select` and `--ignore` as rule ids: an alias stands for its rule, and a name no rule has
    /// is an error with the nearest id.
    private func chosenRules(_ catalog: RuleCatalog) throws -> (Set<String>?, Set<String>) {
        func ids(_ values: [String], _ option: String) throws -> Set<String> {
            var found = Set<String>()
            for name in values.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) })
            where !name.isEmpty {
                guard let rule = catalog.rule(named: name) else {
                    printError(
                        "error: --\(option): no rule named `\(name.terminalSafe())`"
                            + Suggestion.didYouMean(name, catalog.rules.map(\.id)))
                    throw ExitCode(2)
                }
                found.insert(rule.id)
            }
            return found
        }
        let selected = try ids(select, "select")
        if !select.isEmpty, selected.isEmpty {
            printError("error: --select names no rule")
            throw ExitCode(2)
        }
        return (select.isEmpty ? nil : selected, try ids(ignore, "ignore"))
    }

    /// The baseline: `--baseline`, else the one the configuration names. A configured baseline
    /// that does not exist yet is fine only when this run writes it.
    /// In pull-request mode a baseline inside the repository is read as it is at the revision;
    /// one that is not there yet accepts nothing.
    private func acceptedFindings(_ report: LintReport, files: PolicyFiles) throws -> Baseline? {
        if let revision = files.revisionName, let path = baseline ?? report.configuredBaseline?.file {
            if let found = try Baseline.load(path: path, files: files) { return found }
            let shown = baseline ?? report.configuredBaseline?.written ?? path
            printError(
                "note: the baseline \(shown.terminalSafe()) does not exist at \(revision.terminalSafe()); it accepts no finding"
            )
            return Baseline(findings: [])
        }
        if let baseline { return try Baseline.load(path: baseline) }
        if let configured = report.configuredBaseline {
            if writeBaseline != nil, !FileManager.default.fileExists(atPath: configured.file) { return nil }
            do {
                return try Baseline.load(path: configured.file)
            } catch let error as FileError {
                throw FileError(
                    path: configured.written, line: 0,
                    message: "\(error.message) (named by `baseline:` in the configuration)")
            }
        }
        if strictBaseline {
            printError(
                "error: --strict-baseline checks the entries of a baseline: give it with --baseline FILE or `baseline:` in .authlint.yml"
            )
            throw ExitCode(2)
        }
        return nil
    }

    /// The paths linted: those given, or the one standard input stands for.
    private var givenPaths: [String] {
        stdinFilename.map { [$0] } ?? (paths.isEmpty ? ["."] : paths)
    }

    func run() throws {
        // A path that is missing or holds nothing to read is an error (exit 2), named on
        // standard error whatever the format; the paths that exist are still linted and reported.
        // The file standard input stands for need not exist.
        let given = givenPaths
        let implicit = CommandLine.arguments.dropFirst().first != LintCommand.configuration.commandName
        let problems =
            stdinFilename != nil
            ? []
            : GivenPaths.problems(given, currentDirectory: FileManager.default.currentDirectoryPath, implicit: implicit)
        guard problems.count < given.count else {
            problems.forEach(printError)
            throw ExitCode(2)
        }
        defer { problems.forEach(printError) }
        do {
            try lint()
        } catch is ExitCode where !problems.isEmpty {
            throw ExitCode(2)
        }
        if !problems.isEmpty { throw ExitCode(2) }
    }

    /// The files named with `--config`, `--baseline`, `--write-baseline` and `--rules`, refused
    /// when one is given inside a linted tree (in CI, the pull request's) but links out of it.
    private func checkNamedFiles(currentDirectory: String) throws {
        let absolute = { (path: String) in Self.absolute(path, from: currentDirectory) }
        let trees = (root.map { [$0] } ?? givenPaths).map { path -> String in
            var isFolder: ObjCBool = false
            let full = absolute(path)
            let isFile =
                path == stdinFilename
                || FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && !isFolder.boolValue
            return isFile ? (full as NSString).deletingLastPathComponent : full
        }
        let named =
            [("--config", config), ("--baseline", baseline), ("--write-baseline", writeBaseline)]
            + ruleDirectories.map { ("--rules", Optional($0)) }
        for case (let option, let path?) in named {
            if let tree = NamedFile.treeLeftByLink(absolute(path), trees: trees) {
                printError(
                    "error: \(option) \(path.terminalSafe()) is inside \(tree.terminalSafe()) but links out of it; not read"
                )
                throw ExitCode(2)
            }
        }
    }

    private func lint() throws {
        let started = Date()
        let extras = try extraReports()
        let currentDirectory = FileManager.default.currentDirectoryPath
        try checkNamedFiles(currentDirectory: currentDirectory)
        var scan = ScanOptions(paths: givenPaths)
        scan.excludes = exclude
        let input = try stdinFilename.map { try StandardInput.read(as: $0, limit: scan.maxFileSize) }
        if let input { scan.buffers[input.path] = input.bytes }
        let absolute = { (path: String) in Self.absolute(path, from: currentDirectory) }
        if let root {
            let folder = absolute(root)
            let outside = scan.paths.filter { path in
                absolute(path) != folder && !absolute(path).hasPrefix(folder == "/" ? "/" : folder + "/")
            }
            guard outside.isEmpty else {
                printError(
                    "error: \(outside.joined(separator: ", ")) \(outside.count == 1 ? "is" : "are") not inside the root \(root)"
                )
                throw ExitCode(2)
            }
            scan.root = folder
        }
        // In pull-request mode the policy is the base revision's: the change under review does
        // not choose the rules it is judged by.
        let policyFiles: PolicyFiles
        do {
            policyFiles =
                try changedSince.flatMap { revision in
                    policy == .worktree
                        ? nil
                        : try PolicyFiles.at(
                            revision, root: ProjectScanner.root(scan, currentDirectory: currentDirectory))
                } ?? .workTree
        } catch let error as FileError {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        // Each folder is read once where the policy comes from, and in pull-request mode once
        // more from the work tree, to compare.
        let teamFiles = try teamRules(ruleDirectories, files: policyFiles)
        let catalog = try loadCatalog(teamFiles)
        let workTreeTeamFiles = policyFiles.revisionName == nil ? nil : try teamRules(ruleDirectories)
        let workTreeCatalog = try workTreeTeamFiles.map(loadCatalog)
        var report: LintReport
        do {
            var lintOptions = LintOptions(
                scan: scan, catalog: catalog, currentDirectory: currentDirectory, configurationPath: config)
            lintOptions.cacheDirectory = noCache ? nil : cacheDir.map(absolute) ?? LintOptions.defaultCacheDirectory
            // Only the HTML report shows each target's sign-in.
            lintOptions.describesSignIn = format == .html || extras.contains { $0.format == .html }
            lintOptions.prefilter = tuning.prefilter
            lintOptions.policy = policyFiles
            lintOptions.workTreeCatalog = workTreeCatalog
            (lintOptions.selectedRules, lintOptions.ignoredRules) = try chosenRules(catalog)
            if let residentSource = tuning.residentSource {
                guard residentSource >= 0, residentSource <= 1 << 20 else {
                    printError("error: --resident-source takes a number of MiB from 0 to \(1 << 20)")
                    throw ExitCode(2)
                }
                lintOptions.residentSourceBytes = residentSource << 20
            }
            report = try Linter.run(lintOptions)
            if tuning.timings { printTimings(report) }
            if let problem = report.cacheProblem { printError("warning: \(problem)") }
            // The old baseline is read before the new one is written: with the same file for both,
            // the findings it did not hold yet are still reported.
            let accepted = try acceptedFindings(report, files: policyFiles)
            let weakened =
                try policyFiles.revisionName.map { revision in
                    try policyChanges(
                        report, accepted: accepted, revision: revision, teamRules: (teamFiles, workTreeTeamFiles ?? []),
                        currentDirectory: currentDirectory)
                } ?? []
            var changed = try changedLinesOfTheTree(report.root)
            if fix {
                var fixable = report
                narrow(&fixable, accepted: accepted, changed: changed)
                if let input {
                    // Standard input's fixed text goes to standard output; what remains in it is linted.
                    guard let fixed = try fixStandardInput(input, fixable) else { return }
                    if fixed != input.bytes {
                        lintOptions.scan.buffers[input.path] = fixed
                        report = try Linter.run(lintOptions)
                    }
                } else {
                    guard let wrote = try applyFixes(fixable) else { return }
                    // What remains, read again, and the lines the fixes changed with it.
                    if wrote {
                        report = try Linter.run(lintOptions)
                        changed = try changedLinesOfTheTree(report.root)
                    }
                }
            }
            if let writeBaseline { try writeOutput(Baseline(findings: report.findings).text, to: writeBaseline) }
            narrow(&report, accepted: accepted, changed: changed)
            report.add(policyChanges: weakened)
        } catch let error as FileError {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        // Standard input the configuration leaves out, as an editor may pass it, has nothing to report.
        if report.filesScanned == 0, input == nil {
            // Nothing was read: a gate that passes on it would pass on anything.
            printError(
                GivenPaths.nothingRead(
                    paths.isEmpty ? ["."] : paths, currentDirectory: currentDirectory,
                    configurations: report.configurationPaths))
            throw ExitCode(2)
        }
        report.absolutePaths = absolutePaths
        // Files get the plain options; standard output on a terminal also colour, excerpts and the time.
        var fileOptions = ReporterOptions(quiet: quiet, sarifHelpBaseURL: sarifHelpUrl)
        fileOptions.rulePages = RuleDocumentation.publishedPages(catalog)
        fileOptions.linkBase = linkBase
        fileOptions.sarifRoot = sarifRoot.map(absolute)
        // With --fix, standard input's fixed text holds standard output, and the report goes to
        // standard error.
        let toStandardError = input != nil && fix
        let toTerminal = output == nil && !toStandardError && Terminal.stdoutIsTerminal
        var options = fileOptions
        options.color = output == nil && !toStandardError && Terminal.colorEnabled(color)
        options.excerpts = toTerminal
        options.elapsed = toTerminal ? Date().timeIntervalSince(started) : nil
        let rendered = format.reporter(options).render(report)
        if let output {
            try writeOutput(rendered, to: output)
        } else {
            (toStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(Data(rendered.utf8))
        }
        for extra in extras {
            try writeOutput(extra.format.reporter(fileOptions).render(report), to: extra.path)
        }
        if report.fails(failOn ?? report.configuredFailOn ?? .error) { throw ExitCode(1) }
        if strictBaseline, report.baselineFixed > 0 {
            let entries =
                report.baselineFixed == 1
                ? "1 baseline entry no longer matches" : "\(report.baselineFixed) baseline entries no longer match"
            printError("error: \(entries); rewrite the baseline with --write-baseline")
            throw ExitCode(1)
        }
    }
}
