import AuthLintModel

/// Finds the scopes of a file by classifying each `{` from the tokens before it.
///
/// A `{` opens a closure when it directly follows `(`, `[`, `,`, `:`, an operator or `in`, or
/// when its statement has no declaration keyword. Otherwise the nearest structural keyword
/// before it on the same statement decides: `func`/`init`/`deinit`/`subscript` open a function,
/// `class`/`struct`/`enum`/`protocol`/`extension`/`actor` a type, `var`/`let` a computed
/// property (or a closure when an `=` comes first), and control-flow keywords a plain block.
struct ScopeBuilder {
    let file: SourceFile
    let tokens: [Token]
    let partner: [Int32]

    enum BraceKind {
        case scope(Scope.Kind, name: String?, headerStart: Int)
        case block
    }

    func build() -> (scopes: [Scope], scopeOfToken: [Int32]) {
        Scope.fromBraces(tokens, partner) { index, close in
            guard case .scope(let kind, let name, let headerStart) = classify(brace: index) else { return nil }
            let parameters =
                kind == .closure
                ? closureParameters(open: index, close: close)
                : kind == .function ? functionParameters(headerStart: headerStart, open: index) : []
            return (kind, name, headerStart, parameters)
        }
    }

    private func isKeyword(_ index: Int, _ text: StaticString) -> Bool {
        file.token(tokens[index], is: text)
    }

    private func text(_ index: Int) -> String { file.text(of: tokens[index]) }

    func classify(brace: Int) -> BraceKind {
        guard brace > 0 else { return .block }
        let previous = tokens[brace - 1]
        switch previous.kind {
        case .operator where isPostfix(brace - 1):
            break  // `-> String? {`, `var x: Int! {`: the type ends there
        case .operator where isKeyword(brace - 1, ">"):
            break  // `struct Box<T> {`, `func f() -> Set<T> {`: a generic clause ends there; `if a > b {` is a block
        case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .operator, .interpolationOpen, .semicolon:
            return .scope(.closure, name: nil, headerStart: brace)
        case .keyword
        where isKeyword(brace - 1, "in") || isKeyword(brace - 1, "return") || isKeyword(brace - 1, "throw"):
            return .scope(.closure, name: nil, headerStart: brace)
        default:
            break
        }
        if let accessor = accessor(before: brace) {
            return .scope(.function, name: text(accessor), headerStart: accessor)
        }
        var j = brace - 1
        var sawAssignment = false
        while j >= 0 {
            let token = tokens[j]
            // A line break between two tokens of the walk ends the statement unless one side of it
            // continues the expression: the header of this brace starts after it.
            if j + 1 < brace, endsStatement(between: j, and: j + 1) {
                return .scope(.closure, name: nil, headerStart: brace)
            }
            switch token.kind {
            case .rightParen, .rightBracket, .stringClose, .interpolationClose:
                if partner[j] >= 0 {
                    j = Int(partner[j]) - 1
                    continue
                }
                return .scope(.closure, name: nil, headerStart: brace)
            case .leftBrace, .rightBrace, .semicolon, .leftParen, .leftBracket:
                return .scope(.closure, name: nil, headerStart: brace)
            case .operator where file.token(token, is: "="):
                sawAssignment = true
            case .keyword:
                if let kind = structural(at: j, brace: brace, sawAssignment: sawAssignment) { return kind }
            case .identifier where isKeyword(j, "actor") && j + 1 < brace && tokens[j + 1].kind == .identifier:
                return .scope(.type, name: text(j + 1), headerStart: j)
            default:
                break
            }
            j -= 1
        }
        return .scope(.closure, name: nil, headerStart: brace)
    }

    /// The brace kind decided by the keyword at `j`, or nil to keep walking back.
    private func structural(at j: Int, brace: Int, sawAssignment: Bool) -> BraceKind? {
        let afterDot = j > 0 && tokens[j - 1].kind == .period
        if isKeyword(j, "func") {
            return .scope(.function, name: j + 1 < brace ? text(j + 1) : nil, headerStart: j)
        }
        if !afterDot && (isKeyword(j, "init") || isKeyword(j, "deinit") || isKeyword(j, "subscript")) {
            return .scope(.function, name: text(j), headerStart: j)
        }
        for word: StaticString in ["class", "struct", "enum", "protocol", "extension"] where isKeyword(j, word) {
            return .scope(.type, name: j + 1 < brace ? text(j + 1) : nil, headerStart: j)
        }
        if isKeyword(j, "var") || isKeyword(j, "let") {
            if j > 0, isBindingIntroducer(j - 1) { return nil }
            if sawAssignment {
                return startsWithObserver(brace)
                    ? .scope(.function, name: propertyName(j, brace), headerStart: j)
                    : .scope(.closure, name: nil, headerStart: brace)
            }
            return .scope(.function, name: propertyName(j, brace), headerStart: j)
        }
        for word: StaticString in ["if", "guard", "else", "for", "while", "repeat", "do", "catch", "switch", "defer"]
        where isKeyword(j, word) {
            return .block
        }
        // `if case`, `for case`, `guard case`, `, case`: a pattern in a condition.
        if isKeyword(j, "case"), j > 0, isBindingIntroducer(j - 1) { return nil }
        for word: StaticString in ["return", "throw", "case", "import", "typealias"] where isKeyword(j, word) {
            return .scope(.closure, name: nil, headerStart: brace)
        }
        return nil
    }

    /// `get`, `set(newValue)`, `didSet`, `get async throws`… right before the brace: the accessor's index.
    private func accessor(before brace: Int) -> Int? {
        var k = brace - 1
        while k >= 0, tokens[k].kind == .keyword || tokens[k].kind == .identifier,
            isKeyword(k, "async") || isKeyword(k, "throws") || isKeyword(k, "rethrows")
        {
            k -= 1
        }
        if k >= 0, tokens[k].kind == .rightParen, partner[k] > 0 { k = Int(partner[k]) - 1 }
        guard k >= 0, tokens[k].kind == .identifier else { return nil }
        for accessor: StaticString in ["get", "set", "willSet", "didSet", "_read", "_modify", "init"]
        where isKeyword(k, accessor) {
            // Only an accessor when it opens a statement: `x.get {` is a call with a trailing
            // closure, `func set(_ value: T) {` a method of that name.
            if k > 0, tokens[k - 1].kind == .period || isKeyword(k - 1, "func") { return nil }
            return k
        }
        return nil
    }

    /// A `?` or `!` glued to the token before it: postfix, part of a type or an unwrap.
    private func isPostfix(_ index: Int) -> Bool {
        guard index > 0, isKeyword(index, "?") || isKeyword(index, "!") else { return false }
        return tokens[index].start == tokens[index - 1].end
    }

    /// Whether a line break between code tokens `a` and `b` separates two statements.
    private func endsStatement(between a: Int, and b: Int) -> Bool {
        let before = tokens[a]
        let after = tokens[b]
        guard lastLine(a) < after.line else { return false }
        switch before.kind {
        case .comma, .colon, .leftParen, .leftBracket, .leftBrace, .interpolationOpen: return false
        case .operator: if !isPostfix(a) { return false }
        case .keyword:
            // `func`, `let`, `->`-less headers never end a line mid-statement in practice, but
            // modifiers and `in` do not end statements either.
            if isKeyword(a, "in") || isKeyword(a, "where") || isKeyword(a, "throws") || isKeyword(a, "rethrows") {
                return false
            }
        default: break
        }
        if after.kind == .period || (after.kind == .operator && !isKeyword(b, "!")) { return false }
        if after.kind == .keyword,
            isKeyword(b, "where") || isKeyword(b, "throws") || isKeyword(b, "rethrows") || isKeyword(b, "else")
        {
            return false
        }
        if after.kind == .leftBrace { return false }
        return true
    }

    /// The line a code token ends on (a multi-line string's closing delimiter ends later than it starts).
    private func lastLine(_ index: Int) -> Int32 {
        let token = tokens[index]
        if token.kind == .stringClose || token.kind == .stringSegment {
            return Int32(file.location(ofByte: Int(token.end)).line)
        }
        return token.line
    }

    /// `if let`, `guard var`, `while let`, `case let`, `, let` bind inside a condition.
    private func isBindingIntroducer(_ index: Int) -> Bool {
        let token = tokens[index]
        if token.kind == .comma { return true }
        guard token.kind == .keyword else { return false }
        for word: StaticString in ["if", "guard", "while", "case", "catch", "for"] where isKeyword(index, word) {
            return true
        }
        return false
    }

    private func propertyName(_ keyword: Int, _ brace: Int) -> String? {
        keyword + 1 < brace && tokens[keyword + 1].kind == .identifier ? text(keyword + 1) : nil
    }

    private func startsWithObserver(_ brace: Int) -> Bool {
        guard brace + 1 < tokens.count else { return false }
        return isKeyword(brace + 1, "didSet") || isKeyword(brace + 1, "willSet")
    }

    // MARK: - Parameters

    /// Parameters of `func name<…>(…)` / `init(…)` / `subscript(…)`.
    private func functionParameters(headerStart: Int, open: Int) -> [Scope.Parameter] {
        var j = headerStart
        while j < open, tokens[j].kind != .leftParen { j += 1 }
        guard j < open, partner[j] > j else { return [] }
        return parameterList(from: j + 1, to: Int(partner[j]), requireTypes: true)
    }

    /// Parameters of `{ a, b in`, `{ (a: T, b) in`, `{ [weak self] a in`; `$0` when none are named.
    private func closureParameters(open: Int, close: Int) -> [Scope.Parameter] {
        var j = open + 1
        if j < close, tokens[j].kind == .leftBracket, partner[j] > j { j = Int(partner[j]) + 1 }
        guard j < close else { return [] }
        if tokens[j].kind == .leftParen, partner[j] > j {
            let end = Int(partner[j])
            if hasIn(after: end, close: close) { return parameterList(from: j + 1, to: end, requireTypes: false) }
        } else {
            var names: [Scope.Parameter] = []
            var k = j
            while k < close {
                let token = tokens[k]
                if token.kind == .identifier || (token.kind == .keyword && text(k) == "_") {
                    names.append(Scope.Parameter(label: nil, name: text(k), type: nil, index: k))
                    k += 1
                    if k < close, tokens[k].kind == .comma {
                        k += 1
                        continue
                    }
                    if hasIn(after: k - 1, close: close) { return names }
                }
                break
            }
        }
        return [Scope.Parameter(label: nil, name: "$0", type: nil, index: open)]
    }

    /// Whether `in` follows `index` (allowing `async`, `throws`, `-> Type`).
    private func hasIn(after index: Int, close: Int) -> Bool {
        var k = index + 1
        var steps = 0
        while k < close, steps < 12 {
            if tokens[k].kind == .keyword, isKeyword(k, "in") { return true }
            if tokens[k].kind == .leftBrace || tokens[k].kind == .rightBrace { return false }
            k += 1
            steps += 1
        }
        return false
    }

    private func parameterList(from start: Int, to end: Int, requireTypes: Bool) -> [Scope.Parameter] {
        var result: [Scope.Parameter] = []
        var k = start
        while k < end {
            // One parameter: up to the next comma outside brackets and generic arguments.
            var stop = k
            var angles = 0
            while stop < end, tokens[stop].kind != .comma || angles > 0 {
                if partner[stop] > stop { stop = Int(partner[stop]) }
                if tokens[stop].kind == .operator {
                    if isKeyword(stop, "<") { angles += 1 } else if isKeyword(stop, ">") { angles = max(0, angles - 1) }
                }
                stop += 1
            }
            var names: [Int] = []
            var colon: Int?
            var m = k
            while m < stop {
                let token = tokens[m]
                if token.kind == .colon {
                    colon = m
                    break
                }
                if token.kind == .identifier || token.kind == .keyword { names.append(m) }
                m += 1
            }
            if let nameIndex = names.last, colon != nil || !requireTypes {
                let label = names.count >= 2 ? text(names[names.count - 2]) : nil
                var type: String?
                var hasDefault = false
                if let colon {
                    var typeText = ""
                    var t = colon + 1
                    while t < stop, !(tokens[t].kind == .operator && file.token(tokens[t], is: "=")) {
                        let piece = text(t)
                        if !(tokens[t].kind == .keyword
                            && (piece == "inout" || piece == "borrowing" || piece == "consuming"))
                        {
                            typeText += piece
                        }
                        t += 1
                    }
                    type = typeText
                    hasDefault = t < stop
                }
                var parameter = Scope.Parameter(label: label, name: text(nameIndex), type: type, index: nameIndex)
                parameter.hasDefault = hasDefault
                result.append(parameter)
            }
            k = stop + 1
        }
        return result
    }
}
