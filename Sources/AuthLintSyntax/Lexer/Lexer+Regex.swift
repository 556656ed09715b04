import AuthLintModel

// Regex literals. The heuristic for bare `/…/` is documented on ``Lexer``.

extension SwiftLexer {
    /// If a bare regex literal starts at the `/` at `start`, its end.
    func bareRegexEnd(_ start: Int) -> Int? {
        guard exprStart, !isLeftBound(start) else { return nil }
        return regexShapeEnd(start)
    }

    /// Where the bare regex literal whose opening `/` is at `start` ends, if the bytes from there
    /// have a regex's shape (rules 3-5 of the heuristic on ``Lexer``).
    func regexShapeEnd(_ start: Int) -> Int? {
        let first = peek(start + 1)
        guard start + 1 < n, first != ASCII.space, first != ASCII.tab, first != ASCII.lf, first != ASCII.cr,
            first != ASCII.slash, first != ASCII.star
        else { return nil }
        var i = start + 1
        var groups = 0
        var classes = 0
        var lastSpace = -2
        while i < n {
            let b = p[i]
            switch b {
            case ASCII.lf, ASCII.cr:
                return nil
            case ASCII.backslash:
                let escaped = peek(i + 1)
                if i + 1 >= n || escaped == ASCII.lf || escaped == ASCII.cr { return nil }
                i += 2
                continue
            case ASCII.slash:
                if lastSpace == i - 1 { return nil }
                let after = peek(i + 1)
                if after == ASCII.slash || after == ASCII.star { return nil }
                return i + 1
            case ASCII.lparen:
                if classes == 0 { groups += 1 }
            case ASCII.rparen:
                if classes == 0 {
                    if groups == 0 { return nil }
                    groups -= 1
                }
            case ASCII.lbracket:
                classes += 1
            case ASCII.rbracket:
                if classes > 0 { classes -= 1 }
            case ASCII.space, ASCII.tab:
                lastSpace = i
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// `#/…/#` with `hashes` '#' on each side. Multi-line when the opening delimiter is followed
    /// by nothing but spaces and a line break; otherwise it must close on its line. Unterminated,
    /// the token ends at the line break (the first one, for the multi-line form) and the rest is
    /// lexed as code.
    mutating func lexExtendedRegex(_ start: Int, hashes: Int) {
        let bodyStart = start + hashes + 1
        var j = bodyStart
        while j < n && (p[j] == ASCII.space || p[j] == ASCII.tab) { j += 1 }
        let multiline = j < n && (p[j] == ASCII.lf || p[j] == ASCII.cr)
        var i = bodyStart
        var end = -1
        while i < n {
            let b = p[i]
            if b == ASCII.slash && poundRun(i + 1, atLeast: hashes) {
                end = i + 1 + hashes
                break
            }
            if b == ASCII.backslash {
                let escaped = peek(i + 1)
                if !multiline && (escaped == ASCII.lf || escaped == ASCII.cr) {
                    i += 1
                    continue
                }
                i += 2
                continue
            }
            if (b == ASCII.lf || b == ASCII.cr) && !multiline { break }
            i += 1
        }
        if end < 0 {
            sink.diagnose(.unterminatedRegex, "unterminated regex literal", line: sink.line, column: sink.column)
            end = multiline ? j : min(i, n)
        }
        code(.regexLiteral, end, ascii: false, exprStartAfter: false)
    }
}
