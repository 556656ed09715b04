import AuthLintModel
import AuthLintRules
import AuthLintSyntax

extension ValueResolver {
    /// The values a project function gives back: each `return` expression of its own body (not
    /// of closures or functions inside it), or the body itself when it is a single expression.
    func returnedValues(of function: ProjectIndex.ScopeRef) -> [CodeRange] {
        run.values.returned.value(for: function) { findReturnedValues(of: function) }
    }

    private func findReturnedValues(of function: ProjectIndex.ScopeRef) -> [CodeRange] {
        let code = project.files[function.file]
        guard code.scopes.indices.contains(function.scope) else { return [] }
        let scope = code.scopes[function.scope]
        let body = scope.body
        guard !body.isEmpty else { return [] }
        // A function declared without `->` gives nothing back (a computed property always does).
        if code.declaresFunction(scope) {
            guard
                (scope.headerStart..<scope.open).contains(where: {
                    code.kind($0) == .operator && code.token($0, is: "->")
                })
            else { return [] }
        }
        let matcher = Matcher(code)
        var found: [CodeRange] = []
        var sawReturn = false
        for i in body where code.kind(i) == .keyword && code.token(i, is: "return") {
            guard code.executableScope(of: Int(code.scopeOfToken[i])) == function.scope else { continue }
            sawReturn = true
            if i + 1 < body.upperBound, code.tokens[i + 1].line == code.tokens[i].line,
                let end = matcher.expressionEnds(from: i + 1, limit: body.upperBound).last
            {
                found.append(CodeRange(file: function.file, range: (i + 1)..<end))
            }
        }
        // A body that is one expression gives it back; a statement (`if`, `switch`, `let`) does not.
        let opensWithStatement =
            code.kind(body.lowerBound) == .keyword
            && !["try", "await", "self", "Self", "super", "nil", "true", "false"].contains(code.text(body.lowerBound))
        if !sawReturn, !opensWithStatement,
            let end = matcher.expressionEnds(from: body.lowerBound, limit: body.upperBound).last,
            end == body.upperBound
        {
            found.append(CodeRange(file: function.file, range: body))
        }
        return found
    }
}
