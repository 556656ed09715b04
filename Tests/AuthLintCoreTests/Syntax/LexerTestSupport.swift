import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import AuthLintTestSupport
import Foundation
import XCTest

/// Helpers for the lexer tests: lex a string and describe its tokens compactly.
enum LexTest {
    struct Lexed {
        var bytes: [UInt8]
        var tokens: [Token]
        var diagnostics: [LexDiagnostic]

        func text(_ token: Token) -> String {
            String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
        }

        var codeTokens: [Token] { tokens.filter { !$0.kind.isTrivia } }

        /// "kind text" for every code token.
        var code: [String] { codeTokens.map { "\($0.kind) \(text($0))" } }

        /// "kind text" for every token, trivia included.
        var all: [String] { tokens.map { "\($0.kind) \(text($0))" } }

        /// "line:column kind text" for every code token.
        var positioned: [String] { codeTokens.map { "\($0.line):\($0.column) \($0.kind) \(text($0))" } }

        /// "depth kind text" for every code token.
        var depths: [String] { codeTokens.map { "\($0.interpolationDepth) \($0.kind) \(text($0))" } }

        var diagnosticKinds: [LexDiagnostic.Kind] { diagnostics.map(\.kind) }

        /// The tokens' bytes concatenated.
        var rejoined: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            for token in tokens { out.append(contentsOf: bytes[Int(token.start)..<Int(token.end)]) }
            return out
        }
    }

    static func swift(_ source: String) -> Lexed { swift(Array(source.utf8)) }

    static func swift(_ bytes: [UInt8]) -> Lexed {
        let result = Lexer.tokenize(bytes)
        return Lexed(bytes: bytes, tokens: result.tokens, diagnostics: result.diagnostics)
    }

    static func objc(_ source: String) -> Lexed { objc(Array(source.utf8)) }

    static func objc(_ bytes: [UInt8]) -> Lexed { lex(bytes, as: .objectiveC) }

    static func python(_ source: String) -> Lexed { lex(Array(source.utf8), as: .python) }

    static func javaScript(_ source: String) -> Lexed { lex(Array(source.utf8), as: .javaScript) }

    static func lex(_ bytes: [UInt8], as language: SourceLanguage) -> Lexed {
        let result = language.tokenize(bytes)
        return Lexed(bytes: bytes, tokens: result.tokens, diagnostics: result.diagnostics)
    }

    /// Fails unless the tokens tile the input exactly, are non-empty, and their positions
    /// increase strictly.
    static func assertWellFormed(
        _ lexed: Lexed, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var offset: Int32 = 0
        var previous = (line: Int32(0), column: Int32(0))
        for (index, token) in lexed.tokens.enumerated() {
            guard token.start == offset, token.end > token.start else {
                XCTFail(
                    "\(message) token \(index) spans \(token.start)..<\(token.end), expected to start at \(offset)",
                    file: file, line: line)
                return
            }
            guard token.line > previous.line || (token.line == previous.line && token.column > previous.column) else {
                XCTFail(
                    "\(message) token \(index) at \(token.line):\(token.column) does not follow "
                        + "\(previous.line):\(previous.column)", file: file, line: line)
                return
            }
            previous = (token.line, token.column)
            offset = token.end
        }
        XCTAssertEqual(
            Int(offset), lexed.bytes.count, "\(message) tokens do not cover the input", file: file, line: line)
        XCTAssertEqual(lexed.rejoined, lexed.bytes, "\(message) round trip", file: file, line: line)
    }

    /// Lexes 400 random inputs of up to 60 bytes from `alphabet` (the bytes that change the
    /// lexer's state) and fails unless each is well formed.
    static func assertRandomInputsRoundTrip(
        as language: SourceLanguage, alphabet: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        var random = Random(state: 36)
        let bytes = Array(alphabet.utf8)
        for round in 0..<400 {
            let input = (0..<random.below(60)).map { _ in bytes[random.below(bytes.count)] }
            assertWellFormed(lex(input, as: language), "round \(round)", file: file, line: line)
        }
    }

    /// The test target's folder, which holds the fixtures.
    static var directory: String { RepositoryPaths.root + "/Tests/AuthLintCoreTests" }

    static func fixture(_ name: String) throws -> [UInt8] {
        let path = directory + "/Fixtures/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FixtureMissing(path: path)
        }
        return [UInt8](data)
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        var path: String
        var description: String { "fixture missing: \(path)" }
    }

    /// A small deterministic generator (splitmix64) for reproducible random inputs.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }
}
