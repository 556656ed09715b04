import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Runs one declarative rule over one file of a project.
package struct RuleEvaluator {
    /// The run it evaluates in: the project's index, and the analyses' memos.
    package let run: AnalysisRun
    package var project: ProjectIndex { run.project }
    /// Answers to the project-wide searches for each target, computed once before files are checked.
    let facts: [ProjectSearch: [Bool]]
    /// Per file: whether its configuration declares login services, which silences the rules that ask for it.
    var loginServicesDeclared = PerFile<Bool>()
    /// The steps the analysis under way may take (see ``StepBudget``); unbounded when nil.
    var budget: StepBudget?
    /// What each file's budget is made from.
    package var allowance = StepBudget.Allowance.standard

    /// The sieve of each rule it is made for (``ClauseSieve``), by the rule's id.
    private let sieves: [String: ClauseSieve]

    /// An evaluator in `run`, with the answers to the project-wide searches (`facts`). It sifts
    /// the files for `rules` with sieves made once; any other rule's is made when asked.
    package init(
        run: AnalysisRun, facts: [ProjectSearch: [Bool]], rules: [RuleSpec] = [],
        loginServicesDeclared: PerFile<Bool> = PerFile(), budget: StepBudget? = nil,
        allowance: StepBudget.Allowance = .standard
    ) {
        self.run = run
        self.facts = facts
        self.loginServicesDeclared = loginServicesDeclared
        self.budget = budget
        self.allowance = allowance
        // A sieve stands for its rule by the rule's id: ids two of the rules share have none.
        let ids = Dictionary(grouping: rules.indices, by: { rules[$0].id })
        sieves = ids.compactMapValues { indices in
            indices.count == 1 ? Self.sieve(of: rules[indices[0]], run.project.words) : nil
        }
    }

    /// The sieve of the rule's clauses and conditions.
    private static func sieve(of rule: RuleSpec, _ words: WordIndex) -> ClauseSieve {
        ClauseSieve(clauses: rule.match.patterns, conditions: rule.match.conditions, index: words)
    }

    /// The sieve of a rule: the one made for it, or a new one.
    private func sieve(of rule: RuleSpec) -> ClauseSieve {
        sieves[rule.id] ?? Self.sieve(of: rule, project.words)
    }

    var resolver: ValueResolver { ValueResolver(run: run, budget: budget) }

    /// The same evaluator, spending `budget`.
    package func spending(_ budget: StepBudget) -> RuleEvaluator {
        var copy = self
        copy.budget = budget
        return copy
    }

    /// A site that met every condition.
    package struct Site {
        package var file: FileID
        package var range: Range<Int>
        package var bindings: [String: Binding]
        /// Where to report instead of the code (an entitlements file, a privacy manifest).
        package var relocation: Relocation?
        /// The clause's severity and label, when it has its own.
        package var severity: Severity?
        package var label: String?
        /// The clause's own message, when it has one.
        package var message: String?
        /// The fix of the site's pattern entry, or the rule's.
        package var fix: FixSpec?
        /// For a call of the app's own helper: the site inside the helper it stands for.
        package var through: CodeRange?
        /// Placeholders the helper's site fills that the call does not (`{KEY}` of a key the helper picks).
        package var boundElsewhere: [String: String] = [:]
        /// For a pattern reported once per target: its index among the rule's patterns, and the
        /// words for its other sites.
        package var oncePerTarget: (clause: Int, others: String)?
    }

    /// What an `entitlement-lacks` or `manifest-lacks` condition found missing (``PropertyListLack``).
    package typealias Lacking = PropertyListLack

    /// A finding that belongs in a property list rather than in the code that caused it.
    /// Or, with no place to move to (`path` nil), why the fact the finding rests on is unknown:
    /// such a finding stays at the code as a note that says so.
    package struct Relocation: Hashable {
        package var path: String?
        package var line: Int
        package var unknown: String?
        /// What the property list lacks, for `fix: add-lacking`.
        package var lacks: Lacking?
    }

    /// How many matches deep the matches inside a match that is no site are tried: each level
    /// reads the match's tokens again, so the work stays within this many times the file's.
    static let maxNestedMatchDepth = 4

    /// The rule's sites in a file and, for a rule that follows values through helpers, its
    /// matches whose value comes in through a helper's parameter or setter.
    /// With `only`, only those of the rule's patterns run.
    package func scan(_ rule: RuleSpec, inFile fileIndex: FileID, only: [Int]? = nil, sinksOnly: Bool = false) -> (
        sites: [Site], sinks: [HelperSink]
    ) {
        let spec = rule.match
        let runnable = runnableClauses(rule, inFile: fileIndex, among: only)
        guard !runnable.isEmpty else { return ([], []) }
        let code = project.files[fileIndex]
        let matcher = Matcher(code, budget: budget)
        var candidates: [(match: Match, relocation: Relocation?, order: Int)] = []
        var sinks: [HelperSink] = []
        for order in runnable {
            let clause = spec.patterns[order]
            let declaresFunctions = clause.pattern.declaresFunction
            // A match that is no site may hold one: `functions.https.onRequest(async (req, res) => { … })`
            // matches `$L.$LEVEL(...)` too, around the `logger.info(…)` inside it. Its own
            // matches are tried, a few levels deep.
            func consider(_ match: Match, depth: Int) {
                guard declaresFunctions || !code.isInParameterList(match.range.lowerBound) else { return }
                if !site(match) { nested(in: match, depth: depth) }
            }
            func nested(in match: Match, depth: Int) {
                // Inside its brackets only (its arguments, its closures): a match that starts
                // elsewhere in it (`.auth.info(…)` of `Logger.auth.info(…)`, `.document(id).delete()`
                // of a longer chain) would judge a part of its receiver as if it were the whole.
                guard clause.words == nil, depth < RuleEvaluator.maxNestedMatchDepth else { return }
                var i = match.range.lowerBound
                while i < match.range.upperBound {
                    let kind = code.kind(i)
                    let close = Int(code.partner[i])
                    guard kind == .leftParen || kind == .leftBrace || kind == .leftBracket, close > i + 1,
                        close < match.range.upperBound
                    else {
                        i += 1
                        continue
                    }
                    for inner in matcher.matches(clause.pattern, in: (i + 1)..<close) {
                        consider(inner, depth: depth + 1)
                    }
                    i = close + 1
                }
            }
            // Whether the match is a site (or, with `sinksOnly`, was taken as a sink).
            func site(_ match: Match) -> Bool {
                var relocation: Relocation?
                guard holds(clause.conditions, match, fileIndex, &relocation) else { return false }
                // Only the sinks wanted: a match that no parameter reaches is none. Whether the
                // rule's conditions hold at it, which makes it a site by itself and no sink, is
                // asked only when that can change what its calls find (``helperSites(of:_:reportedIn:)``).
                if sinksOnly {
                    guard let through = spec.throughHelpers,
                        let value = through.metavariable == Pattern.wholeMatch
                            ? match.range : match.bindings[through.metavariable]?.range
                    else { return false }
                    let entries = helperEntries(
                        reaching: value, inFile: fileIndex, usingCall: through.metavariable == Pattern.wholeMatch)
                    if entries.isEmpty { return false }
                    sinks.append(HelperSink(file: fileIndex, match: match, entries: entries, confirmed: false))
                    return true
                }
                let found = holds(spec.conditions, match, fileIndex, &relocation)
                // A site that is a finding by itself is where to fix it: its callers are not asked about.
                if !found, let through = spec.throughHelpers {
                    let value =
                        through.metavariable == Pattern.wholeMatch
                        ? match.range : match.bindings[through.metavariable]?.range
                    if let value {
                        let entries = helperEntries(
                            reaching: value, inFile: fileIndex, usingCall: through.metavariable == Pattern.wholeMatch)
                        if !entries.isEmpty {
                            sinks.append(HelperSink(file: fileIndex, match: match, entries: entries))
                        }
                    }
                }
                guard found else { return false }
                candidates.append((match, relocation, order))
                return true
            }
            for match in matches(clause, matcher) {
                consider(match, depth: 0)
            }
        }
        // One finding per place: a match inside another (`.logIn(…)` within `LoginManager().logIn(…)`)
        // is the same code found twice.
        candidates.sort {
            ($0.match.range.lowerBound, -$0.match.range.count, $0.order) < (
                $1.match.range.lowerBound, -$1.match.range.count, $1.order
            )
        }
        var sites: [Site] = []
        var seen = Set<Range<Int>>()
        var covered: (range: Range<Int>, label: String?)?
        for (match, relocation, order) in candidates {
            let label = spec.patterns[order].label
            if let covered, covered.range.lowerBound <= match.range.lowerBound,
                match.range.upperBound <= covered.range.upperBound,
                covered.range != match.range || covered.label == label
            {
                continue
            }
            covered = (match.range, label)
            var range =
                spec.report.flatMap { match.bindings[$0]?.range }.flatMap { $0.isEmpty ? nil : $0 } ?? match.range
            // A member pattern (`.acquireToken(…)`) points at the member's name, not the dot.
            if spec.report == nil, code.kind(range.lowerBound) == .period, range.count > 1 {
                range = (range.lowerBound + 1)..<range.upperBound
            }
            if seen.insert(range).inserted || label != nil {
                sites.append(
                    Site(
                        file: fileIndex, range: range, bindings: match.bindings, relocation: relocation,
                        severity: spec.patterns[order].severity, label: label, message: spec.patterns[order].message,
                        fix: spec.patterns[order].fix ?? rule.fix,
                        oncePerTarget: spec.patterns[order].others.map { (order, $0) }))
            }
        }
        return (sites, sinks)
    }

    /// The indices of the rule's clauses that may find a site in the file, as far as can be told
    /// without its code: the file's target, language and imports, the project-wide facts already
    /// answered, and what the file's summary holds (of `only`, when given). Empty when the rule
    /// cannot find one there.
    package func runnableClauses(_ rule: RuleSpec, inFile fileIndex: FileID, among only: [Int]? = nil) -> [Int] {
        let spec = rule.match
        let target = project.target(ofFile: fileIndex)
        guard target.kind != .test, spec.appliesTo.accepts(target),
            spec.language.accepts(project.language(ofFile: fileIndex))
        else { return [] }
        if spec.unlessLoginServicesDeclared, fileIndex.index < loginServicesDeclared.count,
            loginServicesDeclared[fileIndex]
        {
            return []
        }
        if !spec.imports.isEmpty, !project.sees(anyOf: spec.imports, inFile: fileIndex) { return [] }
        guard answeredFactsHold(spec.conditions, fileIndex) else { return [] }
        // Clauses are read in place, by index: a clause is a large value, and rules have many.
        // What the file's summary rules out is asked first: it is the cheapest answer, and the usual one.
        return project.clauses(mayMatch: sieve(of: rule), inFile: fileIndex, among: only).filter {
            accepts(spec.patterns[$0], fileIndex) && answeredFactsHold(spec.patterns[$0].conditions, fileIndex)
        }
    }

    /// Where a clause matches in a file: its pattern, or its words.
    package func matches(_ clause: PatternClause, _ matcher: Matcher) -> [Match] {
        if let words = clause.words { return words.matches(in: matcher.code, range: 0..<matcher.code.count) }
        return matcher.matches(clause.pattern)
    }

    /// Whether a clause's own language and import filters let it run on this file.
    package func accepts(_ clause: PatternClause, _ fileIndex: FileID) -> Bool {
        if let language = clause.language, !language.accepts(project.language(ofFile: fileIndex)) { return false }
        return clause.imports.isEmpty || project.sees(anyOf: clause.imports, inFile: fileIndex)
    }

    package func holds(_ conditions: [Condition], _ match: Match, _ fileIndex: FileID, _ relocation: inout Relocation?)
        -> Bool
    {
        conditions.allSatisfy { holds($0, match, fileIndex, &relocation) }
    }

    private func holds(_ condition: Condition, _ match: Match, _ fileIndex: FileID, _ relocation: inout Relocation?)
        -> Bool
    {
        switch condition {
        case .projectHas(let search): return fact(answering(search, match, fileIndex), fileIndex)
        case .projectLacks(let search): return !fact(answering(search, match, fileIndex), fileIndex)
        case .absent(let search): return !found(search, match, fileIndex)
        case .present(let search): return found(search, match, fileIndex)
        case .metavariable(let name, let test):
            let whole =
                name == Pattern.wholeMatch
                ? Binding(range: match.range, hashes: Array(project.files[fileIndex].hashes[match.range])) : nil
            guard let binding = whole ?? match.bindings[name] else { return false }
            return holds(test, binding, fileIndex, whole: whole != nil)
        case .anyOf(let alternatives):
            return alternatives.contains { holds($0, match, fileIndex, &relocation) }
        case .allOf(let conditions):
            return holds(conditions, match, fileIndex, &relocation)
        case .test(let condition):
            return holds(condition, match, fileIndex, &relocation)
        }
    }

    /// The search that answers for a match: one of reachable code answers only for a match live
    /// code reaches; for another, every match counts.
    private func answering(_ search: ProjectSearch, _ match: Match, _ fileIndex: FileID) -> ProjectSearch {
        guard let anywhere = search.anywhere else { return search }
        // Where both answers agree, whether the site is reached does not matter.
        let target = project.targetOfFile[fileIndex]
        if let reached = facts[search]?[target.index], let any = facts[anywhere]?[target.index], reached == any {
            return search
        }
        return run.reachability.unreachable(file: fileIndex, at: match.range.lowerBound) != nil ? anywhere : search
    }

    /// Whether the project facts among `conditions` that are already answered for the file's
    /// target hold: when one does not, no match there can meet them, and the matcher need not run.
    func answeredFactsHold(_ conditions: [Condition], _ fileIndex: FileID) -> Bool {
        let target = project.targetOfFile[fileIndex]
        return conditions.allSatisfy { condition in
            switch condition {
            case .projectHas(let search): facts[search]?[target.index] ?? true
            case .projectLacks(let search): !(facts[search]?[target.index] ?? false)
            default: true
            }
        }
    }

    func fact(_ search: ProjectSearch, _ fileIndex: FileID) -> Bool {
        let target = project.targetOfFile[fileIndex]
        return facts[search]?[target.index] ?? has(search, inTarget: target)
    }

    /// Whether some file of the target that passes the search's filters has a match of one of its clauses.
    package func has(_ search: ProjectSearch, inTarget target: TargetID) -> Bool {
        self.search(for: search, inTarget: target).found
    }

    /// Whether the search may match in the file: its language and imports, and a clause whose
    /// filters let it run there and that the file's words and names do not rule out.
    func mayMatch(_ search: ProjectSearch, inFile index: FileID) -> Bool {
        guard search.language.accepts(project.language(ofFile: index)) else { return false }
        if !search.imports.isEmpty, !project.sees(anyOf: search.imports, inFile: index) { return false }
        return search.clauses.contains { project.mayMatch($0, inFile: index) && accepts($0, index) }
    }

    /// Whether some file of the target has a match of one of the search's clauses, and the files
    /// whose step budget ran out before the answer was known (each file searched has its own).
    func search(for search: ProjectSearch, inTarget target: TargetID) -> (found: Bool, stopped: [FileID]) {
        self.search(for: search, among: project.targets[target].files.filter { mayMatch(search, inFile: $0) })
    }

    /// The files where the search may match (``mayMatch(_:inFile:)``), in file order. Files that
    /// lack a name each of its clauses needs are left out by `postings`, which holds those names,
    /// without being asked.
    package func files(mayMatch search: ProjectSearch, _ postings: NamePostings) -> [FileID] {
        files(mayMatchAnyOf: search.clauses, postings).map(FileID.init).filter { mayMatch(search, inFile: $0) }
    }

    /// The files where some clause of the rule (of `only`, when given) may match, in file order
    /// (see ``files(mayMatchAnyOf:_:)``).
    package func files(mayMatch rule: RuleSpec, among only: [Int]? = nil, _ postings: NamePostings) -> [Int] {
        files(mayMatchAnyOf: (only ?? Array(rule.match.patterns.indices)).map { rule.match.patterns[$0] }, postings)
    }

    /// The files where some clause of the rule (of `only`, when given) may match, as a mask
    /// (see ``files(mayMatchAnyOf:_:)``).
    package func fileMask(mayMatch rule: RuleSpec, among only: [Int]? = nil, _ postings: NamePostings) -> FileMask {
        FileMask(files(mayMatch: rule, among: only, postings), count: project.files.count)
    }

    /// The files where one of the clauses may match, in file order: for a pattern, as far as the
    /// names it needs tell (`postings` holds them); for words, as far as each file's summary tells.
    private func files(mayMatchAnyOf clauses: [PatternClause], _ postings: NamePostings) -> [Int] {
        var candidates: [[Int]] = []
        // The clauses that need no name are asked of every file's summary together.
        var unnamed: [PatternClause] = []
        for clause in clauses {
            let needed = Self.namesNeeded(by: clause)
            if needed.isEmpty {
                unnamed.append(clause)
            } else {
                candidates.append(postings.files(mentioningAll: needed))
            }
        }
        if !unnamed.isEmpty {
            candidates.append(project.files(mayMatchAnyOf: ClauseSieve(clauses: unnamed, index: project.words)))
        }
        return candidates.joined().sortedUnique()
    }

    /// The names the rule's clauses need, each clause all of its own (see ``files(mayMatch:among:_:)``).
    package static func namesNeeded(by rule: RuleSpec) -> [UInt64] {
        rule.match.patterns.flatMap(namesNeeded)
    }

    /// Whether some file of the project may hold a match of one of the rule's clauses, as far as
    /// the names each needs tell (`postings` holds them).
    package static func mayMatchSomewhere(_ rule: RuleSpec, _ postings: NamePostings) -> Bool {
        rule.match.patterns.contains { clause in
            let needed = namesNeeded(by: clause)
            return needed.isEmpty || !postings.files(mentioningAll: needed).isEmpty
        }
    }

    /// The names a clause needs in a file to match there: a pattern's (words need none).
    private static func namesNeeded(by clause: PatternClause) -> [UInt64] {
        clause.words == nil ? clause.pattern.requiredNames : []
    }

    /// The names the search's clauses need, each clause all of its own (see ``files(mayMatch:_:)``).
    package static func namesNeeded(by search: ProjectSearch) -> [UInt64] {
        search.clauses.flatMap(namesNeeded)
    }

    /// ``search(for:inTarget:)`` among the files of a target where the search may match.
    package func search(for search: ProjectSearch, among files: [FileID]) -> (found: Bool, stopped: [FileID]) {
        var stopped: [FileID] = []
        for index in files {
            let budget = StepBudget(bytes: project.files.byteCount(index), allowance: allowance)
            let evaluator = spending(budget)
            let matcher = Matcher(project.files[index], budget: budget)
            for clause in search.clauses where accepts(clause, index) {
                for match in evaluator.matches(clause, matcher) {
                    var ignored: Relocation?
                    guard evaluator.holds(clause.conditions, match, index, &ignored) else { continue }
                    if search.reachable, run.reachability.unreachable(file: index, at: match.range.lowerBound) != nil {
                        continue
                    }
                    return (true, stopped)
                }
            }
            if budget.isSpent { stopped.append(index) }
        }
        return (false, stopped)
    }
}

extension TargetFilter {
    /// Whether the rule reads a target's code.
    func accepts(_ target: BuildTarget) -> Bool {
        switch self {
        case .apps: target.isApp
        case .all: target.kind != .server
        case .every: true
        case .servers: target.kind == .server
        }
    }
}
