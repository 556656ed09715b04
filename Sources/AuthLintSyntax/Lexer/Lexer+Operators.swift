// Operators: Swift's operator characters, `.`-operators, and the left/right-bound rules that
// decide prefix, postfix and infix (and feed the regex heuristic documented on ``Lexer``).

extension SwiftLexer {
    @inline(__always)
    func isOperatorStart(_ i: Int) -> Bool {
        guard i < n else { return false }
        let b = p[i]
        if cls[Int(b)] & ByteClass.operatorChar != 0 { return true }
        if b < 0x80 { return false }
        let (u, length) = UTF8Scan.scalar(p, i, n)
        return length != 0 && UTF8Scan.isOperatorHead(u)
    }

    /// Whether the operator starting at `i` touches the token before it.
    func isLeftBound(_ i: Int) -> Bool {
        if i == 0 { return false }
        switch p[i - 1] {
        case ASCII.space, ASCII.cr, ASCII.lf, ASCII.tab, ASCII.lparen, ASCII.lbracket, ASCII.lbrace,
            ASCII.comma, ASCII.semicolon, ASCII.colon, ASCII.nul:
            return false
        case ASCII.slash:
            return !(i >= 2 && p[i - 2] == ASCII.star)  // the end of a /* */ comment is whitespace
        case 0xA0:
            return !(i >= 2 && p[i - 2] == 0xC2)  // NO-BREAK SPACE
        default:
            return true
        }
    }

    /// Whether the operator ending at `end` touches the token after it.
    func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        guard end < n else { return false }
        switch p[end] {
        case ASCII.space, ASCII.cr, ASCII.lf, ASCII.tab, ASCII.rparen, ASCII.rbracket, ASCII.rbrace,
            ASCII.comma, ASCII.semicolon, ASCII.colon, ASCII.nul:
            return false
        case ASCII.dot:
            return !leftBound
        case ASCII.slash:
            let next = peek(end + 1)
            return !(next == ASCII.slash || next == ASCII.star)
        case 0xC2:
            return peek(end + 1) != 0xA0
        default:
            return true
        }
    }

    mutating func lexOperator(_ start: Int) {
        let first = p[start]
        let leftBound = isLeftBound(start)
        if (first == ASCII.bang || first == ASCII.question) && leftBound {
            // Postfix '!' / '?': always a token of its own.
            let afterTry = prevWasTry
            code(.operator, start + 1, exprStartAfter: afterTry)
            return
        }
        let dotOperator = first == ASCII.dot
        var i = start
        var ascii = true
        if first < 0x80 {
            i += 1
        } else {
            i += max(1, UTF8Scan.scalar(p, start, n).length)
            ascii = false
        }
        while i < n {
            let b = p[i]
            if cls[Int(b)] & ByteClass.operatorChar != 0 {
                if b == ASCII.slash {
                    let next = peek(i + 1)
                    if next == ASCII.slash || next == ASCII.star { break }  // a comment starts
                }
                i += 1
            } else if b == ASCII.dot {
                guard dotOperator else { break }
                i += 1
            } else if b >= 0x80 {
                let (u, length) = UTF8Scan.scalar(p, i, n)
                guard length != 0, UTF8Scan.isOperatorContinuation(u) else { break }
                i += length
                ascii = false
            } else {
                break
            }
        }
        if !leftBound && exprStart && !dotOperator, let split = prefixOperatorRegexSplit(start, end: i) {
            // A prefix operator glued to a regex literal: `!/x/`, `&/x/`.
            code(.operator, split.slash, ascii: ascii, exprStartAfter: true)
            code(.regexLiteral, split.end, ascii: false, exprStartAfter: false)
            return
        }
        let length = i - start
        let startsExpression: Bool
        if length == 2 && first == ASCII.minus && p[start + 1] == ASCII.greater {
            startsExpression = false  // '->'
        } else {
            let rightBound = isRightBound(i, leftBound: leftBound)
            startsExpression = !(leftBound && !rightBound)  // anything but a postfix operator
        }
        code(.operator, i, ascii: ascii, exprStartAfter: startsExpression)
    }

    /// If the operator `start..<end` holds a `/` after its first character that opens a regex
    /// literal, that `/`'s offset and the literal's end.
    func prefixOperatorRegexSplit(_ start: Int, end: Int) -> (slash: Int, end: Int)? {
        var k = start + 1
        while k < end && p[k] != ASCII.slash { k += 1 }
        guard k < end, let regexEnd = regexShapeEnd(k) else { return nil }
        return (k, regexEnd)
    }
}
