import AuthLintModel

// String literals: delimiters, segments, escapes and interpolations.
//
//     "text \(code) more"        stringOpen  stringSegment  interpolationOpen  …code…
//                                interpolationClose  stringSegment  stringClose
//     #"raw \#(code) \(text)"#   in a string with N '#', only '\' followed by N '#' escapes;
//                                '"' closes only when followed by N '#'
//     """ … """, ##""" … """##   multi-line forms of the same

extension SwiftLexer {
    /// Opens a string literal whose delimiter starts at `start` with `hashes` '#' before the quote.
    mutating func openString(_ start: Int, hashes: Int) {
        let quote = start + hashes
        var multiline = false
        if peek(quote + 1) == ASCII.quote && peek(quote + 2) == ASCII.quote {
            // `#"""#` and the like are single-line raw strings that start with a quote.
            multiline = hashes == 0 || !closesOnSameLine(from: quote + 2, hashes: hashes)
        }
        let end = multiline ? quote + 3 : quote + 1
        let openIndex = sink.tokens.count
        sink.emitASCII(.stringOpen, to: end)
        pos = end
        frames.append(LexFrame(isString: true, multiline: multiline, hashes: hashes, parens: 0, openToken: openIndex))
        exprStart = false
        prevWasTry = false
    }

    /// Whether a `"` followed by `hashes` '#' occurs from `i` to the end of the line.
    private func closesOnSameLine(from i: Int, hashes: Int) -> Bool {
        var i = i
        while i < n && p[i] != ASCII.lf && p[i] != ASCII.cr {
            if p[i] == ASCII.quote && poundRun(i + 1, atLeast: hashes) { return true }
            i += 1
        }
        return false
    }

    /// Whether at least `count` '#' follow from `i`.
    @inline(__always)
    func poundRun(_ i: Int, atLeast count: Int) -> Bool {
        if count == 0 { return true }
        guard i + count <= n else { return false }
        var k = 0
        while k < count && p[i + k] == ASCII.pound { k += 1 }
        return k == count
    }

    /// Lexes the body of the string on top of the frame stack up to its next delimiter, escape
    /// that opens an interpolation, line break (single-line strings) or the end of the file.
    /// Always consumes at least one byte or pops the string frame.
    mutating func lexStringBody(_ frame: LexFrame) {
        let start = pos
        let hashes = frame.hashes
        var i = start
        while i < n {
            let b = p[i]
            if cls[Int(b)] & ByteClass.stringSpecial == 0 {
                i += 1
                continue
            }
            switch b {
            case ASCII.quote:
                var closeEnd = -1
                if frame.multiline {
                    if peek(i + 1) == ASCII.quote && peek(i + 2) == ASCII.quote && poundRun(i + 3, atLeast: hashes) {
                        closeEnd = i + 3 + hashes
                    }
                } else if poundRun(i + 1, atLeast: hashes) {
                    closeEnd = i + 1 + hashes
                }
                if closeEnd < 0 {
                    i += 1
                    continue
                }
                if i > start { sink.emit(.stringSegment, to: i) }
                sink.emitASCII(.stringClose, to: closeEnd)
                pos = closeEnd
                frames.removeLast()
                exprStart = false
                prevWasTry = false
                return
            case ASCII.backslash:
                let escapeEnd = i + 1 + hashes
                guard poundRun(i + 1, atLeast: hashes) else {
                    i += 1  // fewer '#' than the delimiter: just text
                    continue
                }
                guard escapeEnd < n else {
                    i = n
                    continue
                }
                let c = p[escapeEnd]
                if c == ASCII.lparen {
                    if i > start { sink.emit(.stringSegment, to: i) }
                    let openIndex = sink.tokens.count
                    sink.emitASCII(.interpolationOpen, to: escapeEnd + 1)
                    pos = escapeEnd + 1
                    frames.append(
                        LexFrame(isString: false, multiline: false, hashes: 0, parens: 0, openToken: openIndex))
                    depth += 1
                    sink.depth = UInt16(clamping: depth)
                    exprStart = true
                    prevWasTry = false
                    return
                }
                if c == ASCII.lf || c == ASCII.cr {
                    // A line break after '\': line continuation in a multi-line string; in a
                    // single-line string the break ends the string (handled next round).
                    if frame.multiline {
                        i = (c == ASCII.cr && peek(escapeEnd + 1) == ASCII.lf) ? escapeEnd + 2 : escapeEnd + 1
                    } else {
                        i = escapeEnd
                    }
                    continue
                }
                // Any other escape (valid or not) is segment text; skip the escaped byte so that
                // `\"` and `\\` do not end anything.
                i = escapeEnd + 1
            default:
                // Line break.
                if !frame.multiline {
                    if i > start { sink.emit(.stringSegment, to: i) }
                    pos = i
                    sink.diagnose(.unterminatedString, "unterminated string literal", atToken: frame.openToken)
                    frames.removeLast()
                    exprStart = false
                    prevWasTry = false
                    return
                }
                i += 1
            }
        }
        // End of file inside the string; `finish` reports it.
        if n > start { sink.emit(.stringSegment, to: n) }
        pos = n
    }
}
