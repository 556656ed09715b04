import AuthLintModel

extension CodeView {
    /// The callee name of the call that a closure opening at `open` is an argument of: `f { }`,
    /// `f() { }`, `f(x) { } label: { }`, `f(x, handler: { })`, `a.b.f { }`.
    public func callee(ofClosureOpeningAt open: Int) -> Int? {
        guard open > 0, open < count else { return nil }
        switch kind(open - 1) {
        case .colon:
            return open >= 2 && kind(open - 2) == .identifier ? callee(beforeArgumentAt: open - 2) : nil
        case .leftParen, .comma:
            return callee(beforeArgumentAt: open)
        case .rightParen:
            let paren = Int(partner[open - 1])
            return paren > 0 && paren < open - 1 && kind(paren - 1) == .identifier ? paren - 1 : nil
        case .identifier:
            return open - 1
        default:
            return nil
        }
    }

    /// The whole callee a call names, ending at its name: `Messaging.messaging().token` for `token`.
    public func calleeChain(endingAt name: Int) -> Range<Int> {
        var start = name
        var steps = 0
        while start >= 2, kind(start - 1) == .period, steps < 64 {
            steps += 1
            let before = start - 2
            if kind(before) == .identifier || kind(before) == .keyword {
                start = before
            } else if kind(before) == .rightParen, partner[before] > 0, kind(Int(partner[before]) - 1) == .identifier {
                start = Int(partner[before]) - 1
            } else if let open = genericClauseOpening(closingAt: before), open > 0, kind(open - 1) == .identifier {
                start = open - 1  // `Helper<String>.set`
            } else {
                break
            }
        }
        return start..<(name + 1)
    }

    /// The `<` of the generic argument clause whose `>` is at `close` (`Box<[String: Int]>`), when it
    /// holds only names, punctuation and brackets.
    func genericClauseOpening(closingAt close: Int) -> Int? {
        guard close > 0, kind(close) == .operator, token(close, is: ">") else { return nil }
        var depth = 0
        var j = close
        while j >= 0, close - j < 32 {
            switch kind(j) {
            case .operator where token(j, is: ">"): depth += 1
            case .operator where token(j, is: "<"):
                depth -= 1
                if depth == 0 { return j }
            case .operator where token(j, is: "?") || token(j, is: "!"): break
            case .identifier, .keyword, .comma, .colon, .period, .leftBracket, .rightBracket, .leftParen, .rightParen:
                break
            default: return nil
            }
            j -= 1
        }
        return nil
    }

    /// The callee name of the call an argument starting at `label` (its label, or the argument
    /// itself when unlabelled) belongs to: inside its parentheses (`Call(a, onCompletion: …)`) or
    /// after its trailing closures (`Call(a) { } onCompletion: { }`).
    public func callee(beforeArgumentAt label: Int) -> Int? {
        var j = label - 1
        var steps = 0
        while j >= 0, steps < 4096 {
            steps += 1
            switch kind(j) {
            case .comma:
                j -= 1
            case .rightParen, .rightBracket, .stringClose:
                let open = Int(partner[j])
                guard open >= 0, open < j else { return nil }
                // The parentheses of the call itself, after its trailing closures were passed.
                if kind(j) == .rightParen, kind(open) == .leftParen, j + 1 < count,
                    kind(j + 1) == .leftBrace || j + 1 == label
                {
                    return open > 0 && kind(open - 1) == .identifier ? open - 1 : nil
                }
                j = open - 1
            case .rightBrace:
                let open = Int(partner[j])
                guard open > 0, open < j else { return nil }
                j = open - 1
                // A labelled trailing closure before this one.
                if j >= 1, kind(j) == .colon, kind(j - 1) == .identifier {
                    j -= 2
                    continue
                }
                // The first trailing closure follows the callee or its parentheses.
                if kind(j) == .identifier { return j }
            case .leftParen:
                return j > 0 && kind(j - 1) == .identifier ? j - 1 : nil
            case .leftBracket, .leftBrace, .semicolon:
                return nil
            default:
                j -= 1
            }
        }
        return nil
    }
}
