// libFuzzer entry point for the lexers; built by scripts/fuzz-lexer.sh together with
// Sources/AuthLintSyntax/Lexer/*.swift. AUTHLINT_FUZZ picks the lexers an input goes to: `swift`
// (the Swift and Objective-C lexers, the default), `python` or `js`. Traps when a lexer breaks
// one of its guarantees:
//   - the tokens' bytes concatenated are the input, every token non-empty;
//   - token positions strictly increase, and each token's line and UTF-16 column equal the ones
//     computed here independently with the standard library's UTF-8 decoder;
//   - code inside an interpolation is only entered through interpolationOpen.

import Foundation

private let languages: [SourceLanguage] = {
    switch ProcessInfo.processInfo.environment["AUTHLINT_FUZZ"] ?? "swift" {
    case "swift": [.swift, .objectiveC]
    case "python": [.python]
    case "js": [.javaScript]
    default: fatalError("AUTHLINT_FUZZ must be swift, python or js")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func lexerFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes: [UInt8] = (data != nil && size > 0) ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    let expected = referencePositions(bytes)
    for language in languages {
        check(language.tokenize(bytes), bytes, expected, language: language.rawValue)
    }
    return 0
}

/// Line and column of every byte offset (and of the end), counted the slow, obvious way.
private func referencePositions(_ bytes: [UInt8]) -> [(line: Int32, column: Int32)] {
    var result: [(line: Int32, column: Int32)] = []
    result.reserveCapacity(bytes.count + 1)
    var line: Int32 = 1
    var column: Int32 = 1
    var i = 0
    while i < bytes.count {
        result.append((line, column))
        let b = bytes[i]
        if b == 0x0A {
            line += 1
            column = 1
            i += 1
        } else if b == 0x0D {
            if i + 1 < bytes.count && bytes[i + 1] == 0x0A {
                column += 1
            } else {
                line += 1
                column = 1
            }
            i += 1
        } else if b < 0x80 {
            column += 1
            i += 1
        } else {
            var iterator = bytes[i..<min(i + 4, bytes.count)].makeIterator()
            var decoder = Unicode.UTF8()
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let width = UTF8.width(scalar)
                column += scalar.value > 0xFFFF ? 2 : 1
                for _ in 1..<width { result.append((line, -1)) }  // mid-sequence: no token may start here
                i += width
            default:
                column += 1
                i += 1
            }
        }
    }
    result.append((line, column))
    return result
}

private func fail(_ language: String, _ message: String) -> Never {
    fatalError("\(language) lexer: \(message)")
}

private func check(
    _ result: (tokens: [Token], diagnostics: [LexDiagnostic]), _ bytes: [UInt8],
    _ expected: [(line: Int32, column: Int32)], language: String
) {
    let tokens = result.tokens
    if bytes.isEmpty {
        if !tokens.isEmpty { fail(language, "tokens for empty input") }
        return
    }
    var offset: Int32 = 0
    var previous: (line: Int32, column: Int32) = (0, 0)
    var depth: UInt16 = 0
    for (index, token) in tokens.enumerated() {
        if token.start != offset { fail(language, "token \(index) starts at \(token.start), expected \(offset)") }
        if token.start >= token.end { fail(language, "token \(index) is empty or reversed") }
        if Int(token.end) > bytes.count { fail(language, "token \(index) ends past the input") }
        let position = (token.line, token.column)
        if position.0 < previous.line || (position.0 == previous.line && position.1 <= previous.column) {
            fail(language, "token \(index) at \(position) does not follow \(previous)")
        }
        let reference = expected[Int(token.start)]
        if reference.column < 0 { fail(language, "token \(index) starts inside a UTF-8 sequence") }
        if reference.line != token.line || reference.column != token.column {
            fail(language, "token \(index) at \(position), expected \(reference)")
        }
        if token.interpolationDepth > depth
            && !(index > 0 && tokens[index - 1].kind == .interpolationOpen
                && token.interpolationDepth == depth + 1)
        {
            fail(language, "token \(index) enters depth \(token.interpolationDepth) without interpolationOpen")
        }
        depth = token.interpolationDepth
        previous = position
        offset = token.end
    }
    if Int(offset) != bytes.count { fail(language, "tokens cover \(offset) of \(bytes.count) bytes") }
    for diagnostic in result.diagnostics where diagnostic.location.line < 1 || diagnostic.location.column < 1 {
        fail(language, "diagnostic at an invalid location")
    }
}
