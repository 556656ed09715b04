/// A condition of the rule language that tests a site (`entitlement-lacks: {key: …}`): how it is
/// written and read, and what the engine must know of it before it runs. Each is one file of
/// `AuthLintAnalysis/Conditions`, which holds its evaluation beside its reading.
@usableFromInline
package protocol SiteCondition: Sendable {
    /// The key that writes it in a rule (`entitlement-lacks`).
    static var key: String { get }
    /// Reads its value, the YAML under its key; throws a clear error for a wrong one.
    init(reading value: YAMLReader, _ context: ConditionContext) throws
    /// Whether the finding of a site it holds for may be reported in another file than the
    /// site's (a property list).
    var relocates: Bool { get }
    /// Whether it says what the site's target lacks in a way `fix: add-lacking` can add.
    var saysWhatLacks: Bool { get }
}

extension SiteCondition {
    package var relocates: Bool { false }
    package var saysWhatLacks: Bool { false }
}

/// A test of what a metavariable matched (`metavariable: TOKEN` with `comes-from: …`): how it is
/// written and read, and what a file's summary can tell of it. Each is one file of
/// `AuthLintAnalysis/Conditions`, which holds its evaluation beside its reading.
@usableFromInline
package protocol ValueTest: Sendable {
    /// The key that writes it beside `metavariable:` (`comes-from`).
    static var key: String { get }
    /// Reads its value, the YAML under its key; throws a clear error for a wrong one.
    init(reading value: YAMLReader, _ context: ConditionContext) throws
    /// Words some name or string of a file must contain for the test to pass there, which a
    /// file's summary can rule out (nil: the summary cannot tell).
    var wordsNeeded: NameMatch? { get }
}

extension ValueTest {
    package var wordsNeeded: NameMatch? { nil }
}

/// What reading a condition may ask beyond its own value.
@usableFromInline
package struct ConditionContext: Sendable {
    /// The sign-in providers and value origins of the catalog (`comes-from: credentials`).
    package let providers: ProviderCatalog
    /// Reads pattern entries as a rule's `patterns:` are read, each with its own `where:`
    /// (`derived-from: [{pattern: "$C.email", where: …}]`).
    package let clauses: @Sendable (YAMLReader) throws -> [PatternClause]
}

/// The conditions and value tests a rule may use, by the key that writes them.
package struct ConditionKinds: Sendable {
    package let conditions: [String: any SiteCondition.Type]
    package let valueTests: [String: any ValueTest.Type]
    /// The keys of each, sorted: what an error lists as allowed.
    package let conditionKeys: [String]
    package let valueTestKeys: [String]

    package init(conditions: [any SiteCondition.Type], valueTests: [any ValueTest.Type]) {
        self.conditions = Dictionary(uniqueKeysWithValues: conditions.map { ($0.key, $0) })
        self.valueTests = Dictionary(uniqueKeysWithValues: valueTests.map { ($0.key, $0) })
        conditionKeys = self.conditions.keys.sorted()
        valueTestKeys = self.valueTests.keys.sorted()
    }
}
