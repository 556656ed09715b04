import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import XCTest

/// Regex literals: `#/…/#` always, bare `/…/` only where the heuristic documented on `Lexer`
/// says an expression starts.
final class LexerRegexTests: XCTestCase {
    private func regexes(_ source: String) -> [String] {
        let lexed = LexTest.swift(source)
        return lexed.codeTokens.filter { $0.kind == .regexLiteral }.map(lexed.text)
    }

    func testBareRegexAfterExpressionStarts() {
        XCTAssertEqual(regexes("let r = /ab+c/"), ["/ab+c/"])
        XCTAssertEqual(regexes("f(/a/, /b/)"), ["/a/", "/b/"])
        XCTAssertEqual(regexes("[/a/: 1]"), ["/a/"])
        XCTAssertEqual(regexes("return /x/"), ["/x/"])
        XCTAssertEqual(regexes("case /x/: break"), ["/x/"])
        XCTAssertEqual(regexes("if s.contains(/x/) {}"), ["/x/"])
        XCTAssertEqual(regexes("x = y ?? /z/"), ["/z/"])
        XCTAssertEqual(regexes("/^start/"), ["/^start/"])
        XCTAssertEqual(regexes("let m = try? /\\d+/.wholeMatch(in: s)"), ["/\\d+/"])
        XCTAssertEqual(regexes("{ /x/ }"), ["/x/"])
        XCTAssertEqual(regexes("_ = await /x/"), ["/x/"])
        XCTAssertEqual(regexes("for x in xs where /x/ {}"), ["/x/"])
    }

    func testPrefixOperatorGluedToRegexIsSplit() {
        XCTAssertEqual(LexTest.swift("_ = !/x/").code, ["keyword _", "operator =", "operator !", "regexLiteral /x/"])
        XCTAssertEqual(
            LexTest.swift("bar(&/x/)").code,
            [
                "identifier bar", "leftParen (", "operator &",
                "regexLiteral /x/", "rightParen )",
            ])
        XCTAssertEqual(
            LexTest.swift("(!!/^/)").code, ["leftParen (", "operator !!", "regexLiteral /^/", "rightParen )"])
        // Not in expression position, or not regex-shaped: one operator.
        XCTAssertEqual(LexTest.swift("a !/x/").code, ["identifier a", "operator !/", "identifier x", "operator /"])
        XCTAssertEqual(LexTest.swift("_ = !/ /").code, ["keyword _", "operator =", "operator !/", "operator /"])
        XCTAssertEqual(
            LexTest.swift("let i = 0 /^/ 1/^/3").code,
            [
                "keyword let", "identifier i", "operator =", "integerLiteral 0", "operator /^/", "integerLiteral 1",
                "operator /^/", "integerLiteral 3",
            ])
    }

    func testDivisionStaysAnOperator() {
        XCTAssertEqual(regexes("let q = a / b"), [])
        XCTAssertEqual(regexes("x /= 2"), [])
        XCTAssertEqual(regexes("let r = a/b/c"), [])
        XCTAssertEqual(regexes("let r = f(x)/g(y)/2"), [])
        XCTAssertEqual(regexes("xs[0] /2/ 3"), [])
        XCTAssertEqual(regexes("let r = 10 /2/ 5"), [])
        XCTAssertEqual(regexes("self /x/ y"), [])
        XCTAssertEqual(
            LexTest.swift("let r = a/b/c").code,
            [
                "keyword let", "identifier r", "operator =", "identifier a", "operator /", "identifier b", "operator /",
                "identifier c",
            ])
    }

    func testBareRegexRejectedByShape() {
        XCTAssertEqual(regexes("x = / a/"), [], "starts with a space")
        XCTAssertEqual(regexes("x = /a /"), [], "ends with a space")
        XCTAssertEqual(regexes("x = /a\n/"), [], "must close on its line")
        XCTAssertEqual(regexes("foo(/)"), [], "unbalanced ')'")
        XCTAssertEqual(regexes("reduce(1, /) / 5"), [], "unbalanced ')'")
        XCTAssertEqual(regexes("x = /a/* c */"), [], "closing '/' starts a comment")
        XCTAssertEqual(regexes("x = /[)]/"), ["/[)]/"], "')' inside a class is fine")
        XCTAssertEqual(regexes("x = /a\\/b/"), ["/a\\/b/"], "escaped '/'")
        XCTAssertEqual(regexes("x = /(a)/"), ["/(a)/"])
    }

    func testOperatorDeclarationsAreNotRegexes() {
        XCTAssertEqual(regexes("prefix operator /^/"), [])
        XCTAssertEqual(regexes("static func /(lhs: A, rhs: A) -> A { 5/ }"), [])
    }

    func testCommentsWinOverRegexes() {
        let lexed = LexTest.swift("x = // c\ny = /* d */ 1")
        XCTAssertEqual(lexed.codeTokens.filter { $0.kind == .regexLiteral }.count, 0)
        XCTAssertEqual(lexed.tokens.filter(\.kind.isComment).count, 2)
    }

    func testExtendedRegex() {
        XCTAssertEqual(regexes("let r = #/a / b \\/#/#"), ["#/a / b \\/#/#"])
        XCTAssertEqual(regexes("let r = ##/a/#b/##"), ["##/a/#b/##"])
        XCTAssertEqual(regexes("x/#/a/#"), ["#/a/#"], "extended regexes need no expression position")
    }

    func testMultilineExtendedRegex() {
        let lexed = LexTest.swift("let r = #/\n  (?<y>\\d+) # \"not a string\n  /#\nlet z = 1")
        XCTAssertEqual(
            lexed.positioned,
            [
                "1:1 keyword let", "1:5 identifier r", "1:7 operator =",
                "1:9 regexLiteral #/\n  (?<y>\\d+) # \"not a string\n  /#",
                "4:1 keyword let", "4:5 identifier z", "4:7 operator =", "4:9 integerLiteral 1",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testUnterminatedExtendedRegex() {
        let single = LexTest.swift("let r = #/abc\nlet z = 1")
        XCTAssertEqual(
            single.code,
            [
                "keyword let", "identifier r", "operator =", "regexLiteral #/abc", "keyword let",
                "identifier z", "operator =", "integerLiteral 1",
            ])
        XCTAssertEqual(single.diagnosticKinds, [.unterminatedRegex])

        // The multi-line form that never closes stops at its first line break.
        let multi = LexTest.swift("let r = #/  \nabc \"x\"\n")
        XCTAssertEqual(
            multi.code,
            [
                "keyword let", "identifier r", "operator =", "regexLiteral #/  ", "identifier abc",
                "stringOpen \"", "stringSegment x", "stringClose \"",
            ])
        XCTAssertEqual(multi.diagnosticKinds, [.unterminatedRegex])
        LexTest.assertWellFormed(multi)
    }

    func testRegexInsideInterpolation() {
        let lexed = LexTest.swift(#""\(s.replacing(/a/, with: "b"))""#)
        XCTAssertEqual(lexed.depths.filter { $0.contains("regex") }, ["1 regexLiteral /a/"])
        XCTAssertEqual(lexed.codeTokens.last?.kind, .stringClose)
    }
}
