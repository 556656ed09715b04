import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

extension ValueResolver {
    /// The declared type of the name at `nameIndex`: parameter type, `let x: T`, `x as? T`, `case let x as T`.
    func declaredType(of binding: Binding, in code: CodeView) -> String? {
        if let scopeIndex = binding.declaringScope {
            let hash = binding.hashes.first
            return code.scopes[scopeIndex].parameters.first { code.hashes[$0.index] == hash }?.type
        }
        guard let nameIndex = plainName(code, binding.range) else { return nil }
        var scopeIndex: Int? = code.executableScope(of: code.declaringScope(of: nameIndex))
        let hash = code.hashes[nameIndex]
        // Only the places that declare the name (`let name`, `var name`), found once per file.
        let declarations = run.values.declarationSites.value(for: NameInFile(path: code.file.path, hash: hash)) {
            (code.occurrences[hash] ?? []).filter { occurrence in
                let i = Int(occurrence)
                return i > 0 && code.kind(i) == .identifier
                    && (code.token(i - 1, is: "let") || code.token(i - 1, is: "var"))
            }
        }
        while let index = scopeIndex {
            let scope = code.scopes[index]
            if let parameter = scope.parameters.first(where: { $0.name != "$0" && code.hashes[$0.index] == hash }) {
                return parameter.type
            }
            let range = index == 0 ? 0..<code.count : scope.body
            var next = declarations.lowerBound { Int($0) < range.lowerBound }
            while next < declarations.count, Int(declarations[next]) < range.upperBound {
                let i = Int(declarations[next])
                next += 1
                if let type = typeAfterDeclaration(code, i, limit: range.upperBound) { return type }
            }
            scopeIndex = scope.parent
        }
        return nil
    }

    private func typeAfterDeclaration(_ code: CodeView, _ name: Int, limit: Int) -> String? {
        var j = name + 1
        guard j < limit else { return nil }
        if code.kind(j) == .colon, j + 1 < limit { return code.text(j + 1) }
        // `let x = y as? T`, `case let x as T`, `let x = y as! T`
        var steps = 0
        while j < limit, steps < 40 {
            if code.kind(j) == .keyword, code.token(j, is: "as"), j + 1 < limit {
                var k = j + 1
                if code.kind(k) == .operator, code.token(k, is: "?") || code.token(k, is: "!") { k += 1 }
                if k < limit { return code.text(k) }
            }
            if code.kind(j) == .leftBrace || code.kind(j) == .rightBrace
                || code.kind(j) == .comma && steps > 0 && code.kind(j - 1) != .identifier
            {
                break
            }
            if code.tokens[j].line != code.tokens[name].line { break }
            j += 1
            steps += 1
        }
        return nil
    }
}
