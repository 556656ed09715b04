import AuthLintModel
import AuthLintSyntax

/// Finds the places a ``Pattern`` matches in a ``CodeView``.
public struct Matcher {
    public let code: CodeView
    /// The steps this matcher may still take, shared with the rest of its file's analysis; none
    /// when nil. Once spent, nothing more matches.
    public let budget: StepBudget?

    public init(_ code: CodeView, budget: StepBudget? = nil) {
        self.code = code
        self.budget = budget
    }

    /// Every non-overlapping match inside `range` (default: the whole file), in order.
    /// `bound` fixes metavariables to text already matched elsewhere.
    public func matches(
        _ pattern: Pattern, in range: Range<Int>? = nil, bound: [String: Binding] = [:]
    ) -> [Match] {
        let range = range ?? 0..<code.count
        guard !range.isEmpty, pattern.requiredNames.allSatisfy({ code.nameHashes.contains($0) }) else { return [] }
        var found: [Match] = []
        var next = range.lowerBound
        let attempt = Attempt(pattern.elements, limit: range.upperBound)
        guard pattern.startsFixedWithOpenGap else {
            forEachStart(of: pattern, in: range, bound: bound) { position in
                if budget?.isSpent == true { return true }
                guard position >= next, let match = match(pattern, at: position, attempt, bound: bound) else {
                    return false
                }
                found.append(match)
                next = max(match.range.upperBound, position + 1)
                return false
            }
            return found
        }
        // A pattern that starts with a fixed token and matches again later, up to the same end, is
        // the same code with a shorter run of `...` (`@IBOutlet ... var $_: FBLoginButton` from
        // an earlier outlet): the later start is the place.
        forEachStart(of: pattern, in: range, bound: bound) { position in
            if budget?.isSpent == true { return true }
            if let last = found.last, last.range.lowerBound < position, position < last.range.upperBound {
                if let shorter = match(pattern, at: position, attempt, bound: bound),
                    shorter.range.upperBound == last.range.upperBound
                {
                    found[found.count - 1] = shorter
                }
                return false
            }
            guard position >= next, let match = match(pattern, at: position, attempt, bound: bound) else {
                return false
            }
            found.append(match)
            next = max(match.range.upperBound, position + 1)
            return false
        }
        return found
    }

    /// Calls `body` with each position in `range` where a match may start, in order, until it
    /// returns true. A pattern that starts with a name (or a name already bound) can only start
    /// where that name is; one that starts with a metavariable, shortly before its inner anchor
    /// name; any other, anywhere.
    private func forEachStart(
        of pattern: Pattern, in range: Range<Int>, bound: [String: Binding], _ body: (Int) -> Bool
    ) {
        if let hash = anchor(pattern, bound) {
            for start in code.occurrences[hash] ?? [] where range.contains(Int(start)) {
                if body(Int(start)) { return }
            }
        } else if let hash = pattern.innerAnchor {
            var next = range.lowerBound  // positions below were tried already
            var starts: [Int] = []
            for occurrence in code.occurrences[hash] ?? [] {
                let anchor = min(Int(occurrence), range.upperBound)
                // Walking back from the anchor by atoms: a bracketed group (a call's arguments, an
                // array literal, a string) is one step, whatever its length, and a match cannot
                // start inside a group that closes before the anchor.
                starts.removeAll(keepingCapacity: true)
                var j = anchor - 1
                while j >= next, starts.count < Matcher.anchorWindow {
                    let open = Int(code.partner[j])
                    if open >= 0, open < j { j = open }
                    if j >= next { starts.append(j) }
                    j -= 1
                }
                for start in starts.reversed() where body(start) { return }
                next = max(next, anchor)
                if anchor == range.upperBound { return }
            }
        } else {
            for position in range where body(position) { return }
        }
    }

    /// How far before its inner anchor name a match may start, in atoms (a bracketed group counts one).
    static let anchorWindow = 96

    /// Whether the pattern matches anywhere inside `range`.
    public func contains(_ pattern: Pattern, in range: Range<Int>, bound: [String: Binding] = [:]) -> Bool {
        guard !range.isEmpty, pattern.requiredNames.allSatisfy({ code.nameHashes.contains($0) }) else { return false }
        var found = false
        let attempt = Attempt(pattern.elements, limit: range.upperBound)
        forEachStart(of: pattern, in: range, bound: bound) { position in
            found = match(pattern, at: position, attempt, bound: bound) != nil
            return found || budget?.isSpent == true
        }
        return found
    }

    /// The hash of the name every match must start with, when the pattern says: a literal name,
    /// or a metavariable already bound to text that starts with a name.
    private func anchor(_ pattern: Pattern, _ bound: [String: Binding]) -> UInt64? {
        switch pattern.elements[0] {
        case .token(let kind, let hash, _) where kind == .identifier || kind == .keyword:
            return hash
        case .operand(let name?), .expression(let name?):
            guard let binding = bound[name], let first = binding.hashes.first, !binding.range.isEmpty || binding.isName
            else { return nil }
            // Only names are indexed; a binding that starts with `(` or a literal scans every position.
            return code.occurrences[first] != nil || binding.isName ? first : nil
        default:
            return nil
        }
    }

    /// The match starting exactly at `start`, if any.
    public func match(_ pattern: Pattern, at start: Int, limit: Int, bound: [String: Binding] = [:]) -> Match? {
        match(pattern, at: start, Attempt(pattern.elements, limit: limit), bound: bound)
    }

    private func match(_ pattern: Pattern, at start: Int, _ attempt: Attempt, bound: [String: Binding]) -> Match? {
        if case .token(let kind, let hash, _) = pattern.elements[0], !same(start, kind, hash, attempt.limit) {
            return nil
        }
        var bindings = bound
        guard let end = step(0, start, attempt, &bindings) else { return nil }
        for name in bound.keys { bindings.removeValue(forKey: name) }
        for (name, value) in bound { bindings[name] = value }
        return Match(range: start..<end, bindings: bindings)
    }

    // MARK: - Backtracking

    /// One search for a pattern below one limit. It remembers the places from which a gap did not
    /// lead to the rest of the pattern, with the bindings made so far, so that `a ... b ... c`
    /// never tries the same rest from the same place twice: with the same bindings, each gap of a
    /// pattern crosses each token once, not once for every way of splitting the tokens between the gaps.
    private final class Attempt {
        let elements: [Pattern.Element]
        let limit: Int
        /// Places a gap was entered with given bindings and led nowhere. The bindings are kept
        /// once each, by number, so an entry is three small integers.
        private var deadEnds = Set<DeadEnd>()
        private var bindingNumbers: [[String: Binding]: Int32] = [:]

        /// How many dead ends and binding sets are remembered at most. Past it, matching goes on
        /// without remembering more: it stays correct, and the step budget bounds its time.
        static let capacity = 1 << 20

        private struct DeadEnd: Hashable {
            var element: Int32
            var position: Int32
            var bindings: Int32
        }

        init(_ elements: [Pattern.Element], limit: Int) {
            self.elements = elements
            self.limit = limit
        }

        /// The number of `bindings`, given one when there is room; nil when there is none.
        func number(of bindings: [String: Binding]) -> Int32? {
            if let known = bindingNumbers[bindings] { return known }
            guard bindingNumbers.count < Attempt.capacity else { return nil }
            let number = Int32(bindingNumbers.count)
            bindingNumbers[bindings] = number
            return number
        }

        func isDeadEnd(_ element: Int, _ position: Int, _ bindings: Int32) -> Bool {
            deadEnds.contains(DeadEnd(element: Int32(element), position: Int32(position), bindings: bindings))
        }

        func markDeadEnds(_ element: Int, _ positions: [Int], _ bindings: Int32) {
            for position in positions where deadEnds.count < Attempt.capacity {
                deadEnds.insert(DeadEnd(element: Int32(element), position: Int32(position), bindings: bindings))
            }
        }
    }

    private func same(_ position: Int, _ kind: TokenKind, _ hash: UInt64, _ limit: Int) -> Bool {
        position < limit && code.hashes[position] == hash && code.tokens[position].kind == kind
    }

    /// Matches `elements[e...]` from `position`; returns the end of the match.
    private func step(_ e: Int, _ position: Int, _ attempt: Attempt, _ bindings: inout [String: Binding]) -> Int? {
        let elements = attempt.elements
        let limit = attempt.limit
        if e == elements.count { return position }
        if let budget, !budget.spend() { return nil }
        switch elements[e] {
        case .token(let kind, let hash, _):
            if kind == .leftParen, position < limit, code.tokens[position].kind == .leftBrace,
                isAnyArguments(e, elements), let closuresEnd = trailingClosuresEnd(from: position, limit: limit)
            {
                // `f(...)` is also `f { … }`, with any number of trailing closures and no parentheses:
                // the closures when the rest of the pattern follows them, else none of them.
                var trial = bindings
                if let result = step(e + 3, closuresEnd, attempt, &trial) {
                    bindings = trial
                    return result
                }
                return step(e + 3, position, attempt, &bindings)
            }
            guard same(position, kind, hash, limit) else { return nil }
            return step(e + 1, position + 1, attempt, &bindings)

        case .operand(let name):
            let member = e > 0 && elements[e - 1] == .token(kind: .period, hash: Matcher.periodHash, text: ".")
            if let name, let existing = bindings[name] {
                guard let end = matchBound(existing, at: position, limit, member: member) else { return nil }
                return step(e + 1, end, attempt, &bindings)
            }
            // The operand bound up to `end`, and the rest of the pattern matched after it.
            func rest(after end: Int) -> Int? {
                var trial = bindings
                if let name { trial[name] = binding(position..<end) }
                guard let result = step(e + 1, end, attempt, &trial) else { return nil }
                bindings = trial
                return result
            }
            var next = operandStart(at: position, limit: limit, member: member)
            if e + 1 < elements.count, case .gap = elements[e + 1] {
                // Before `...`: the whole operand first (`post($U ...)` binds `URI(string: url)`,
                // not `URI`, which leaves the rest to the gap).
                var ends: [Int] = []
                while let end = next {
                    ends.append(end)
                    next = operandExtension(of: end, limit: limit)
                }
                for end in ends.reversed() {
                    if let result = rest(after: end) { return result }
                }
                return nil
            }
            // Otherwise as short as the rest allows.
            while let end = next {
                next = operandExtension(of: end, limit: limit)
                if let result = rest(after: end) { return result }
            }
            return nil

        case .expression(let name):
            if let name, let existing = bindings[name] {
                guard let end = matchBound(existing, at: position, limit, member: true) else { return nil }
                return step(e + 1, end, attempt, &bindings)
            }
            let ends = expressionEnds(from: position, limit: limit)
            // Last in the pattern, or before `...`: the whole expression; otherwise as short as the rest allows.
            let whole: Bool
            if e + 1 == elements.count {
                whole = true
            } else if case .gap = elements[e + 1] {
                whole = true
            } else {
                whole = false
            }
            let candidates = whole ? Array(ends.suffix(1)) : ends
            for end in candidates {
                var trial = bindings
                if let name { trial[name] = binding(position..<end) }
                if let result = step(e + 1, end, attempt, &trial) {
                    bindings = trial
                    return result
                }
            }
            return nil

        case .gap:
            let known = attempt.number(of: bindings)
            if let known, attempt.isDeadEnd(e, position, known) { return nil }
            var end = position
            var tried: [Int] = []
            while true {
                var trial = bindings
                if let result = step(e + 1, end, attempt, &trial) {
                    bindings = trial
                    return result
                }
                tried.append(end)
                guard end < limit, budget?.isSpent != true, let next = atomEnd(end, limit) else {
                    // The same gap entered at any place passed on the way tries a tail of the same ends.
                    if let known { attempt.markDeadEnds(e, tried, known) }
                    return nil
                }
                end = next
            }

        case .closure(let parameters):
            guard position < limit, code.tokens[position].kind == .leftBrace,
                let scopeIndex = code.scopeIndex(openingAt: position)
            else { return nil }
            let scope = code.scopes[scopeIndex]
            guard scope.kind == .closure else { return nil }
            var trial = bindings
            for (offset, name) in parameters.enumerated() {
                guard offset < scope.parameters.count else { return nil }
                guard let name else { continue }
                let parameter = scope.parameters[offset]
                let value =
                    parameter.name == "$0"
                    ? Binding(range: position..<position, hashes: [CodeView.hash("$0")], declaringScope: scopeIndex)
                    : Binding(
                        range: parameter.index..<(parameter.index + 1), hashes: [code.hashes[parameter.index]],
                        declaringScope: scopeIndex)
                if let existing = trial[name], existing.hashes != value.hashes { return nil }
                trial[name] = value
            }
            let next = code.closureBodyStart(scope)
            guard let result = step(e + 1, next, attempt, &trial) else { return nil }
            bindings = trial
            return result
        }
    }

    /// Whether `elements[e...]` starts with `( ... )`: a call's arguments, whatever they are.
    private func isAnyArguments(_ e: Int, _ elements: [Pattern.Element]) -> Bool {
        guard e + 2 < elements.count, case .gap = elements[e + 1],
            case .token(let kind, _, _) = elements[e + 2], kind == .rightParen
        else { return false }
        return e > 0
    }

    private func binding(_ range: Range<Int>) -> Binding {
        Binding(range: range, hashes: Array(code.hashes[range]))
    }

    private static let periodHash = CodeView.hash(".")

    /// The same token text as an earlier binding, starting at `position`. Unless the pattern
    /// itself has a `.` before it (`member`), a bound name does not match a member of something
    /// else: `other.request` is not `request` (but `self.request` is).
    private func matchBound(_ binding: Binding, at position: Int, _ limit: Int, member: Bool) -> Int? {
        let count = binding.hashes.count
        guard position + count <= limit else { return nil }
        for offset in 0..<count where code.hashes[position + offset] != binding.hashes[offset] { return nil }
        // A bound name must not match the tail of a longer chain (`self.request` for `request` is fine,
        // `other.request` is not the same variable).
        if !member, binding.isName, position > 0, code.tokens[position - 1].kind == .period,
            !(position >= 2 && code.token(position - 2, is: "self"))
        {
            return nil
        }
        return position + count
    }
}
