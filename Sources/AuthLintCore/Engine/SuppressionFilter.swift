import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// Applies inline suppressions to a run's findings: what they silence moves aside with its
/// reason, and the suppressions themselves are checked (unused, without a reason, naming no
/// rule) when those meta rules are in the catalog.
struct SuppressionFilter {
    static let unused = "unused-suppression"
    static let withoutReason = "suppression-without-reason"
    static let unknownRule = "unknown-rule-in-suppression"
    static let unknownDirective = "unknown-suppression-directive"

    var suppressions: [String: [Suppression]]
    /// Comments that look like directives and are none, by path: where, and what is wrong.
    var malformed: [String: [(line: Int, column: Int, problem: String)]] = [:]
    var catalog: [RuleSpec]
    /// The ids and aliases a suppression may name: the whole catalog's, `all` too.
    var known: Set<String>
    /// Whether a suppression in the file at a path must give a reason.
    var requireReason: (String) -> Bool

    /// Collects the directives of every source file and property list of the project.
    init(project: ProjectIndex, catalog: [RuleSpec], known: [RuleSpec], requireReason: @escaping (String) -> Bool) {
        self.known = Set(known.flatMap { [$0.id] + $0.description.aliases } + [Suppression.allRules])
        var byPath: [String: [Suppression]] = [:]
        var malformed: [String: [(line: Int, column: Int, problem: String)]] = [:]
        func lookForMistakes(
            _ path: String, _ comments: [(line: Int, column: Int, text: String)], _ syntax: Suppression.Syntax,
            misplaced: [(line: Int, column: Int, text: String)] = []
        ) {
            var problems = comments.compactMap { comment in
                Suppression.problem(comment.text, syntax: syntax).map { (comment.line, comment.column, $0) }
            }
            for comment in misplaced {
                problems.append(
                    (
                        comment.line, comment.column,
                        "a directive in a block or doc comment is not read, so this comment silences nothing; write it as a `//` line "
                            + "comment of its own: `// \(comment.text.shortExcerpt)`"
                    ))
            }
            if !problems.isEmpty { malformed[path] = problems.sorted { ($0.0, $0.1) < ($1.0, $1.1) } }
        }
        for file in project.files.ids {
            guard let directives = project.files.directives(file), !directives.isEmpty else { continue }
            let path = project.paths[file]
            let found = Suppression.parse(path: path, comments: directives.comments, lineCount: directives.lineCount)
            if !found.isEmpty { byPath[path] = found }
            lookForMistakes(path, directives.comments, .code, misplaced: directives.misplaced)
        }
        for (path, list) in project.resources.propertyLists {
            let comments = list.comments.map { (line: $0.line, column: 1, text: $0.text) }
            let found = Suppression.parse(path: path, comments: comments, lineCount: Int.max / 2, syntax: .xml)
            if !found.isEmpty { byPath[path] = found }
            lookForMistakes(path, comments, .xml)
        }
        self.malformed = malformed
        suppressions = byPath
        self.catalog = catalog
        self.requireReason = requireReason
    }

    struct Outcome {
        var kept: [Finding]
        var suppressed: [SuppressedFinding]
    }

    /// The findings kept and those set aside, each in report order and fingerprinted (see
    /// ``Linter/fingerprinted(_:project:)``), the suppressed ones with the reason given.
    func narrowed(_ findings: [Finding], in project: ProjectIndex) -> (kept: [Finding], suppressed: [SuppressedFinding])
    {
        let outcome = apply(findings)
        let kept = Linter.fingerprinted(outcome.kept.sorted(by: Finding.reportOrder), project: project)
        let suppressed = outcome.suppressed.sorted { Finding.reportOrder($0.finding, $1.finding) }
        let fingerprinted = Linter.fingerprinted(suppressed.map(\.finding), project: project)
        return (kept, zip(suppressed, fingerprinted).map { SuppressedFinding(finding: $1, reason: $0.reason) })
    }

    func apply(_ findings: [Finding]) -> Outcome {
        var used = Set<[Int]>()  // [path hash, suppression index, rule index]
        var kept: [Finding] = []
        var suppressed: [SuppressedFinding] = []
        let paths = Array(suppressions.keys.sorted())
        let pathIndex = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        for finding in findings {
            var silencedBy: Suppression?
            if let list = suppressions[finding.path], let p = pathIndex[finding.path] {
                for (s, suppression) in list.enumerated() where suppression.lines.contains(finding.line) {
                    for (r, rule) in suppression.rules.enumerated() where names(rule, finding.rule) {
                        used.insert([p, s, r])
                        silencedBy = silencedBy ?? suppression
                    }
                }
            }
            if let silencedBy {
                suppressed.append(SuppressedFinding(finding: finding, reason: silencedBy.reason))
            } else {
                kept.append(finding)
            }
        }
        kept += meta(paths: paths, used: used)
        return Outcome(kept: kept, suppressed: suppressed)
    }

    /// Whether the rule `name` names (an id or an alias) runs in this run: a suppression of a
    /// rule turned off or not selected is not unused.
    private func running(_ name: String) -> Bool {
        catalog.contains { $0.id == name || $0.description.aliases.contains(name) }
    }

    /// Whether `name` in a suppression means the rule `id` (its id, an alias, or `all`).
    private func names(_ name: String, _ id: String) -> Bool {
        name == id || name == Suppression.allRules
            || catalog.first { $0.id == id }?.description.aliases.contains(name) == true
    }

    private func meta(paths: [String], used: Set<[Int]>) -> [Finding] {
        let rules = Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, $0) })
        var found: [Finding] = []
        func report(_ id: String, _ suppression: Suppression, _ message: String) {
            guard let rule = rules[id] else { return }
            found.append(
                Finding(
                    rule: id, severity: rule.description.severity, message: message, path: suppression.path,
                    line: suppression.line, column: suppression.column))
        }
        for (p, path) in paths.enumerated() {
            for (s, suppression) in suppressions[path, default: []].enumerated() {
                for (r, name) in suppression.rules.enumerated() {
                    // `token-logged: reason` is a misplaced reason, reported as a malformed directive.
                    if name.contains(":") || name.contains(" ") { continue }
                    if !known.contains(name) {
                        report(
                            Self.unknownRule, suppression,
                            "`\(name)` is not an authlint rule, so this suppression silences nothing; check the id with `authlint rules`"
                                + Suggestion.didYouMean(name, known.sorted()) + ".")
                    } else if !used.contains([p, s, r]), name == Suppression.allRules || running(name) {
                        report(Self.unused, suppression, "This suppression of `\(name)` silences nothing; remove it.")
                    }
                }
                let misplacedReason = suppression.rules.contains { $0.contains(":") || $0.contains(" ") }
                if requireReason(path), suppression.reason == nil, !misplacedReason {
                    let names = suppression.rules.map { "`\($0)`" }.joined(separator: ", ")
                    report(
                        Self.withoutReason, suppression,
                        "This suppression of \(names) gives no reason; add one after `\(suppression.syntax.separator)` so a reviewer can tell why it is there."
                    )
                }
            }
        }
        if let rule = rules[Self.unknownDirective] {
            for path in malformed.keys.sorted() {
                for mistake in malformed[path]! {
                    found.append(
                        Finding(
                            rule: rule.id, severity: rule.description.severity,
                            message: mistake.problem.prefix(1).uppercased()
                                + mistake.problem.dropFirst() + ".", path: path, line: mistake.line,
                            column: mistake.column))
                }
            }
        }
        return found
    }
}

/// A finding an inline suppression silenced, with the reason it gives.
public struct SuppressedFinding: Sendable, Hashable, Codable {
    public var finding: Finding
    public var reason: String?

    public init(finding: Finding, reason: String?) {
        self.finding = finding
        self.reason = reason
    }
}
