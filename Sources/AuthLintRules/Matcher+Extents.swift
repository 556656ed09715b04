import AuthLintModel
import AuthLintSyntax

/// How far operands, expressions and groups reach: the extents the matcher tries.
extension Matcher {

    /// One token, or a whole bracketed group; nil at a closing bracket.
    func atomEnd(_ position: Int, _ limit: Int) -> Int? {
        guard position < limit else { return nil }
        let token = code.tokens[position]
        switch token.kind {
        case .rightParen, .rightBracket, .rightBrace, .stringClose, .interpolationClose:
            return nil
        case .leftParen, .leftBracket, .leftBrace, .stringOpen, .interpolationOpen:
            let close = Int(code.partner[position])
            guard close > position, close < limit else { return nil }
            return close + 1
        default:
            return position + 1
        }
    }

    /// The end of the trailing closures of a call written without parentheses: the closure whose
    /// `{` is at `position`, and every `label: { … }` closure after it. Nil when `position` does
    /// not open a closure (an `if x {` body, a type or function body).
    func trailingClosuresEnd(from position: Int, limit: Int) -> Int? {
        guard isClosure(at: position, limit: limit) else { return nil }
        var end = Int(code.partner[position]) + 1
        while end + 2 < limit, code.tokens[end].kind == .identifier,
            code.tokens[end + 1].kind == .colon, isClosure(at: end + 2, limit: limit)
        {
            end = Int(code.partner[end + 2]) + 1
        }
        return end
    }

    private func isClosure(at position: Int, limit: Int) -> Bool {
        guard position < limit, code.tokens[position].kind == .leftBrace else { return false }
        let close = Int(code.partner[position])
        guard close > position, close < limit, let scope = code.scopeIndex(openingAt: position) else { return false }
        return code.scopes[scope].kind == .closure
    }

    /// The end of the shortest operand starting at `position` (a name, literal, `self`,
    /// `.member` or bracketed group), or nil when none starts there.
    func operandStart(at position: Int, limit: Int, member: Bool) -> Int? {
        guard position < limit else { return nil }
        if !member, position > 0, code.tokens[position - 1].kind == .period { return nil }
        let token = code.tokens[position]
        switch token.kind {
        case .identifier, .integerLiteral, .floatLiteral, .regexLiteral:
            return position + 1
        case .poundKeyword:
            if position + 1 < limit, code.tokens[position + 1].kind == .leftParen,
                let group = atomEnd(position + 1, limit)
            {
                return group
            }
            return position + 1
        case .keyword:
            guard
                code.token(position, is: "self") || code.token(position, is: "super")
                    || code.token(position, is: "Self")
                    || code.token(position, is: "true") || code.token(position, is: "false")
                    || code.token(position, is: "nil")
            else { return nil }
            return position + 1
        case .stringOpen, .leftParen, .leftBracket:
            return atomEnd(position, limit)
        case .period:
            guard position + 1 < limit,
                code.tokens[position + 1].kind == .identifier || code.tokens[position + 1].kind == .keyword
            else { return nil }
            return position + 2
        default:
            return nil
        }
    }

    /// The end of the operand one step longer than the one ending at `end` (`.member`, a call,
    /// a subscript, a postfix `?` or `!`), or nil when the chain ends there.
    func operandExtension(of end: Int, limit: Int) -> Int? {
        guard end < limit else { return nil }
        let next = code.tokens[end]
        let previous = code.tokens[end - 1]
        if next.kind == .period, end + 1 < limit,
            code.tokens[end + 1].kind == .identifier || code.tokens[end + 1].kind == .keyword
                || code.tokens[end + 1].kind == .integerLiteral
        {
            return end + 2
        }
        if next.kind == .operator, next.start == previous.end, code.token(end, is: "?") || code.token(end, is: "!") {
            return end + 1
        }
        if next.kind == .leftParen || next.kind == .leftBracket, next.line == lastLine(end - 1) {
            return atomEnd(end, limit)
        }
        return nil
    }

    /// Ends of the expression that starts at `position`, shortest first; the last is the whole
    /// expression (up to `,`, `;`, `=`, a closing bracket, a statement keyword or a line break
    /// that ends the statement).
    package func expressionEnds(from position: Int, limit: Int) -> [Int] {
        var ends: [Int] = []
        var p = position
        while p < limit {
            let token = code.tokens[p]
            switch token.kind {
            case .comma, .semicolon:
                return ends
            case .operator where code.token(p, is: "="):
                return ends
            case .keyword where p > position && isStatementKeyword(p):
                return ends
            case .leftBrace where p > position && token.line != lastLine(p - 1):
                return ends
            case .leftBrace where p > position && isInConditionHeader(position):
                // `if let x = y {`, `for x in items {`: the brace opens the body, not a trailing closure.
                return ends
            default:
                break
            }
            if p > position, token.line != lastLine(p - 1), !continuesExpression(p) { return ends }
            guard let next = atomEnd(p, limit) else { return ends }
            p = next
            ends.append(p)
        }
        return ends
    }

    /// Whether the token at `p`, first on its line, continues the previous line's expression.
    func continuesExpression(_ p: Int) -> Bool {
        let token = code.tokens[p]
        let previous = code.tokens[p - 1]
        if token.kind == .period { return true }
        if token.kind == .operator, !(code.token(p, is: "!")) { return true }
        if previous.kind == .leftParen || previous.kind == .leftBracket { return true }
        // A binary operator at the end of a line continues; a postfix `!` or `?` glued to its operand does not.
        if previous.kind == .operator {
            let glued = p >= 2 && previous.start == code.tokens[p - 2].end
            return !(glued && (code.token(p - 1, is: "!") || code.token(p - 1, is: "?")))
        }
        return false
    }

    /// Whether the statement holding `position` is an `if`, `guard`, `while`, `for`, `switch` or
    /// `catch` header, where a `{` starts the body.
    func isInConditionHeader(_ position: Int) -> Bool {
        var j = position - 1
        while j >= 0 {
            let token = code.tokens[j]
            switch token.kind {
            case .rightParen, .rightBracket, .rightBrace, .stringClose, .interpolationClose:
                guard code.partner[j] >= 0 else { return false }
                if token.kind == .rightBrace { return false }
                j = Int(code.partner[j]) - 1
                continue
            case .leftBrace, .semicolon, .leftParen, .leftBracket, .interpolationOpen:
                return false
            case .keyword:
                for word: StaticString in ["if", "guard", "while", "for", "switch", "catch"]
                where code.token(j, is: word) {
                    return true
                }
                if code.token(j, is: "let") || code.token(j, is: "var") || code.token(j, is: "case")
                    || code.token(j, is: "in")
                    || code.token(j, is: "where") || code.token(j, is: "try") || code.token(j, is: "await")
                    || code.token(j, is: "as") || code.token(j, is: "is") || code.token(j, is: "self")
                    || code.token(j, is: "nil")
                    || code.token(j, is: "true") || code.token(j, is: "false") || code.token(j, is: "super")
                {
                    break
                }
                return false
            default:
                break
            }
            j -= 1
        }
        return false
    }

    func isStatementKeyword(_ p: Int) -> Bool {
        for word: StaticString in [
            "else", "let", "var", "if", "guard", "return", "in", "case", "where", "for", "while",
            "func", "throw", "defer", "do", "switch", "catch",
        ] where code.token(p, is: word) {
            return true
        }
        return false
    }

    /// Line of the last byte of the atom ending at code index `p` (a closing bracket of a
    /// multi-line group, or a plain token).
    func lastLine(_ p: Int) -> Int32 {
        code.endLine(of: p)
    }
}
