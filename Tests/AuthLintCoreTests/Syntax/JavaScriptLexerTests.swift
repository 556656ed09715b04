import AuthLintSyntax
import XCTest

final class JavaScriptLexerTests: XCTestCase {
    func testRequireCommentsAndPropertyNamesThatAreKeywords() {
        let lexed = LexTest.javaScript(
            """
            #!/usr/bin/env node
            const jwt = require('jsonwebtoken'); // never verifies
            /** Deletes the account. */
            router.delete('/account', async (req, res) => { return this.x?.default })
            """)
        XCTAssertEqual(
            lexed.code,
            [
                "keyword const", "identifier jwt", "operator =", "identifier require", "leftParen (", "stringOpen '",
                "stringSegment jsonwebtoken", "stringClose '", "rightParen )", "semicolon ;",
                "identifier router", "period .", "identifier delete", "leftParen (", "stringOpen '",
                "stringSegment /account", "stringClose '", "comma ,", "identifier async", "leftParen (",
                "identifier req", "comma ,", "identifier res", "rightParen )", "operator =>", "leftBrace {",
                "keyword return", "keyword this", "period .", "identifier x", "operator ?.", "identifier default",
                "rightBrace }", "rightParen )",
            ])
        XCTAssertEqual(lexed.tokens.first?.kind, .shebang)
        XCTAssertEqual(
            lexed.tokens.filter(\.kind.isComment).map(\.kind), [.lineComment, .docBlockComment])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
        LexTest.assertWellFormed(lexed)
    }

    func testTemplateLiteralsNestWithDepth() {
        let lexed = LexTest.javaScript(
            """
            const u = `Bearer ${token} ${ `in ${ { a: 1 }.a }` }\\` done`;
            """)
        XCTAssertEqual(
            lexed.depths,
            [
                "0 keyword const", "0 identifier u", "0 operator =", "0 stringOpen `", "0 stringSegment Bearer ",
                "0 interpolationOpen ${", "1 identifier token", "0 interpolationClose }", "0 stringSegment  ",
                "0 interpolationOpen ${", "1 stringOpen `", "1 stringSegment in ", "1 interpolationOpen ${",
                "2 leftBrace {", "2 identifier a", "2 colon :", "2 integerLiteral 1", "2 rightBrace }", "2 period .",
                "2 identifier a", "1 interpolationClose }", "1 stringClose `", "0 interpolationClose }",
                "0 stringSegment \\` done", "0 stringClose `", "0 semicolon ;",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
        LexTest.assertWellFormed(lexed)
    }

    func testRegexWhereAnExpressionStartsDivisionAfterAValue() {
        let lexed = LexTest.javaScript(
            """
            const parts = token.split(/[./]/g); const half = total / 2 / count;
            if (ok) return /^ey[^/]+\\/x/.test(s)
            """)
        XCTAssertEqual(
            lexed.codeTokens.filter { $0.kind == .regexLiteral }.map(lexed.text), ["/[./]/g", "/^ey[^/]+\\/x/"])
        XCTAssertEqual(lexed.code.filter { $0 == "operator /" }.count, 2)
    }

    func testUnclosedSlashIsAnOperator() {
        let lexed = LexTest.javaScript("x = a\n/ b\nconst y = (/ 2)\n")
        XCTAssertFalse(lexed.code.contains { $0.hasPrefix("regexLiteral") })
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testDecoratorsTypeScriptAndPrivateNames() {
        let lexed = LexTest.javaScript(
            """
            @Injectable()
            export class AuthService { #secret: string = process.env.SECRET ?? 'dev'; private readonly a!: number }
            """)
        XCTAssertEqual(
            lexed.code,
            [
                "attribute @Injectable", "leftParen (", "rightParen )", "keyword export", "keyword class",
                "identifier AuthService", "leftBrace {", "identifier #secret", "colon :", "identifier string",
                "operator =", "identifier process", "period .", "identifier env", "period .", "identifier SECRET",
                "operator ??", "stringOpen '", "stringSegment dev", "stringClose '", "semicolon ;", "keyword private",
                "identifier readonly", "identifier a", "operator !", "colon :", "identifier number", "rightBrace }",
            ])
    }

    func testNumbersAndOperators() {
        let lexed = LexTest.javaScript("a >>>= 0x1F_FFn + 1.5e3 + arr[0].length + .5; b ??= c?.[0]")
        XCTAssertEqual(
            lexed.code,
            [
                "identifier a", "operator >>>=", "integerLiteral 0x1F_FFn", "operator +", "floatLiteral 1.5e3",
                "operator +", "identifier arr", "leftBracket [", "integerLiteral 0", "rightBracket ]", "period .",
                "identifier length", "operator +", "floatLiteral .5", "semicolon ;", "identifier b", "operator ??=",
                "identifier c", "operator ?.", "leftBracket [", "integerLiteral 0", "rightBracket ]",
            ])
    }

    func testUnterminatedStringsAndTemplates() {
        let lexed = LexTest.javaScript("a = 'open\nb = `never ${x} closed\n")
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedString, .unterminatedString])
        XCTAssertEqual(lexed.code[0...3], ["identifier a", "operator =", "stringOpen '", "stringSegment open"])
        LexTest.assertWellFormed(lexed)
    }

    func testRandomBytesRoundTrip() {
        LexTest.assertRandomInputsRoundTrip(as: .javaScript, alphabet: "`'\"${}[]()/*\\\n@#.0e=+ x")
    }
}
