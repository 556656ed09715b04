import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

extension RuleEvaluator {
    // MARK: - Where a value comes from

    /// The first place the value `binding` holds comes from that one of `clauses` (the catalog's
    /// patterns for an origin) describes, following the value back through assignments, the
    /// names inside its values, the declaration of the function it is a parameter of (what a
    /// delegate method is handed), the values the project's functions it calls return, and the
    /// call that hands a closure its parameters. What is only read off such a value (`token.count`, `token != nil`) does not
    /// come from it.
    /// With `usingCall`, the binding is the call that uses the value (`print(x)`, a whole match):
    /// its arguments are the value, not something made of it.
    /// With `throughCallees`, the callee a closure's parameters come from counts as their origin
    /// (`Messaging.messaging().token { token, error in }`): right for what a call hands out only
    /// in that, every parameter of the closure included. With `throughCallers`, a function's
    /// parameter comes also from what the project's calls of the function give it: right for
    /// saying a value may come from there, not that it does. With `notOtherFields`, another field
    /// read off a value (`session.user`) does not come from where the value does: right for
    /// saying a value is a credential. With `noFields`, no field read off a value comes from
    /// where the value does: right for saying a value is all of a match. With `derived`, the
    /// value may also be made of the match (``ValueResolver/Following/derivations``): a request
    /// body built from a struct made with it.
    func origin(
        of binding: Binding, _ fileIndex: FileID, _ clauses: [PatternClause], usingCall: Bool,
        throughCallees: Bool = false, throughCallers: Bool = false, notOtherFields: Bool = false,
        noFields: Bool = false, derived: Bool = false
    ) -> ValueResolver.Site? {
        guard !clauses.isEmpty else { return nil }
        var following: ValueResolver.Following =
            derived ? .derivations : usingCall ? ValueResolver.Following.origins.union(.usingCall) : .origins
        if throughCallers { following.insert(.callers) }
        if notOtherFields { following.insert(.notOtherFields) }
        if noFields { following.insert(.noFields) }
        let sites = resolver.resolve(file: fileIndex, range: binding.range, following: following).sites
        // Most sites of a value are in a few files: the clauses that may match in each are found once.
        var candidatesInFile: [FileID: [PatternClause]] = [:]
        for (order, site) in sites.enumerated() where throughCallees || !site.callee {
            let code = project.files[site.file]
            let candidates =
                candidatesInFile[site.file]
                ?? {
                    let found = clauses.filter { accepts($0, site.file) && project.mayMatch($0, inFile: site.file) }
                    candidatesInFile[site.file] = found
                    return found
                }()
            guard !candidates.isEmpty else { continue }
            let matcher = Matcher(code, budget: budget)
            for clause in candidates {
                for match in matcher.matches(clause.pattern, in: site.range)
                where !ValueResolver.isReadOff(code, match.range)
                    && !(notOtherFields && ValueResolver.isAnotherField(code, match.range))
                    && !(noFields && ValueResolver.isFieldRead(code, match.range))
                    && (derived
                        || resolver.isValuePart(
                            code, match.range.lowerBound, of: site.range, outermostCall: order == 0 && usingCall))
                    // The app's own `Keys.accessToken` is a constant, not an SDK's token property.
                    && resolver.staticMemberValues(code, match.range, file: site.file) == nil
                {
                    var ignored: Relocation?
                    if holds(clause.conditions, match, site.file, &ignored) { return site }
                }
            }
        }
        return nil
    }

    // MARK: - Values of the project's structs

    /// Whether a name the binding holds as its value is of one of the project's structs with a
    /// property that passes `test` (in a struct it holds, too): its type as declared
    /// (`let x: T`, a parameter, `as? T`), the type a project function it comes from returns
    /// (`let x = try await api.login()`), or the type it is decoded as (`decode(T.self, from:)`).
    func carries(_ binding: Binding, _ fileIndex: FileID, _ test: NameMatch, usingCall: Bool) -> Bool {
        let code = project.files[fileIndex]
        let resolver = self.resolver
        let target = project.targetOfFile[fileIndex]
        for index in binding.range where code.kind(index) == .identifier {
            if index + 1 < code.count, code.kind(index + 1) == .leftParen || code.kind(index + 1) == .colon { continue }
            if index > 0, code.kind(index - 1) == .period { continue }
            // `response.data`: the member chain after the name, up to what is printed.
            var members: [String] = []
            var end = index + 1
            while end + 1 < binding.range.upperBound,
                code.kind(end) == .period || (code.kind(end) == .operator && code.token(end, is: "?"))
            {
                if code.kind(end) == .operator {
                    end += 1
                    continue
                }
                guard code.kind(end + 1) == .identifier else { break }
                members.append(code.text(end + 1))
                end += 2
            }
            if end < code.count, code.kind(end) == .leftParen || code.kind(end) == .period { continue }
            guard !ValueResolver.isReadOff(code, index..<end),
                resolver.isValuePart(code, index, of: binding.range, outermostCall: usingCall)
            else { continue }
            for root in valueTypes(of: index, in: code, fileIndex) {
                var type: String? = root
                for member in members { type = type.flatMap { memberType(of: $0, member, target) } }
                if let type, structCarries(type, target, test, depth: 0) { return true }
            }
        }
        return false
    }

    /// The declared type of a stored property of one of the project's structs.
    private func memberType(of type: String, _ member: String, _ target: TargetID) -> String? {
        let hash = CodeView.hash(member)
        for ref in project.declarations(ofType: type, inTarget: target) {
            let code = project.files[ref.file]
            let body = code.scopes[ref.scope].body
            for occurrence in code.occurrences[hash] ?? []
            where body.contains(Int(occurrence)) && Int(code.scopeOfToken[Int(occurrence)]) == ref.scope {
                let j = Int(occurrence)
                guard j >= 1, code.token(j - 1, is: "let") || code.token(j - 1, is: "var"), j + 2 < code.count,
                    code.kind(j + 1) == .colon, code.kind(j + 2) == .identifier
                else { continue }
                return code.text(j + 2)
            }
        }
        return nil
    }

    /// The types the name at `index` is declared, returned or decoded as.
    private func valueTypes(of index: Int, in code: CodeView, _ fileIndex: FileID) -> [String] {
        var types: [String] = []
        if let declared = resolver.declaredType(
            of: Binding(range: index..<(index + 1), hashes: [code.hashes[index]]), in: code)
        {
            types.append(declared)
        }
        for value in resolver.assignments(to: index, in: code, near: index) {
            // `decode(T.self, from: data)`, `map(T.self)`.
            for j in value
            where j + 2 < value.upperBound && code.kind(j) == .identifier && code.kind(j + 1) == .period
                && code.token(j + 2, is: "self")
            {
                types.append(code.text(j))
            }
            // The project function the value is a call of: what its declaration says it returns.
            var start = value.lowerBound
            while start < value.upperBound,
                code.token(start, is: "try") || code.token(start, is: "await")
                    || (code.kind(start) == .operator && start > value.lowerBound
                        && code.tokens[start].start == code.tokens[start - 1].end)
            {
                start += 1
            }
            var close = value.upperBound - 1
            while close > start, code.kind(close) == .operator, code.token(close, is: "!") || code.token(close, is: "?")
            { close -= 1 }
            guard code.kind(close) == .rightParen, Int(code.partner[close]) > start,
                code.kind(Int(code.partner[close]) - 1) == .identifier,
                code.calleeChain(endingAt: Int(code.partner[close]) - 1).lowerBound == start
            else { continue }
            for function in project.functions(named: code.text(Int(code.partner[close]) - 1)) {
                let other = project.files[function.file]
                let scope = other.scopes[function.scope]
                guard
                    let arrow = (scope.headerStart..<scope.open).first(where: {
                        other.kind($0) == .operator && other.token($0, is: "->")
                    }),
                    arrow + 1 < scope.open, other.kind(arrow + 1) == .identifier
                else { continue }
                types.append(other.text(arrow + 1))
            }
        }
        return types.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "?!")) }
    }

    /// Whether the project declares `type` as a struct with a property passing `test`, or one
    /// holding such a struct.
    private func structCarries(_ type: String, _ target: TargetID, _ test: NameMatch, depth: Int) -> Bool {
        guard depth < 3, let first = type.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) else {
            return false
        }
        for ref in project.declarations(ofType: type, inTarget: target) {
            let code = project.files[ref.file]
            let scope = code.scopes[ref.scope]
            // A struct prints every stored property, unless it describes itself.
            guard code.token(scope.headerStart, is: "struct"),
                !code.inheritedNames(of: scope).contains(where: {
                    $0 == "CustomStringConvertible" || $0 == "CustomDebugStringConvertible"
                })
            else { continue }
            for j in scope.body
            where (code.token(j, is: "let") || code.token(j, is: "var")) && Int(code.scopeOfToken[j]) == ref.scope {
                guard j + 1 < code.count, code.kind(j + 1) == .identifier, !code.token(j - 1, is: "static") else {
                    continue
                }
                // A computed property (`var name: T { … }`) is not printed.
                if j + 4 < code.count, code.kind(j + 2) == .colon, code.kind(j + 4) == .leftBrace { continue }
                if test.accepts(code, j + 1) { return true }
                // `let data: LoginData`: a struct held inside.
                if j + 3 < code.count, code.kind(j + 2) == .colon, code.kind(j + 3) == .identifier,
                    structCarries(code.text(j + 3), target, test, depth: depth + 1)
                {
                    return true
                }
            }
        }
        return false
    }
}
