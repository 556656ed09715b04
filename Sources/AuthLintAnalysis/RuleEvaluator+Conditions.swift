import AuthLintModel
import AuthLintRules

/// A condition that tests a site, with its evaluation. Each is one file of `Conditions/`,
/// named after its type; `ConditionKinds.builtIn` lists them all (made from that folder at build
/// time, see `Plugins/ConditionLister`).
protocol EvaluatedCondition: SiteCondition {
    /// Whether it holds for `match` in the file. A condition that reports the finding elsewhere
    /// (a property list) says where in `relocation`.
    func holds(
        _ match: Match, inFile fileIndex: FileID, _ evaluator: RuleEvaluator,
        _ relocation: inout RuleEvaluator.Relocation?
    ) -> Bool
}

/// A test of what a metavariable matched, with its evaluation. Each is one file of
/// `Conditions/`, named after its type.
protocol EvaluatedValueTest: ValueTest {
    /// Whether what `binding` matched in the file passes. `whole`: the binding is the whole
    /// match (`MATCH`), a call whose result is the value.
    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool
}

extension ConditionKinds {
    /// The kinds of `types`, each a condition or a value test with its evaluation.
    static func evaluated(_ types: [Any.Type]) -> ConditionKinds {
        ConditionKinds(
            conditions: types.compactMap { $0 as? any EvaluatedCondition.Type },
            valueTests: types.compactMap { $0 as? any EvaluatedValueTest.Type })
    }
}

extension RuleEvaluator {
    /// Whether a condition of `Conditions/` holds for `match`.
    func holds(
        _ condition: any SiteCondition, _ match: Match, _ fileIndex: FileID, _ relocation: inout Relocation?
    ) -> Bool {
        // Every kind the loader knows is one of `ConditionKinds.builtIn`, all evaluated.
        (condition as! any EvaluatedCondition).holds(match, inFile: fileIndex, self, &relocation)
    }

    /// Whether a value test of `Conditions/` passes for what `binding` matched.
    func holds(_ test: any ValueTest, _ binding: Binding, _ fileIndex: FileID, whole: Bool = false) -> Bool {
        (test as! any EvaluatedValueTest).holds(binding, inFile: fileIndex, whole: whole, self)
    }
}
