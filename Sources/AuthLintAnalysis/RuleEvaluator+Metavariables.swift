import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

extension RuleEvaluator {
    // MARK: - Metavariable tests

    /// `whole`: the binding is the whole match (`MATCH`).
    func holds(_ test: MetavariableTest, _ binding: Binding, _ fileIndex: Int, whole: Bool = false) -> Bool {
        let code = project.files[fileIndex]
        switch test {
        case .resolvesTo(let patterns):
            let values = resolver.resolve(file: fileIndex, range: binding.range, deep: false)
            return values.sites.contains { site in
                let matcher = Matcher(project.files[site.file], budget: budget)
                return patterns.contains {
                    matcher.match($0, at: site.range.lowerBound, limit: site.range.upperBound) != nil
                }
            }
        case .mentions(let words):
            let values = resolver.resolve(file: fileIndex, range: binding.range, deep: true)
            return resolver.mentions(values.sites, words)
        case .mentionsNone(let words):
            // Where a value comes from (the call a closure's parameter is handed out by included),
            // not what the functions it calls do inside.
            let values = resolver.resolve(file: fileIndex, range: binding.range, following: [.names, .closureCallees])
            return !resolver.mentions(values.sites, words)
        case .lacks(let words):
            let values = resolver.resolve(file: fileIndex, range: binding.range, deep: true)
            return !values.unresolved && !resolver.mentions(values.sites, words)
        case .type(let types):
            guard let declared = resolver.declaredType(of: binding, in: code) else { return false }
            let bare = declared.trimmingCharacters(in: CharacterSet(charactersIn: "?!"))
            return types.contains { bare == $0 || bare.hasSuffix("." + $0) }
        case .nameMatches(let test):
            return binding.range.contains { index in
                guard test.accepts(code, index) else { return false }
                guard !test.unlessKind.isEmpty, code.kind(index) == .identifier else { return true }
                // `Keys.accessToken`: the static member of a type, not a name of its own.
                let start =
                    index >= 2 && code.kind(index - 1) == .period && code.kind(index - 2) == .identifier
                        && resolver.staticMemberValues(code, (index - 2)..<(index + 1), file: fileIndex) != nil
                    ? index - 2 : index
                let name = Binding(range: start..<(index + 1), hashes: Array(code.hashes[start..<(index + 1)]))
                return holds(.kindNone(test.unlessKind), name, fileIndex)
            }
        case .contains(let patterns):
            let values = resolver.resolve(file: fileIndex, range: binding.range, deep: true)
            return resolver.contains(values.sites, patterns)
        case .containsNone(let patterns):
            let values = resolver.resolve(file: fileIndex, range: binding.range, deep: true)
            return !resolver.contains(values.sites, patterns)
        case .kindNone(let kinds):
            if let declared = resolver.declaredType(of: binding, in: code), let kind = ValueKind(typeName: declared) {
                return !kinds.contains(kind)
            }
            // A flag when everything it is given is one: a name also given a token stays a token.
            let values = resolver.resolve(file: fileIndex, range: binding.range, deep: false)
            // Names (and a type's static members) stand for what they are given.
            let given = values.sites.filter { site in
                let code = project.files[site.file]
                return resolver.plainName(code, site.range) == nil
                    && resolver.staticMemberValues(code, site.range, file: site.file) == nil
            }
            guard !given.isEmpty else { return true }
            return !given.allSatisfy { site in
                ValueKind.of(project.files[site.file], site.range).map(kinds.contains) ?? false
            }
        case .comesFrom(_, let clauses):
            return origin(of: binding, fileIndex, clauses, usingCall: whole) != nil
        case .carries(let test):
            return carries(binding, fileIndex, test, usingCall: whole)
        case .builtFrom(let clauses):
            return origin(of: binding, fileIndex, clauses, usingCall: whole) != nil
        case .comesFromNone(_, let clauses):
            // A push token is whatever its registration call hands out; a credential is only a value.
            return origin(of: binding, fileIndex, clauses, usingCall: whole, throughCallees: true) == nil
        case .built:
            return isBuilt(binding.range, in: code)
        case .literal:
            let values = resolver.resolve(file: fileIndex, range: binding.range, deep: false)
            guard !values.unresolved else { return false }
            return values.sites.contains { site in
                let other = project.files[site.file]
                let start = site.range.lowerBound
                guard other.kind(start) == .stringOpen || other.kind(start) == .integerLiteral else { return false }
                let end = other.kind(start) == .stringOpen ? Int(other.partner[start]) + 1 : start + 1
                return end == site.range.upperBound
                    && (other.kind(start) != .stringOpen || other.stringValue(at: start) != nil)
            }
        }
    }

    /// Whether the string literal that starts `range` is completed at run time: it interpolates,
    /// is joined with `+` or `appending`, or is the format of a `String(format:)` with arguments.
    func isBuilt(_ range: Range<Int>, in code: CodeView) -> Bool {
        let open = range.lowerBound
        guard open < code.count, code.kind(open) == .stringOpen, code.partner[open] > open else { return false }
        let close = Int(code.partner[open])
        if (open..<close).contains(where: {
            code.kind($0) == .interpolationOpen
                && code.tokens[$0].interpolationDepth == code.tokens[open].interpolationDepth
        }) {
            return true
        }
        let before = open - 1
        let after = close + 1
        if before >= 0, code.text(before) == "+" || code.text(before) == "+=" { return true }
        if after < code.count, code.text(after) == "+" { return true }
        if after + 1 < code.count, code.text(after) == ".", code.text(after + 1) == "appending" { return true }
        // String(format: "…", value)
        if before >= 1, code.text(before) == ":", code.text(before - 1) == "format", after < code.count,
            code.text(after) == ","
        {
            return true
        }
        return false
    }
}
