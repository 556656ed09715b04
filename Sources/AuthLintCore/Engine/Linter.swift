import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
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

    /// The stages of a run, each in its own file of this folder: scan the tree and find the
    /// configurations (`Linter+Scan.swift`), choose the rules (`RuleSelection`), load the sources
    /// (`Linter+Load.swift`), index the project (`ProjectIndex`), evaluate the rules (below), and
    /// assemble the report (`Linter+Report.swift`).
    private static func lint(_ options: LintOptions) throws -> LintReport {
        var clock = StageClock()
        let prefetched = prefetchCache(options)
        var scan = try clock.time("scan") { try Linter.scan(options) }
        var selection = RuleSelection(catalog: options.catalog, configurations: scan.configurations)
        selection.rules.removeAll { rule in
            !(options.selectedRules?.contains(rule.id) ?? true) || options.ignoredRules.contains(rule.id)
        }
        var loaded = clock.time("load") { load(scan, rules: selection.rules, options: options, prefetched: prefetched) }
        // The list of sources is the load's alone (a record per file): the later stages read
        // what the load made of them, and the scan's list of every file.
        scan.project.sourceFiles = []
        let project = clock.time("index") {
            // The index keeps what it needs of the entries; the list itself is let go.
            ProjectIndex(
                entries: loaded.takeEntries(), words: loaded.words, scanned: scan.project,
                configuredFolders: Set(scan.configurations.byFolder.keys),
                knownTypes: options.catalog.providers.knownTypes, residentBytes: options.residentSourceBytes)
        }
        let reportedFiles = scan.reported.map { ReportedFiles(project: project, paths: $0) }
        let outcome = clock.time("evaluate") {
            evaluate(
                project: project, rules: selection.rules, configurations: scan.configurations, reporting: reportedFiles,
                allowance: options.stepAllowance, catalog: options.catalog.rules)
        }
        var report = clock.time("report") {
            Linter.report(
                scan: scan, selection: selection, loaded: loaded, project: project, outcome: outcome, options: options)
        }
        report.timings = clock.stages
        // Freeing a large project's index takes a few milliseconds the report need not wait for.
        ReleasedAside.letGo(scan, consume loaded, consume project)
        return report
    }

    /// For a run that names files, the summary cache of their root, read while the tree is scanned.
    private static func prefetchCache(_ options: LintOptions) -> SummaryCache.Prefetch? {
        guard let folder = options.cacheDirectory else { return nil }
        let root = ProjectScanner.root(options.scan, currentDirectory: options.currentDirectory)
        guard reportsPartOfTheRoot(options.scan, root: root, currentDirectory: options.currentDirectory) else {
            return nil
        }
        return SummaryCache.Prefetch(folderPath: folder, root: root)
    }

    /// Whether the paths given are only part of what is read: any path other than the root itself
    /// (files named on their own, a folder inside the project found around it, or under `--root`).
    static func reportsPartOfTheRoot(_ options: ScanOptions, root: String, currentDirectory: String) -> Bool {
        let base = URL(fileURLWithPath: currentDirectory + "/")
        let folder = ProjectPath.normalize(root)
        return options.paths.contains {
            ProjectPath.normalize(URL(fileURLWithPath: $0, relativeTo: base).standardizedFileURL.path) != folder
        }
    }

    /// Runs `rules` over an indexed project; findings come back fingerprinted and sorted, without
    /// those inline suppressions silence.
    public static func check(
        project: ProjectIndex, rules: [RuleSpec],
        configurations: NestedConfigurations = NestedConfigurations(root: Configuration())
    ) -> [Finding] {
        evaluate(project: project, rules: rules, configurations: configurations).kept
    }

    /// Stage 5, evaluate: runs `rules`, then applies inline suppressions: what they silence is set aside. With
    /// `reporting`, each rule runs only on the files whose findings could land in a reported file
    /// (``ReportedFiles/reaches(_:_:)``); the caller reports nothing else, so the findings it
    /// keeps are the same.
    static func evaluate(
        project: ProjectIndex, rules: [RuleSpec], configurations: NestedConfigurations, reporting: ReportedFiles? = nil,
        allowance: StepBudget.Allowance = .standard, catalog: [RuleSpec]? = nil
    ) -> (kept: [Finding], suppressed: [SuppressedFinding], diagnostics: [Diagnostic]) {
        let onlyFiles = reporting?.files
        let (facts, searchesStopped) = answerProjectSearches(rules, project, allowance)
        let declared = project.paths.map { configurations.configuration(for: $0).loginServices != nil }
        let evaluator = RuleEvaluator(
            project: project, facts: facts, loginServicesDeclared: declared, allowance: allowance)
        let ownFile = rules.map(\.match.reportsInItsOwnFile)
        let reach = rules.map { ReportedFiles.Reach($0.match) }
        // A rule reported once per target keeps only each target's first site: it is looked for
        // after the others, in path order (`firstSites`).
        let firstOnly = rules.map { $0.match.oncePerProject && $0.match.throughHelpers == nil }
        var perFile = Array(project.files.indices).parallelMap { fileIndex -> FileOutcome in
            let budget = StepBudget(bytes: project.files.byteCount(fileIndex), allowance: allowance)
            let bounded = evaluator.spending(budget)
            var outcome = FileOutcome()
            // Rules are read in place, by index: a rule is a large value, copied field by field.
            for ruleIndex in rules.indices
            where !firstOnly[ruleIndex] && reporting?.reaches(reach[ruleIndex], fileIndex) ?? true {
                let scanned = bounded.scan(rules[ruleIndex], inFile: fileIndex)
                outcome.sites += scanned.sites.map { (ruleIndex, $0) }
                outcome.sinks += scanned.sinks.map { (ruleIndex, $0) }
                outcome.spent = budget.spent
                // What was found before the budget ran out may lack what would have cleared it.
                if budget.isSpent { return outcome.stopping() }
            }
            return outcome
        }
        let first = firstSites(of: rules.indices.filter { firstOnly[$0] }, rules, evaluator, perFile, reporting)
        for file in first.stopped { perFile[file] = perFile[file].stopping() }
        for (file, ruleIndex, site) in first.sites { perFile[file].sites.append((ruleIndex, site)) }
        // Calls that hand the app's own helpers what reaches a rule's site inside them.
        var sinks = perFile.flatMap(\.sinks)
        let helperRules = rules.enumerated().filter { $0.element.match.throughHelpers != nil }.map {
            (index: $0.offset, rule: $0.element)
        }
        if let onlyFiles, !helperRules.isEmpty {
            sinks += evaluator.helperSinks(helperRules.filter { ownFile[$0.index] }, reachedFrom: onlyFiles)
        }
        let sinksByRule = Dictionary(grouping: sinks, by: \.0).mapValues { $0.map(\.1) }
        let helperSites = sinksByRule.keys.sorted().parallelMap { ruleIndex in
            evaluator.helperSites(of: rules[ruleIndex], sinksByRule[ruleIndex]!, reportedIn: onlyFiles).map {
                (ruleIndex, $0)
            }
        }
        for (ruleIndex, site) in helperSites.joined() where !perFile[site.file].stopped {
            perFile[site.file].sites.append((ruleIndex, site))
        }
        var findings: [Finding] = []
        var reportedOnce = Set<[Int]>()
        // Files are in path order; within a file, order sites by position so "once per project" keeps the first.
        let ordered = perFile.map { $0.sites.sorted { $0.1.range.lowerBound < $1.1.range.lowerBound } }.joined()
        for (ruleIndex, site) in ordered {
            let rule = rules[ruleIndex]
            if rule.match.oncePerProject {
                guard reportedOnce.insert([ruleIndex, project.targetOfFile[site.file]]).inserted else { continue }
            }
            findings.append(finding(rule, site, project, facts))
        }
        // Several sites can point at the same line of a property list with the same words: one
        // finding, with each site as a related place.
        var merged: [String: Int] = [:]
        var unique: [Finding] = []
        for finding in findings {
            let key = "\(finding.rule)\u{0}\(finding.path)\u{0}\(finding.line):\(finding.column)\u{0}\(finding.message)"
            if let index = merged[key] {
                unique[index].related += finding.related.filter { !unique[index].related.contains($0) }
            } else {
                merged[key] = unique.count
                unique.append(finding)
            }
        }
        // A suppression may name any rule of the catalog, also one this run does not run.
        let filter = SuppressionFilter(
            project: project, catalog: rules, known: catalog ?? rules,
            requireReason: { configurations.configuration(for: $0).requireSuppressionReason })
        let outcome = filter.apply(unique)
        let kept = fingerprinted(outcome.kept.sorted(by: Finding.reportOrder), project: project)
        let suppressedFindings = fingerprinted(
            outcome.suppressed.map(\.finding).sorted(by: Finding.reportOrder), project: project)
        let reasons = Dictionary(
            outcome.suppressed.map {
                ("\($0.finding.rule)|\($0.finding.path)|\($0.finding.line)|\($0.finding.column)", $0.reason)
            },
            uniquingKeysWith: { first, _ in first })
        let suppressed = suppressedFindings.map { finding in
            SuppressedFinding(
                finding: finding,
                reason: reasons["\(finding.rule)|\(finding.path)|\(finding.line)|\(finding.column)"] ?? nil)
        }
        let stopped = searchesStopped.union(perFile.indices.filter { perFile[$0].stopped })
        let diagnostics = stopped.sorted().map { fileIndex in
            let code = project.files[fileIndex]
            return Diagnostic(
                path: code.file.path, kind: .tooComplex,
                message:
                    "matching stopped at this file's budget of \(StepBudget(bytes: code.file.bytes.count, allowance: allowance).limit) steps; "
                    + "its findings are not reported, and what it adds to project-wide checks may be missed")
        }
        return (kept, suppressed, diagnostics)
    }

    /// The answer to each project-wide search for each target, and the files whose step budget ran
    /// out while a search looked through them.
    private static func answerProjectSearches(
        _ rules: [RuleSpec], _ project: ProjectIndex, _ allowance: StepBudget.Allowance
    ) -> ([ProjectSearch: [Bool]], Set<Int>) {
        let all = Array(Set(rules.flatMap(\.projectSearches)))
        // Searches written alike (the same provider's sign-in, asked by several rules) are answered
        // once, by the first of them.
        var first: [String: ProjectSearch] = [:]
        for search in all { if let signature = search.signature, first[signature] == nil { first[signature] = search } }
        func answering(_ search: ProjectSearch) -> ProjectSearch { search.signature.flatMap { first[$0] } ?? search }
        let ordered = all.filter { answering($0) === $0 }
        let evaluator = RuleEvaluator(project: project, facts: [:], allowance: allowance)
        // The files that use the names the searches need are found in one pass.
        let postings = project.postings(of: ordered.flatMap(RuleEvaluator.namesNeeded))
        let candidates = ordered.parallelMap { evaluator.files(mayMatch: $0, postings) }
        // The files summarised from their bytes that a search may match in are lexed first, all
        // at once: each search would lex them one at a time.
        let unlexed = Set(project.unlexedFiles)
        let wanted = Set(candidates.joined()).filter(unlexed.contains).sorted()
        _ = wanted.parallelMap { project.files[$0].count }
        let answers = Array(candidates.indices).parallelMap { search in
            var byTarget = [[Int]](repeating: [], count: project.targets.count)
            for file in candidates[search] { byTarget[project.targetOfFile[file]].append(file) }
            return byTarget.map { evaluator.search(for: ordered[search], among: $0) }
        }
        let stopped = Set(answers.joined().flatMap(\.stopped))
        let found = Dictionary(uniqueKeysWithValues: zip(ordered, answers.map { $0.map(\.found) }))
        return (Dictionary(uniqueKeysWithValues: all.map { ($0, found[answering($0)]!) }), stopped)
    }

    private static func finding(
        _ rule: RuleSpec, _ site: RuleEvaluator.Site, _ project: ProjectIndex, _ facts: [ProjectSearch: [Bool]]
    ) -> Finding {
        let code = project.files[site.file]
        let first = code.tokens[site.range.lowerBound]
        let end = code.file.endLocation(of: code.tokens[max(site.range.lowerBound, site.range.upperBound - 1)])
        var severity = site.severity ?? rule.description.severity
        let target = project.targetOfFile[site.file]
        for override in rule.severityWhen where facts[override.when]?[target] == true { severity = override.severity }
        var template =
            site.message ?? rule.messageWhen.last { facts[$0.when]?[target] == true }?.message ?? rule.message
        if let unnamed = rule.messageUnnamed, let reported = rule.match.report, let binding = site.bindings[reported],
            RuleEvaluator.snippet(binding, code) == "_"
        {
            template = unnamed
        }
        var message = render(template, site.bindings, code, label: site.label, elsewhere: site.boundElsewhere)
        if let unknown = site.relocation?.unknown {
            severity = .note
            message = unknown
        }
        if let relocation = site.relocation, let path = relocation.path {
            // Reported in a property list, at the line's first character; the code that made it
            // matter is the related place.
            let text = project.resources.texts[path]?.lineText(relocation.line) ?? ""
            let column = 1 + text.utf16.prefix { $0 == 0x20 || $0 == 0x09 }.count
            var finding = Finding(
                rule: rule.id, severity: severity, message: message, path: path, line: relocation.line, column: column,
                related: [
                    Finding.Related(
                        path: code.file.path, line: Int(first.line), column: Int(first.column),
                        message: "the code that makes this apply")
                ])
            finding.fixRequest = fixRequest(site)
            return finding
        }
        var finding = Finding(
            rule: rule.id, severity: severity, message: message,
            path: code.file.path, line: Int(first.line), column: Int(first.column),
            endLine: end.line, endColumn: end.column,
            related: helperPlace(rule, site, project)
                + relatedPlaces(rule, site, RuleEvaluator(project: project, facts: facts)))
        finding.fixRequest = fixRequest(site)
        return finding
    }

    private static func fixRequest(_ site: RuleEvaluator.Site) -> FixRequest? {
        site.fix.map {
            FixRequest(
                spec: $0, file: site.file, range: site.range, lacks: site.relocation?.lacks,
                plist: site.relocation?.path)
        }
    }

    /// For a call of the app's own helper, the site inside the helper.
    static func helperPlace(_ rule: RuleSpec, _ site: RuleEvaluator.Site, _ project: ProjectIndex) -> [Finding.Related]
    {
        guard let through = site.through, let message = rule.match.throughHelpers?.related else { return [] }
        let code = project.files[through.file]
        let token = code.tokens[through.range.lowerBound]
        return [
            Finding.Related(path: code.file.path, line: Int(token.line), column: Int(token.column), message: message)
        ]
    }

    /// The first place of each of the rule's related patterns, with the site's metavariables
    /// bound (not in a provider's patterns, which have their own): in the site's file first,
    /// then in the rest of its target; or, `within: flow`, in the site's sign-in flow, nearest
    /// first. A place asked to be unreachable says why it is.
    static func relatedPlaces(_ rule: RuleSpec, _ site: RuleEvaluator.Site, _ evaluator: RuleEvaluator) -> [Finding
        .Related]
    {
        guard !rule.related.isEmpty else { return [] }
        let project = evaluator.project
        let target = project.targetOfFile[site.file]
        var flow: [CodeRange]?
        return rule.related.enumerated().compactMap { number, place in
            if !place.conditions.isEmpty {
                var ignored: RuleEvaluator.Relocation?
                let match = Match(range: site.range, bindings: site.bindings)
                guard
                    evaluator.spending(StepBudget(bytes: project.files.byteCount(site.file))).holds(
                        place.conditions, match, site.file, &ignored)
                else { return nil }
            }
            // The files of the target where a clause may match (the same for every site of the
            // rule there), the site's own first.
            let candidates = project.relatedCandidates(RelatedInTarget(rule: rule.id, place: number, target: target)) {
                project.targets[target].files.filter { file in
                    place.clauses.contains { evaluator.accepts($0, file) && project.mayMatch($0, inFile: file) }
                }
            }
            let regions: [CodeRange]
            switch place.within {
            case .target:
                let files = (candidates.contains(site.file) ? [site.file] : []) + candidates.filter { $0 != site.file }
                regions = files.map { CodeRange(file: $0, range: 0..<project.files[$0].count) }
            case .flow:
                if flow == nil { flow = project.flowRegions(around: site.range.lowerBound, inFile: site.file) }
                regions = flow!.filter { candidates.contains($0.file) }
            }
            var hitsInFile: [Int: [Match]] = [:]
            for region in regions {
                let code = project.files[region.file]
                let hits = hitsInFile[region.file] ?? relatedHits(place, site, inFile: region.file, evaluator)
                hitsInFile[region.file] = hits
                for hit in hits where region.range.contains(hit.range.lowerBound) {
                    var message = place.message
                    if place.unreachable || place.reachable {
                        let why = project.unreachable(file: region.file, at: hit.range.lowerBound)
                        if place.reachable, why != nil { continue }
                        if place.unreachable {
                            guard let why else { continue }
                            message += ": " + why.reason
                        }
                    }
                    var start = hit.range.lowerBound
                    if code.kind(start) == .period, hit.range.count > 1 { start += 1 }
                    let token = code.tokens[start]
                    return Finding.Related(
                        path: code.file.path, line: Int(token.line), column: Int(token.column), message: message)
                }
            }
            return nil
        }
    }

    /// The matches of a related place's clauses in one file, in order, leaving out the site.
    private static func relatedHits(
        _ place: RelatedPlace, _ site: RuleEvaluator.Site, inFile fileIndex: Int, _ evaluator: RuleEvaluator
    ) -> [Match] {
        let code = evaluator.project.files[fileIndex]
        let budget = StepBudget(bytes: code.file.bytes.count)
        let bounded = evaluator.spending(budget)
        let matcher = Matcher(code, budget: budget)
        var hits: [Match] = []
        for clause in place.clauses where evaluator.accepts(clause, fileIndex) {
            let found =
                clause.words != nil
                ? bounded.matches(clause, matcher)
                : matcher.matches(clause.pattern, bound: clause.label == nil ? site.bindings : [:])
            for match in found where fileIndex != site.file || !match.range.contains(site.range.lowerBound) {
                var ignored: RuleEvaluator.Relocation?
                if bounded.holds(clause.conditions, match, fileIndex, &ignored) { hits.append(match) }
            }
        }
        return hits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Fills `{NAME}` placeholders with the code each metavariable matched, on one line.
    static func render(
        _ template: String, _ bindings: [String: Binding], _ code: CodeView, label: String? = nil,
        elsewhere: [String: String] = [:]
    ) -> String {
        var message = template
        if let label { message = message.replacingOccurrences(of: "{label}", with: label) }
        for (name, text) in elsewhere where message.contains("{\(name)}") {
            message = message.replacingOccurrences(of: "{\(name)}", with: text)
        }
        for (name, binding) in bindings where message.contains("{\(name)}") {
            message = message.replacingOccurrences(of: "{\(name)}", with: RuleEvaluator.snippet(binding, code))
        }
        return message
    }

}

/// The wall-clock time of each stage of a run, in order.
struct StageClock {
    private(set) var stages: [LintReport.StageTime] = []

    mutating func time<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        stages.append(
            LintReport.StageTime(
                stage: stage, seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
                peakBytes: Self.peakResidentBytes()))
        return result
    }

    /// The process's peak resident memory so far.
    static func peakResidentBytes() -> Int? {
        var usage = rusage()
        #if canImport(Darwin)
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)  // bytes
        #else
            guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss) * 1024  // kilobytes
        #endif
    }
}
