import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import Foundation
import XCTest

/// Whole-file properties: the torture fixture, malformed inputs, random inputs and the
/// repository's own sources all lex into tokens that give back the input byte for byte.
final class LexerRoundTripTests: XCTestCase {
    // MARK: Torture fixture

    private func torture() throws -> LexTest.Lexed {
        LexTest.swift(try LexTest.fixture("Torture.swift.txt"))
    }

    func testTortureRoundTripsWithoutDiagnostics() throws {
        let lexed = try torture()
        LexTest.assertWellFormed(lexed)
        XCTAssertEqual(lexed.diagnostics.map { "\($0.kind) \($0.location.line):\($0.location.column)" }, [])
        XCTAssertEqual(lexed.tokens.first?.kind, .shebang)
    }

    func testTortureNeedleIsCodeOnlyOnTheseLines() throws {
        let lexed = try torture()
        let lines = lexed.codeTokens.filter { $0.kind == .identifier && lexed.text($0) == "needle" }.map {
            Int($0.line)
        }
        XCTAssertEqual(lines, [10, 14, 15, 17, 17, 17, 21, 29, 29, 29, 29, 31, 33, 34, 35, 35, 38, 43, 53, 63, 65])
        let depths = lexed.codeTokens.filter { $0.line == 17 && lexed.text($0) == "needle" }.map(\.interpolationDepth)
        XCTAssertEqual(depths, [1, 2, 3])
    }

    /// Every occurrence of `word` in the file lies inside a token accepted by `where`, and no
    /// other token contains it.
    private func assertWord(
        _ word: String, onlyIn accepted: (TokenKind) -> Bool, expectedCount: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let lexed = try torture()
        let needle = Array(word.utf8)
        var occurrences: [Int] = []
        var i = 0
        while i + needle.count <= lexed.bytes.count {
            if lexed.bytes[i..<i + needle.count].elementsEqual(needle) { occurrences.append(i) }
            i += 1
        }
        XCTAssertEqual(occurrences.count, expectedCount, "occurrences of \(word)", file: file, line: line)
        for offset in occurrences {
            guard let token = lexed.tokens.first(where: { Int($0.start) <= offset && offset < Int($0.end) }) else {
                XCTFail("no token at byte \(offset)", file: file, line: line)
                continue
            }
            XCTAssertTrue(
                accepted(token.kind), "\(word) at \(token.line):\(token.column) is in a \(token.kind) token",
                file: file, line: line)
            XCTAssertLessThanOrEqual(
                offset + needle.count, Int(token.end),
                "\(word) at \(token.line) straddles two tokens", file: file, line: line)
        }
    }

    func testTortureCommentOnlyWordsAreInComments() throws {
        try assertWord("commentOnly", onlyIn: \.isComment, expectedCount: 9)
    }

    func testTortureStringOnlyWordsAreStringText() throws {
        try assertWord("stringOnly", onlyIn: { $0 == .stringSegment }, expectedCount: 20)
    }

    func testTortureRegexOnlyWordsAreInRegexLiterals() throws {
        try assertWord("regexOnly", onlyIn: { $0 == .regexLiteral }, expectedCount: 5)
    }

    func testTortureNoCodeTokenInsideComments() throws {
        let lexed = try torture()
        // Comments hold `"`, `\(`, `/*` and `*/` that must not leak out as code.
        let commentLines = Set(lexed.tokens.filter(\.kind.isComment).map(\.line))
        for token in lexed.codeTokens where commentLines.contains(token.line) {
            let text = lexed.text(token)
            XCTAssertFalse(
                ["commentOnly", "deeper", "nested", "still", "not", "interpolation"].contains(text),
                "code token \(text) at \(token.line):\(token.column)")
        }
        XCTAssertEqual(
            lexed.tokens.filter(\.kind.isComment).map(\.kind),
            [
                .lineComment, .lineComment, .lineComment, .blockComment, .docBlockComment, .blockComment,
                .docLineComment, .lineComment, .lineComment, .blockComment, .lineComment,
            ])
    }

    func testTortureInterpolationsBalance() throws {
        let lexed = try torture()
        XCTAssertEqual(lexed.tokens.filter { $0.kind == .interpolationOpen }.count, 6)
        XCTAssertEqual(lexed.tokens.filter { $0.kind == .interpolationClose }.count, 6)
        XCTAssertEqual(
            lexed.tokens.filter { $0.kind == .stringOpen }.count,
            lexed.tokens.filter { $0.kind == .stringClose }.count)
        XCTAssertEqual(lexed.tokens.map(\.interpolationDepth).max(), 3)
    }

    func testTortureLineEndingsAndColumns() throws {
        let lexed = try torture()
        let newlines = lexed.tokens.filter { $0.kind == .newline }.map(lexed.text)
        XCTAssertEqual(newlines.filter { $0 == "\r\n" }.count, 1, "the fixture must keep its CRLF line")
        XCTAssertEqual(newlines.filter { $0 == "\r" }.count, 1, "the fixture must keep its CR line")
        XCTAssertEqual(lexed.tokens.last.map { lexed.text($0) }, "\n")
        XCTAssertEqual(lexed.tokens.last?.line, 65)
        // `let 😀 = …`: the emoji takes two UTF-16 units.
        let emoji = lexed.codeTokens.firstIndex { lexed.text($0) == "😀" }
        XCTAssertEqual(emoji.map { lexed.codeTokens[$0 + 1].column }, 12)
        // Tab-indented line: one column per tab.
        XCTAssertEqual(lexed.codeTokens.first { lexed.text($0) == "tabbed" }?.column, 6)
    }

    func testTortureWithOtherLineEndingsLexesTheSame() throws {
        let original = try torture()
        var lf: [UInt8] = []
        for (index, byte) in original.bytes.enumerated() {
            if byte == 0x0D {
                if index + 1 < original.bytes.count && original.bytes[index + 1] == 0x0A { continue }
                lf.append(0x0A)
            } else {
                lf.append(byte)
            }
        }
        let base = LexTest.swift(lf)
        for (name, ending) in [("CRLF", [UInt8]([0x0D, 0x0A])), ("CR", [0x0D])] {
            let converted = LexTest.swift(lf.flatMap { $0 == 0x0A ? ending : [$0] })
            LexTest.assertWellFormed(converted, name)
            XCTAssertEqual(
                converted.positioned.map {
                    $0.replacingOccurrences(of: "\r\n", with: "\n")
                        .replacingOccurrences(of: "\r", with: "\n")
                },
                base.positioned, name)
            XCTAssertEqual(converted.diagnostics.count, 0, name)
        }
    }

    func testTortureThroughTheObjCLexerStillRoundTrips() throws {
        let lexed = LexTest.objc(try LexTest.fixture("Torture.swift.txt"))
        LexTest.assertWellFormed(lexed)
    }

    // MARK: Malformed input

    func testMalformedInputsTerminateRoundTripAndAreDiagnosed() {
        let cases: [(String, [UInt8], LexDiagnostic.Kind)] = [
            ("string", Array("let s = \"abc".utf8), .unterminatedString),
            ("multi-line string", Array("\"\"\"\nabc\n".utf8), .unterminatedString),
            ("raw string", Array("##\"abc\"#".utf8), .unterminatedString),
            ("raw multi-line", Array("#\"\"\"\nabc\"\"\"".utf8), .unterminatedString),
            ("interpolation", Array("\"\"\"\n\\(foo(".utf8), .unterminatedInterpolation),
            ("block comment", Array("/* /* */".utf8), .unterminatedComment),
            ("extended regex", Array("#/abc".utf8), .unterminatedRegex),
            ("NUL", [0x61, 0x00, 0x62], .nulByte),
            ("invalid UTF-8", [0xC3, 0x28, 0xF0, 0x9F, 0x98], .invalidUTF8),
            ("stray control", [0x07], .unexpectedCharacter),
            ("nested interpolations", Array(String(repeating: "\"\\(", count: 10_000).utf8), .unterminatedString),
            (
                "nested multi-line interpolations", Array(String(repeating: "\"\"\"\n\\(", count: 10_000).utf8),
                .unterminatedInterpolation
            ),
            (
                "nested raw interpolations", Array(String(repeating: "#\"\\#(", count: 10_000).utf8),
                .unterminatedInterpolation
            ),
            ("nested comments", Array(String(repeating: "/*", count: 10_000).utf8), .unterminatedComment),
            (
                "nested parens in interpolation", Array(("\"\"\"\n\\(" + String(repeating: "(", count: 10_000)).utf8),
                .unterminatedInterpolation
            ),
        ]
        for (name, bytes, kind) in cases {
            let lexed = LexTest.swift(bytes)
            LexTest.assertWellFormed(lexed, name)
            XCTAssertTrue(lexed.diagnosticKinds.contains(kind), "\(name): \(lexed.diagnosticKinds)")
        }
    }

    func testDeepNestingHasTheRightDepths() {
        let depth = 5_000
        let source = String(repeating: "\"\\(", count: depth) + "x" + String(repeating: ")\"", count: depth)
        let lexed = LexTest.swift(source)
        LexTest.assertWellFormed(lexed)
        XCTAssertTrue(lexed.diagnostics.isEmpty, "\(lexed.diagnosticKinds.prefix(3))")
        XCTAssertEqual(lexed.codeTokens.first { lexed.text($0) == "x" }?.interpolationDepth, UInt16(depth))
        XCTAssertEqual(lexed.codeTokens.last?.interpolationDepth, 0)
        XCTAssertEqual(lexed.codeTokens.last?.kind, .stringClose)

        let comments = String(repeating: "/*", count: depth) + String(repeating: "*/", count: depth) + " x"
        let nested = LexTest.swift(comments)
        XCTAssertEqual(nested.code, ["identifier x"])
        XCTAssertTrue(nested.diagnostics.isEmpty)
    }

    func testLongPathologicalLinesStayFast() {
        // Inputs that a careless lexer rescans per token.
        let inputs = [
            String(repeating: "(/", count: 50_000),
            String(repeating: "#\"\"\"", count: 50_000),
            String(repeating: "`a ", count: 50_000),
            String(repeating: "\"\\(\"\\(", count: 20_000) + "\n",
            String(repeating: "/* ", count: 50_000),
            String(repeating: "0x1.", count: 50_000),
            String(repeating: "#", count: 100_000) + "x",
            String(repeating: "##\"", count: 30_000),
            // Regex candidates none of which closes; f-strings and templates never closed.
            String(repeating: "(/[", count: 50_000),
            String(repeating: "f\"{", count: 30_000),
            String(repeating: "f'{x:{", count: 20_000),
            String(repeating: "`${", count: 30_000),
        ]
        let start = Date()
        for input in inputs {
            for language in SourceLanguage.allCases {
                LexTest.assertWellFormed(LexTest.lex(Array(input.utf8), as: language))
            }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "pathological inputs took too long")
    }

    // MARK: Random input

    func testRandomBytesRoundTrip() {
        var random = LexTest.Random(state: 0x5EED)
        let alphabet = Array("\"#\\()/*`'$@.!?=-<>{}[]:;,\n\r\t ax0_é😀".utf8) + [0x00, 0xFF, 0x80, 0xE2]
        for round in 0..<300 {
            let length = random.below(400)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                bytes.append(
                    random.below(4) == 0
                        ? UInt8(truncatingIfNeeded: random.next()) : alphabet[random.below(alphabet.count)])
            }
            LexTest.assertWellFormed(LexTest.swift(bytes), "swift round \(round)")
            LexTest.assertWellFormed(LexTest.objc(bytes), "objc round \(round)")
        }
    }

    func testTortureTruncatedAtEveryByteRoundTrips() throws {
        let bytes = try LexTest.fixture("Torture.swift.txt")
        for end in stride(from: 0, through: bytes.count, by: 7) {
            let prefix = Array(bytes[0..<end])
            LexTest.assertWellFormed(LexTest.swift(prefix), "prefix \(end)")
        }
    }

    // MARK: Real sources

    func testRepositorySourcesRoundTripWithoutDiagnostics() throws {
        var root = LexTest.directory
        for _ in 0..<2 { root = (root as NSString).deletingLastPathComponent }
        let sources = root + "/Sources"
        guard let enumerator = FileManager.default.enumerator(atPath: sources) else {
            XCTFail("cannot list \(sources)")
            return
        }
        var count = 0
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".swift"),
                let data = FileManager.default.contents(atPath: sources + "/" + relative)
            else { continue }
            let lexed = LexTest.swift([UInt8](data))
            LexTest.assertWellFormed(lexed, relative)
            XCTAssertEqual(lexed.diagnostics.map(\.message), [], relative)
            count += 1
        }
        XCTAssertGreaterThan(count, 5)
    }
}
