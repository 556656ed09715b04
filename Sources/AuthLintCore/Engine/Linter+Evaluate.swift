import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// What evaluating the rules found: a finding for each site, in the order the sites were
/// found, and a word for each file whose step budget ran out. `Narrowing.swift` decides what of
/// it is reported.
struct Evaluation {
    var findings: [Finding]
    var diagnostics: [Diagnostic]
}

extension Linter {
    /// Stage 5, evaluate: runs `rules` as a list of passes, each on what the ones before it
    /// found. With `reporting`, each rule runs only on the files whose findings could land in a
    /// reported file (``ReportedFiles/reaches(_:_:)``); the caller reports nothing else, so the
    /// findings it keeps are the same.
    static func evaluate(
        _ run: AnalysisRun, rules: [RuleSpec], configurations: NestedConfigurations, reporting: ReportedFiles? = nil,
        allowance: StepBudget.Allowance = .standard
    ) -> Evaluation {
        let project = run.project
        let firstOnly = rules.map {
            $0.match.oncePerProject && $0.match.throughHelpers == nil && $0.match.others == nil
        }
        // The files that use the names the searches and the rules' patterns need, found in one
        // pass over the project's names, so that a pass that looks through files a rule may not
        // match in asks the rule only of those that have the names. Where every file is reported,
        // only the rules reported once per target, and those that ask project-wide questions, look so.
        let searchesOf = rules.map(\.projectSearches)
        let asking =
            reporting == nil
            ? rules.indices.filter { firstOnly[$0] || !searchesOf[$0].isEmpty } : Array(rules.indices)
        let postings = project.postings(
            of: Set(searchesOf.joined()).flatMap(RuleEvaluator.namesNeeded)
                + asking.flatMap { RuleEvaluator.namesNeeded(by: rules[$0]) })
        // A fact is asked only at a match of the rule that asks it: the searches of a rule that no
        // file has the names to match are not answered.
        let searches = Array(
            Set(
                rules.indices.filter { RuleEvaluator.mayMatchSomewhere(rules[$0], postings) }.flatMap { searchesOf[$0] }
            ))
        // 1. The project-wide searches, each answered once for every target: the rules' facts.
        let (facts, searchesStopped) = answerProjectSearches(searches, run, postings, allowance)
        let declared = PerFile(project.paths.map { configurations.configuration(for: $0).loginServices != nil })
        let evaluator = RuleEvaluator(
            run: run, facts: facts, rules: rules, loginServicesDeclared: declared, allowance: allowance)
        // 2. Every rule on every file, in parallel, except those reported once per target.
        var perFile = sitesInEveryFile(rules, skipping: firstOnly, evaluator, reporting, postings, allowance)
        // 3. The rules reported once per target: in each target, the first file with a site.
        let first = firstSites(
            of: rules.indices.filter { firstOnly[$0] }, rules, evaluator, postings, perFile, reporting)
        for file in first.stopped { perFile[file] = perFile[file].stopping() }
        for (file, ruleIndex, site) in first.sites { perFile[file].sites.append((ruleIndex, site)) }
        // 4. The sites inside the app's own helpers that calls hand what reaches them. A call the
        // rule already finds by itself (`defaults.setValue(token, forKey:)`, which an app's own
        // `setValue(_:forKey:)` helper also answers to by name) is one defect, found once.
        for (ruleIndex, site) in helperSites(rules, perFile, evaluator, reporting) where !perFile[site.file].stopped {
            let found = perFile[site.file].sites.contains {
                $0.0 == ruleIndex && $0.1.range.overlaps(site.range)
            }
            if !found { perFile[site.file].sites.append((ruleIndex, site)) }
        }
        // 5. A finding for each site.
        let findings = FindingBuilder(rules: rules, run: run, facts: facts).findings(perFile.map(\.sites))
        // 6. A word for each file whose budget ran out.
        let stopped = searchesStopped.union(perFile.ids.filter { perFile[$0].stopped })
        return Evaluation(
            findings: findings, diagnostics: stopped.sorted().map { budgetDiagnostic(project.files[$0], allowance) })
    }

    /// Pass 2: the sites (and the calls of the app's helpers that may lead to one) of every rule
    /// in every file, in parallel. A file whose budget runs out stops there, with nothing found.
    private static func sitesInEveryFile(
        _ rules: [RuleSpec], skipping: [Bool], _ evaluator: RuleEvaluator, _ reporting: ReportedFiles?,
        _ postings: NamePostings, _ allowance: StepBudget.Allowance
    ) -> PerFile<FileOutcome> {
        let reach = rules.map { ReportedFiles.Reach($0.match) }
        // The patterns reported once per target run on every file of a reported file's target:
        // another file's site may be the one a reported file's site is listed with.
        let grouped = rules.map { $0.match.others == nil ? $0.match.groupedPatterns : [] }
        let mayMatch = reporting == nil ? nil : filesMayMatch(rules, reach, grouped, evaluator, postings)
        return PerFile(
            evaluator.project.files.ids.parallelMap { fileIndex -> FileOutcome in
                let budget = StepBudget(bytes: evaluator.project.files.byteCount(fileIndex), allowance: allowance)
                let bounded = evaluator.spending(budget)
                var outcome = FileOutcome()
                // Rules are read in place, by index: a rule is a large value, copied field by field.
                for ruleIndex in rules.indices where !skipping[ruleIndex] {
                    let reached = reporting?.reaches(reach[ruleIndex], fileIndex) ?? true
                    guard reached || !grouped[ruleIndex].isEmpty && reporting?.reaches(.ownTarget, fileIndex) == true
                    else { continue }
                    if let mask = mayMatch?[ruleIndex], !(mask.files.contains(fileIndex) || reached && !mask.whole) {
                        continue
                    }
                    let scanned = bounded.scan(
                        rules[ruleIndex], inFile: fileIndex, only: reached ? nil : grouped[ruleIndex])
                    outcome.sites += scanned.sites.map { (ruleIndex, $0) }
                    outcome.sinks += scanned.sinks.map { (ruleIndex, $0) }
                    outcome.spent = budget.spent
                    // What was found before the budget ran out may lack what would have cleared it.
                    if budget.isSpent { return outcome.stopping() }
                }
                return outcome
            })
    }

    /// For each rule that runs on files nobody asked about (reported from another file, or with
    /// patterns whose sites are listed with another file's finding), the files where its clauses
    /// may match: told by the names its patterns need (`postings`), and by the words its word
    /// clauses do. Where only some files are reported, asking each file about each of such a
    /// rule's clauses, imports and facts would cost more than the rest of the run. The files of
    /// all its clauses (`whole`), or of those it runs on the files it need not report in.
    private static func filesMayMatch(
        _ rules: [RuleSpec], _ reach: [ReportedFiles.Reach], _ grouped: [[Int]], _ evaluator: RuleEvaluator,
        _ postings: NamePostings
    ) -> [(files: FileMask, whole: Bool)?] {
        let wide = rules.indices.filter { reach[$0] == .anywhere || reach[$0] == .ownTarget || !grouped[$0].isEmpty }
        let masks = wide.parallelMap { ruleIndex in
            let whole = reach[ruleIndex] == .anywhere || reach[ruleIndex] == .ownTarget
            return (
                evaluator.fileMask(mayMatch: rules[ruleIndex], among: whole ? nil : grouped[ruleIndex], postings), whole
            )
        }
        var byRule = [(files: FileMask, whole: Bool)?](repeating: nil, count: rules.count)
        for (ruleIndex, mask) in zip(wide, masks) { byRule[ruleIndex] = mask }
        return byRule
    }

    /// Pass 4: the sites inside the app's own helpers, for each call that hands one what reaches
    /// a rule's site there (`through-helpers`). With `reporting`, also the calls in files not run
    /// that lead into a reported file's helper.
    private static func helperSites(
        _ rules: [RuleSpec], _ perFile: PerFile<FileOutcome>, _ evaluator: RuleEvaluator, _ reporting: ReportedFiles?
    ) -> [(Int, RuleEvaluator.Site)] {
        var sinks = perFile.flatMap(\.sinks)
        let helperRules = rules.enumerated().filter { $0.element.match.throughHelpers != nil }.map {
            (index: $0.offset, rule: $0.element)
        }
        // Sinks are sites of the rules that go through helpers: without such rules there is none.
        guard !helperRules.isEmpty else { return [] }
        let reach = reporting.map { evaluator.helperReach(from: $0.files) }
        if let reach {
            sinks += evaluator.helperSinks(helperRules.filter { $0.rule.match.reportsInItsOwnFile }, reachedFrom: reach)
        }
        let sinksByRule = Dictionary(grouping: sinks, by: \.0).mapValues { $0.map(\.1) }
        return sinksByRule.keys.sorted().parallelMap { ruleIndex in
            evaluator.helperSites(of: rules[ruleIndex], sinksByRule[ruleIndex]!, reportedIn: reach).map {
                (ruleIndex, $0)
            }
        }.flatMap { $0 }
    }

    /// Pass 6: says that matching stopped in a file, and what that leaves out.
    private static func budgetDiagnostic(_ code: CodeView, _ allowance: StepBudget.Allowance) -> Diagnostic {
        let limit = StepBudget(bytes: code.file.bytes.count, allowance: allowance).limit
        return Diagnostic(
            path: code.file.path, kind: .tooComplex,
            message: "matching stopped at this file's budget of \(limit) steps; "
                + "its findings are not reported, and what it adds to project-wide checks may be missed")
    }

    /// Pass 1: the answer to each project-wide search for each target, and the files whose step
    /// budget ran out while a search looked through them.
    private static func answerProjectSearches(
        _ all: [ProjectSearch], _ run: AnalysisRun, _ postings: NamePostings, _ allowance: StepBudget.Allowance
    ) -> ([ProjectSearch: [Bool]], Set<FileID>) {
        let project = run.project
        // Searches written alike (the same provider's sign-in, asked by several rules) are answered
        // once, by the first of them.
        var first: [String: ProjectSearch] = [:]
        for search in all { if let signature = search.signature, first[signature] == nil { first[signature] = search } }
        func answering(_ search: ProjectSearch) -> ProjectSearch { search.signature.flatMap { first[$0] } ?? search }
        let ordered = all.filter { answering($0) === $0 }
        let evaluator = RuleEvaluator(run: run, facts: [:], allowance: allowance)
        let candidates = ordered.parallelMap { evaluator.files(mayMatch: $0, postings) }
        // The files summarised from their bytes that a search may match in are lexed first, all
        // at once: each search would lex them one at a time.
        let unlexed = Set(project.unlexedFiles)
        let wanted = Set(candidates.joined()).filter(unlexed.contains).sorted()
        _ = wanted.parallelMap { project.files[$0].count }
        // A search of reachable code asks which files use the names of what encloses a match.
        if ordered.indices.contains(where: { ordered[$0].anywhere != nil && !candidates[$0].isEmpty }) {
            project.prepareNameLookups()
        }
        let answers = Array(candidates.indices).parallelMap { search in
            var byTarget = [[FileID]](repeating: [], count: project.targets.count)
            for file in candidates[search] { byTarget[project.targetOfFile[file].index].append(file) }
            return byTarget.map { evaluator.search(for: ordered[search], among: $0) }
        }
        let stopped = Set(answers.joined().flatMap(\.stopped))
        let found = Dictionary(uniqueKeysWithValues: zip(ordered, answers.map { $0.map(\.found) }))
        return (Dictionary(uniqueKeysWithValues: all.map { ($0, found[answering($0)]!) }), stopped)
    }
}
