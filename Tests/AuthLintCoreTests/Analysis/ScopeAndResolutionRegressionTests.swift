import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

/// Shapes of real code that scopes, expression extents and value resolution once got wrong.
final class ScopeAndResolutionRegressionTests: XCTestCase {
    private func view(_ text: String, path: String = "A.swift") -> CodeView {
        CodeView(file: SourceFile(path: path, text: text))
    }

    private func outline(_ text: String) -> [String] {
        let code = view(text)
        return code.scopes.dropFirst().map { "\($0.kind.rawValue) \($0.name ?? "_")" }
    }

    private func text(_ code: CodeView, _ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let bytes = code.file.bytes[
            Int(code.tokens[range.lowerBound].start)..<Int(code.tokens[range.upperBound - 1].end)]
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(
            separator: " ")
    }

    // MARK: - Scopes

    func testFunctionsReturningOptionalsAreFunctions() {
        XCTAssertEqual(outline("func a() -> String? { nil }\nfunc b() -> Int! { 1 }"), ["function a", "function b"])
        XCTAssertEqual(outline("var user: String? { didSet { print(1) } }"), ["function user", "function didSet"])
    }

    func testATrailingClosureAfterATypelessDeclarationIsAClosure() {
        XCTAssertEqual(
            outline("func f() {\n    let x: Int\n    items.forEach { y in print(y) }\n}"), ["function f", "closure _"])
    }

    func testIfCaseAndForCaseBodiesAreBlocks() {
        XCTAssertEqual(
            outline(
                "func f() {\n    if case let .success(v) = result { use(v) }\n    for case let x? in items { use(x) }\n}"
            ), ["function f"])
    }

    func testAccessorsWithParametersAndEffectsAreFunctions() {
        XCTAssertEqual(
            outline("var name: String {\n    get { a }\n    set(newValue) { a = newValue }\n}"),
            ["function name", "function get", "function set"])
        XCTAssertEqual(outline("var v: Int { get async throws { 1 } }"), ["function v", "function get"])
    }

    func testGenericArgumentsDoNotSplitParameters() {
        let code = view(
            "func g(result: Result<ASAuthorization, Error>, nonce: String) {}\nlet h = { (r: Result<A, B>) in r }")
        XCTAssertEqual(
            code.scopes[1].parameters.map { "\($0.name): \($0.type ?? "-")" },
            ["result: Result<ASAuthorization,Error>", "nonce: String"])
        XCTAssertEqual(code.scopes[2].parameters.map(\.name), ["r"])
    }

    func testAClosureWithOnlyACaptureListStartsAfterIn() {
        let code = view("let f = { [weak self] in self?.run() }")
        let body = code.closureBodyStart(code.scopes[1])
        XCTAssertEqual(code.text(body), "self")
    }

    // MARK: - Expressions

    private func value(of pattern: String, in source: String) throws -> [String] {
        let code = view(source)
        return Matcher(code).matches(try Pattern(pattern)).compactMap { $0.bindings["V"].map { text(code, $0.range) } }
    }

    func testAPostfixUnwrapEndsTheLine() throws {
        XCTAssertEqual(
            try value(of: "let $N = $...V", in: "let email = credential.email!\nprint(email)"), ["credential.email!"])
        XCTAssertEqual(try value(of: "let $N = $...V", in: "let total = a +\n    b"), ["a + b"])
    }

    func testTheBodyOfAConditionIsNotPartOfItsExpression() throws {
        XCTAssertEqual(try value(of: "let $N = $...V", in: "if let x = y { body() }"), ["y"])
        XCTAssertEqual(try value(of: "for x in $...V", in: "for x in items { print(x) }"), ["items"])
        XCTAssertEqual(
            try value(of: "let $N = $...V", in: "let names = items.map { $0.name }"), ["items.map { $0.name }"])
    }

    // MARK: - Values

    private func resolve(_ source: String, _ name: String, occurrence: Int) -> [String] {
        let code = view(source)
        let project = ProjectIndex(files: [code])
        var seen = 0
        for i in 0..<code.count where code.text(i) == name {
            if seen == occurrence {
                return ValueResolver(run: AnalysisRun(project)).resolve(
                    file: FileID(0), range: i..<(i + 1), deep: false
                ).sites
                    .map {
                        text(code, $0.range)
                    }
            }
            seen += 1
        }
        XCTFail("no occurrence \(occurrence) of \(name)")
        return []
    }

    func testALocalOfAnotherFunctionIsAnotherVariable() {
        let source = """
            final class C {
                var nonce: String?
                func a() { let nonce = "fixed"; print(nonce) }
                func b() { nonce = makeNonce() }
                func c() { send(nonce) }
            }
            """
        XCTAssertEqual(resolve(source, "nonce", occurrence: 4), ["nonce", "makeNonce()"])
    }

    func testAnAnnotatedPropertyDoesNotTakeTheNextOnesValue() {
        let source = """
            final class L {
                var currentNonce: String?
                var attempts = 0
                func go() { send(currentNonce) }
            }
            """
        XCTAssertEqual(resolve(source, "currentNonce", occurrence: 1), ["currentNonce"])
    }
}
