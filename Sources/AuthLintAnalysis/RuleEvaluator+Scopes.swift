import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

extension RuleEvaluator {
    // MARK: - Scoped searches

    /// Whether one of the search's patterns occurs in the scope, or in a helper the followed value is passed to.
    func found(_ search: ScopedSearch, _ match: Match, _ fileIndex: FileID) -> Bool {
        if search.scope == .request, let places = requestPlaces(answeredAt: match.range.lowerBound, inFile: fileIndex) {
            return found(search, in: places, match)
        }
        if search.scope == .servers || search.scope == .apps {
            let wanted: (BuildTarget) -> Bool = search.scope == .servers ? { $0.kind == .server } : { $0.isApp }
            return project.targets.ids.filter { wanted(project.targets[$0]) }.contains { target in
                project.targets[target].files.contains { other in
                    mayOccur(search, inFile: other)
                        && occurs(search, in: other, range: 0..<project.files[other].count, bound: match.bindings)
                }
            }
        }
        if search.scope == .project || search.scope == .request {
            return project.target(ofFile: fileIndex).files.contains { other in
                mayOccur(search, inFile: other)
                    && occurs(search, in: other, range: 0..<project.files[other].count, bound: match.bindings)
            }
        }
        let code = project.files[fileIndex]
        let anchor = search.follow.flatMap { match.bindings[$0] }
        let range = scopeRange(search.scope, code: code, anchor: anchor, match: match)
        if occurs(search, in: fileIndex, range: range, bound: match.bindings) { return true }
        guard let name = search.follow, let followed = match.bindings[name] else { return false }
        var visited = Set<ProjectIndex.ScopeRef>()
        return foundInCallees(
            search, name: name, value: followed, file: fileIndex, range: range, bound: match.bindings, depth: 0,
            visited: &visited)
    }

    func occurs(_ search: ScopedSearch, in fileIndex: FileID, range: Range<Int>, bound: [String: Binding]) -> Bool {
        let code = project.files[fileIndex]
        let matcher = Matcher(code, budget: budget)
        var excluded: [Range<Int>]?
        func isExcluded(_ hit: Range<Int>) -> Bool {
            if excluded == nil { excluded = search.notInside.flatMap { matcher.matches($0, in: range).map(\.range) } }
            return excluded!.contains { $0.lowerBound <= hit.lowerBound && hit.upperBound <= $0.upperBound }
        }
        for words in search.words {
            for hit in words.matches(in: code, range: range) where search.notInside.isEmpty || !isExcluded(hit.range) {
                return true
            }
        }
        for pattern in search.patterns {
            for hit in matcher.matches(pattern, in: range, bound: bound) {
                if search.notInside.isEmpty { return true }
                if isExcluded(hit.range) { continue }
                // `let name = hit` only counts if `name` itself is used outside the excluded places.
                if let name = declaredName(assignedFrom: hit.range, in: code) {
                    let uses = matcher.matches(Pattern.name, in: range, bound: ["NAME": name])
                    if uses.contains(where: { $0.range.lowerBound != name.range.lowerBound && !isExcluded($0.range) }) {
                        return true
                    }
                    continue
                }
                return true
            }
        }
        return false
    }

    /// Whether the search may find something in the file, by its summary.
    func mayOccur(_ search: ScopedSearch, inFile file: FileID) -> Bool {
        !search.words.isEmpty || search.patterns.contains { project.mayMatch($0, inFile: file) }
    }

    /// The name declared by `let name = <range>` when `range` is that whole initial value.
    private func declaredName(assignedFrom range: Range<Int>, in code: CodeView) -> Binding? {
        let start = range.lowerBound
        guard start >= 3, code.kind(start - 1) == .operator, code.token(start - 1, is: "="),
            code.kind(start - 2) == .identifier,
            code.token(start - 3, is: "let") || code.token(start - 3, is: "var"),
            range.upperBound >= code.count
                || code.tokens[range.upperBound].line != code.tokens[range.upperBound - 1].line
                || code.kind(range.upperBound) == .semicolon
        else { return nil }
        return Binding(range: (start - 2)..<(start - 1), hashes: [code.hashes[start - 2]])
    }

    /// The code range a search looks in.
    private func scopeRange(_ scope: ConditionScope, code: CodeView, anchor: Binding?, match: Match) -> Range<Int> {
        let position = anchor?.range.lowerBound ?? match.range.lowerBound
        switch scope {
        case .file, .project, .request, .servers, .apps:
            return 0..<code.count
        case .function:
            let index = anchor?.declaringScope ?? code.executableScope(of: code.declaringScope(of: position))
            return index == 0 ? 0..<code.count : code.scopes[index].headerStart..<code.scopes[index].close
        case .type:
            var current: Int? = code.declaringScope(of: position)
            while let index = current, code.scopes[index].kind != .type { current = code.scopes[index].parent }
            guard let index = current, index > 0 else { return 0..<code.count }
            return code.scopes[index].headerStart..<code.scopes[index].close
        }
    }

    /// Follows `value` into the project functions it is passed to as an argument.
    func foundInCallees(
        _ search: ScopedSearch, name: String, value: Binding, file: FileID, range: Range<Int>,
        bound: [String: Binding], depth: Int, visited: inout Set<ProjectIndex.ScopeRef>
    ) -> Bool {
        guard depth < 3 else { return false }
        let code = project.files[file]
        for argument in arguments(passing: value, in: code, range: range) {
            let refs = project.functions(named: argument.callee)
            guard !refs.isEmpty else {
                // Handed to code outside the project: it may well do what the search looks for.
                if search.followOutside, !RuleEvaluator.logging.contains(argument.callee) { return true }
                continue
            }
            for ref in refs where visited.insert(ref).inserted {
                let calleeCode = project.files[ref.file]
                guard calleeCode.scopes.indices.contains(ref.scope) else { continue }
                let scope = calleeCode.scopes[ref.scope]
                // A Python method called on its object is handed `self` (or `cls`) first.
                let skipped =
                    argument.member && scope.parameters.first.map { $0.name == "self" || $0.name == "cls" } == true
                    ? 1 : 0
                let position = argument.position + skipped
                let parameter =
                    argument.label.flatMap { label in
                        scope.parameters.first { $0.label == label || ($0.label == nil && $0.name == label) }
                    }
                    ?? (position < scope.parameters.count ? scope.parameters[position] : nil)
                guard let parameter else { continue }
                var calleeBindings = bound
                let renamed = Binding(
                    range: parameter.index..<(parameter.index + 1), hashes: [calleeCode.hashes[parameter.index]],
                    declaringScope: ref.scope)
                calleeBindings[name] = renamed
                let body = scope.headerStart..<scope.close
                if occurs(search, in: ref.file, range: body, bound: calleeBindings) { return true }
                if foundInCallees(
                    search, name: name, value: renamed, file: ref.file, range: body, bound: calleeBindings,
                    depth: depth + 1, visited: &visited)
                {
                    return true
                }
            }
        }
        return false
    }

    /// Functions that only print what they are given.
    static let logging: Set<String> = ["print", "debugPrint", "dump", "NSLog", "os_log", "assert", "precondition"]

    struct Argument {
        var callee: String
        var label: String?
        var position: Int
        /// Whether the call is made on a value (`service.verify(token)`).
        var member = false
    }

    /// Calls in `range` that pass `value` as a whole argument.
    private func arguments(passing value: Binding, in code: CodeView, range: Range<Int>) -> [Argument] {
        var found: [Argument] = []
        let count = value.hashes.count
        var i = range.lowerBound
        while i + count <= range.upperBound {
            defer { i += 1 }
            guard code.hashes[i] == value.hashes[0], (0..<count).allSatisfy({ code.hashes[i + $0] == value.hashes[$0] })
            else { continue }
            let end = i + count
            guard end < code.count, code.kind(end) == .comma || code.kind(end) == .rightParen else { continue }
            var label: String?
            var start = i
            if i >= 2, code.kind(i - 1) == .colon, code.kind(i - 2) == .identifier || code.kind(i - 2) == .keyword {
                label = code.text(i - 2)
                start = i - 2
            }
            guard start > 0, code.kind(start - 1) == .comma || code.kind(start - 1) == .leftParen else { continue }
            // Walk back to the call's `(`, counting the arguments before this one.
            var position = 0
            var j = start - 1
            while j >= 0, code.kind(j) != .leftParen {
                if code.kind(j) == .comma { position += 1 }
                if code.kind(j) == .rightParen || code.kind(j) == .rightBracket || code.kind(j) == .rightBrace
                    || code.kind(j) == .stringClose
                {
                    j = Int(code.partner[j])
                    if j < 0 { break }
                }
                j -= 1
            }
            guard j > 0, code.kind(j) == .leftParen, code.kind(j - 1) == .identifier else { continue }
            found.append(
                Argument(
                    callee: code.text(j - 1), label: label, position: position,
                    member: j >= 2 && code.kind(j - 2) == .period))
        }
        return found
    }
}
