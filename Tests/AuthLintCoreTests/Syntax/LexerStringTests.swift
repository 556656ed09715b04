import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import XCTest

/// String literals: delimiters, escapes, raw strings, multi-line strings, interpolations.
final class LexerStringTests: XCTestCase {
    func testSimpleString() {
        let lexed = LexTest.swift(#"let s = "hello""#)
        XCTAssertEqual(
            lexed.code,
            [
                "keyword let", "identifier s", "operator =", "stringOpen \"", "stringSegment hello",
                "stringClose \"",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testEmptyStrings() {
        XCTAssertEqual(
            LexTest.swift("\"\" + #\"\"#").code,
            [
                "stringOpen \"", "stringClose \"", "operator +",
                "stringOpen #\"", "stringClose \"#",
            ])
    }

    func testEscapesStayInTheSegment() {
        let lexed = LexTest.swift(#""a\"b\\c\n\t\0\u{1F600}\q" x"#)
        XCTAssertEqual(
            lexed.code,
            [
                #"stringOpen ""#, #"stringSegment a\"b\\c\n\t\0\u{1F600}\q"#, #"stringClose ""#,
                "identifier x",
            ])
    }

    func testEscapedBackslashBeforeQuoteCloses() {
        XCTAssertEqual(
            LexTest.swift(#""a\\" b"#).code,
            [
                #"stringOpen ""#, #"stringSegment a\\"#, #"stringClose ""#,
                "identifier b",
            ])
    }

    func testInterpolation() {
        let lexed = LexTest.swift(#""a\(b + c(d))e""#)
        XCTAssertEqual(
            lexed.depths,
            [
                "0 stringOpen \"", "0 stringSegment a", "0 interpolationOpen \\(", "1 identifier b", "1 operator +",
                "1 identifier c", "1 leftParen (", "1 identifier d", "1 rightParen )", "0 interpolationClose )",
                "0 stringSegment e", "0 stringClose \"",
            ])
    }

    func testInterpolationWithClosureAndTuple() {
        let lexed = LexTest.swift(#""\(xs.map { ($0, 1) }.count)""#)
        XCTAssertEqual(lexed.codeTokens.filter { $0.kind == .interpolationClose }.count, 1)
        XCTAssertEqual(lexed.codeTokens.last?.kind, .stringClose)
        XCTAssertEqual(lexed.codeTokens.filter { $0.interpolationDepth == 1 }.count, 12)
    }

    func testNestedStringsInInterpolations() {
        let lexed = LexTest.swift(#""1\("2\("3\(x)3")2")1" y"#)
        XCTAssertEqual(
            lexed.depths,
            [
                "0 stringOpen \"", "0 stringSegment 1", "0 interpolationOpen \\(",
                "1 stringOpen \"", "1 stringSegment 2", "1 interpolationOpen \\(",
                "2 stringOpen \"", "2 stringSegment 3", "2 interpolationOpen \\(",
                "3 identifier x",
                "2 interpolationClose )", "2 stringSegment 3", "2 stringClose \"",
                "1 interpolationClose )", "1 stringSegment 2", "1 stringClose \"",
                "0 interpolationClose )", "0 stringSegment 1", "0 stringClose \"",
                "0 identifier y",
            ])
    }

    func testRawStrings() {
        let lexed = LexTest.swift(##"#"a "b" \n \(x) \#(y) \#"q"#"##)
        XCTAssertEqual(
            lexed.depths,
            [
                "0 stringOpen #\"", #"0 stringSegment a "b" \n \(x) "#, "0 interpolationOpen \\#(", "1 identifier y",
                "0 interpolationClose )", ##"0 stringSegment  \#"q"##, "0 stringClose \"#",
            ])
    }

    func testRawStringQuoteWithFewerPoundsIsText() {
        let lexed = LexTest.swift(###"##"a"# b"##"###)
        XCTAssertEqual(lexed.code, ["stringOpen ##\"", "stringSegment a\"# b", "stringClose \"##"])
        let escapes = LexTest.swift(###"##"\#(x) \##(y)"##"###)
        XCTAssertEqual(
            escapes.depths,
            [
                "0 stringOpen ##\"", ##"0 stringSegment \#(x) "##, "0 interpolationOpen \\##(",
                "1 identifier y", "0 interpolationClose )", "0 stringClose \"##",
            ])
    }

    func testMultilineString() {
        let source = "let s = \"\"\"\n  a \"quoted\" \"\"two\"\" \\(x)\n  b \\\"\"\"\n  \"\"\"\nlet t = 1"
        let lexed = LexTest.swift(source)
        XCTAssertEqual(
            lexed.positioned,
            [
                "1:1 keyword let", "1:5 identifier s", "1:7 operator =", "1:9 stringOpen \"\"\"",
                "1:12 stringSegment \n  a \"quoted\" \"\"two\"\" ", "2:22 interpolationOpen \\(", "2:24 identifier x",
                "2:25 interpolationClose )", "2:26 stringSegment \n  b \\\"\"\"\n  ", "4:3 stringClose \"\"\"",
                "5:1 keyword let", "5:5 identifier t", "5:7 operator =", "5:9 integerLiteral 1",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testMultilineLineContinuation() {
        let lexed = LexTest.swift("\"\"\"\na \\\nb\n\"\"\" x")
        XCTAssertEqual(
            lexed.code, ["stringOpen \"\"\"", "stringSegment \na \\\nb\n", "stringClose \"\"\"", "identifier x"])
    }

    func testRawMultilineStringWithNestedStrings() {
        let source = ###"""
            let s = ##"""
              "# """# \##(f("in \(g("deep \(z)"))")) "##
              """##
            done
            """###
        let lexed = LexTest.swift(source)
        let depthOfZ = lexed.codeTokens.first { lexed.text($0) == "z" }?.interpolationDepth
        XCTAssertEqual(depthOfZ, 3)
        XCTAssertEqual(lexed.codeTokens.filter { $0.kind == .stringOpen }.map(lexed.text), ["##\"\"\"", "\"", "\""])
        XCTAssertEqual(lexed.codeTokens.filter { $0.kind == .stringClose }.map(lexed.text), ["\"", "\"", "\"\"\"##"])
        XCTAssertEqual(lexed.code.last, "identifier done")
        XCTAssertEqual(lexed.codeTokens.last?.line, 4)
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    func testRawTripleQuoteClosedOnSameLineIsSingleLine() {
        let lexed = LexTest.swift(##"#"""# x"##)
        XCTAssertEqual(lexed.code, ["stringOpen #\"", "stringSegment \"", "stringClose \"#", "identifier x"])
    }

    func testMultilineStringInsideSingleLineInterpolation() {
        let lexed = LexTest.swift("\"a\\(\"\"\"\nb\n\"\"\")c\" d")
        XCTAssertEqual(
            lexed.depths,
            [
                "0 stringOpen \"", "0 stringSegment a", "0 interpolationOpen \\(", "1 stringOpen \"\"\"",
                "1 stringSegment \nb\n", "1 stringClose \"\"\"", "0 interpolationClose )", "0 stringSegment c",
                "0 stringClose \"", "0 identifier d",
            ])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
    }

    // MARK: Unterminated

    func testUnterminatedStringEndsAtLineBreak() {
        let lexed = LexTest.swift("let s = \"abc\nlet t = 1")
        XCTAssertEqual(
            lexed.code,
            [
                "keyword let", "identifier s", "operator =", "stringOpen \"", "stringSegment abc",
                "keyword let", "identifier t", "operator =", "integerLiteral 1",
            ])
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedString])
        XCTAssertEqual(lexed.diagnostics.first?.location, SourceLocation(line: 1, column: 9))
        LexTest.assertWellFormed(lexed)
    }

    func testBackslashBeforeLineBreakDoesNotContinueSingleLineString() {
        let lexed = LexTest.swift("\"abc\\\nx")
        XCTAssertEqual(lexed.code, ["stringOpen \"", "stringSegment abc\\", "identifier x"])
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedString])
    }

    func testUnterminatedInterpolationInSingleLineStringEndsAtLineBreak() {
        let lexed = LexTest.swift("let s = \"a\\(b(\nc)\"\nd")
        // Line 2 is code again: `c` `)` and then `"` opens a new (unterminated) string.
        XCTAssertEqual(
            lexed.depths,
            [
                "0 keyword let", "0 identifier s", "0 operator =", "0 stringOpen \"", "0 stringSegment a",
                "0 interpolationOpen \\(", "1 identifier b", "1 leftParen (",
                "0 identifier c", "0 rightParen )", "0 stringOpen \"", "0 identifier d",
            ])
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedString, .unterminatedString])
        XCTAssertEqual(lexed.diagnostics.map(\.location.line), [1, 2])
        XCTAssertEqual(lexed.codeTokens.last?.interpolationDepth, 0)
    }

    func testNestedSingleLineStringsAllEndAtLineBreak() {
        let lexed = LexTest.swift("\"a\\(\"b\\(c\nd")
        XCTAssertEqual(lexed.depths.last, "0 identifier d")
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedString, .unterminatedString])
    }

    func testUnterminatedMultilineStringAtEndOfFile() {
        let lexed = LexTest.swift("let s = \"\"\"\nabc\n\\(x")
        XCTAssertEqual(lexed.code.last, "identifier x")
        XCTAssertEqual(Set(lexed.diagnosticKinds), [.unterminatedString, .unterminatedInterpolation])
        LexTest.assertWellFormed(lexed)
    }

    func testUnterminatedRawStringAtEndOfFile() {
        let lexed = LexTest.swift("let s = #\"abc\"")
        XCTAssertEqual(lexed.code.suffix(2), ["stringOpen #\"", "stringSegment abc\""])
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedString])
        let multi = LexTest.swift("##\"\"\"\nabc \"\"\"#")
        XCTAssertEqual(multi.code, ["stringOpen ##\"\"\"", "stringSegment \nabc \"\"\"#"])
        XCTAssertEqual(multi.diagnosticKinds, [.unterminatedString])
    }

    func testStringEndingInBackslashAtEndOfFile() {
        let lexed = LexTest.swift("\"a\\")
        XCTAssertEqual(lexed.code, ["stringOpen \"", "stringSegment a\\"])
        XCTAssertEqual(lexed.diagnosticKinds, [.unterminatedString])
        LexTest.assertWellFormed(lexed)
    }
}
