import AuthLintModel

// Number literals, following the Swift compiler's lexer:
//
//     integer  [0-9][0-9_]*   0x[0-9a-fA-F][0-9a-fA-F_]*   0o[0-7][0-7_]*   0b[01][01_]*
//     float    [0-9][0-9_]*(\.[0-9][0-9_]*)?([eE][+-]?[0-9][0-9_]*)?
//              0x[0-9a-fA-F_]+(\.[0-9a-fA-F_]+)?[pP][+-]?[0-9][0-9_]*
//
// `1.description` is `1` `.` `description`, `x.0.1` is `x` `.` `0` `.` `1`, and
// `0xff.description` is `0xff` `.` `description`. A leading `-` is an operator. Identifier
// characters glued to a literal (`1abc`, `0x1G`) stay in the literal token, as in Swift.

extension SwiftLexer {
    mutating func lexNumber(_ start: Int) {
        let second = peek(start + 1)
        if p[start] == ASCII.zero && second == ASCII.lowerX {
            lexHexNumber(start)
            return
        }
        if p[start] == ASCII.zero && (second == ASCII.lowerO || second == ASCII.lowerB) {
            var i = start + 2
            while has(i, ByteClass.identContinue) { i += 1 }  // digits, '_' and stray letters
            finishNumber(.integerLiteral, i)
            return
        }
        var i = start
        skipDigits(&i)
        var kind = TokenKind.integerLiteral
        if peek(i) == ASCII.dot && has(i + 1, ByteClass.digit) && !(start > 0 && p[start - 1] == ASCII.dot) {
            kind = .floatLiteral
            i += 1
            skipDigits(&i)
        }
        let e = peek(i)
        if e == ASCII.lowerE || e == ASCII.upperE {
            kind = .floatLiteral
            i += 1
            let sign = peek(i)
            if sign == ASCII.plus || sign == ASCII.minus { i += 1 }
            skipDigits(&i)
        }
        finishNumber(kind, i)
    }

    @inline(__always)
    private func skipDigits(_ i: inout Int) {
        while i < n && (cls[Int(p[i])] & ByteClass.digit != 0 || p[i] == ASCII.underscore) { i += 1 }
    }

    @inline(__always)
    private func skipHexDigits(_ i: inout Int) {
        while i < n && (cls[Int(p[i])] & ByteClass.hexDigit != 0 || p[i] == ASCII.underscore) { i += 1 }
    }

    /// Takes identifier characters glued to the literal into it and emits it.
    private mutating func finishNumber(_ kind: TokenKind, _ end: Int) {
        var i = end
        var ascii = true
        while let next = identifierCharEnd(i) {
            i = next.end
            ascii = ascii && next.ascii
        }
        code(kind, i, ascii: ascii, exprStartAfter: false)
    }

    private mutating func lexHexNumber(_ start: Int) {
        var i = start + 2
        guard has(i, ByteClass.hexDigit) else {
            finishNumber(.integerLiteral, i)
            return
        }
        skipHexDigits(&i)
        let next = peek(i)
        guard next == ASCII.dot || next == ASCII.lowerP || next == ASCII.upperP else {
            finishNumber(.integerLiteral, i)
            return
        }
        var dot = -1
        if next == ASCII.dot {
            // Only a hex float when hex digits follow the '.' and a 'p' exponent follows them;
            // otherwise the '.' is member access (`0xff.description`).
            guard has(i + 1, ByteClass.hexDigit) else {
                code(.integerLiteral, i, exprStartAfter: false)
                return
            }
            dot = i
            i += 1
            skipHexDigits(&i)
            let p1 = peek(i)
            if p1 != ASCII.lowerP && p1 != ASCII.upperP {
                if !has(dot + 1, ByteClass.digit) {
                    code(.integerLiteral, dot, exprStartAfter: false)
                } else {
                    finishNumber(.integerLiteral, i)
                }
                return
            }
        }
        // At 'p' / 'P'.
        i += 1
        var signed = false
        let sign = peek(i)
        if sign == ASCII.plus || sign == ASCII.minus {
            i += 1
            signed = true
        }
        if !has(i, ByteClass.digit) && dot >= 0 && !has(dot + 1, ByteClass.digit) && !signed {
            code(.integerLiteral, dot, exprStartAfter: false)  // `0xff.fp`
            return
        }
        skipDigits(&i)
        finishNumber(.floatLiteral, i)
    }
}
