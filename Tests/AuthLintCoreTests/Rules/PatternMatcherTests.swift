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

/// Compiling token patterns and matching them against code.
final class PatternMatcherTests: XCTestCase {
    // MARK: - Helpers

    private func view(_ text: String) -> CodeView {
        CodeView(file: SourceFile(path: "Matched.swift", text: text))
    }

    /// The source text of a code-token range, runs of whitespace collapsed to one space.
    private func text(_ code: CodeView, _ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let start = Int(code.tokens[range.lowerBound].start)
        let end = Int(code.tokens[range.upperBound - 1].end)
        let raw = String(decoding: code.file.bytes[start..<end], as: UTF8.self)
        return raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// Each match as "whole | NAME=value NAME=value" (names sorted).
    private func matches(_ pattern: String, in source: String, file: StaticString = #filePath, line: UInt = #line)
        throws -> [String]
    {
        let compiled = try Pattern(pattern)
        let code = view(source)
        return Matcher(code).matches(compiled).map { match in
            let names = match.bindings.keys.sorted().map { "\($0)=\(text(code, match.bindings[$0]!.range))" }
            return names.isEmpty
                ? text(code, match.range) : text(code, match.range) + " | " + names.joined(separator: " ")
        }
    }

    /// What `name` is bound to in each match.
    private func values(_ name: String, of pattern: String, in source: String) throws -> [String] {
        let compiled = try Pattern(pattern)
        let code = view(source)
        return Matcher(code).matches(compiled).map { match in
            match.bindings[name].map { text(code, $0.range) } ?? "<unbound>"
        }
    }

    private func compileError(_ pattern: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try Pattern(pattern)
            XCTFail("`\(pattern)` compiled", file: file, line: line)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: - Compilation

    func testCompilesTokensOperandsAndExpressions() throws {
        let pattern = try Pattern("$REQ.nonce = $...VALUE")
        XCTAssertEqual(pattern.elements.count, 5)
        XCTAssertEqual(pattern.elements[0], .operand("REQ"))
        XCTAssertEqual(pattern.elements[4], .expression("VALUE"))
        guard case .token(let kind, let hash, let text) = pattern.elements[2] else {
            return XCTFail("\(pattern.elements[2])")
        }
        XCTAssertEqual(kind, .identifier)
        XCTAssertEqual(text, "nonce")
        XCTAssertEqual(hash, CodeView.hash("nonce"))
        guard case .token(let periodKind, _, let periodText) = pattern.elements[1] else {
            return XCTFail("\(pattern.elements[1])")
        }
        XCTAssertEqual(periodKind, .period)
        XCTAssertEqual(periodText, ".")
        XCTAssertEqual(pattern.metavariables, ["REQ", "VALUE"])
        XCTAssertEqual(pattern.requiredNames, [CodeView.hash("nonce")])
        XCTAssertEqual(pattern.description, "$REQ.nonce = $...VALUE")
        XCTAssertEqual(pattern.source, "$REQ.nonce = $...VALUE")
    }

    func testAnonymousMetavariablesBindNothing() throws {
        let pattern = try Pattern("$_.nonce = $..._")
        XCTAssertEqual(pattern.elements.first, .operand(nil))
        XCTAssertEqual(pattern.elements.last, .expression(nil))
        XCTAssertEqual(pattern.metavariables, [])
    }

    func testMetavariableNamesMayHoldDigitsAndUnderscores() throws {
        let pattern = try Pattern("f($A_1, $...B2)")
        XCTAssertEqual(pattern.metavariables, ["A_1", "B2"])
    }

    func testLowerCaseDollarNamesAreOrdinaryTokens() throws {
        let pattern = try Pattern("$0.nonce")
        guard case .token(let kind, _, let text) = pattern.elements[0] else { return XCTFail("\(pattern.elements)") }
        XCTAssertEqual(kind, .identifier)
        XCTAssertEqual(text, "$0")
        XCTAssertEqual(pattern.metavariables, [])
    }

    func testAFixedStartThatMatchesAgainUpToTheSameEndIsThePlace() throws {
        let source = """
            @IBOutlet weak var a: UITextField!
            @IBOutlet weak var b: UITextField!
            @IBOutlet weak var fb: FBLoginButton!
            @IBOutlet weak var c: UILabel!
            """
        XCTAssertEqual(
            try matches("@IBOutlet ... var $_: FBLoginButton", in: source), ["@IBOutlet weak var fb: FBLoginButton"])
        // Other ends are other matches.
        XCTAssertEqual(try matches("print(...)", in: "print(print(x))\nprint(y)"), ["print(print(x))", "print(y)"])
    }

    func testGapsCompileAndConsecutiveGapsMerge() throws {
        let pattern = try Pattern("configure(... nonce: $...N ...)")
        XCTAssertEqual(pattern.elements.filter { $0 == .gap }.count, 2)
        XCTAssertEqual(pattern.metavariables, ["N"])
        let merged = try Pattern("f(... ...)")
        XCTAssertEqual(merged.elements.filter { $0 == .gap }.count, 1)
        XCTAssertEqual(merged.elements.count, 4)
    }

    func testClosureHeaders() throws {
        let one = try Pattern("onRequest: { $REQ in")
        XCTAssertEqual(one.elements.last, .closure(parameters: ["REQ"]))
        XCTAssertEqual(one.metavariables, ["REQ"])
        let two = try Pattern("{ $A, $_ in $A }")
        XCTAssertEqual(two.elements.first, .closure(parameters: ["A", nil]))
        XCTAssertEqual(two.metavariables, ["A", "A"])
        // Braces that are not a closure header stay tokens.
        let plain = try Pattern("if $C { }")
        XCTAssertFalse(plain.elements.contains { if case .closure = $0 { return true } else { return false } })
        XCTAssertEqual(plain.elements.count, 4)
    }

    func testDeclaresFunction() throws {
        XCTAssertTrue(try Pattern("func $F(... $REQ: ASAuthorizationAppleIDRequest ...)").declaresFunction)
        XCTAssertTrue(try Pattern("init($...A)").declaresFunction)
        XCTAssertTrue(try Pattern("subscript($...A)").declaresFunction)
        XCTAssertFalse(try Pattern("$F(...)").declaresFunction)
        XCTAssertFalse(try Pattern("$REQ: ASAuthorizationAppleIDRequest").declaresFunction)
    }

    func testCommentsAndWhitespaceInPatternsAreIgnored() throws {
        let spaced = try Pattern("a . b /* note */ = c // trailing")
        let tight = try Pattern("a.b=c")
        XCTAssertEqual(spaced.elements, tight.elements)
    }

    func testEmptyPatternIsRefused() {
        XCTAssertEqual(compileError(""), "pattern is empty")
        XCTAssertEqual(compileError("   \n "), "pattern is empty")
        XCTAssertEqual(compileError("// only a comment"), "pattern is empty")
    }

    func testLeadingGapIsRefused() {
        XCTAssertEqual(compileError("... foo"), "pattern `... foo` starts with `...`")
    }

    func testExpressionMetavariableWithoutNameIsRefused() {
        let message = compileError("$REQ.nonce = $...")
        XCTAssertEqual(message, "pattern `$REQ.nonce = $...`: `$...` needs a name such as `$...VALUE` or `$..._`")
        XCTAssertNotNil(compileError("f($...value)"), "a lower-case name is no metavariable name")
    }

    func testLexicalProblemsInPatternsAreRefused() throws {
        let message = try XCTUnwrap(compileError("foo(\"unterminated)"))
        XCTAssertTrue(message.hasPrefix("pattern `foo(\"unterminated)`: "), message)
    }

    // MARK: - Plain tokens

    func testTokensMatchIgnoringWhitespaceCommentsAndLineBreaks() throws {
        XCTAssertEqual(try matches("a.b=c", in: "a . b /* x */ =\n c"), ["a . b /* x */ = c"])
        XCTAssertEqual(try matches("a.b = c", in: "a.b = d\na.bc = c"), [])
    }

    func testNonOverlappingMatchesInOrder() throws {
        XCTAssertEqual(try matches("f()", in: "f(); g(); f()\nf()"), ["f()", "f()", "f()"])
        let code = view("f(); f(); f()")
        let pattern = try Pattern("f()")
        let all = Matcher(code).matches(pattern)
        XCTAssertEqual(all.map(\.range), [0..<3, 4..<7, 8..<11])
        XCTAssertEqual(Matcher(code).matches(pattern, in: 3..<9).map(\.range), [4..<7])
        XCTAssertTrue(Matcher(code).contains(pattern, in: 4..<7))
        XCTAssertFalse(Matcher(code).contains(pattern, in: 5..<10))
        XCTAssertNotNil(Matcher(code).match(pattern, at: 4, limit: code.count))
        XCTAssertNil(Matcher(code).match(pattern, at: 4, limit: 6), "the match may not pass the limit")
        XCTAssertNil(Matcher(code).match(pattern, at: 5, limit: code.count))
    }

    func testAPatternNamingAnAbsentNameFindsNothing() throws {
        XCTAssertEqual(try matches("getCredentialState($...A)", in: "let state = credentialState(x)"), [])
    }

    // MARK: - Operands

    func testOperandChains() throws {
        XCTAssertEqual(
            try values("X", of: "$X.nonce = $..._", in: "self.request.nonce = sha256(raw)"), ["self.request"])
        XCTAssertEqual(try values("X", of: "$X.nonce = $..._", in: "request.nonce = sha256(raw)"), ["request"])
        XCTAssertEqual(try values("X", of: "$X.nonce = $..._", in: "self.request?.nonce = value"), ["self.request?"])
        XCTAssertEqual(try values("X", of: "$X.nonce = $..._", in: "requests[0]!.nonce = value"), ["requests[0]!"])
        XCTAssertEqual(try values("X", of: "$X.nonce = $..._", in: "pair.0.nonce = value"), ["pair.0"])
        XCTAssertEqual(
            try values("X", of: "$X.nonce = $..._", in: "makeRequest(for: user).nonce = value"),
            ["makeRequest(for: user)"])
    }

    func testOperandThatIsACall() throws {
        XCTAssertEqual(
            try matches(
                "let $R = $P.createRequest()", in: "let request = ASAuthorizationAppleIDProvider().createRequest()"),
            [
                "let request = ASAuthorizationAppleIDProvider().createRequest() | P=ASAuthorizationAppleIDProvider() R=request"
            ])
        XCTAssertEqual(
            try values("P", of: "let $R = $P.createRequest()", in: "let request = self.provider.createRequest()"),
            ["self.provider"])
    }

    func testOperandKinds() throws {
        XCTAssertEqual(try values("A", of: "use($A)", in: "use(\"a, b\")"), ["\"a, b\""])
        XCTAssertEqual(try values("A", of: "use($A)", in: "use(42)"), ["42"])
        XCTAssertEqual(try values("A", of: "use($A)", in: "use(nil)"), ["nil"])
        XCTAssertEqual(try values("A", of: "use($A)", in: "use(self)"), ["self"])
        XCTAssertEqual(try values("A", of: "use($A)", in: "use(.apple)"), [".apple"])
        XCTAssertEqual(try values("A", of: "use($A)", in: "use((a + b))"), ["(a + b)"])
        XCTAssertEqual(try values("A", of: "use($A)", in: "use([a, b].first)"), ["[a, b].first"])
        XCTAssertEqual(try values("A", of: "use($A)", in: "use(#selector(tap))"), ["#selector(tap)"])
        // Not operands: an operator expression, a `try`.
        XCTAssertEqual(try matches("use($A)", in: "use(a + b)"), [])
        XCTAssertEqual(try matches("use($A)", in: "use(try make())"), [])
    }

    func testOperandBeforeAGapIsWhole() throws {
        XCTAssertEqual(
            try values("U", of: "$_.post($U ...)", in: "client.post(URI(string: base + path), body)"),
            ["URI(string: base + path)"])
        let token = "request.json[\"token\"]"
        XCTAssertEqual(try values("T", of: "decode($T ...)", in: "decode(\(token), key)"), [token])
        XCTAssertEqual(try values("T", of: "decode($T ...)", in: "decode(token)"), ["token"])
    }

    func testAnOperandDoesNotStartInsideAChain() throws {
        XCTAssertEqual(try matches("$X.nonce", in: "a.b.nonce"), ["a.b.nonce | X=a.b"])
    }

    func testACallOnTheNextLineIsNotPartOfTheOperand() throws {
        // `(` on a new line starts a new statement.
        XCTAssertEqual(try values("X", of: "$X.nonce = 1", in: "value\n(other).nonce = 1"), ["(other)"])
        XCTAssertEqual(try values("X", of: "$X.nonce = 1", in: "value(other).nonce = 1"), ["value(other)"])
    }

    // MARK: - Expressions

    func testExpressionStopsAtCommaAndClosingBracket() throws {
        XCTAssertEqual(
            try matches("foo($...A, $...B)", in: "foo(x + 1, bar(y, z))"),
            ["foo(x + 1, bar(y, z)) | A=x + 1 B=bar(y, z)"])
    }

    func testExpressionStopsAtSemicolonAndAssignment() throws {
        XCTAssertEqual(try values("V", of: "let x = $...V", in: "let x = a + b; let y = 2"), ["a + b"])
        XCTAssertEqual(try matches("foo($...A)", in: "foo(a = b)"), [], "`=` ends the expression")
        XCTAssertEqual(try values("V", of: "let x = $...V", in: "let x = a == b"), ["a == b"], "`==` does not")
    }

    func testExpressionStopsAtStatementKeywords() throws {
        XCTAssertEqual(try values("V", of: "guard let $_ = $...V", in: "guard let x = y?.z else { return }"), ["y?.z"])
        XCTAssertEqual(try values("V", of: "if $...V", in: "if a, b { }"), ["a"])
        XCTAssertEqual(try values("V", of: "for x in $...V", in: "for x in items where x > 1 { }"), ["items"])
    }

    func testExpressionStopsAtTheClosingBraceOfItsBlock() throws {
        XCTAssertEqual(try values("V", of: "x = $...V", in: "func f() { x = a + b }"), ["a + b"])
    }

    func testExpressionKeepsTrailingClosuresOnItsLine() throws {
        XCTAssertEqual(
            try values("V", of: "let x = $...V", in: "let x = items.map { $0 * 2 }"), ["items.map { $0 * 2 }"])
    }

    func testLineBreakEndsTheStatement() throws {
        XCTAssertEqual(try values("V", of: "let $_ = $...V", in: "let a = b\nfoo()\nlet c = d"), ["b", "d"])
        XCTAssertEqual(try values("V", of: "let $_ = $...V", in: "let a = b\n{ print(1) }()"), ["b"])
    }

    func testContinuationLinesStartingWithADotOrAnOperator() throws {
        let source = """
            let a = b
                .map { $0 }
                .filter(isValid)
            let c = d
                + e
                ?? f
            let g = h +
                i
            let j = (k,
                l)
            """
        XCTAssertEqual(
            try values("V", of: "let $_ = $...V", in: source),
            [
                "b .map { $0 } .filter(isValid)",
                "d + e ?? f",
                "h + i",
                "(k, l)",
            ])
    }

    func testALineStartingWithPrefixNotIsANewStatement() throws {
        XCTAssertEqual(try values("V", of: "let $_ = $...V", in: "let f = g\n!flag ? run() : stop()"), ["g"])
    }

    func testExpressionBeforeMorePatternIsAsShortAsPossible() throws {
        XCTAssertEqual(try values("A", of: "$...A + $...B", in: "x = a + b + c"), ["a"])
        XCTAssertEqual(try values("B", of: "$...A + $...B", in: "x = a + b + c"), ["b + c"])
    }

    func testExpressionBeforeAGapIsWhole() throws {
        XCTAssertEqual(try values("A", of: "foo($...A ...)", in: "foo(a + b, c)"), ["a + b"])
    }

    // MARK: - Gaps

    func testGapsMatchBalancedRuns() throws {
        XCTAssertEqual(try matches("foo(...)", in: "foo()"), ["foo()"])
        XCTAssertEqual(
            try matches("foo(...)", in: "foo(a, (b, c), [d: e], { f in g })"), ["foo(a, (b, c), [d: e], { f in g })"])
        XCTAssertEqual(try matches("a ... b", in: "a (x, y) b"), ["a (x, y) b"])
    }

    func testAnyArgumentsMatchCallsWrittenWithTrailingClosuresOnly() throws {
        XCTAssertEqual(
            try matches(
                ".loginWithKakaoTalk(...)", in: "UserApi.shared.loginWithKakaoTalk { token, error in save(token) }"),
            [".loginWithKakaoTalk { token, error in save(token) }"])
        XCTAssertEqual(
            try matches(".loginWithKakaoTalk(...)", in: "UserApi.shared.loginWithKakaoTalk() { token, error in }"),
            [".loginWithKakaoTalk()"])
        XCTAssertEqual(
            try matches(
                "SignInWithAppleButton(...)", in: "SignInWithAppleButton { request in\n} onCompletion: { result in\n}\n"
            ),
            ["SignInWithAppleButton { request in } onCompletion: { result in }"])
        XCTAssertEqual(try matches("$F(...)", in: "let x = 1\nrun { work() }"), ["run { work() } | F=run"])
        // The rest of the pattern may go on inside the closure, or after all of them.
        XCTAssertEqual(
            try values(
                "T", of: "loginWithKakaoTalk(...) { $T, $_ in", in: "api.loginWithKakaoTalk { token, error in }"),
            ["token"])
        XCTAssertEqual(
            try matches("signIn(...).done", in: "signIn { a } second: { b }.done"), ["signIn { a } second: { b }.done"])
        // Not a call: a body, a declaration, or a pattern that names arguments.
        XCTAssertEqual(try matches("isReady(...)", in: "if isReady { start() }"), [])
        XCTAssertEqual(try matches("view(...)", in: "var view: some View { Text(\"a\") }"), [])
        XCTAssertEqual(
            try matches("signIn(withPresenting: $P)", in: "GIDSignIn.sharedInstance.signIn { result, error in }"), [])
        XCTAssertEqual(try matches("refresh()", in: "token.refresh { fresh in }"), [])
    }

    func testGapsDoNotLeaveOrEnterBrackets() throws {
        XCTAssertEqual(try matches("a ... b", in: "(a) b"), [], "the gap may not cross a closing bracket")
        XCTAssertEqual(try matches("a ... b", in: "a (b)"), [], "the gap skips a group whole")
        XCTAssertEqual(try matches("a(... b", in: "a(x) b"), [])
    }

    func testGapBetweenArguments() throws {
        XCTAssertEqual(
            try values(
                "N", of: "configure(... nonce: $...N ...)",
                in: "configure(request, scopes: [.email], nonce: sha256(raw), retry: true)"),
            ["sha256(raw)"])
    }

    // MARK: - Bound metavariables

    func testAMetavariableUsedTwiceMatchesTheSameText() throws {
        XCTAssertEqual(
            try matches("$A == $A", in: "x == x\nx == y\na.b == a.b\na.b == a.c"),
            ["x == x | A=x", "a.b == a.b | A=a.b"])
        XCTAssertEqual(try values("V", of: "$...V + $...V", in: "n = f(a) + f(a)"), ["f(a)"])
    }

    func testABoundNameDoesNotMatchAMemberOfSomethingElse() throws {
        let source = """
            let request = makeRequest()
            other.request.nonce = a
            self.request.nonce = b
            request.nonce = c
            """
        let code = view(source)
        let declaration = try XCTUnwrap(Matcher(code).matches(try Pattern("let $REQ = $..._")).first)
        let request = try XCTUnwrap(declaration.bindings["REQ"])
        XCTAssertEqual(text(code, request.range), "request")
        let uses = Matcher(code).matches(try Pattern("$REQ.nonce = $...V"), bound: ["REQ": request])
        XCTAssertEqual(uses.map { text(code, $0.bindings["V"]!.range) }, ["b", "c"])
        XCTAssertEqual(uses.map { text(code, $0.range) }, ["request.nonce = b", "request.nonce = c"])
        // The bound value is reported as given, not as found.
        XCTAssertEqual(uses.first?.bindings["REQ"], request)
    }

    func testBoundChainsMatchExactly() throws {
        let code = view("self.request.nonce = a\nrequest.nonce = b")
        let bound = Binding(
            range: 0..<3, hashes: [CodeView.hash("self"), CodeView.hash("."), CodeView.hash("request")])
        let uses = Matcher(code).matches(try Pattern("$REQ.nonce = $...V"), bound: ["REQ": bound])
        XCTAssertEqual(uses.map { text(code, $0.bindings["V"]!.range) }, ["a"])
    }

    // MARK: - Members

    func testPatternStartingWithADotMatchesMembers() throws {
        let source = """
            let a = OAuthProvider.credential(providerID: .apple, idToken: token, rawNonce: nonce)
            let b = credential(providerID: .apple, idToken: token)
            let c = OAuthProvider.credential(providerID: .google, idToken: token)
            """
        XCTAssertEqual(
            try matches(".credential(providerID: .apple, ...)", in: source),
            [".credential(providerID: .apple, idToken: token, rawNonce: nonce)"])
    }

    func testMemberOperandAfterAPatternDot() throws {
        XCTAssertEqual(try values("F", of: ".$F()", in: "model.prepare()"), ["prepare"])
        XCTAssertEqual(
            try values("F", of: "$F()", in: "model.prepare()"), ["model.prepare"],
            "without the dot the operand is the whole chain")
    }

    // MARK: - Comments, strings, interpolation

    func testCommentsAndStringsNeverMatchCode() throws {
        let source = #"""
            // request.nonce = a
            /* request.nonce = b */
            /// request.nonce = c
            let s = "request.nonce = d"
            let t = """
                request.nonce = e
                """
            let u = #"request.nonce = f"#
            """#
        XCTAssertEqual(try matches("request.nonce = $...V", in: source), [])
    }

    func testCodeInsideInterpolationMatches() throws {
        let source = #"let s = "nonce: \(request.nonce ?? "none") and \(self.request.nonce!)""#
        XCTAssertEqual(try values("X", of: "$X.nonce", in: source), ["request", "self.request"])
        XCTAssertEqual(try matches("\"none\"", in: source), ["\"none\""])
    }

    func testStringLiteralsMatchWhole() throws {
        XCTAssertEqual(
            try matches("use(\"apple.com\")", in: "use(\"apple.com\")\nuse(\"google.com\")"), ["use(\"apple.com\")"])
    }

    // MARK: - Closures

    func testClosurePatternBindsParametersHoweverSpelt() throws {
        let source = """
            SignInWithAppleButton(.signIn, onRequest: { request in }, onCompletion: { _ in })
            SignInWithAppleButton(.signIn, onRequest: { [weak self] appleRequest in }, onCompletion: { _ in })
            SignInWithAppleButton(.signIn, onRequest: { (typed: ASAuthorizationAppleIDRequest) in }, onCompletion: { _ in })
            """
        XCTAssertEqual(try values("REQ", of: "onRequest: { $REQ in", in: source), ["request", "appleRequest", "typed"])
        let code = view(source)
        for match in Matcher(code).matches(try Pattern("onRequest: { $REQ in")) {
            let binding = try XCTUnwrap(match.bindings["REQ"])
            let scope = try XCTUnwrap(binding.declaringScope)
            XCTAssertEqual(code.scopes[scope].kind, .closure)
            XCTAssertEqual(code.scopes[scope].open, match.range.lowerBound + 2)
        }
    }

    func testClosurePatternBindsTheShorthandWhenNoParameterIsNamed() throws {
        let code = view("SignInWithAppleButton(.continue) { $0.requestedScopes = [.email] } onCompletion: { _ in }")
        let matches = Matcher(code).matches(try Pattern("SignInWithAppleButton(...) { $REQ in"))
        XCTAssertEqual(matches.count, 1)
        let binding = try XCTUnwrap(matches.first?.bindings["REQ"])
        XCTAssertTrue(binding.range.isEmpty)
        XCTAssertEqual(binding.hashes, [CodeView.hash("$0")])
        XCTAssertEqual(binding.isName, true)
        // The bound `$0` is then found in the body.
        let uses = Matcher(code).matches(try Pattern("$REQ.requestedScopes"), bound: ["REQ": binding])
        XCTAssertEqual(uses.count, 1)
    }

    func testClosurePatternNeedsEnoughParameters() throws {
        XCTAssertEqual(try values("B", of: "{ $A, $B in", in: "run { first, second in }"), ["second"])
        XCTAssertEqual(try matches("{ $A, $B in", in: "run { only in }"), [])
    }

    func testClosurePatternDoesNotMatchBlocks() throws {
        XCTAssertEqual(try matches("{ $A in", in: "func f() { if ok { value in } }"), [])
    }

    func testClosurePatternContinuesIntoTheBody() throws {
        XCTAssertEqual(
            try values("V", of: "{ $R in $R.nonce = $...V", in: "configure { request in request.nonce = hashed }"),
            ["hashed"])
        XCTAssertEqual(try matches("{ $R in $R.nonce = $...V", in: "configure { request in other.nonce = hashed }"), [])
    }

    // MARK: - Parameter lists

    func testPatternsMatchInsideParameterListsAndTheIndexTellsWhere() throws {
        let code = view(
            """
            func configure(_ request: ASAuthorizationAppleIDRequest, rawNonce: String) {
                let copy: ASAuthorizationAppleIDRequest = request
            }
            """)
        let found = Matcher(code).matches(try Pattern("$R: ASAuthorizationAppleIDRequest"))
        XCTAssertEqual(
            found.map { text(code, $0.range) },
            ["request: ASAuthorizationAppleIDRequest", "copy: ASAuthorizationAppleIDRequest"])
        XCTAssertEqual(found.map { code.isInParameterList($0.range.lowerBound) }, [true, false])
        let declaration = Matcher(code).matches(try Pattern("func $F(... $R: ASAuthorizationAppleIDRequest ...)"))
        XCTAssertEqual(
            declaration.map { text(code, $0.bindings["F"]!.range) + " " + text(code, $0.bindings["R"]!.range) },
            ["configure request"])
    }

    /// A pattern that starts with an operand is tried back from its inner name by atoms: an
    /// operand far longer than the window (a long array literal) is still found whole.
    func testAnOperandLongerThanTheAnchorWindowIsFound() throws {
        let items = (1...80).map { "\"item\($0)\"" }.joined(separator: ", ")
        let found = try matches("$X.randomElement()", in: "let nonce = [\(items)].randomElement()")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.hasPrefix("[\"item1\", \"item2\"") == true, found.first ?? "")
        XCTAssertEqual(
            try matches("$X.randomElement()", in: "let a = xs.randomElement(); let b = [1, 2].randomElement()"),
            ["xs.randomElement() | X=xs", "[1, 2].randomElement() | X=[1, 2]"])
    }
}
