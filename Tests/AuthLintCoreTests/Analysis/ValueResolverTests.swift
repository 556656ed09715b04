import Foundation
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintIndex
@testable import AuthLintModel
@testable import AuthLintProject
@testable import AuthLintReporters
@testable import AuthLintRules
@testable import AuthLintSyntax

/// Following a value back to where it comes from: assignments in the function, the type and the
/// file, and (deep) into the project's functions it calls.
final class ValueResolverTests: XCTestCase {
    // MARK: - Helpers

    private struct Resolved {
        var texts: [String]
        var unresolved: Bool
    }

    private func project(_ files: [(String, String)]) -> ProjectIndex {
        ProjectIndex(
            files: files.sorted { $0.0 < $1.0 }.map {
                let language = SourceLanguage(pathExtension: ($0.0 as NSString).pathExtension) ?? .swift
                return CodeView(file: SourceFile(path: $0.0, language: language, text: $0.1))
            })
    }

    /// Code index of the `occurrence`-th token `text` in `code`.
    private func index(
        _ code: CodeView, _ text: String, _ occurrence: Int, file: StaticString = #filePath, line: UInt = #line
    ) -> Int? {
        var seen = 0
        for i in 0..<code.count where code.text(i) == text {
            if seen == occurrence { return i }
            seen += 1
        }
        XCTFail("no occurrence \(occurrence) of `\(text)`", file: file, line: line)
        return nil
    }

    private func text(_ code: CodeView, _ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let start = Int(code.tokens[range.lowerBound].start)
        let end = Int(code.tokens[range.upperBound - 1].end)
        return String(decoding: code.file.bytes[start..<end], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// Resolves the `occurrence`-th token `name` of the first file (or `length` tokens from it).
    private func resolve(
        _ files: [(String, String)], _ name: String, occurrence: Int, length: Int = 1, inFile path: String? = nil,
        deep: Bool = false,
        following extra: ValueResolver.Following = [], file: StaticString = #filePath, line: UInt = #line
    ) -> Resolved? {
        let project = project(files)
        let fileIndex = project.file(atPath: path ?? files[0].0)!
        let code = project.files[fileIndex]
        guard let start = index(code, name, occurrence, file: file, line: line) else { return nil }
        let following = (deep ? ValueResolver.Following([.names, .calls]) : []).union(extra)
        let result = ValueResolver(run: AnalysisRun(project)).resolve(
            file: fileIndex, range: start..<(start + length), following: following)
        let texts = result.sites.map { site -> String in
            let other = project.files[site.file]
            return (site.file == fileIndex ? "" : other.file.path + ": ") + text(other, site.range)
        }
        return Resolved(texts: texts, unresolved: result.unresolved)
    }

    // MARK: - Assignments

    func testAPythonFunctionsFirstStatementIsAnAssignmentAndAKeywordArgumentIsNot() {
        let source = """
            APPLE_KEYS = PyJWKClient("https://appleid.apple.com/auth/keys")

            def verify(token):
                client = APPLE_KEYS
                key = client.get_signing_key_from_jwt(token)
                claims = jwt.decode(token, key=key.key, algorithms=["RS256"])
                return jwt.decode(token, key, options=claims)

            def pair(values):
                first, second = values
                return second
            """
        XCTAssertEqual(
            resolve([("auth.py", source)], "client", occurrence: 1, deep: true)?.texts,
            ["client", "APPLE_KEYS", "PyJWKClient(\"https://appleid.apple.com/auth/keys\")"])
        XCTAssertEqual(
            resolve([("auth.py", source)], "key", occurrence: 3)?.texts,
            ["key", "client.get_signing_key_from_jwt(token)"], "the keyword argument `key=` gives `key` no value")
        XCTAssertEqual(resolve([("auth.py", source)], "second", occurrence: 1)?.texts, ["second", "values"])
    }

    func testAJavaScriptConstIsADeclarationOfItsOwnFunction() {
        let source = """
            const client = jwksClient({ jwksUri: "https://appleid.apple.com/auth/keys" });
            function apple(token) {
              const key = client.getSigningKey(kid);
              return jwt.verify(token, key);
            }
            function session(token) {
              return jwt.verify(token, key);
            }
            """
        XCTAssertEqual(
            resolve([("auth.js", source)], "key", occurrence: 1)?.texts, ["key", "client.getSigningKey(kid)"])
        XCTAssertEqual(resolve([("auth.js", source)], "key", occurrence: 2)?.texts, ["key"])
        XCTAssertEqual(resolve([("auth.js", source)], "key", occurrence: 2)?.unresolved, true)
    }

    func testAJavaScriptDestructuredNameIsGivenWhatItIsTakenFrom() {
        let source = """
            async function signIn(req, res) {
              const { uid, email: address = "" } = req.body;
              const { models: { User } } = db;
              send(uid, address, User, { uid: other });
            }
            """
        XCTAssertEqual(resolve([("login.js", source)], "uid", occurrence: 1)?.texts, ["uid", "req.body"])
        XCTAssertEqual(resolve([("login.js", source)], "address", occurrence: 1)?.texts, ["address", "req.body"])
        // A nested pattern is not followed, and an object literal's entry declares nothing.
        XCTAssertEqual(resolve([("login.js", source)], "User", occurrence: 1)?.unresolved, true)
        XCTAssertEqual(resolve([("login.js", source)], "other", occurrence: 0)?.unresolved, true)
    }

    func testASwiftCaseBodysFirstStatementIsAnAssignment() {
        let source = """
            func store(_ result: Result) {
                var token = ""
                switch result {
                case .success(let value):
                    token = value.accessToken
                default:
                    break
                }
                save(token)
            }
            """
        XCTAssertEqual(
            Set(resolve([("Store.swift", source)], "token", occurrence: 2)?.texts ?? []),
            ["token", "\"\"", "value.accessToken"])
    }

    func testFollowsLetAssignmentsToALiteral() {
        let source = """
            func signIn() {
                let seed = "fixed"
                let raw = seed
                let nonce = raw
                send(nonce)
            }
            """
        let resolved = resolve([("Login.swift", source)], "nonce", occurrence: 1)
        XCTAssertEqual(resolved?.texts, ["nonce", "raw", "seed", "\"fixed\""])
        XCTAssertEqual(resolved?.unresolved, false)
    }

    func testAConstantInCapitalsIsFollowedAndATypeIsNot() {
        let source = """
            let GOOGLE_DRIVE_SCOPE = "https://www.googleapis.com/auth/drive.file"
            func connect() {
                let scopes = GOOGLE_DRIVE_SCOPE
                let client = URL
                ask(scopes, client)
            }
            """
        XCTAssertEqual(
            resolve([("Backup.swift", source)], "scopes", occurrence: 1)?.texts,
            ["scopes", "GOOGLE_DRIVE_SCOPE", "\"https://www.googleapis.com/auth/drive.file\""])
        XCTAssertEqual(resolve([("Backup.swift", source)], "client", occurrence: 1)?.texts, ["client", "URL"])
        XCTAssertTrue(CodeView.isTypeName(Array("URL".utf8)))
        XCTAssertTrue(CodeView.isTypeName(Array("Snake_Case".utf8)))
        XCTAssertFalse(CodeView.isTypeName(Array("GOOGLE_DRIVE_SCOPE".utf8)))
        XCTAssertFalse(CodeView.isTypeName(Array("driveScope".utf8)))
    }

    func testVarAndTypeAnnotatedDeclarationsAndReassignments() {
        let source = """
            func signIn() {
                var nonce: String = makeNonce()
                nonce = other
                send(nonce)
            }
            """
        let resolved = resolve([("Login.swift", source)], "nonce", occurrence: 2)
        XCTAssertEqual(Set(resolved?.texts ?? []), ["nonce", "makeNonce()", "other"])
        XCTAssertEqual(resolved?.texts.first, "nonce")
        XCTAssertEqual(resolved?.unresolved, true, "`other` is assigned nowhere")
    }

    func testAValueEndsWithItsStatement() {
        let source = """
            func signIn() {
                let nonce = random(length: 32)
                request.nonce = sha256(nonce)
            }
            """
        XCTAssertEqual(
            resolve([("Login.swift", source)], "nonce", occurrence: 2)?.texts, ["nonce", "random(length: 32)"])
    }

    func testSelfPropertyResolvesLikeItsName() {
        let source = """
            final class Login {
                var currentNonce = "stored"
                func signIn() {
                    send(self.currentNonce)
                }
            }
            """
        let resolved = resolve([("Login.swift", source)], "self", occurrence: 0, length: 3)
        XCTAssertEqual(resolved?.texts, ["self.currentNonce", "\"stored\""])
        XCTAssertEqual(resolved?.unresolved, false)
    }

    func testPropertyAssignedInAnotherMethod() {
        let source = """
            final class LoginController {
                var currentNonce: String?

                func prepare() {
                    currentNonce = randomNonceString()
                }

                func complete() {
                    send(currentNonce)
                }
            }
            """
        let resolved = resolve([("Login.swift", source)], "currentNonce", occurrence: 2)
        XCTAssertEqual(resolved?.texts, ["currentNonce", "randomNonceString()"])
        XCTAssertEqual(resolved?.unresolved, false)
    }

    func testPropertyAssignedThroughSelfInAnotherMethod() {
        let source = """
            final class LoginController {
                var currentNonce: String?
                func prepare() { self.currentNonce = randomNonceString() }
                func complete() { send(currentNonce) }
            }
            """
        XCTAssertEqual(
            resolve([("Login.swift", source)], "currentNonce", occurrence: 2)?.texts,
            ["currentNonce", "randomNonceString()"])
    }

    func testAssignmentsToAMemberOfSomethingElseDoNotCount() {
        let source = """
            final class LoginController {
                var currentNonce: String?
                func prepare(other: LoginController) { other.currentNonce = "theirs" }
                func complete() { send(currentNonce) }
            }
            """
        let resolved = resolve([("Login.swift", source)], "currentNonce", occurrence: 2)
        XCTAssertEqual(resolved?.texts, ["currentNonce"])
        XCTAssertEqual(resolved?.unresolved, true)
    }

    func testTheFunctionComesBeforeTheType() {
        let source = """
            final class LoginController {
                var token = "from the type"
                func complete() {
                    token = "from the function"
                    send(token)
                }
            }
            """
        XCTAssertEqual(
            resolve([("Login.swift", source)], "token", occurrence: 2)?.texts, ["token", "\"from the function\""])
    }

    func testTheFileComesAfterTheType() {
        let source = """
            let sharedSecret = "file level"
            final class LoginController {
                func complete() { send(sharedSecret) }
            }
            """
        XCTAssertEqual(
            resolve([("Login.swift", source)], "sharedSecret", occurrence: 1)?.texts,
            ["sharedSecret", "\"file level\""])
    }

    func testAssignmentsInsideAClosureOfTheFunction() {
        let source = """
            func signIn() {
                button.onTap {
                    let nonce = "in closure"
                    send(nonce)
                }
            }
            """
        XCTAssertEqual(resolve([("Login.swift", source)], "nonce", occurrence: 1)?.texts, ["nonce", "\"in closure\""])
    }

    func testCyclesTerminate() {
        let source = """
            func loop() {
                var a = 0
                var b = 0
                a = b
                b = a
                send(a)
            }
            """
        let resolved = resolve([("Loop.swift", source)], "a", occurrence: 3)
        XCTAssertEqual(Set(resolved?.texts ?? []), ["a", "0", "b"])
        XCTAssertEqual(resolved?.unresolved, false)
    }

    // MARK: - What cannot be followed

    func testFunctionParametersAreUnresolved() {
        let source = """
            func configure(_ request: ASAuthorizationAppleIDRequest, nonce: String) {
                request.nonce = nonce
            }
            """
        let resolved = resolve([("Login.swift", source)], "nonce", occurrence: 2)
        XCTAssertEqual(resolved?.texts, ["nonce"])
        XCTAssertEqual(resolved?.unresolved, true)
    }

    func testAParameterShadowsAPropertyOfTheSameName() {
        let source = """
            final class LoginController {
                var nonce = "property"
                func configure(nonce: String) {
                    send(nonce)
                }
            }
            """
        let resolved = resolve([("Login.swift", source)], "nonce", occurrence: 2)
        XCTAssertEqual(resolved?.texts, ["nonce"])
        XCTAssertEqual(resolved?.unresolved, true)
    }

    func testClosureParametersComeFromTheirCallButStayUnresolved() {
        let source = """
            func signIn() {
                perform { nonce in
                    send(nonce)
                }
            }
            """
        let resolved = resolve([("Login.swift", source)], "nonce", occurrence: 1)
        XCTAssertEqual(resolved?.texts, ["nonce"], "only when asked")
        XCTAssertEqual(
            resolve([("Login.swift", source)], "nonce", occurrence: 1, following: .closureCallees)?.texts,
            ["nonce", "perform"])
        XCTAssertEqual(resolved?.unresolved, true)
        let chained = """
            func register() {
                Messaging.messaging().token { token, error in
                    if let token = token {
                        print(token)
                    }
                }
                store.fetch(key: "k", completion: { value in use(value) })
                loader.load(1) { data in use(data) }
            }
            """
        XCTAssertEqual(
            resolve([("Push.swift", chained)], "token", occurrence: 4, following: .closureCallees)?.texts,
            ["token", "Messaging.messaging().token"])
        XCTAssertEqual(
            resolve([("Push.swift", chained)], "value", occurrence: 1, following: .closureCallees)?.texts,
            ["value", "store.fetch"])
        XCTAssertEqual(
            resolve([("Push.swift", chained)], "data", occurrence: 1, following: .closureCallees)?.texts,
            ["data", "loader.load"])
    }

    func testNamesDefinedNowhereAreUnresolved() {
        let resolved = resolve([("Login.swift", "func f() { send(elsewhere) }")], "elsewhere", occurrence: 0)
        XCTAssertEqual(resolved?.texts, ["elsewhere"])
        XCTAssertEqual(resolved?.unresolved, true)
    }

    func testACallIsNotAName() {
        let resolved = resolve([("Login.swift", "func f() { send(make()) }")], "make", occurrence: 0, length: 3)
        XCTAssertEqual(resolved?.texts, ["make()"])
        XCTAssertEqual(resolved?.unresolved, false, "nothing to follow without `deep`")
    }

    func testATypeAnnotationIsNotAnAssignment() {
        // `let value: Seed = …` assigns `value`, not `Seed`.
        let source = """
            func f() {
                let value: Seed = makeSeed()
                use(Seed)
                use(value)
            }
            """
        let type = resolve([("Seed.swift", source)], "Seed", occurrence: 1)
        XCTAssertEqual(type?.texts, ["Seed"])
        XCTAssertEqual(type?.unresolved, true)
        XCTAssertEqual(resolve([("Seed.swift", source)], "value", occurrence: 1)?.texts, ["value", "makeSeed()"])
    }

    // MARK: - Deep resolution

    func testDeepResolutionEntersHelpersInAnotherFile() {
        let files = [
            (
                "Login.swift",
                """
                func signIn() {
                    let raw = makeNonce(length: 32)
                    request.nonce = sha256(raw)
                }
                """
            ),
            (
                "Support/Nonce.swift",
                """
                func makeNonce(length: Int) -> String {
                    var generator = SystemRandomNumberGenerator()
                    return String(length)
                }
                """
            ),
        ]
        let shallow = resolve(files, "raw", occurrence: 1, inFile: "Login.swift")
        XCTAssertEqual(shallow?.texts, ["raw", "makeNonce(length: 32)"])
        let deep = resolve(files, "raw", occurrence: 1, inFile: "Login.swift", deep: true)
        XCTAssertEqual(
            deep.map { Array($0.texts.prefix(3)) },
            [
                "raw", "makeNonce(length: 32)",
                "Support/Nonce.swift: func makeNonce(length: Int) -> String { var generator = SystemRandomNumberGenerator() return String(length)",
            ])
        // A name declared inside the followed body adds nothing the body does not already hold;
        // the helper's parameter is not followed.
        XCTAssertEqual(deep.map { Array($0.texts.dropFirst(3)) }, [])
    }

    func testDeepResolutionReadsComputedProperties() {
        let files = [
            ("A.swift", "final class A { func f() { send(self.nonce) } }"),
            ("B.swift", "extension A { var nonce: String { UUID().uuidString } }"),
        ]
        let deep = resolve(files, "self", occurrence: 0, length: 3, inFile: "A.swift", deep: true)
        XCTAssertEqual(deep?.texts, ["self.nonce", "B.swift: var nonce: String { UUID().uuidString"])
    }

    func testDeepResolutionFollowsNestedCallsToADepthLimit() {
        let files = [
            (
                "Chain.swift",
                """
                func f1() -> String { f2() }
                func f2() -> String { f3() }
                func f3() -> String { f4() }
                func f4() -> String { f5() }
                func f5() -> String { f6() }
                func f6() -> String { "end" }
                func use() { send(f1()) }
                """
            )
        ]
        let deep = resolve(files, "f1", occurrence: 1, length: 3, deep: true)
        XCTAssertEqual(deep?.texts.count, 1 + ValueResolver.maxDepth)
        XCTAssertEqual(deep?.texts.last?.hasPrefix("func f4()"), true)
    }

    func testFunctionsOutsideTheProjectAreNotEntered() {
        let deep = resolve(
            [("A.swift", "func f() { send(UUID().uuidString) }")], "UUID", occurrence: 0, length: 5, deep: true)
        XCTAssertEqual(deep?.texts, ["UUID().uuidString"])
    }

    // MARK: - Declared types

    private func declaredType(
        _ source: String, _ name: String, occurrence: Int, file: StaticString = #filePath, line: UInt = #line
    ) -> String? {
        let project = project([("Types.swift", source)])
        let code = project.files[FileID(0)]
        guard let i = index(code, name, occurrence, file: file, line: line) else { return nil }
        return ValueResolver(run: AnalysisRun(project)).declaredType(
            of: Binding(range: i..<(i + 1), hashes: [code.hashes[i]]), in: code)
    }

    func testDeclaredTypes() {
        let source = """
            func handle(authorization: ASAuthorization, credential: ASAuthorizationAppleIDCredential) {
                let annotated: ASAuthorizationAppleIDRequest = provider.createRequest()
                let cast = authorization.credential as? ASAuthorizationAppleIDCredential
                let forced = authorization.credential as! ASPasswordCredential
                switch authorization.credential {
                case let matched as ASAuthorizationAppleIDCredential: print(matched)
                default: break
                }
                let untyped = 1
                print(credential, annotated, cast, forced, untyped)
            }
            """
        XCTAssertEqual(
            declaredType(source, "credential", occurrence: 4), "ASAuthorizationAppleIDCredential", "a parameter")
        XCTAssertEqual(declaredType(source, "annotated", occurrence: 1), "ASAuthorizationAppleIDRequest")
        XCTAssertEqual(declaredType(source, "cast", occurrence: 1), "ASAuthorizationAppleIDCredential")
        XCTAssertEqual(declaredType(source, "forced", occurrence: 1), "ASPasswordCredential")
        XCTAssertEqual(declaredType(source, "matched", occurrence: 1), "ASAuthorizationAppleIDCredential")
        XCTAssertNil(declaredType(source, "untyped", occurrence: 1))
    }

    func testDeclaredTypeOfAClosureParameterBinding() throws {
        let project = project([
            ("Types.swift", "let c = { (credential: ASAuthorizationAppleIDCredential) in print(credential) }")
        ])
        let code = project.files[FileID(0)]
        let match = try XCTUnwrap(Matcher(code).matches(try Pattern("{ $C in")).first)
        let binding = try XCTUnwrap(match.bindings["C"])
        XCTAssertEqual(
            ValueResolver(run: AnalysisRun(project)).declaredType(of: binding, in: code),
            "ASAuthorizationAppleIDCredential")
    }

    // MARK: - Mentions and contains

    func testMentionsIgnoresCaseUnderscoresAndDashes() throws {
        let project = project([("A.swift", "let value = SHA_256.hash(data: access_token)")])
        let resolver = ValueResolver(run: AnalysisRun(project))
        let sites = [ValueResolver.Site(file: FileID(0), range: 0..<project.files[FileID(0)].count)]
        XCTAssertTrue(resolver.mentions(sites, ["sha256"]))
        XCTAssertTrue(resolver.mentions(sites, ["AccessToken"]))
        XCTAssertTrue(resolver.mentions(sites, ["access-token"]))
        XCTAssertFalse(resolver.mentions(sites, ["digest"]))
        XCTAssertFalse(resolver.mentions([], ["sha256"]))
        XCTAssertEqual(String(decoding: CodeView.normalisedWord("Access_Token-ID"), as: UTF8.self), "accesstokenid")
    }

    func testMentionsReadsStringTextButNotComments() {
        let project = project([("A.swift", "let value = \"SHA-256\" // digest")])
        let sites = [ValueResolver.Site(file: FileID(0), range: 0..<project.files[FileID(0)].count)]
        XCTAssertTrue(ValueResolver(run: AnalysisRun(project)).mentions(sites, ["sha256"]))
        XCTAssertFalse(ValueResolver(run: AnalysisRun(project)).mentions(sites, ["digest"]))
    }

    func testContainsLooksForPatternsInsideSites() throws {
        let project = project([("A.swift", "let a = Date().timeIntervalSince1970\nlet b = UUID().uuidString")])
        let resolver = ValueResolver(run: AnalysisRun(project))
        let code = project.files[FileID(0)]
        let firstLine = 0..<(index(code, "let", 1) ?? 0)
        let secondLine = (index(code, "let", 1) ?? 0)..<code.count
        let date = try Pattern("Date()")
        XCTAssertTrue(resolver.contains([.init(file: FileID(0), range: firstLine)], [date]))
        XCTAssertFalse(resolver.contains([.init(file: FileID(0), range: secondLine)], [date]))
        XCTAssertTrue(resolver.contains([.init(file: FileID(0), range: secondLine)], [date, try Pattern("UUID()")]))
    }

    // MARK: - Through rules

    func testLiteralConditionFollowsAssignmentsButNotParameters() throws {
        let rule = try TeamRuleFixture.load(
            TeamRuleFixture.rule(
                message: "`{V}` is a fixed nonce.",
                match: "report: V\npatterns:\n  - \"useNonce($...V)\"\nwhere:\n  - metavariable: V\n    literal: true"))
        let source = """
            func a() { let n = "abc"; useNonce(n) }
            func b(n: String) { useNonce(n) }
            func c() { let n = makeNonce(); useNonce(n) }
            func d() { useNonce("xyz") }
            func e() { useNonce("\\(n)") }
            """
        XCTAssertEqual(
            TeamRuleFixture.summary(TeamRuleFixture.findings([rule], [("Nonce.swift", source)])),
            [
                "Nonce.swift:1:36 warning `n` is a fixed nonce.",
                "Nonce.swift:4:21 warning `\"xyz\"` is a fixed nonce.",
            ])
    }

    func testResolvesToFollowsAPropertyIntoTheType() throws {
        let match = """
            report: R
            patterns:
              - pattern: "let $R = $P.createRequest()"
                where:
                  - metavariable: P
                    resolves-to: ["ASAuthorizationAppleIDProvider()"]
            """
        let rule = try TeamRuleFixture.load(
            TeamRuleFixture.rule(message: "`{R}` is an Apple ID request.", match: match))
        let source = """
            final class Login {
                private let provider = ASAuthorizationAppleIDProvider()
                private let passwords = ASAuthorizationPasswordProvider()
                func apple() {
                    let request = provider.createRequest()
                }
                func password() {
                    let request = passwords.createRequest()
                }
                func direct() {
                    let request = ASAuthorizationAppleIDProvider().createRequest()
                }
            }
            """
        XCTAssertEqual(
            TeamRuleFixture.summary(TeamRuleFixture.findings([rule], [("Login.swift", source)])),
            [
                "Login.swift:5:13 warning `request` is an Apple ID request.",
                "Login.swift:11:13 warning `request` is an Apple ID request.",
            ])
    }

    func testTypeConditionReadsDeclarations() throws {
        let match = """
            patterns:
              - "$C.email!"
            where:
              - metavariable: C
                type: [ASAuthorizationAppleIDCredential]
            """
        let rule = try TeamRuleFixture.load(TeamRuleFixture.rule(message: "`{C}` email forced.", match: match))
        let source = """
            func a(credential: ASAuthorizationAppleIDCredential) { save(credential.email!) }
            func b(credential: ASPasswordCredential) { save(credential.email!) }
            func c(auth: ASAuthorization) {
                if let credential = auth.credential as? ASAuthorizationAppleIDCredential { save(credential.email!) }
            }
            func d(user: User?) { save(user!.email!) }
            """
        XCTAssertEqual(
            TeamRuleFixture.summary(TeamRuleFixture.findings([rule], [("Types.swift", source)])),
            [
                "Types.swift:1:61 warning `credential` email forced.",
                "Types.swift:4:85 warning `credential` email forced.",
            ])
    }
}
