/// Reads rule files (YAML) into ``RuleSpec``s, refusing anything malformed with the file and line.
public enum RuleLoader {
    static let topKeys = [
        "id", "name", "severity", "aliases", "tags", "precision", "security-severity", "guideline", "summary",
        "documentation", "message", "match", "severity-when", "examples",
    ]

    /// Parses one rule file.
    public static func load(text: String, path: String) throws -> RuleSpec {
        let root = try YAMLReader.parse(text, path: path)
        let top = try root.mapping("a rule", allowed: topKeys)
        let id = try top.required("id").string("id")
        guard isValidID(id) else {
            throw try top.required("id").fail("rule id `\(id)` must be kebab-case: lower-case letters, digits and dashes")
        }
        let guidelineNode = try top.required("guideline").mapping("guideline", allowed: ["reference", "quote", "url"])
        let docs = try top.required("documentation").mapping("documentation", allowed: ["flags", "why", "fix", "snippet"])
        let description = RuleDescription(
            id: id,
            name: try top["name"]?.string("name") ?? humanName(id),
            severity: try top.required("severity").enumValue(Severity.self, "severity"),
            guideline: .init(
                reference: try guidelineNode.required("reference").string("guideline reference"),
                quote: try guidelineNode.required("quote").string("guideline quote"),
                url: try guidelineNode["url"]?.string("guideline url")),
            summary: try top.required("summary").string("summary"),
            documentation: .init(
                flags: try docs.required("flags").string("documentation flags"),
                why: try docs.required("why").string("documentation why"),
                fix: try docs.required("fix").string("documentation fix"),
                snippet: try docs["snippet"]?.string("documentation snippet")),
            aliases: try top["aliases"]?.strings("aliases") ?? [],
            tags: try top["tags"]?.strings("tags") ?? [],
            precision: try top["precision"].map { try precision($0) } ?? "high",
            securitySeverity: try top["security-severity"]?.string("security-severity"),
            examples: try top["examples"].map { try examples($0) } ?? .init())
        let match = try matchSpec(try top.required("match"))
        let message = try top.required("message").string("message")
        let known = Set(match.patterns.flatMap(\.pattern.metavariables))
        for name in placeholders(in: message) where !known.contains(name) {
            throw try top.required("message").fail("message uses `{\(name)}`, which no pattern binds")
        }
        if let report = match.report, !known.contains(report) {
            throw try top.required("match").fail("`report: \(report)` names a metavariable no pattern binds")
        }
        let overrides = try top["severity-when"]?.list("severity-when").map { entry -> SeverityOverride in
            let fields = try entry.mapping("a severity-when entry", allowed: ["project-has", "imports", "severity"])
            return SeverityOverride(
                when: ProjectSearch(
                    patterns: try patterns(try fields.required("project-has")),
                    imports: try fields["imports"]?.strings("imports") ?? []),
                severity: try fields.required("severity").enumValue(Severity.self, "severity"))
        } ?? []
        return RuleSpec(description: description, message: message, match: match, severityWhen: overrides, source: path)
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
            throw node.fail("precision must be one of \(allowed.joined(separator: ", "))" + Suggestion.didYouMean(value, allowed))
        }
        return value
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

    private static func matchSpec(_ node: YAMLReader) throws -> MatchSpec {
        let fields = try node.mapping(
            "match", allowed: ["language", "imports", "patterns", "where", "report", "once-per", "applies-to"])
        var spec = MatchSpec()
        if let language = fields["language"] { spec.language = try language.enumValue(LanguageFilter.self, "language") }
        spec.imports = try fields["imports"]?.strings("imports") ?? []
        spec.patterns = try clauses(try fields.required("patterns"))
        spec.report = try fields["report"]?.string("report")
        if let once = fields["once-per"] {
            guard try once.string("once-per") == "project" else { throw once.fail("once-per must be `project`") }
            spec.oncePerProject = true
        }
        if let appliesTo = fields["applies-to"] {
            let value = try appliesTo.string("applies-to")
            guard value == "apps" || value == "all" else {
                throw appliesTo.fail("applies-to must be `apps` or `all`" + Suggestion.didYouMean(value, ["apps", "all"]))
            }
            spec.appsOnly = value == "apps"
        }
        let bound = Set(spec.patterns.flatMap(\.pattern.metavariables))
        spec.conditions = try fields["where"]?.list("where").map { try condition($0, bound: bound) } ?? []
        return spec
    }

    /// `patterns:` entries: a pattern string, or `{pattern: …, where: […]}` with conditions of its own.
    private static func clauses(_ node: YAMLReader) throws -> [PatternClause] {
        let entries: [YAMLReader] = if case .scalar = node.node { [node] } else { try node.list("patterns") }
        guard !entries.isEmpty else { throw node.fail("patterns must not be empty") }
        return try entries.map { entry in
            if case .scalar = entry.node { return PatternClause(pattern: try patterns(entry)[0]) }
            let fields = try entry.mapping("a pattern entry", allowed: ["pattern", "where"])
            let pattern = try patterns(try fields.required("pattern"))[0]
            let bound = Set(pattern.metavariables)
            let conditions = try fields["where"]?.list("where").map { try condition($0, bound: bound) } ?? []
            return PatternClause(pattern: pattern, conditions: conditions)
        }
    }

    static func patterns(_ node: YAMLReader) throws -> [Pattern] {
        let sources = try node.strings("patterns")
        guard !sources.isEmpty else { throw node.fail("patterns must not be empty") }
        return try sources.map { source in
            do { return try Pattern(source) } catch let error as Pattern.CompileError { throw node.fail(error.description) }
        }
    }

    private static let conditionKeys = [
        "absent", "present", "scope", "follow", "not-inside", "metavariable", "resolves-to", "mentions", "lacks",
        "type", "name-matches", "literal", "contains", "contains-none", "project-has", "project-lacks", "imports",
        "language", "any-of",
    ]

    private static func condition(_ node: YAMLReader, bound: Set<String>) throws -> Condition {
        let fields = try node.mapping("a condition", allowed: conditionKeys)
        let kinds = ["absent", "present", "metavariable", "project-has", "project-lacks", "any-of"].filter { fields[$0] != nil }
        guard kinds.count == 1 else {
            throw node.fail("a condition needs exactly one of absent, present, metavariable, project-has, project-lacks, any-of")
        }
        switch kinds[0] {
        case "any-of":
            let alternatives = try fields["any-of"]!.list("any-of").map { try condition($0, bound: bound) }
            guard !alternatives.isEmpty else { throw fields["any-of"]!.fail("any-of needs at least one condition") }
            return .anyOf(alternatives)
        case "absent", "present":
            var search = ScopedSearch(patterns: try patterns(fields[kinds[0]]!))
            if let scope = fields["scope"] { search.scope = try scope.enumValue(ConditionScope.self, "scope") }
            if let follow = fields["follow"] {
                search.follow = try follow.string("follow")
                guard bound.contains(search.follow!) else { throw follow.fail("follow names `\(search.follow!)`, which no pattern binds") }
            }
            search.notInside = try fields["not-inside"].map { try patterns($0) } ?? []
            return kinds[0] == "absent" ? .absent(search) : .present(search)
        case "project-has", "project-lacks":
            var search = ProjectSearch(patterns: try patterns(fields[kinds[0]]!))
            search.imports = try fields["imports"]?.strings("imports") ?? []
            if let language = fields["language"] { search.language = try language.enumValue(LanguageFilter.self, "language") }
            return kinds[0] == "project-has" ? .projectHas(search) : .projectLacks(search)
        default:
            let nameNode = fields["metavariable"]!
            let name = try nameNode.string("metavariable")
            guard bound.contains(name) else {
                throw nameNode.fail("metavariable `\(name)` is bound by no pattern" + Suggestion.didYouMean(name, Array(bound)))
            }
            let tests = ["resolves-to", "mentions", "lacks", "type", "name-matches", "literal", "contains", "contains-none"]
                .filter { fields[$0] != nil }
            guard tests.count == 1 else {
                throw node.fail(
                    "a metavariable condition needs exactly one of resolves-to, mentions, lacks, type, name-matches, literal, contains, contains-none")
            }
            let value = fields[tests[0]]!
            switch tests[0] {
            case "resolves-to": return .metavariable(name, .resolvesTo(try patterns(value)))
            case "mentions": return .metavariable(name, .mentions(try value.strings("mentions")))
            case "lacks": return .metavariable(name, .lacks(try value.strings("lacks")))
            case "type": return .metavariable(name, .type(try value.strings("type")))
            case "name-matches": return .metavariable(name, .nameMatches(try value.strings("name-matches")))
            case "contains": return .metavariable(name, .contains(try patterns(value)))
            case "contains-none": return .metavariable(name, .containsNone(try patterns(value)))
            default:
                guard try value.bool("literal") else { throw value.fail("literal can only be `true`") }
                return .metavariable(name, .literal)
            }
        }
    }

    // MARK: - examples

    private static func examples(_ node: YAMLReader) throws -> RuleDescription.Examples {
        let fields = try node.mapping("examples", allowed: ["triggering", "non-triggering"])
        return .init(
            triggering: try fields["triggering"]?.list("triggering").map(example) ?? [],
            nonTriggering: try fields["non-triggering"]?.list("non-triggering").map(example) ?? [])
    }

    private static func example(_ node: YAMLReader) throws -> RuleDescription.Example {
        if case .scalar = node.node {
            return .init(files: [.init(path: "Example.swift", text: try node.string("an example"))])
        }
        let fields = try node.mapping("an example", allowed: ["files", "configuration", "mutations"])
        let files = try fields.required("files").pairs("files").map {
            RuleDescription.ExampleFile(path: $0.key, text: try $0.value.string("the file \($0.key)"))
        }
        guard !files.isEmpty else { throw node.fail("an example needs at least one file") }
        return .init(
            files: files,
            configuration: try fields["configuration"]?.string("configuration"),
            mutations: try fields["mutations"]?.bool("mutations") ?? true)
    }
}
