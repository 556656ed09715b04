import AuthLintModel
import AuthLintSyntax

/// A declarative rule: metadata, the patterns that find candidate sites, and the conditions a
/// site must meet to become a finding.
public struct RuleSpec: Sendable {
    public var description: RuleDescription
    /// Message template; `{NAME}` is replaced by the text a metavariable matched.
    public var message: String
    public var match: MatchSpec
    /// Raise or lower the severity when the project has a fact (Firebase in use, say).
    public var severityWhen: [SeverityOverride]
    /// Say something else when the project has a fact (the Apple flow is there but unreachable).
    public var messageWhen: [MessageOverride] = []
    /// Say this instead when the reported metavariable names nothing: a closure parameter written
    /// `_` (`onRequest: { _ in }`), which a message cannot quote as a name.
    public var messageUnnamed: String?
    /// Other places a finding involves (the backend call that needs the nonce), found by pattern
    /// in the site's file first, then in its target.
    public var related: [RelatedPlace] = []
    /// Where the rule came from (a `rules/*.yaml` path, or "built-in").
    public var source: String
    /// For a rule the engine itself checks instead of a pattern (`suppressions`: the meta rules
    /// about inline suppressions), its part of the engine.
    public var engine: String?
    /// The fix of every site whose pattern entry declares none of its own.
    public var fix: FixSpec?

    public var id: String { description.id }
}

/// Which files a rule's patterns run on.
public enum LanguageFilter: String, Sendable, CaseIterable {
    case swift, objc, python, js, any

    /// The one language the filter lets through; nil for `any`.
    package var language: SourceLanguage? {
        switch self {
        case .any: nil
        case .swift: .swift
        case .objc: .objectiveC
        case .python: .python
        case .js: .javaScript
        }
    }

    package func accepts(_ language: SourceLanguage) -> Bool {
        self == .any || self.language == language
    }
}

/// Which targets a rule reads (`applies-to:`).
public enum TargetFilter: String, Sendable, CaseIterable {
    /// Code that ships in an app: not libraries a package vends to others, not servers.
    case apps
    /// Every target but servers: the App Store rules' default.
    case all
    /// Apps, libraries and servers alike (`every`): what is wrong wherever it is committed.
    case every
    /// Servers only (``BuildTarget/Kind/server``).
    case servers
}

public struct MatchSpec: Sendable {
    public var language: LanguageFilter = .swift
    /// The file must import one of these modules (empty: any file).
    public var imports: [String] = []
    public var patterns: [PatternClause] = []
    /// Conditions every site must meet, whichever pattern found it.
    package var conditions: [Condition] = []
    /// Metavariable whose text the finding points at; the whole match when nil.
    public var report: String?
    /// Report only the first site (in path, line order) of each app target (or of the project
    /// when the tree has no target information).
    public var oncePerProject = false
    /// With `oncePerProject`: the words for the target's other sites, each a related place of the
    /// finding (nil: they are not named).
    public var others: String?
    /// The targets whose code the rule reads (never tests).
    public var appliesTo = TargetFilter.all
    /// Silent when the configuration declares an equivalent login service or a 4.8 exemption.
    public var unlessLoginServicesDeclared = false
    /// Sites the app's own helpers stand for: calls that hand a helper what reaches one of the
    /// patterns inside it.
    public var throughHelpers: ThroughHelpers?
    /// Report where a user's action leads to the site: at the outermost of the calls back to it
    /// (see `ProjectIndex.callsLeading(to:inFile:)`), the site and the calls between related.
    public var throughCallers: ThroughCallers?

    /// Whether every finding lands in the file its site is in, and no site elsewhere can stand
    /// in for it: not reported once per project, not moved to an entitlements file or a privacy
    /// manifest. Such a rule need not run on files nobody asked about.
    /// A pattern reported once per target (``groupedPatterns``) is run on other files apart.
    package var reportsInItsOwnFile: Bool {
        !oncePerProject && !relocates && others == nil && throughCallers == nil
    }

    /// Whether a site may be listed as a related place of another site's finding, rather than be
    /// one of its own (`others:` of the rule or of one of its patterns).
    package var groupsSites: Bool {
        others != nil || !groupedPatterns.isEmpty
    }

    /// The indices of the patterns reported once per target, each site of which may be listed
    /// with another file's finding: where only some files are reported, these alone run on the
    /// others (they are few, and their sites rare).
    package var groupedPatterns: [Int] {
        patterns.indices.filter { patterns[$0].others != nil }
    }

    /// Whether a finding may move to the entitlements, privacy manifest or Info.plist of its
    /// site's target.
    package var relocates: Bool {
        (conditions + patterns.flatMap(\.conditions)).contains(where: \.relocates)
    }
}

/// `through-helpers:`: when what a metavariable holds at a site is a parameter of the function
/// around it (or the value a property setter, observer or property wrapper is given), each call
/// of that helper is a site too, with the metavariable bound to the argument, reported at the
/// call with the site as a related place. Helpers of helpers count, a few levels deep.
public struct ThroughHelpers: Sendable {
    /// The metavariable whose value the helper is handed (`MATCH` for the whole match).
    public var metavariable: String
    /// The related place's message at the site inside the helper.
    public var related: String
}

/// How a finding reported where a user's action leads to its site names the places between.
public struct ThroughCallers: Sendable {
    /// The related place's message at the site itself.
    public var related: String
    /// The related place's message at each call between the user's action and the site.
    public var calls: String
}

/// A pattern with the conditions that apply only to its matches.
///
/// Rules hold many clauses and every file reads them all, so a clause keeps its fields in one
/// shared, immutable box: copying a clause costs one reference, not one per field. A setter (the
/// loader's, once per clause) makes a new box. The getters are inlinable and the box's fields
/// constant, so another target reads a clause's pattern in place, neither copying it nor checking
/// exclusivity at run time.
public struct PatternClause: Sendable {
    @usableFromInline
    struct Fields: Sendable {
        @usableFromInline var pattern: Pattern
        @usableFromInline var words: NameMatch?
        @usableFromInline var conditions: [Condition]
        @usableFromInline var imports: [String] = []
        @usableFromInline var language: LanguageFilter?
        @usableFromInline var severity: Severity?
        @usableFromInline var label: String?
        @usableFromInline var message: String?
        @usableFromInline var fix: FixSpec?
        @usableFromInline var others: String?
    }

    @usableFromInline
    final class Storage: Sendable {
        @usableFromInline let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    @usableFromInline var storage: Storage

    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = storage.fields
        body(&fields)
        storage = Storage(fields)
    }

    public var pattern: Pattern {
        @inlinable get { storage.fields.pattern }
        set { change { $0.pattern = newValue } }
    }

    /// Instead of a pattern: every single name or string that passes this test.
    public var words: NameMatch? {
        @inlinable get { storage.fields.words }
        set { change { $0.words = newValue } }
    }

    package var conditions: [Condition] {
        @inlinable get { storage.fields.conditions }
        set { change { $0.conditions = newValue } }
    }

    /// The file must import one of these modules (empty: any file).
    public var imports: [String] {
        @inlinable get { storage.fields.imports }
        set { change { $0.imports = newValue } }
    }

    /// Narrows the rule's language for this pattern.
    public var language: LanguageFilter? {
        @inlinable get { storage.fields.language }
        set { change { $0.language = newValue } }
    }

    /// Severity of findings from this pattern, when not the rule's.
    public var severity: Severity? {
        @inlinable get { storage.fields.severity }
        set { change { $0.severity = newValue } }
    }

    /// What this pattern finds, in words (a provider's name), for `{label}` in messages.
    public var label: String? {
        @inlinable get { storage.fields.label }
        set { change { $0.label = newValue } }
    }

    /// The message of findings from this pattern, when not the rule's (a fix of its own to name).
    public var message: String? {
        @inlinable get { storage.fields.message }
        set { change { $0.message = newValue } }
    }

    /// The fix of this pattern's sites, when not the rule's.
    public var fix: FixSpec? {
        @inlinable get { storage.fields.fix }
        set { change { $0.fix = newValue } }
    }

    /// When set, this pattern's sites are one defect per app target: reported at the first, with
    /// each other site as a related place under this message (`once-per: project`, `others:`).
    public var others: String? {
        @inlinable get { storage.fields.others }
        set { change { $0.others = newValue } }
    }

    package init(pattern: Pattern, conditions: [Condition] = []) {
        storage = Storage(Fields(pattern: pattern, conditions: conditions))
    }
}

/// Where a scoped condition looks.
public enum ConditionScope: String, Sendable, CaseIterable {
    /// The function or closure that declares the site's subject (or contains the match).
    case function
    /// The type around the site.
    case type
    /// The whole file.
    case file
    /// Every file of the site's target.
    case project
    /// Where the Apple ID request answered by the site's handler is made (see
    /// `RuleEvaluator.requestPlaces`); the site's target when that cannot be told.
    case request
    /// Every file of the servers kept in the tree (their targets): the server half of what an
    /// app does.
    case servers
    /// Every file of the apps in the tree (their targets): the app half of what a server does.
    case apps
}

@usableFromInline
package enum Condition: Sendable {
    /// None of `patterns` occurs in the scope (following `follow` into the project's functions it is passed to).
    case absent(ScopedSearch)
    /// One of `patterns` occurs in the scope.
    case present(ScopedSearch)
    /// A test on what a metavariable matched, of its own file in `AuthLintAnalysis/Conditions`.
    case metavariable(String, any ValueTest)
    /// Some file of the project matches one of these patterns.
    case projectHas(ProjectSearch)
    /// No file of the project matches any of these patterns.
    case projectLacks(ProjectSearch)
    /// At least one of these conditions holds.
    case anyOf([Condition])
    /// Every one of these conditions holds (an alternative of `any-of` made of several).
    case allOf([Condition])
    /// A condition of its own file in `AuthLintAnalysis/Conditions` (`entitlement-lacks`).
    case test(any SiteCondition)

    /// Whether the finding may be reported in another file than its site's.
    var relocates: Bool {
        switch self {
        case .test(let condition): condition.relocates
        case .anyOf(let alternatives), .allOf(let alternatives): alternatives.contains(where: \.relocates)
        default: false
        }
    }
}

public struct ScopedSearch: Sendable {
    public var patterns: [Pattern]
    /// Names or string text, instead of patterns (`names: {words: [revoke]}`).
    public var words: [NameMatch] = []
    public var scope: ConditionScope = .function
    /// Metavariable to follow into the helper functions it is passed to.
    public var follow: String?
    /// Whether the followed value handed to a function outside the project counts as found (it
    /// may do what the search looks for); when not, only what the project's own functions do
    /// with it counts.
    public var followOutside = true
    /// Occurrences inside these patterns' matches do not count (`print(...)`).
    public var notInside: [Pattern] = []
}

/// A question about a whole target: does some file match one of these patterns?
/// Compared by identity: each condition in a rule file is its own question.
public final class ProjectSearch: Sendable, Hashable {
    public let clauses: [PatternClause]
    public let imports: [String]
    public let language: LanguageFilter
    /// Only matches live code can reach count (see `Unreachable`).
    public let reachable: Bool
    /// For a search of reachable code: the same search counting every match, which answers for
    /// a site that is itself out of reach (code nothing reaches cannot tell what else does not).
    public let anywhere: ProjectSearch?
    /// What the search was written as (its clauses' text, with its filters), when known: two
    /// searches with the same one find the same, and are answered once.
    package let signature: String?

    public convenience init(
        clauses: [PatternClause], imports: [String] = [], language: LanguageFilter = .any, reachable: Bool = false
    ) {
        self.init(clauses: clauses, imports: imports, language: language, reachable: reachable, written: nil)
    }

    /// `written` is the search's clauses as written: the same text makes the same clauses.
    init(clauses: [PatternClause], imports: [String], language: LanguageFilter, reachable: Bool, written: String?) {
        self.clauses = clauses
        self.imports = imports
        self.language = language
        self.reachable = reachable
        signature = written.map {
            [$0, imports.joined(separator: ","), language.rawValue, reachable ? "reachable" : ""].joined(
                separator: "\u{0}")
        }
        anywhere =
            reachable
            ? ProjectSearch(clauses: clauses, imports: imports, language: language, reachable: false, written: written)
            : nil
    }

    public static func == (a: ProjectSearch, b: ProjectSearch) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

public struct RelatedPlace: Sendable {
    public var clauses: [PatternClause]
    public var message: String
    /// Only for sites that meet these conditions.
    package var conditions: [Condition] = []
    /// Only a match that live code cannot reach, with the reason after the message.
    public var unreachable = false
    /// Only a match that live code may reach.
    public var reachable = false
    /// Where the match is looked for.
    public var within: Within = .target

    public enum Within: String, Sendable, CaseIterable {
        /// The site's file first, then the rest of its target.
        case target
        /// The sign-in flow the site is part of (``ProjectIndex/flowRegions(around:inFile:)``),
        /// nearest first; nothing when the flow holds no match.
        case flow
        /// The servers kept in the tree beside the app (their targets' files, in path order):
        /// where the server half of what the finding is about lives.
        case servers
    }
}

/// Another message when the site's target has a fact.
public struct MessageOverride: Sendable {
    public var when: ProjectSearch
    public var message: String
}

/// Another severity when the site's target has a fact, or is a server.
public struct SeverityOverride: Sendable {
    public enum Condition: Sendable {
        /// The target has the fact (`project-has`).
        case projectHas(ProjectSearch)
        /// The site is a server's code (`target: server`).
        case server
    }

    public var when: Condition
    public var severity: Severity

    /// The fact it asks of the project, if any.
    public var search: ProjectSearch? {
        if case .projectHas(let search) = when { search } else { nil }
    }
}

extension Condition {
    /// The project-wide searches in the condition, also inside `any-of`.
    var projectSearches: [ProjectSearch] {
        switch self {
        case .projectHas(let search), .projectLacks(let search): return [search] + (search.anywhere.map { [$0] } ?? [])
        case .anyOf(let alternatives), .allOf(let alternatives): return alternatives.flatMap(\.projectSearches)
        default: return []
        }
    }
}

extension Condition {
    /// The searches of `present` and `absent` in the condition, also inside `any-of`.
    package var scopedSearches: [ScopedSearch] {
        switch self {
        case .present(let search), .absent(let search): return [search]
        case .anyOf(let alternatives), .allOf(let alternatives): return alternatives.flatMap(\.scopedSearches)
        default: return []
        }
    }
}

extension RuleSpec {
    /// The rule's severity at a site, `base` unless an override whose condition `holds` there
    /// says otherwise (the last such one).
    package func severity(_ base: Severity, where holds: (SeverityOverride.Condition) -> Bool) -> Severity {
        severityWhen.last { holds($0.when) }?.severity ?? base
    }

    /// The project-wide questions the rule asks: in its conditions and its patterns' (also
    /// inside `any-of`), and in its severity overrides.
    package var projectSearches: [ProjectSearch] {
        (match.conditions + match.patterns.flatMap(\.conditions)).flatMap(\.projectSearches)
            + severityWhen.compactMap(\.search)
            + messageWhen.map(\.when)
    }
}
