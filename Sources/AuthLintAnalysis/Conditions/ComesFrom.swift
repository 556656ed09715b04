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
/// `credentials` origin: the match holds a secret in some fields, the rest is not secret.
struct ComesFrom: EvaluatedValueTest {
    static let key = "comes-from"
    let origin: Origin

    init(reading node: YAMLReader, _ context: ConditionContext) throws {
        origin = try Origin(node, Self.key, context, fields: true)
    }

    func holds(_ binding: Binding, inFile fileIndex: FileID, whole: Bool, _ evaluator: RuleEvaluator) -> Bool {
        evaluator.origin(
            of: binding, fileIndex, origin.clauses, usingCall: whole, notOtherFields: origin.onlyCredentialFields)
            != nil
    }
}

extension ComesFrom {
    /// What `comes-from` and `comes-from-none` are given: the patterns of a catalog origin, or
    /// patterns written out.
    struct Origin {
        var clauses: [PatternClause]
        /// Only the match itself and its fields that name a credential come from it.
        var onlyCredentialFields: Bool

        /// The mapping form, with `fields:`, only where `fields` allows it.
        init(_ node: YAMLReader, _ key: String, _ context: ConditionContext, fields: Bool) throws {
            if node.isList {
                (clauses, onlyCredentialFields) = (try context.clauses(node), false)
            } else if node.isMapping, !fields {
                throw node.fail("\(key) takes an origin or a list of patterns; `fields:` goes with `comes-from`")
            } else if node.isMapping {
                let entries = try node.mapping(key, allowed: ["patterns", "fields"])
                let patterns = try entries.required("patterns")
                guard patterns.isList else { throw patterns.fail("`patterns` of \(key) must be a list") }
                clauses = try context.clauses(patterns)
                onlyCredentialFields = try entries["fields"]?.enumValue(Fields.self, "fields") == .credentials
            } else {
                let origin = try node.enumValue(ValueOrigin.self, key)
                // Another field of a sign-in's answer (`session.user`) is not its credential.
                (clauses, onlyCredentialFields) = (context.providers.clauses(of: origin), origin == .credentials)
            }
        }

        /// Which fields read off a match come from it.
        enum Fields: String, CaseIterable {
            case all, credentials
        }
    }
}
