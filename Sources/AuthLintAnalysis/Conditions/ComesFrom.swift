import AuthLintModel
import AuthLintRules
import AuthLintSyntax
import Foundation

/// `comes-from: ORIGIN` (`credentials`, `push-tokens`), or `comes-from: [PATTERNS]`: followed
/// back to where it comes from (assignments, the names inside its values, a parameter to its
/// function's declaration, the values the project's functions return, the call that hands a
/// closure its parameters), it reaches one of the origin's patterns in the provider catalog, or
/// one of the patterns given (each with its own `where:`). Written
/// `comes-from: {patterns: [PATTERNS], fields: credentials}`, a field read off a match whose name
/// says no credential (`tokens["sub"]`, `response.status`) does not come from it, as for the
/// `credentials` origin: the match holds a secret in some fields, the rest is not secret. With
/// `fields: none`, no field read off it does (`tokens["id_token"]` neither): only the match
/// itself, whole, in whatever form.
struct ComesFrom: EvaluatedValueTest {
    static let key = "comes-from"
    let origin: Origin

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        origin = try Origin(node, Self.key, context, allowsFields: true)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        evaluator.origin(
            of: binding, fileIndex, origin.clauses, usingCall: whole, notOtherFields: origin.fields == .credentials,
            noFields: origin.fields == .none) != nil
    }
}

extension ComesFrom {
    /// What `comes-from` and `comes-from-none` are given: the patterns of a catalog origin, or
    /// patterns written out.
    struct Origin {
        var clauses: [PatternClause]
        /// Which fields read off a match come from it.
        var fields: Fields

        /// The mapping form, with `fields:`, only where `allowsFields`.
        init(_ node: YAMLReader, _ key: String, _ context: ConditionContext, allowsFields: Bool) throws {
            if node.isList {
                (clauses, fields) = (try context.clauses(node), .all)
            } else if node.isMapping, !allowsFields {
                throw node.fail("\(key) takes an origin or a list of patterns; `fields:` goes with `comes-from`")
            } else if node.isMapping {
                let entries = try node.mapping(key, allowed: ["patterns", "fields"])
                let patterns = try entries.required("patterns")
                guard patterns.isList else { throw patterns.fail("`patterns` of \(key) must be a list") }
                clauses = try context.clauses(patterns)
                fields = try entries["fields"]?.enumValue(Fields.self, "fields") ?? .all
            } else {
                let origin = try node.enumValue(ValueOrigin.self, key)
                // Another field of a sign-in's answer (`session.user`) is not its credential.
                clauses = context.providers.clauses(of: origin)
                fields = origin == .credentials ? .credentials : .all
            }
        }

        /// Which fields read off a match come from it: every one, those that name a credential, or
        /// none (only the match, whole).
        enum Fields: String, CaseIterable {
            case all, credentials, none
        }
    }
}
