import AuthLintModel

extension CodeView {
    /// The scope whose `{` is the code token at `position`.
    public func scopeIndex(openingAt position: Int) -> Int? {
        // Scope 0 is the file; the others are in order of their `{`.
        guard scopes.count > 1 else { return nil }
        let found = scopes[1...].lowerBound { $0.open < position }
        return found != scopes.endIndex && scopes[found].open == position ? found : nil
    }

    /// Code index of the first body token after a closure's `in` (or after `{` when it has none).
    public func closureBodyStart(_ scope: Scope) -> Int {
        var k = scope.open + 1
        if k < scope.close, tokens[k].kind == .leftBracket, partner[k] > k { k = Int(partner[k]) + 1 }
        // The signature, if any, is short and holds no statement: look for its `in`.
        var steps = 0
        while k < scope.close, steps < 40 {
            let token = tokens[k]
            if token.kind == .keyword, self.token(k, is: "in") { return k + 1 }
            if token.kind == .leftBrace || token.kind == .rightBrace || token.kind == .semicolon { break }
            if steps > 0, token.line != tokens[k - 1].line { break }
            if partner[k] > k { k = Int(partner[k]) }
            k += 1
            steps += 1
        }
        return scope.open + 1
    }

    /// Line on which the code token at `p` ends (multi-line strings and comments end later than they start).
    public func endLine(of p: Int) -> Int32 {
        let token = tokens[p]
        guard token.kind == .stringClose || token.kind == .stringSegment else { return token.line }
        return Int32(file.location(ofByte: Int(token.end)).line)
    }

    /// The innermost scope whose declaration header (`func name(params) ->`) or body contains
    /// `index`: parameters belong to their function.
    public func declaringScope(of index: Int) -> Int {
        // Scopes are in the order of their `{`: only one that opens after `index` can hold it in
        // its header, and past a declaration whose header starts after `index` none can (only
        // closures, as default values, sit inside a header).
        var offset = scopes.count > 1 ? scopes[1...].lowerBound { $0.open <= index } : scopes.count
        var best: Int?
        while offset < scopes.count {
            let start = scopes[offset].headerStart
            if start <= index {
                if best == nil || start >= scopes[best!].headerStart { best = offset }
            } else if scopes[offset].kind != .closure {
                break
            }
            offset += 1
        }
        return best ?? Int(scopeOfToken[index])
    }

    /// Whether the code token at `index` is inside the parameter list of a function declaration.
    public func isInParameterList(_ index: Int) -> Bool {
        let scopeIndex = declaringScope(of: index)
        guard scopeIndex > 0 else { return false }
        let scope = scopes[scopeIndex]
        return scope.kind == .function && scope.headerStart <= index && index < scope.open
    }

    /// Index of the innermost function or closure scope around the scope at `index`.
    public func executableScope(of scopeIndex: Int) -> Int {
        var current: Int? = scopeIndex
        while let index = current {
            if scopes[index].kind == .function || scopes[index].kind == .closure { return index }
            current = scopes[index].parent
        }
        return scopeIndex
    }

    /// Attributes and modifiers written before a declaration's keyword (`@objc private func`,
    /// `@propertyWrapper public struct`).
    package func attributes(before headerStart: Int) -> [String] {
        var found: [String] = []
        var j = headerStart - 1
        while j >= 0, headerStart - j < 24 {
            switch kind(j) {
            case .attribute:
                found.append(text(j))
            case .keyword, .identifier:
                let word = text(j)
                guard
                    [
                        "private", "fileprivate", "internal", "public", "open", "final", "static", "class", "override",
                        "dynamic",
                        "mutating", "nonisolated", "required", "convenience", "lazy", "weak", "unowned", "indirect",
                    ].contains(word)
                else { return found }
                found.append(word)
            case .rightParen:
                // An attribute's arguments: `@available(iOS 13, *)`, `@objc(name:)`.
                guard partner[j] >= 0 else { return found }
                j = Int(partner[j])
            default:
                return found
            }
            j -= 1
        }
        return found
    }

    /// The names after `:` in a type's header, up to `where` or its brace: what it conforms to
    /// and inherits from.
    package func inheritedNames(of scope: Scope) -> [String] {
        guard scope.kind == .type, scope.open > scope.headerStart else { return [] }
        var names: [String] = []
        var inClause = false
        for j in scope.headerStart..<scope.open {
            if kind(j) == .colon, !inClause {
                inClause = true
                continue
            }
            if token(j, is: "where") { break }
            if inClause, kind(j) == .identifier { names.append(text(j)) }
        }
        return names
    }

    /// Whether a function scope is declared with `func`, not an accessor or an initialiser.
    package func declaresFunction(_ scope: Scope) -> Bool {
        scope.kind == .function && token(scope.headerStart, is: "func")
    }
}
