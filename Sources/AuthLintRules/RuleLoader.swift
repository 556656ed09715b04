import AuthLintModel
import AuthLintSyntax

/// Reads rule files (YAML) into ``RuleSpec``s, refusing anything malformed with the file and line.
public struct RuleLoader: Sendable {
    /// Providers that `providers:` entries expand to.
    public var providers: ProviderCatalog
    /// The conditions and value tests a rule may use beyond the loader's own (`ConditionKinds.builtIn`).
    package var kinds: ConditionKinds

    package init(providers: ProviderCatalog = ProviderCatalog(), kinds: ConditionKinds) {
        self.providers = providers
        self.kinds = kinds
    }

    static let topKeys = [
        "id", "name", "severity", "aliases", "tags", "precision", "security-severity", "guideline", "summary",
        "documentation", "message", "message-unnamed", "match", "severity-when", "message-when", "related", "examples",
        "engine", "fix",
    ]

    /// Parses one rule file.
    public func load(text: String, path: String) throws -> RuleSpec {
        let root = try YAMLReader.parse(text, path: path)
        let top = try root.mapping("a rule", allowed: RuleLoader.topKeys)
        let idNode = try top.required("id")
        let id = try idNode.string("id")
        guard RuleLoader.isValidID(id) else {
            throw idNode.fail("rule id `\(id)` must be kebab-case: lower-case letters, digits and dashes")
        }
        let guidelineNode = try top.required("guideline").mapping("guideline", allowed: ["reference", "quote", "url"])
        let docs = try top.required("documentation").mapping(
            "documentation", allowed: ["flags", "why", "fix", "snippet"])
        let description = RuleDescription(
            id: id,
            name: try top["name"]?.string("name") ?? RuleLoader.humanName(id),
            severity: try top.required("severity").enumValue(Severity.self, "severity"),
            guideline: .init(
                reference: try guidelineNode.required("reference").string("guideline reference"),
                quote: try guidelineNode.required("quote").string("guideline quote"),
                url: try guidelineNode["url"].map { node in
                    let url = try node.string("guideline url")
                    guard url.safeWebURL != nil else { throw node.fail("guideline url must be an http or https URL") }
                    return url
                }),
            summary: try top.required("summary").string("summary"),
            documentation: .init(
                flags: try docs.required("flags").string("documentation flags"),
                why: try docs.required("why").string("documentation why"),
                fix: try docs.required("fix").string("documentation fix"),
                snippet: try docs["snippet"]?.string("documentation snippet")),
            aliases: try top["aliases"]?.strings("aliases") ?? [],
            tags: try top["tags"]?.strings("tags") ?? [],
            precision: try top["precision"].map { try RuleLoader.precision($0) } ?? "high",
            securitySeverity: try top["security-severity"]?.string("security-severity"),
            examples: try top["examples"].map { try RuleLoader.examples($0) } ?? .init())
        // A rule the engine checks itself has its words in code; it has no match of its own.
        let engine = try top["engine"].map { node -> String in
            let value = try node.string("engine")
            guard ["suppressions", "policy", "key-files"].contains(value) else {
                throw node.fail("engine must be `suppressions`, `policy` or `key-files`")
            }
            return value
        }
        let match = engine != nil && top["match"] == nil ? MatchSpec() : try matchSpec(try top.required("match"))
        let messageNode = try top.required("message")
        let message = try messageNode.string("message")
        let known = Set(match.patterns.flatMap(\.pattern.metavariables) + [Pattern.wholeMatch, "label"])
        for name in RuleLoader.placeholders(in: message) where !known.contains(name) && engine == nil {
            throw messageNode.fail("message uses `{\(name)}`, which no pattern binds")
        }
        if let report = match.report, !known.contains(report) {
            throw try top.required("match").fail("`report: \(report)` names a metavariable no pattern binds")
        }
        let overrides =
            try top["severity-when"]?.list("severity-when").map { entry -> SeverityOverride in
                let fields = try entry.mapping(
                    "a severity-when entry", allowed: ["project-has", "imports", "target", "severity"])
                let severity = try fields.required("severity").enumValue(Severity.self, "severity")
                if let target = fields["target"] {
                    guard try target.string("target") == "server", fields["project-has"] == nil else {
                        throw target.fail("a severity-when entry gives either `project-has` or `target: server`")
                    }
                    return SeverityOverride(when: .server, severity: severity)
                }
                return SeverityOverride(
                    when: .projectHas(
                        try projectSearch(
                            try fields.required("project-has"), imports: fields["imports"], language: nil)),
                    severity: severity)
            } ?? []
        var rule = RuleSpec(
            description: description, message: message, match: match, severityWhen: overrides, source: path)
        rule.engine = engine
        rule.fix = try top["fix"].map(RuleLoader.fix)
        try RuleLoader.checkFixes(rule, top)
        var autofix: [String] = []
        for fix in ([rule.fix] + rule.match.patterns.map(\.fix)).compactMap({ $0 }) where !autofix.contains(fix.summary)
        {
            autofix.append(fix.summary)
        }
        rule.description.autofix = autofix
        var languages: [SourceLanguage] = []
        for clause in rule.match.patterns where !languages.contains(clause.pattern.language) {
            languages.append(clause.pattern.language)
        }
        if !languages.isEmpty { rule.description.languages = languages }
        rule.related =
            try top["related"]?.list("related").map { entry in
                let fields = try entry.mapping(
                    "a related entry", allowed: ["patterns", "message", "unreachable", "reachable", "within", "where"])
                var place = RelatedPlace(
                    clauses: try clauses(try fields.required("patterns")),
                    message: try fields.required("message").string("message"),
                    conditions: try fields["where"]?.list("where").map { try condition($0, bound: known) } ?? [],
                    unreachable: try fields["unreachable"]?.bool("unreachable") ?? false)
                place.reachable = try fields["reachable"]?.bool("reachable") ?? false
                if place.reachable, place.unreachable, let node = fields["reachable"] {
                    throw node.fail("a related entry is either `reachable` or `unreachable`, not both")
                }
                if let node = fields["within"] {
                    let value = try node.string("within")
                    guard let within = RelatedPlace.Within(rawValue: value) else {
                        let allowed = RelatedPlace.Within.allCases.map(\.rawValue)
                        throw node.fail(
                            "within must be `target`, `flow` or `servers`" + Suggestion.didYouMean(value, allowed))
                    }
                    place.within = within
                }
                return place
            } ?? []
        if let node = top["message-unnamed"] {
            guard match.report != nil else {
                throw node.fail("message-unnamed needs `report:` in match, the metavariable it is about")
            }
            rule.messageUnnamed = try RuleLoader.message(node, placeholders: known, unbound: "no pattern binds")
        }
        rule.messageWhen =
            try top["message-when"]?.list("message-when").map { entry -> MessageOverride in
                let fields = try entry.mapping(
                    "a message-when entry", allowed: ["project-has", "imports", "reachable", "message"])
                let text = try RuleLoader.message(
                    try fields.required("message"), placeholders: known, unbound: "no pattern binds")
                return MessageOverride(
                    when: try projectSearch(
                        try fields.required("project-has"), imports: fields["imports"], language: nil,
                        reachable: fields["reachable"]),
                    message: text)
            } ?? []
        return rule
    }

    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
            && id.first != "-" && id.last != "-"
    }

    static func humanName(_ id: String) -> String {
        let words = id.split(separator: "-").map(String.init)
        guard let first = words.first else { return id }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst()).joined(separator: " ")
    }

    private static func precision(_ node: YAMLReader) throws -> String {
        let value = try node.string("precision")
        let allowed = ["very-high", "high", "medium", "low"]
        guard allowed.contains(value) else {
            throw node.fail(
                "precision must be one of \(allowed.joined(separator: ", "))" + Suggestion.didYouMean(value, allowed))
        }
        return value
    }

    /// A message whose `{NAME}` placeholders are all among `placeholders`.
    static func message(_ node: YAMLReader, placeholders known: Set<String>, unbound: String) throws -> String {
        let text = try node.string("message")
        for name in placeholders(in: text) where !known.contains(name) {
            throw node.fail("message uses `{\(name)}`, which \(unbound)")
        }
        return text
    }

    /// The words for the other sites of a defect reported once: `{label}` names what each found.
    static func others(_ node: YAMLReader) throws -> String {
        let text = try node.string("others")
        if let name = placeholders(in: text).first(where: { $0 != "label" }) {
            throw node.fail("others uses `{\(name)}`; only `{label}` is filled in for other sites")
        }
        return text
    }

    static func placeholders(in message: String) -> [String] {
        var names: [String] = []
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    // MARK: - match

    private func matchSpec(_ node: YAMLReader) throws -> MatchSpec {
        var fields = try node.mapping(
            "match",
            allowed: [
                "language", "imports", "patterns", "where", "report", "once-per", "others", "applies-to",
                "unless-declared", "through-helpers", "through-callers",
            ])
        var spec = MatchSpec()
        if let language = fields["language"] { spec.language = try language.enumValue(LanguageFilter.self, "language") }
        // The patterns are written in the rule's language; a rule for several says each entry's.
        fields = fields.speaking(spec.language.language ?? .swift)
        spec.imports = try fields["imports"]?.strings("imports") ?? []
        spec.patterns = try clauses(try fields.required("patterns"))
        for clause in spec.patterns {
            if let language = clause.language, let spoken = language.language, !spec.language.accepts(spoken) {
                throw try fields.required("patterns").fail(
                    "a pattern in \(language.rawValue) in a rule whose language is \(spec.language.rawValue)")
            }
        }
        spec.report = try fields["report"]?.string("report")
        if let once = fields["once-per"] {
            guard try once.string("once-per") == "project" else { throw once.fail("once-per must be `project`") }
            spec.oncePerProject = true
        }
        if let others = fields["others"] {
            guard spec.oncePerProject else { throw others.fail("`others:` goes with `once-per: project`") }
            spec.others = try RuleLoader.others(others)
        }
        if let appliesTo = fields["applies-to"] {
            spec.appliesTo = try appliesTo.enumValue(TargetFilter.self, "applies-to")
        }
        if let declared = fields["unless-declared"] {
            guard try declared.string("unless-declared") == "login-services" else {
                throw declared.fail("unless-declared must be `login-services`")
            }
            spec.unlessLoginServicesDeclared = true
        }
        let bound = Set(spec.patterns.flatMap(\.pattern.metavariables) + [Pattern.wholeMatch])
        if let conditions = fields["where"], spec.language == .any,
            spec.patterns.contains(where: { $0.pattern.language != .swift })
        {
            // Its patterns would be read as Swift, whatever language each site is in.
            throw conditions.fail(
                "a rule of several languages puts its conditions on each pattern entry (a YAML anchor writes them once)"
            )
        }
        spec.conditions = try fields["where"]?.list("where").map { try condition($0, bound: bound) } ?? []
        if let node = fields["through-callers"] {
            let callers = try node.mapping("through-callers", allowed: ["related", "calls"])
            spec.throughCallers = ThroughCallers(
                related: try callers.required("related").string("related"),
                calls: try callers.required("calls").string("calls"))
        }
        if let node = fields["through-helpers"] {
            let helper = try node.mapping("through-helpers", allowed: ["metavariable", "related"])
            let nameNode = try helper.required("metavariable")
            let name = try nameNode.string("metavariable")
            guard bound.contains(name) else {
                throw nameNode.fail(
                    "metavariable `\(name)` is bound by no pattern" + Suggestion.didYouMean(name, Array(bound)))
            }
            spec.throughHelpers = ThroughHelpers(
                metavariable: name, related: try helper.required("related").string("related"))
        }
        return spec
    }

    /// A list of pattern entries: a pattern string, `{pattern: …, where: […], imports: […]}`, or
    /// `{providers: [kinds]}` for the sign-in patterns of the catalog's providers.
    func clauses(_ node: YAMLReader) throws -> [PatternClause] {
        let entries: [YAMLReader] = if case .scalar = node.node { [node] } else { try node.list("patterns") }
        guard !entries.isEmpty else { throw node.fail("patterns must not be empty") }
        return try entries.flatMap { entry -> [PatternClause] in
            if case .scalar = entry.node { return [PatternClause(pattern: try RuleLoader.patterns(entry)[0])] }
            var fields = try entry.mapping(
                "a pattern entry",
                allowed: [
                    "pattern", "names", "where", "imports", "providers", "label", "message", "fix", "once-per",
                    "others", "language", "severity",
                ])
            let language = try fields["language"]?.enumValue(LanguageFilter.self, "language")
            if let spoken = language?.language { fields = fields.speaking(spoken) }
            if let kindsNode = fields["providers"] {
                let kinds = try kindsNode.strings("providers").map { name -> LoginProvider.Kind in
                    guard let kind = LoginProvider.Kind(rawValue: name) else {
                        let choices = LoginProvider.Kind.allCases.map(\.rawValue)
                        throw kindsNode.fail("unknown provider kind `\(name)`" + Suggestion.didYouMean(name, choices))
                    }
                    return kind
                }
                let expanded = providers.clauses(of: kinds)
                guard !expanded.isEmpty else {
                    throw kindsNode.fail(
                        "no provider of kind \(kinds.map(\.rawValue).joined(separator: ", ")) is known")
                }
                return expanded
            }
            var clause: PatternClause
            switch (fields["pattern"], fields["names"]) {
            case (let pattern?, nil):
                clause = PatternClause(pattern: try RuleLoader.patterns(pattern)[0])
            case (nil, let names?):
                clause = PatternClause(pattern: RuleLoader.anyWord)
                clause.words = try RuleLoader.nameMatch(names)
            default:
                throw entry.fail("a pattern entry needs either `pattern:` or `names:`")
            }
            if let language { clause.language = language }
            let bound = Set(clause.pattern.metavariables + [Pattern.wholeMatch])
            clause.conditions = try fields["where"]?.list("where").map { try condition($0, bound: bound) } ?? []
            clause.imports = try fields["imports"]?.strings("imports") ?? []
            clause.label = try fields["label"]?.string("label")
            clause.severity = try fields["severity"]?.enumValue(Severity.self, "severity")
            clause.fix = try fields["fix"].map(RuleLoader.fix)
            switch (fields["once-per"], fields["others"]) {
            case (nil, nil): break
            case (let once?, let others?):
                guard try once.string("once-per") == "project" else { throw once.fail("once-per must be `project`") }
                clause.others = try RuleLoader.others(others)
            case (let once?, nil):
                throw once.fail("a pattern reported once per project needs `others:`, the words for its other sites")
            case (nil, let others?): throw others.fail("`others:` goes with `once-per: project`")
            }
            if let node = fields["message"] {
                clause.message = try RuleLoader.message(
                    node, placeholders: Set(clause.pattern.metavariables + [Pattern.wholeMatch, "label"]),
                    unbound: "this pattern does not bind")
            }
            return [clause]
        }
    }

    /// The pattern of a `names:` entry, which binds nothing but its whole match.
    static let anyWord = try! Pattern("$_")

    package static func patterns(_ node: YAMLReader) throws -> [Pattern] {
        let sources = try node.strings("patterns")
        guard !sources.isEmpty else { throw node.fail("patterns must not be empty") }
        return try sources.map { source in
            do { return try Pattern(source, language: node.patternLanguage) } catch let error as Pattern.CompileError {
                throw node.fail(error.description)
            }
        }
    }

    /// What an `absent:` or `present:` condition looks for: patterns, and `names:` entries.
    static func scopedPatterns(_ node: YAMLReader, _ key: String) throws -> ([Pattern], [NameMatch]) {
        guard case .sequence = node.node else { return (try patterns(node), []) }
        var found: [Pattern] = []
        var words: [NameMatch] = []
        for item in try node.list(key) {
            if case .mapping = item.node {
                let fields = try item.mapping("an entry of \(key)", allowed: ["names"])
                words.append(try nameMatch(fields.required("names")))
            } else {
                found += try patterns(item)
            }
        }
        guard !found.isEmpty || !words.isEmpty else { throw node.fail("patterns must not be empty") }
        return (found, words)
    }

    private func projectSearch(
        _ node: YAMLReader, imports: YAMLReader?, language: YAMLReader?, reachable: YAMLReader? = nil
    ) throws -> ProjectSearch {
        ProjectSearch(
            clauses: try clauses(node),
            imports: try imports?.strings("imports") ?? [],
            language: try language?.enumValue(LanguageFilter.self, "language") ?? .any,
            reachable: try reachable?.bool("reachable") ?? false,
            written: node.written)
    }

    /// What a condition is: exactly one of these keys, or a key of `kinds`.
    private static let structuralKinds = [
        "absent", "present", "metavariable", "project-has", "project-lacks", "any-of", "all-of",
    ]
    /// What else a condition may say beside its kind.
    private static let conditionOptions = [
        "scope", "follow", "follow-outside", "not-inside", "imports", "language", "reachable",
    ]

    private func condition(_ node: YAMLReader, bound: Set<String>) throws -> Condition {
        let conditionKinds = RuleLoader.structuralKinds + kinds.conditionKeys
        // What a `metavariable:` condition tests: exactly one of these keys.
        let metavariableTests = kinds.valueTestKeys
        let context = ConditionContext(providers: providers, clauses: { [self] in try self.clauses($0) })
        let fields = try node.mapping(
            "a condition", allowed: conditionKinds + metavariableTests + RuleLoader.conditionOptions)
        let kinds = conditionKinds.filter { fields[$0] != nil }
        guard kinds.count == 1 else {
            throw node.fail("a condition needs exactly one of \(conditionKinds.joined(separator: ", "))")
        }
        if let kind = self.kinds.conditions[kinds[0]] {
            return .test(try kind.init(reading: fields[kinds[0]]!, context))
        }
        switch kinds[0] {
        case "any-of", "all-of":
            let parts = try fields[kinds[0]]!.list(kinds[0]).map { try condition($0, bound: bound) }
            guard !parts.isEmpty else { throw fields[kinds[0]]!.fail("\(kinds[0]) needs at least one condition") }
            return kinds[0] == "any-of" ? .anyOf(parts) : .allOf(parts)
        case "absent", "present":
            let (patterns, words) = try RuleLoader.scopedPatterns(fields[kinds[0]]!, kinds[0])
            var search = ScopedSearch(patterns: patterns)
            search.words = words
            if let scope = fields["scope"] { search.scope = try scope.enumValue(ConditionScope.self, "scope") }
            if let follow = fields["follow"] {
                search.follow = try follow.string("follow")
                guard bound.contains(search.follow!) else {
                    throw follow.fail("follow names `\(search.follow!)`, which no pattern binds")
                }
            }
            if let outside = fields["follow-outside"] {
                guard search.follow != nil else { throw outside.fail("follow-outside needs a follow") }
                search.followOutside = try outside.bool("follow-outside")
            }
            search.notInside = try fields["not-inside"].map { try RuleLoader.patterns($0) } ?? []
            return kinds[0] == "absent" ? .absent(search) : .present(search)
        case "project-has", "project-lacks":
            let search = try projectSearch(
                fields[kinds[0]]!, imports: fields["imports"], language: fields["language"],
                reachable: fields["reachable"])
            return kinds[0] == "project-has" ? .projectHas(search) : .projectLacks(search)
        default:
            let nameNode = fields["metavariable"]!
            let name = try nameNode.string("metavariable")
            guard bound.contains(name) else {
                throw nameNode.fail(
                    "metavariable `\(name)` is bound by no pattern" + Suggestion.didYouMean(name, Array(bound)))
            }
            let tests = metavariableTests.filter { fields[$0] != nil }
            guard tests.count == 1 else {
                throw node.fail(
                    "a metavariable condition needs exactly one of \((tests.isEmpty ? metavariableTests : tests).joined(separator: ", "))"
                )
            }
            let test = try self.kinds.valueTests[tests[0]]!.init(reading: fields[tests[0]]!, context)
            return .metavariable(name, test)
        }
    }

    /// `[boolean, number, date]`, or some of them.
    package static func valueKinds(_ value: YAMLReader, _ key: String) throws -> Set<ValueKind> {
        var kinds = Set<ValueKind>()
        for word in try value.strings(key) {
            guard let kind = ValueKind(rawValue: word) else {
                let names = ValueKind.allCases.map(\.rawValue)
                throw value.fail(
                    "\(key) takes \(names.dropLast().joined(separator: ", ")) and \(names.last!), not `\(word.shortExcerpt)`"
                        + Suggestion.didYouMean(word, ValueKind.allCases.map(\.rawValue)))
            }
            kinds.insert(kind)
        }
        return kinds
    }

    /// `name-matches: [words]`, or `{words: […], except: […], in: code|strings|all}`.
    package static func nameMatch(_ node: YAMLReader) throws -> NameMatch {
        if case .mapping = node.node {
            let fields = try node.mapping(
                "name-matches",
                allowed: [
                    "words", "except", "except-prefixes", "except-owners", "unless-followed-by", "unless-kind",
                    "entries",
                    "in",
                ])
            var match = NameMatch(words: try fields.required("words").strings("words"))
            match.except = try fields["except"]?.strings("except") ?? []
            match.exceptPrefixes = try fields["except-prefixes"]?.strings("except-prefixes") ?? []
            match.unlessFollowedBy =
                try fields["unless-followed-by"]?.strings("unless-followed-by")
                .map { $0.filter { $0 != " " } } ?? []
            match.exceptOwners = try fields["except-owners"]?.bool("except-owners") ?? false
            match.entries = try fields["entries"]?.bool("entries") ?? false
            match.unlessKind = try fields["unless-kind"].map { try valueKinds($0, "unless-kind") } ?? []
            if let place = fields["in"] { match.place = try place.enumValue(NameMatch.Place.self, "in") }
            return match
        }
        return NameMatch(words: try node.strings("name-matches"))
    }
}
