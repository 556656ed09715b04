import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Makes findings of the sites the rules found: one per site, at most one per target for a rule
/// (or a pattern) reported once per project, with its other sites as related places when it names
/// them, and one for several sites that say the same at the same place.
struct FindingBuilder {
    let rules: [RuleSpec]
    let project: ProjectIndex
    /// The answer to each project-wide search for each target.
    let facts: [ProjectSearch: [Bool]]
    let evaluator: RuleEvaluator
    /// The files of each target where a related place of a rule may be found, the same for every
    /// site of the rule there.
    private let relatedCandidates = Memo<RelatedInTarget, [FileID]>()

    init(rules: [RuleSpec], run: AnalysisRun, facts: [ProjectSearch: [Bool]]) {
        self.rules = rules
        project = run.project
        self.facts = facts
        evaluator = RuleEvaluator(run: run, facts: facts)
    }

    /// The findings of each file's sites (`(rule index, site)`), files in path order.
    func findings(_ sitesPerFile: [[(Int, RuleEvaluator.Site)]]) -> [Finding] {
        var entries: [Entry] = []
        var reportedOnce = Set<[Int]>()
        // The sites reported once per target as one finding, by rule, target and pattern (-1:
        // the whole rule).
        var groups: [Group] = []
        var groupOf: [[Int]: Int] = [:]
        // Within a file, sites are taken by position, so "once per project" keeps the first.
        let ordered = sitesPerFile.map { $0.sorted { $0.1.range.lowerBound < $1.1.range.lowerBound } }.joined()
        for (ruleIndex, site) in ordered {
            let rule = rules[ruleIndex]
            let target = project.targetOfFile[site.file].index
            let grouping =
                site.oncePerTarget ?? (rule.match.oncePerProject ? rule.match.others.map { (-1, $0) } : nil)
            if let grouping {
                let key = [ruleIndex, target, grouping.clause]
                if let index = groupOf[key] {
                    groups[index].sites.append(site)
                } else {
                    groupOf[key] = groups.count
                    entries.append(.group(groups.count))
                    groups.append(Group(rule: ruleIndex, others: grouping.others, sites: [site]))
                }
            } else if !rule.match.oncePerProject || reportedOnce.insert([ruleIndex, target]).inserted {
                entries.append(.site(ruleIndex, site))
            }
        }
        return Self.merged(
            entries.map { entry in
                switch entry {
                case .site(let ruleIndex, let site): finding(rules[ruleIndex], site)
                case .group(let index): finding(of: groups[index])
                }
            })
    }

    /// A finding, or a group of sites that make one.
    private enum Entry {
        case site(Int, RuleEvaluator.Site)
        case group(Int)
    }

    /// One defect found at several places of a target.
    private struct Group {
        let rule: Int
        let others: String
        var sites: [RuleEvaluator.Site]
    }

    /// The finding of one defect found at several places: at the first of its most severe sites
    /// (a work-account login that is only a warning does not stand for a social login), each other
    /// site a related place.
    private func finding(of group: Group) -> Finding {
        let rule = rules[group.rule]
        let severest = group.sites.map { $0.severity ?? rule.description.severity }.max()
        let chosen = group.sites.firstIndex { ($0.severity ?? rule.description.severity) == severest } ?? 0
        var finding = finding(rule, group.sites[chosen])
        for (index, site) in group.sites.enumerated() where index != chosen {
            let place = related(
                CodeRange(file: site.file, range: site.range),
                Self.render(group.others, [:], project.files[site.file], label: site.label))
            let isTheFinding = (finding.path, finding.line, finding.column) == (place.path, place.line, place.column)
            if !isTheFinding, !finding.related.contains(place) { finding.related.append(place) }
        }
        return finding
    }

    /// Several sites can point at the same line of a property list with the same words: one
    /// finding, with each site as a related place.
    static func merged(_ findings: [Finding]) -> [Finding] {
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
        return unique
    }

    /// The finding of one site: its severity and message as the target's facts make them, where
    /// it is reported, its fix, and its related places.
    func finding(_ rule: RuleSpec, _ site: RuleEvaluator.Site) -> Finding {
        let code = project.files[site.file]
        let first = code.tokens[site.range.lowerBound]
        let end = code.file.endLocation(of: code.tokens[max(site.range.lowerBound, site.range.upperBound - 1)])
        let target = project.targetOfFile[site.file]
        var severity = rule.severity(site.severity ?? rule.description.severity) {
            switch $0 {
            case .projectHas(let search): facts[search]?[target.index] == true
            case .server: project.targets[target].kind == .server
            }
        }
        var template =
            site.message ?? rule.messageWhen.last { facts[$0.when]?[target.index] == true }?.message ?? rule.message
        if let unnamed = rule.messageUnnamed, let reported = rule.match.report, let binding = site.bindings[reported],
            RuleEvaluator.snippet(binding, code) == "_"
        {
            template = unnamed
        }
        var message = Self.render(template, site.bindings, code, label: site.label, elsewhere: site.boundElsewhere)
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
            related: helperPlace(rule, site) + relatedPlaces(rule, site))
        finding.fixRequest = fixRequest(site)
        if let callers = rule.match.throughCallers { moveToCaller(&finding, site, callers) }
        return finding
    }

    /// For a rule reported where a user's action leads to its site: the finding moves to the
    /// outermost call that leads there, with the site and the calls between as related places.
    private func moveToCaller(_ finding: inout Finding, _ site: RuleEvaluator.Site, _ callers: ThroughCallers) {
        let chain = project.callsLeading(to: site.range.lowerBound, inFile: site.file)
        guard let outermost = chain.last else { return }
        let code = project.files[outermost.file]
        let first = code.tokens[outermost.range.lowerBound]
        let end = code.file.endLocation(of: code.tokens[outermost.range.upperBound - 1])
        finding.related =
            [related(CodeRange(file: site.file, range: site.range), callers.related)]
            + chain.dropLast().map { related($0, callers.calls) } + finding.related
        finding.path = code.file.path
        finding.line = Int(first.line)
        finding.column = Int(first.column)
        finding.endLine = end.line
        finding.endColumn = end.column
    }

    /// A related place at the first token of a piece of code.
    private func related(_ place: CodeRange, _ message: String) -> Finding.Related {
        let code = project.files[place.file]
        let token = code.tokens[place.range.lowerBound]
        return Finding.Related(
            path: code.file.path, line: Int(token.line), column: Int(token.column), message: message)
    }

    private func fixRequest(_ site: RuleEvaluator.Site) -> FixRequest? {
        site.fix.map {
            FixRequest(
                spec: $0, file: site.file, range: site.range, lacks: site.relocation?.lacks,
                plist: site.relocation?.path)
        }
    }

    /// For a call of the app's own helper, the site inside the helper.
    private func helperPlace(_ rule: RuleSpec, _ site: RuleEvaluator.Site) -> [Finding.Related] {
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
    private func relatedPlaces(_ rule: RuleSpec, _ site: RuleEvaluator.Site) -> [Finding.Related] {
        guard !rule.related.isEmpty else { return [] }
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
            // The files where a clause may match (the same for every site of the rule there):
            // the target's, or every server's.
            func candidates(_ target: TargetID?) -> [FileID] {
                relatedCandidates.value(for: RelatedInTarget(rule: rule.id, place: number, target: target)) {
                    let files =
                        target.map { project.targets[$0].files }
                        ?? project.targets.ids.filter { project.targets[$0].kind == .server }
                        .flatMap { project.targets[$0].files }.sorted { $0.index < $1.index }
                    return files.filter { file in
                        place.clauses.contains { evaluator.accepts($0, file) && project.mayMatch($0, inFile: file) }
                    }
                }
            }
            let regions: [CodeRange]
            switch place.within {
            case .target:
                let candidates = candidates(target)
                let files = (candidates.contains(site.file) ? [site.file] : []) + candidates.filter { $0 != site.file }
                regions = files.map { CodeRange(file: $0, range: 0..<project.files[$0].count) }
            case .flow:
                let candidates = candidates(target)
                if flow == nil { flow = project.flowRegions(around: site.range.lowerBound, inFile: site.file) }
                regions = flow!.filter { candidates.contains($0.file) }
            case .servers:
                // The server nearest the site first: the one that shares the most folders with it.
                let here = project.paths[site.file].split(separator: "/").dropLast()
                func shared(_ file: FileID) -> Int {
                    zip(here, project.paths[file].split(separator: "/").dropLast()).prefix { $0 == $1 }.count
                }
                let nearest = candidates(nil).map { (file: $0, shared: shared($0)) }
                    .sorted { $0.shared != $1.shared ? $0.shared > $1.shared : $0.file.index < $1.file.index }
                regions = nearest.map { CodeRange(file: $0.file, range: 0..<project.files[$0.file].count) }
            }
            var hitsInFile: [FileID: [Match]] = [:]
            for region in regions {
                let code = project.files[region.file]
                let hits = hitsInFile[region.file] ?? relatedHits(place, site, inFile: region.file)
                hitsInFile[region.file] = hits
                for hit in hits where region.range.contains(hit.range.lowerBound) {
                    var message = place.message
                    if place.unreachable || place.reachable {
                        let why = evaluator.run.reachability.unreachable(file: region.file, at: hit.range.lowerBound)
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
    private func relatedHits(_ place: RelatedPlace, _ site: RuleEvaluator.Site, inFile fileIndex: FileID) -> [Match] {
        let code = project.files[fileIndex]
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

/// One related place of a rule (by its position in the rule's list), in one target.
private struct RelatedInTarget: Hashable {
    var rule: String
    var place: Int
    /// nil: the servers' files.
    var target: TargetID?
}
