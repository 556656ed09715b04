import AuthLintModel

// Comments: `//` and `///` to the end of the line, `/* */` and `/** */` nested to any depth.

extension SwiftLexer {
    mutating func lexLineComment(_ start: Int) {
        var i = start + 2
        while i < n && p[i] != ASCII.lf && p[i] != ASCII.cr { i += 1 }
        let isDoc = peek(start + 2) == ASCII.slash && peek(start + 3) != ASCII.slash
        trivia(isDoc ? .docLineComment : .lineComment, i)
    }

    mutating func lexBlockComment(_ start: Int) {
        let isDoc = peek(start + 2) == ASCII.star && peek(start + 3) != ASCII.slash
        var nesting = 1
        var i = start + 2
        while i < n {
            let b = p[i]
            if b == ASCII.star && peek(i + 1) == ASCII.slash {
                i += 2
                nesting -= 1
                if nesting == 0 { break }
            } else if b == ASCII.slash && peek(i + 1) == ASCII.star {
                i += 2
                nesting += 1
            } else {
                i += 1
            }
        }
        if nesting > 0 {
            sink.diagnose(.unterminatedComment, "unterminated block comment", line: sink.line, column: sink.column)
            i = n
        }
        trivia(isDoc ? .docBlockComment : .blockComment, i)
    }
}
