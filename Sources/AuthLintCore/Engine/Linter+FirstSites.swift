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
        // Per rule, by its place in `ruleIndices`: they are asked about every file, so not hashed.
        let searched = ruleIndices.map { rules[$0] }
        let masks = searched.parallelMap { evaluator.fileMask(mayMatch: $0, postings) }
        for target in evaluator.project.targets.ids {
            // The last file each rule looks at in this target.
            let last = searched.map { rule in
                // A finding reported where a user's action leads to its site may land in any file.
                if let reporting, rule.match.throughCallers == nil {
                    return reporting.lastReached(inTarget: target, relocating: rule.match.relocates)
                }
                return evaluator.project.targets[target].files.last
            }
            var looking = FirstSiteSearch(last: last)
            let files = evaluator.project.targets[target].files
            var stoppedHere = Set<FileID>()
            var next = 0
            var batchSize = 8
            while next < files.count, looking.anyLooks(at: files[next]) {
                // The next files some rule still looking may find a site in, without lexing them.
                var batch: [(file: FileID, position: Int, rules: [Int])] = []
                while next < files.count, batch.count < batchSize {
                    let file = files[next]
                    guard looking.anyLooks(at: file) else { break }
                    next += 1
                    guard !outcomes[file].stopped, !stoppedHere.contains(file) else { continue }
                    let trying = looking.take(file, at: next - 1).filter {
                        masks[$0].contains(file) && !evaluator.runnableClauses(searched[$0], inFile: file).isEmpty
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
                        let scanned = bounded.scan(searched[rule], inFile: entry.file).sites
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
                    for (rule, sites) in result.sites where looking.last[rule] != nil {
                        let reached = sites.contains {
                            evaluator.run.reachability.unreachable(file: entry.file, at: $0.range.lowerBound) == nil
                        }
                        if reached {
                            found += sites.map { (entry.file, ruleIndices[rule], $0) }
                            looking.last[rule] = nil
                            looking.unreached[rule] = nil
                        } else if looking.unreached[rule] == nil {
                            looking.unreached[rule] = (entry.file, sites)
                            // A later file's reached site would be the one reported: the files after
                            // this one the rule was not tried on are tried.
                            looking.last[rule] = files.last
                            next = min(next, entry.position + 1)
                        }
                    }
                }
                batchSize = min(batchSize * 2, 512)
            }
            for (rule, first) in looking.unreached.enumerated() {
                guard let first else { continue }
                found += first.sites.map { (first.file, ruleIndices[rule], $0) }
            }
        }
        return (found, stopped)
    }
}

/// Where the rules reported once per target stand in one target's files, each rule by its place
/// in the list ``Linter/firstSites(of:_:_:_:_:_:)`` is given.
private struct FirstSiteSearch {
    /// Per rule, the last file it looks at; nil once its site is found.
    var last: [FileID?]
    /// Per rule, the position in the target's files of the last file it was tried on.
    var tried: [Int]
    /// Per rule, the sites of the first file where it found only sites nothing reaches.
    var unreached: [(file: FileID, sites: [RuleEvaluator.Site])?]

    init(last: [FileID?]) {
        self.last = last
        tried = Array(repeating: -1, count: last.count)
        unreached = Array(repeating: nil, count: last.count)
    }

    /// Whether some rule still looks at the file.
    func anyLooks(at file: FileID) -> Bool {
        last.contains { $0.map { $0 >= file } == true }
    }

    /// The rules that look at the file at `position` and were not tried on it, now tried.
    mutating func take(_ file: FileID, at position: Int) -> [Int] {
        let looking = last.indices.filter { last[$0].map { $0 >= file } == true && tried[$0] < position }
        for rule in looking { tried[rule] = position }
        return looking
    }
}
