import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// What evaluating the rules found in one file.
struct FileOutcome: Sendable {
    var sites: [(Int, RuleEvaluator.Site)] = []
    var sinks: [(Int, HelperSink)] = []
    /// Whether the file's budget ran out: what it found is then not reported.
    var stopped = false
    /// The steps the rules run on the file spent of its budget (an outcome is kept for every
    /// file of the project, so not the budget itself: see ``budget(_:in:allowance:)``).
    var spent = 0

    /// The outcome of a file whose budget ran out: nothing it found counts.
    func stopping() -> FileOutcome {
        var stopped = FileOutcome(spent: spent)
        stopped.stopped = true
        return stopped
    }

    /// The file's step budget, with what its rules have spent of it taken.
    func budget(_ file: FileID, in project: ProjectIndex, allowance: StepBudget.Allowance) -> StepBudget {
        StepBudget(bytes: project.files.byteCount(file), allowance: allowance, spent: spent)
    }
}

extension Linter {
    /// The sites the report keeps of the rules reported once per target: in each target, those of
    /// the first file (in path order) where the rule finds one that code reaches, else of the first
    /// file where it finds any (an unused view's button stands for the target only when no other
    /// does). A target's files are tried in order,
    /// a growing batch at a time across threads, and none is tried after a rule's first site. With
    /// `reporting`, nor after the last file whose findings could be reported
    /// (``ReportedFiles/lastReached(inTarget:relocating:)``).
    ///
    /// A file spends what is left of the budget the other rules spent in it; one whose budget runs
    /// out is stopped, as in the pass over every file, and the next one is tried. Files stopped in
    /// that pass are not tried, nor files that lack the names every pattern of the rule needs
    /// (`postings`).
    static func firstSites(
        of ruleIndices: [Int], _ rules: [RuleSpec], _ evaluator: RuleEvaluator, _ postings: NamePostings,
        _ outcomes: PerFile<FileOutcome>, _ reporting: ReportedFiles?
    ) -> (sites: [(file: FileID, rule: Int, site: RuleEvaluator.Site)], stopped: [FileID]) {
        var found: [(file: FileID, rule: Int, site: RuleEvaluator.Site)] = []
        var stopped: [FileID] = []
        let masks = Dictionary(
            uniqueKeysWithValues: zip(
                ruleIndices, ruleIndices.parallelMap { evaluator.fileMask(mayMatch: rules[$0], postings) }))
        for target in evaluator.project.targets.ids {
            // The last file each rule looks at in this target.
            var last: [Int: FileID] = [:]
            for rule in ruleIndices {
                // A finding reported where a user's action leads to its site may land in any file.
                if let reporting, rules[rule].match.throughCallers == nil {
                    last[rule] = reporting.lastReached(inTarget: target, relocating: rules[rule].match.relocates)
                } else {
                    last[rule] = evaluator.project.targets[target].files.last
                }
            }
            let files = evaluator.project.targets[target].files
            // Per rule, the sites of the first file where it found only sites nothing reaches.
            var unreached: [Int: (file: FileID, sites: [RuleEvaluator.Site])] = [:]
            // Per rule, the position in `files` of the last file it was tried on.
            var tried: [Int: Int] = [:]
            var stoppedHere = Set<FileID>()
            var next = 0
            var batchSize = 8
            while next < files.count, last.values.contains(where: { $0 >= files[next] }) {
                // The next files some rule still looking may find a site in, without lexing them.
                var batch: [(file: FileID, position: Int, rules: [Int])] = []
                while next < files.count, batch.count < batchSize {
                    let file = files[next]
                    guard last.values.contains(where: { $0 >= file }) else { break }
                    next += 1
                    guard !outcomes[file].stopped, !stoppedHere.contains(file) else { continue }
                    let looking = ruleIndices.filter { rule in
                        last[rule].map { $0 >= file } == true && tried[rule, default: -1] < next - 1
                    }
                    for rule in looking { tried[rule] = next - 1 }
                    let trying = looking.filter {
                        masks[$0]!.contains(file) && !evaluator.runnableClauses(rules[$0], inFile: file).isEmpty
                    }
                    if !trying.isEmpty { batch.append((file, next - 1, trying)) }
                }
                let results = batch.parallelMap {
                    entry -> (sites: [(rule: Int, sites: [RuleEvaluator.Site])], stopped: Bool) in
                    let budget = outcomes[entry.file].budget(
                        entry.file, in: evaluator.project, allowance: evaluator.allowance)
                    let bounded = evaluator.spending(budget)
                    var sites: [(rule: Int, sites: [RuleEvaluator.Site])] = []
                    for rule in entry.rules {
                        let scanned = bounded.scan(rules[rule], inFile: entry.file).sites
                        if budget.isSpent { return ([], true) }
                        if !scanned.isEmpty { sites.append((rule, scanned)) }
                    }
                    return (sites, false)
                }
                // In path order: the first file with a reached site of a rule is the one kept.
                for (entry, result) in zip(batch, results) {
                    if result.stopped {
                        stopped.append(entry.file)
                        stoppedHere.insert(entry.file)
                        continue
                    }
                    for (rule, sites) in result.sites where last[rule] != nil {
                        let reached = sites.contains {
                            evaluator.run.reachability.unreachable(file: entry.file, at: $0.range.lowerBound) == nil
                        }
                        if reached {
                            found += sites.map { (entry.file, rule, $0) }
                            last[rule] = nil
                            unreached[rule] = nil
                        } else if unreached[rule] == nil {
                            unreached[rule] = (entry.file, sites)
                            // A later file's reached site would be the one reported: the files after
                            // this one the rule was not tried on are tried.
                            last[rule] = files.last
                            next = min(next, entry.position + 1)
                        }
                    }
                }
                batchSize = min(batchSize * 2, 512)
            }
            for (rule, first) in unreached.sorted(by: { $0.key < $1.key }) {
                found += first.sites.map { (first.file, rule, $0) }
            }
        }
        return (found, stopped)
    }
}
