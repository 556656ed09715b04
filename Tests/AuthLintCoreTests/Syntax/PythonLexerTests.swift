import AuthLintSyntax
import XCTest

final class PythonLexerTests: XCTestCase {
    func testDecoratorKeywordsAndComments() {
        let lexed = LexTest.python(
            """
            # verify the token
            @app.post("/auth/apple")  # route
            async def sign_in(body: dict) -> dict:
                return jwt.decode(token, options={"verify_signature": False}) @ m
            """)
        XCTAssertEqual(
            lexed.code,
            [
                "attribute @app.post", "leftParen (", "stringOpen \"", "stringSegment /auth/apple", "stringClose \"",
                "rightParen )",
                "keyword async", "keyword def", "identifier sign_in", "leftParen (", "identifier body", "colon :",
                "identifier dict", "rightParen )", "operator ->", "identifier dict", "colon :",
                "keyword return", "identifier jwt", "period .", "identifier decode", "leftParen (",
                "identifier token", "comma ,", "identifier options", "operator =", "leftBrace {", "stringOpen \"",
                "stringSegment verify_signature", "stringClose \"", "colon :", "keyword False", "rightBrace }",
                "rightParen )", "operator @", "identifier m",
            ])
        XCTAssertEqual(
            lexed.tokens.filter(\.kind.isComment).map(lexed.text), ["# verify the token", "# route"])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
        LexTest.assertWellFormed(lexed)
    }

    func testStringPrefixesTripleQuotesAndEscapes() {
        let lexed = LexTest.python(
            #"""
            a = rb'\d+\'' + B"x" + u'é'
            doc = """verify "signature"
            and 'audience' = 1 """
            raw = r"C:\path\" still"
            rbx = 1
            """#)
        XCTAssertEqual(
            lexed.code,
            [
                "identifier a", "operator =", "stringOpen rb'", #"stringSegment \d+\'"#, "stringClose '", "operator +",
                "stringOpen B\"", "stringSegment x", "stringClose \"", "operator +", "stringOpen u'",
                "stringSegment é", "stringClose '",
                "identifier doc", "operator =", "stringOpen \"\"\"",
                "stringSegment verify \"signature\"\nand 'audience' = 1 ", "stringClose \"\"\"",
                "identifier raw", "operator =", "stringOpen r\"", #"stringSegment C:\path\" still"#,
                "stringClose \"",
                "identifier rbx", "operator =", "integerLiteral 1",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testFStringInterpolationsNestAndCarryDepth() {
        let lexed = LexTest.python(
            #"""
            s = f"{{literal}} {user.email!r:>{width}} {f'{x["k"]}'}"
            """#)
        XCTAssertEqual(
            lexed.depths,
            [
                "0 identifier s", "0 operator =", "0 stringOpen f\"", "0 stringSegment {{literal}} ",
                "0 interpolationOpen {", "1 identifier user", "1 period .", "1 identifier email", "1 operator !",
                "1 identifier r", "1 colon :", "1 stringSegment >", "1 interpolationOpen {", "2 identifier width",
                "1 interpolationClose }", "0 interpolationClose }", "0 stringSegment  ", "0 interpolationOpen {",
                "1 stringOpen f'", "1 interpolationOpen {", "2 identifier x", "2 leftBracket [", "2 stringOpen \"",
                "2 stringSegment k", "2 stringClose \"", "2 rightBracket ]", "1 interpolationClose }",
                "1 stringClose '", "0 interpolationClose }", "0 stringClose \"",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
        LexTest.assertWellFormed(lexed)
    }

    func testInterpolationSpansLinesInsideBracketsWithComments() {
        let lexed = LexTest.python(
            """
            x = f"{", ".join([
                'a',  # a comment } "
                'b'
            ])}"
            y = 1
            """)
        XCTAssertEqual(lexed.tokens.filter(\.kind.isComment).map(lexed.text), [#"# a comment } ""#])
        XCTAssertEqual(lexed.code.suffix(4), ["stringClose \"", "identifier y", "operator =", "integerLiteral 1"])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testUnterminatedStringsEndAtTheLineAndCodeResumes() {
        let lexed = LexTest.python(
            """
            a = "open
            b = f'{x
            c = 'done'
            """)
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedString, .unterminatedString])
        XCTAssertEqual(
            lexed.code.suffix(5), ["identifier c", "operator =", "stringOpen '", "stringSegment done", "stringClose '"])
        XCTAssertEqual(lexed.codeTokens.last?.interpolationDepth, 0)
        LexTest.assertWellFormed(lexed)
    }

    func testDecoratorOnlyFirstOnALogicalLine() {
        let lexed = LexTest.python("@property\ndef f(self):\n    return (a\n    @ b)\n")
        XCTAssertEqual(lexed.code.first, "attribute @property")
        XCTAssertTrue(lexed.code.contains("operator @"))
        XCTAssertFalse(lexed.code.contains("attribute @"))
    }

    func testNumbersAndMemberAccessAfterAnIndex() {
        let lexed = LexTest.python("x = parts[1].split('.') + 1_000 + 0xFF + 1.5e-3 + 2j + .5 + 1.\n")
        XCTAssertEqual(
            lexed.code,
            [
                "identifier x", "operator =", "identifier parts", "leftBracket [", "integerLiteral 1", "rightBracket ]",
                "period .", "identifier split", "leftParen (", "stringOpen '", "stringSegment .", "stringClose '",
                "rightParen )", "operator +", "integerLiteral 1_000", "operator +", "integerLiteral 0xFF",
                "operator +", "floatLiteral 1.5e-3", "operator +", "integerLiteral 2j", "operator +",
                "floatLiteral .5", "operator +", "floatLiteral 1.",
            ])
    }

    func testLineContinuationIsWhitespace() {
        let lexed = LexTest.python("token = a + \\\n    b\n")
        XCTAssertEqual(lexed.code, ["identifier token", "operator =", "identifier a", "operator +", "identifier b"])
        XCTAssertEqual(lexed.positioned.last, "2:5 identifier b")
    }

    func testRandomBytesRoundTrip() {
        LexTest.assertRandomInputsRoundTrip(as: .python, alphabet: "f'\"{}[]():!#@\\\nrb x=.0e_")
    }
}
