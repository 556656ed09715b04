import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import XCTest

/// The Swift lexer, construct by construct (strings and regexes have files of their own).
final class LexerTests: XCTestCase {
    // MARK: Trivia

    func testEmptyInputHasNoTokens() {
        let lexed = LexTest.swift("")
        XCTAssertTrue(lexed.tokens.isEmpty)
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testWhitespaceAndNewlinesAreSeparateTrivia() {
        let lexed = LexTest.swift("a \t\u{0B}\u{0C}b\n\r\n\rc")
        XCTAssertEqual(
            lexed.all,
            [
                "identifier a", "whitespace  \t\u{0B}\u{0C}", "identifier b",
                "newline \n", "newline \r\n", "newline \r", "identifier c",
            ])
        LexTest.assertWellFormed(lexed)
    }

    func testLineEndingsCountOneLineEach() {
        let lexed = LexTest.swift("a\nb\r\nc\rd\n\ne")
        XCTAssertEqual(
            lexed.positioned,
            [
                "1:1 identifier a", "2:1 identifier b", "3:1 identifier c",
                "4:1 identifier d", "6:1 identifier e",
            ])
    }

    func testByteOrderMarkAndShebang() {
        let lexed = LexTest.swift([0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/swift -O\nlet x".utf8))
        XCTAssertEqual(
            lexed.tokens.map(\.kind), [.byteOrderMark, .shebang, .newline, .keyword, .whitespace, .identifier])
        XCTAssertEqual(lexed.text(lexed.tokens[1]), "#!/usr/bin/swift -O")
        // The BOM is one UTF-16 unit.
        XCTAssertEqual(lexed.tokens[1].column, 2)
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testShebangOnlyAtStartOfFile() {
        XCTAssertEqual(LexTest.swift("x\n#!foo").code, ["identifier x", "pound #", "operator !", "identifier foo"])
        XCTAssertEqual(LexTest.swift(" #!foo").code, ["pound #", "operator !", "identifier foo"])
    }

    func testLineComments() {
        let lexed = LexTest.swift("a // one\n/// doc\n//// four\n//\nb")
        XCTAssertEqual(
            lexed.all.filter { !$0.hasPrefix("newline") && !$0.hasPrefix("whitespace") },
            [
                "identifier a", "lineComment // one", "docLineComment /// doc", "lineComment //// four",
                "lineComment //", "identifier b",
            ])
    }

    func testLineCommentEndsBeforeCarriageReturn() {
        let lexed = LexTest.swift("// c\r\nx")
        XCTAssertEqual(lexed.all, ["lineComment // c", "newline \r\n", "identifier x"])
    }

    func testBlockCommentsNest() {
        let lexed = LexTest.swift("a /* 1 /* 2 /* 3 */ 2 */ 1 */ b")
        XCTAssertEqual(lexed.code, ["identifier a", "identifier b"])
        XCTAssertEqual(
            lexed.tokens.filter { $0.kind == .blockComment }.map(lexed.text), ["/* 1 /* 2 /* 3 */ 2 */ 1 */"])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testDocBlockComments() {
        let lexed = LexTest.swift("/** doc */ /**/ /* plain */ /*** stars */")
        XCTAssertEqual(
            lexed.tokens.filter(\.kind.isComment).map(\.kind),
            [.docBlockComment, .blockComment, .blockComment, .docBlockComment])
    }

    func testBlockCommentSpanningLinesMovesLineNumbers() {
        let lexed = LexTest.swift("/* a\n b\r\n c */ x\ny")
        XCTAssertEqual(lexed.positioned, ["3:7 identifier x", "4:1 identifier y"])
    }

    func testUnterminatedBlockCommentRunsToEndWithDiagnostic() {
        let lexed = LexTest.swift("x /* a /* b */ still open\nlet y")
        XCTAssertEqual(lexed.code, ["identifier x"])
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedComment])
        XCTAssertEqual(lexed.diagnostics.first?.location, SourceLocation(line: 1, column: 3))
        LexTest.assertWellFormed(lexed)
    }

    // MARK: Names

    func testKeywordsAndContextualWords() {
        let lexed = LexTest.swift(
            """
            func let var if else guard return class struct enum protocol extension import init deinit \
            subscript typealias associatedtype operator precedencegroup static private fileprivate internal \
            public open in inout for while repeat do catch throw throws rethrows switch case default break \
            continue fallthrough defer where as is try super self Self nil true false Any _
            """)
        XCTAssertEqual(Set(lexed.codeTokens.map(\.kind)), [.keyword])
        XCTAssertEqual(lexed.codeTokens.count, 55)

        let contextual = LexTest.swift(
            """
            async await some any get set willSet didSet mutating override lazy weak unowned convenience \
            required final nonisolated actor indirect prefix postfix infix package consuming borrowing
            """)
        XCTAssertEqual(Set(contextual.codeTokens.map(\.kind)), [.identifier])
    }

    func testKeywordsAreCaseAndLengthExact() {
        XCTAssertEqual(
            LexTest.swift("Func funcs sel selff SELF self_ _x __ Anything").codeTokens.map(\.kind),
            Array(repeating: TokenKind.identifier, count: 9))
    }

    func testIdentifiersDollarAndBackticks() {
        let lexed = LexTest.swift("$0 $1x $name $_x `class` `default` $ abc_123 _")
        XCTAssertEqual(
            lexed.code,
            [
                "identifier $0", "identifier $1x", "identifier $name", "identifier $_x", "identifier `class`",
                "identifier `default`", "identifier $", "identifier abc_123", "keyword _",
            ])
    }

    func testUnpairedBacktickIsUnknown() {
        let lexed = LexTest.swift("`abc\nx")
        XCTAssertEqual(lexed.code, ["unknown `", "identifier abc", "identifier x"])
        XCTAssertEqual(lexed.diagnosticKinds, [.unexpectedCharacter])
    }

    func testUnicodeIdentifiersAndColumns() {
        // é and π are 2-byte UTF-8 (1 UTF-16 unit), 日本 are 3-byte (1 unit each), 😀 is 4-byte (2 units).
        let lexed = LexTest.swift("café π 日本 😀x y")
        XCTAssertEqual(
            lexed.positioned,
            [
                "1:1 identifier café", "1:6 identifier π", "1:8 identifier 日本", "1:11 identifier 😀x",
                "1:15 identifier y",
            ])
    }

    func testCombiningMarkStaysInIdentifier() {
        XCTAssertEqual(
            LexTest.swift("e\u{301}t\u{E9} = 1").code, ["identifier e\u{301}t\u{E9}", "operator =", "integerLiteral 1"])
    }

    func testAttributes() {
        let lexed = LexTest.swift("@MainActor @objc(foo) @available(iOS 13, *) @_spi(X) @ x @\n")
        XCTAssertEqual(
            lexed.code,
            [
                "attribute @MainActor", "attribute @objc", "leftParen (", "identifier foo", "rightParen )",
                "attribute @available", "leftParen (", "identifier iOS", "integerLiteral 13", "comma ,", "operator *",
                "rightParen )", "attribute @_spi", "leftParen (", "identifier X", "rightParen )", "at @",
                "identifier x", "at @",
            ])
    }

    func testPoundKeywords() {
        let lexed = LexTest.swift(
            "#if DEBUG\n#elseif os(iOS)\n#else\n#endif\n#selector(f) #available #Preview #warning # x #1")
        XCTAssertEqual(
            lexed.codeTokens.filter { $0.kind == .poundKeyword }.map(lexed.text),
            [
                "#if", "#elseif", "#else", "#endif", "#selector", "#available", "#Preview", "#warning",
            ])
        XCTAssertEqual(lexed.code.suffix(4), ["pound #", "identifier x", "pound #", "integerLiteral 1"])
    }

    // MARK: Punctuation and operators

    func testPunctuation() {
        XCTAssertEqual(
            LexTest.swift("( ) { } [ ] , : ; . @ # \\").codeTokens.map(\.kind),
            [
                .leftParen, .rightParen, .leftBrace, .rightBrace, .leftBracket, .rightBracket, .comma, .colon,
                .semicolon, .period, .at, .pound, .backslash,
            ])
    }

    func testKeyPathBackslashHasNoDiagnostic() {
        let lexed = LexTest.swift(#"let p = \Foo.bar, q = \.self"#)
        XCTAssertEqual(
            lexed.code,
            [
                "keyword let", "identifier p", "operator =", "backslash \\", "identifier Foo", "period .",
                "identifier bar", "comma ,", "identifier q", "operator =", "backslash \\", "period .", "keyword self",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testOperators() {
        let lexed = LexTest.swift("a = b == c != d -> e && f || !g ?? h ..< i ... j <*> k &+ l += m")
        XCTAssertEqual(
            lexed.codeTokens.filter { $0.kind == .operator }.map(lexed.text),
            [
                "=", "==", "!=", "->", "&&", "||", "!", "??", "..<", "...", "<*>", "&+", "+=",
            ])
    }

    func testPostfixQuestionAndBangAreTheirOwnTokens() {
        XCTAssertEqual(LexTest.swift("foo!.bar").code, ["identifier foo", "operator !", "period .", "identifier bar"])
        XCTAssertEqual(LexTest.swift("a?.b").code, ["identifier a", "operator ?", "period .", "identifier b"])
        XCTAssertEqual(
            LexTest.swift("f()?.g![0]!").code,
            [
                "identifier f", "leftParen (", "rightParen )", "operator ?", "period .", "identifier g", "operator !",
                "leftBracket [", "integerLiteral 0", "rightBracket ]", "operator !",
            ])
        XCTAssertEqual(LexTest.swift("a!=b").code, ["identifier a", "operator !", "operator =", "identifier b"])
        XCTAssertEqual(
            LexTest.swift("x as? Int, y as! Int").code,
            [
                "identifier x", "keyword as", "operator ?", "identifier Int", "comma ,", "identifier y", "keyword as",
                "operator !", "identifier Int",
            ])
        XCTAssertEqual(
            LexTest.swift("a ? b : c").code, ["identifier a", "operator ?", "identifier b", "colon :", "identifier c"])
    }

    func testDotOperatorsOnlyWhenFollowedByOperatorCharacter() {
        XCTAssertEqual(LexTest.swift("0..<5").code, ["integerLiteral 0", "operator ..<", "integerLiteral 5"])
        XCTAssertEqual(LexTest.swift("x...").code, ["identifier x", "operator ..."])
        XCTAssertEqual(
            LexTest.swift(".foo(.bar)").code,
            [
                "period .", "identifier foo", "leftParen (", "period .",
                "identifier bar", "rightParen )",
            ])
        XCTAssertEqual(LexTest.swift("a.+b").code, ["identifier a", "operator .+", "identifier b"])
        // A '.' never continues an operator that did not start with one.
        XCTAssertEqual(LexTest.swift("a+.b").code, ["identifier a", "operator +", "period .", "identifier b"])
    }

    func testOperatorStopsAtComment() {
        let lexed = LexTest.swift("a +// c\nb +/* c */b")
        XCTAssertEqual(lexed.code, ["identifier a", "operator +", "identifier b", "operator +", "identifier b"])
        XCTAssertEqual(lexed.tokens.filter(\.kind.isComment).count, 2)
    }

    func testUnicodeOperators() {
        XCTAssertEqual(
            LexTest.swift("a ≥ b √c ×÷ d").code,
            [
                "identifier a", "operator ≥", "identifier b", "operator √", "identifier c", "operator ×÷",
                "identifier d",
            ])
        // A combining mark continues an operator.
        XCTAssertEqual(LexTest.swift("a +\u{301} b").code, ["identifier a", "operator +\u{301}", "identifier b"])
    }

    func testNoBreakSpaceIsWhitespace() {
        let lexed = LexTest.swift("a\u{A0}b")
        XCTAssertEqual(lexed.all, ["identifier a", "whitespace \u{A0}", "identifier b"])
        XCTAssertEqual(lexed.positioned, ["1:1 identifier a", "1:3 identifier b"])
    }

    // MARK: Numbers

    func testIntegerLiterals() {
        XCTAssertEqual(
            LexTest.swift("0 42 1_000 0x1F 0xdead_beef 0o17 0b1010_0101").code,
            [
                "integerLiteral 0", "integerLiteral 42", "integerLiteral 1_000", "integerLiteral 0x1F",
                "integerLiteral 0xdead_beef", "integerLiteral 0o17", "integerLiteral 0b1010_0101",
            ])
    }

    func testFloatLiterals() {
        XCTAssertEqual(
            LexTest.swift("1.5 1e10 1E-3 2.5e+4 1_0.0_1 0x1.8p3 0x1p-2 0xAp4").code,
            [
                "floatLiteral 1.5", "floatLiteral 1e10", "floatLiteral 1E-3", "floatLiteral 2.5e+4",
                "floatLiteral 1_0.0_1", "floatLiteral 0x1.8p3", "floatLiteral 0x1p-2", "floatLiteral 0xAp4",
            ])
    }

    func testNumberFollowedByMemberAccessIsNotAFloat() {
        XCTAssertEqual(LexTest.swift("1.description").code, ["integerLiteral 1", "period .", "identifier description"])
        XCTAssertEqual(
            LexTest.swift("0xff.description").code, ["integerLiteral 0xff", "period .", "identifier description"])
        XCTAssertEqual(LexTest.swift("0xff.fp").code, ["integerLiteral 0xff", "period .", "identifier fp"])
        XCTAssertEqual(
            LexTest.swift("t.0.1").code,
            ["identifier t", "period .", "integerLiteral 0", "period .", "integerLiteral 1"])
        XCTAssertEqual(
            LexTest.swift("1.5.rounded()").code,
            [
                "floatLiteral 1.5", "period .", "identifier rounded",
                "leftParen (", "rightParen )",
            ])
    }

    func testMinusIsAnOperatorNotPartOfTheLiteral() {
        XCTAssertEqual(
            LexTest.swift("-1 x-2 -0.5").code,
            [
                "operator -", "integerLiteral 1", "identifier x", "operator -", "integerLiteral 2", "operator -",
                "floatLiteral 0.5",
            ])
    }

    func testMalformedNumbersStayOneToken() {
        XCTAssertEqual(
            LexTest.swift("1abc 0xZZ 0b102 1e").code,
            [
                "integerLiteral 1abc", "integerLiteral 0xZZ", "integerLiteral 0b102", "floatLiteral 1e",
            ])
    }

    // MARK: Bad bytes

    func testNulBytesAreUnknownWithOneDiagnostic() {
        let lexed = LexTest.swift([0x61, 0x00, 0x00, 0x20, 0x62, 0x00])
        XCTAssertEqual(lexed.tokens.map(\.kind), [.identifier, .unknown, .whitespace, .identifier, .unknown])
        XCTAssertEqual(lexed.tokens[1].byteCount, 2)
        XCTAssertEqual(Set(lexed.diagnosticKinds), [.nulByte])
        LexTest.assertWellFormed(lexed)
    }

    func testInvalidUTF8IsUnknownAndCountsOneColumnPerByte() {
        // 0xFF, a lone continuation byte, a truncated 3-byte sequence, an overlong encoding, a surrogate.
        let lexed = LexTest.swift([
            0x61, 0xFF, 0x80, 0x20, 0xE2, 0x82, 0x20, 0xC0, 0xAF, 0x20, 0xED, 0xA0, 0x80, 0x20, 0x62,
        ])
        XCTAssertEqual(
            lexed.tokens.map(\.kind),
            [
                .identifier, .unknown, .whitespace, .unknown, .whitespace, .unknown,
                .whitespace, .unknown, .whitespace, .identifier,
            ])
        XCTAssertEqual(lexed.tokens.last?.column, 15)
        XCTAssertEqual(Set(lexed.diagnosticKinds), [.invalidUTF8])
        LexTest.assertWellFormed(lexed)
    }

    func testInvalidUTF8InsideCommentsAndStringsIsDiagnosedButKept() {
        let lexed = LexTest.swift([0x2F, 0x2F, 0xFF, 0x0A, 0x22, 0xFE, 0x22])
        XCTAssertEqual(lexed.tokens.map(\.kind), [.lineComment, .newline, .stringOpen, .stringSegment, .stringClose])
        XCTAssertEqual(lexed.diagnosticKinds, [.invalidUTF8, .invalidUTF8])
        XCTAssertEqual(
            lexed.diagnostics.map(\.location), [SourceLocation(line: 1, column: 3), SourceLocation(line: 2, column: 2)])
    }

    func testControlCharactersAndApostrophe() {
        let lexed = LexTest.swift("a\u{01}b 'c'")
        XCTAssertEqual(
            lexed.code, ["identifier a", "unknown \u{01}", "identifier b", "unknown '", "identifier c", "unknown '"])
        XCTAssertEqual(Set(lexed.diagnosticKinds), [.unexpectedCharacter])
    }

    func testDiagnosticsAreCappedPerKind() {
        let lexed = LexTest.swift(String(repeating: "\"x\n", count: 100))
        XCTAssertEqual(lexed.diagnostics.count, 10)
        XCTAssertEqual(Set(lexed.diagnosticKinds), [.unterminatedString])
    }

    // MARK: Positions

    func testColumnsCountUTF16UnitsAndTabsAsOne() {
        let lexed = LexTest.swift("\tlet s = \"😀😀\" + x")
        XCTAssertEqual(
            lexed.positioned,
            [
                "1:2 keyword let", "1:6 identifier s", "1:8 operator =", "1:10 stringOpen \"", "1:11 stringSegment 😀😀",
                "1:15 stringClose \"", "1:17 operator +", "1:19 identifier x",
            ])
    }

    func testPositionsAgreeWithSourceFile() {
        let source = "import AuthenticationServices\r\n\tlet 名前 = \"a\\(b)😀\" /* x\n y */ + 1\rlet z = 2\n"
        let file = SourceFile(path: "a.swift", text: source)
        for token in file.tokens {
            XCTAssertEqual(
                file.location(ofByte: Int(token.start)),
                SourceLocation(line: Int(token.line), column: Int(token.column)),
                "token \(token.kind) \(file.text(of: token))")
        }
        XCTAssertEqual(file.tokens.last.map { Int($0.line) }, file.lineStarts.count - 1)
    }

    /// Text that is not lexed (an editor's buffer) is measured as the lexer measures a file: each
    /// token's start is at its line and column, and the offset of that location is the token's.
    func testLocationsOfUnlexedTextAgreeWithTheLexerBothWays() {
        var bytes = Array("import A\r\n\tlet 名前 = \"😀\" /* x\n y */ + 1\rlet z = \"".utf8)
        bytes += [0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80] + Array("\"; let b = 1\n".utf8)
        let file = SourceFile(path: "a.swift", bytes: bytes)
        let lineStarts = SourceFile.computeLineStarts(bytes)
        XCTAssertEqual(lineStarts, file.lineStarts)
        for token in file.tokens {
            let location = SourceLocation(line: Int(token.line), column: Int(token.column))
            XCTAssertEqual(SourceFile.location(ofByte: Int(token.start), in: bytes, lineStarts: lineStarts), location)
            XCTAssertEqual(SourceFile.offset(of: location, in: bytes, lineStarts: lineStarts), Int(token.start))
        }
        // Past a line's end, the line's end; past the text, its end.
        XCTAssertEqual(SourceFile.offset(of: SourceLocation(line: 1, column: 99), in: bytes, lineStarts: lineStarts), 8)
        XCTAssertEqual(
            SourceFile.offset(of: SourceLocation(line: 99, column: 1), in: bytes, lineStarts: lineStarts), bytes.count)
    }

    /// Lines start after each `\n`, `\r\n` and lone `\r`, whether the file has carriage returns or not.
    func testLinesStartAfterEachLineBreak() {
        func expected(_ bytes: [UInt8]) -> [Int32] {
            var starts: [Int32] = [0]
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                if bytes[i] == 0x0A || bytes[i] == 0x0D { starts.append(Int32(i + 1)) }
                i += 1
            }
            return starts
        }
        func lineStarts(_ bytes: [UInt8]) -> [Int32] { SourceFile(path: "a.swift", bytes: bytes).lineStarts }
        XCTAssertEqual(lineStarts([]), [0])
        XCTAssertEqual(lineStarts(Array("a\nb\n\nc".utf8)), [0, 2, 4, 5])
        XCTAssertEqual(lineStarts(Array("a\r\nb\rc\n".utf8)), [0, 3, 5, 7])
        var generator = SystemRandomNumberGenerator()
        for withReturns in [false, true] {
            let alphabet: [UInt8] =
                withReturns ? [0x61, 0x20, 0x0A, 0x0D, 0xC3, 0xA9] : [0x61, 0x20, 0x0A, 0xC3, 0xA9]
            for _ in 0..<300 {
                let bytes = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }
                XCTAssertEqual(lineStarts(bytes), expected(bytes), "\(bytes)")
            }
        }
    }

    func testPositionsAgreeWithSourceFileAfterIllFormedUTF8() {
        // A surrogate, an overlong and an out-of-range sequence: well-shaped, but each byte is U+FFFD.
        var bytes = Array("let a = \"".utf8) + [0xED, 0xA0, 0x80, 0xE0, 0x80, 0x80, 0xF4, 0x90, 0x80, 0x80]
        bytes += Array("\"; let b = 1\n".utf8)
        let file = SourceFile(path: "a.swift", bytes: bytes)
        for token in file.tokens {
            XCTAssertEqual(
                file.location(ofByte: Int(token.start)),
                SourceLocation(line: Int(token.line), column: Int(token.column)), "token \(token.kind)")
        }
        XCTAssertEqual(
            file.tokens.first { file.text(of: $0) == "b" }?.column, 27, "one column per byte of the three sequences")
    }
}
