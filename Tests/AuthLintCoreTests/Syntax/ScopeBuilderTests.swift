import AuthLintAnalysis
import AuthLintCore
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintReporters
import AuthLintRules
import AuthLintSyntax
import XCTest

/// How `CodeView` splits a file into scopes: functions (methods, initialisers, accessors,
/// computed properties), types, closures, and the file; control-flow blocks are not scopes.
final class ScopeBuilderTests: XCTestCase {
    // MARK: - Helpers

    private func view(_ text: String) -> CodeView {
        CodeView(file: SourceFile(path: "Scopes.swift", text: text))
    }

    /// One line per scope after the file scope: "kind name < parent kind parent name".
    private func outline(_ code: CodeView) -> [String] {
        code.scopes.dropFirst().map { scope in
            "\(describe(code, scope)) < " + (scope.parent.map { describe(code, code.scopes[$0]) } ?? "none")
        }
    }

    private func describe(_ code: CodeView, _ scope: Scope) -> String {
        scope.kind == .file ? "file" : "\(scope.kind.rawValue) \(scope.name ?? "_")"
    }

    /// "label name: type" for each parameter ("-" when absent).
    private func parameters(_ scope: Scope) -> [String] {
        scope.parameters.map { "\($0.label ?? "-") \($0.name): \($0.type ?? "-")" }
    }

    /// Code index of the `occurrence`-th code token whose text is `text`.
    private func index(
        _ code: CodeView, _ text: String, _ occurrence: Int = 0, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        var seen = 0
        for i in 0..<code.count where code.text(i) == text {
            if seen == occurrence { return i }
            seen += 1
        }
        XCTFail("no occurrence \(occurrence) of `\(text)`", file: file, line: line)
        return 0
    }

    /// The scope that the `occurrence`-th `{` opens.
    private func scope(_ code: CodeView, brace occurrence: Int, file: StaticString = #filePath, line: UInt = #line)
        -> Scope?
    {
        let brace = index(code, "{", occurrence, file: file, line: line)
        guard let scopeIndex = code.scopeIndex(openingAt: brace) else { return nil }
        return code.scopes[scopeIndex]
    }

    // MARK: - The file

    func testTheFileIsScopeZero() {
        let code = view("let a = 1\nlet b = 2\n")
        XCTAssertEqual(code.scopes.count, 1)
        let file = code.scopes[0]
        XCTAssertEqual(file.kind, .file)
        XCTAssertNil(file.name)
        XCTAssertNil(file.parent)
        XCTAssertEqual(file.open, -1)
        XCTAssertEqual(file.close, code.count)
        XCTAssertEqual(file.parameters, [])
        XCTAssertEqual(Set(code.scopeOfToken), [0])
    }

    func testAnEmptyFileHasOnlyTheFileScope() {
        let code = view("// nothing but a comment\n")
        XCTAssertEqual(code.count, 0)
        XCTAssertEqual(code.scopes.count, 1)
        XCTAssertEqual(code.scopes[0].close, 0)
    }

    // MARK: - Functions

    func testFunctionScopeHasItsNameRangeAndParent() {
        let code = view(
            """
            func signIn(with request: ASAuthorizationAppleIDRequest) {
                request.requestedScopes = [.email]
            }
            """)
        XCTAssertEqual(outline(code), ["function signIn < file"])
        let function = code.scopes[1]
        XCTAssertEqual(function.open, index(code, "{"))
        XCTAssertEqual(function.close, index(code, "}"))
        XCTAssertEqual(function.headerStart, index(code, "func"))
        XCTAssertEqual(function.body, (function.open + 1)..<function.close)
        XCTAssertEqual(parameters(function), ["with request: ASAuthorizationAppleIDRequest"])
        XCTAssertEqual(function.parameter(named: "request")?.index, index(code, "request"))
        XCTAssertNil(function.parameter(named: "with"))
        // Body tokens belong to the function; the declaration's own tokens to the file.
        XCTAssertEqual(code.scope(at: index(code, "requestedScopes")).name, "signIn")
        XCTAssertEqual(code.scopeOfToken[index(code, "func")], 0)
        XCTAssertEqual(code.scopeOfToken[index(code, "signIn")], 0)
    }

    func testFunctionWithModifiersGenericsEffectsAndReturnType() {
        let code = view(
            """
            @MainActor
            public static func make<T: Decodable>(from data: Data) async throws -> [T] where T: Sendable {
                []
            }
            """)
        XCTAssertEqual(outline(code), ["function make < file"])
        XCTAssertEqual(parameters(code.scopes[1]), ["from data: Data"])
        XCTAssertEqual(code.scopes[1].headerStart, index(code, "func"))
    }

    func testInitialisersDeinitialiserAndSubscript() {
        let code = view(
            """
            final class Store {
                init(provider: ASAuthorizationAppleIDProvider) { }
                init?(rawValue: String) { }
                convenience init<T>(value: T) { self.init(provider: .init()) }
                deinit { print("bye") }
                subscript(index: Int) -> String { "" }
            }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "type Store < file",
                "function init < type Store",
                "function init < type Store",
                "function init < type Store",
                "function deinit < type Store",
                "function subscript < type Store",
            ])
        XCTAssertEqual(parameters(code.scopes[2]), ["- provider: ASAuthorizationAppleIDProvider"])
        XCTAssertEqual(parameters(code.scopes[3]), ["- rawValue: String"])
        XCTAssertEqual(parameters(code.scopes[4]), ["- value: T"])
        XCTAssertEqual(parameters(code.scopes[5]), [])
        XCTAssertEqual(parameters(code.scopes[6]), ["- index: Int"])
    }

    func testMemberInitCallWithTrailingClosureIsNotAnInitialiser() {
        // `.init { … }` calls an initialiser; the braces are a closure.
        let code = view(
            """
            func make() {
                let button = Button.init { print("tap") }
            }
            """)
        XCTAssertEqual(outline(code), ["function make < file", "closure _ < function make"])
    }

    func testNestedFunctionsHaveTheirOwnScope() {
        let code = view(
            """
            func outer() {
                func inner(value: Int) {
                    print(value)
                }
                inner(value: 1)
            }
            """)
        XCTAssertEqual(outline(code), ["function outer < file", "function inner < function outer"])
        XCTAssertEqual(code.scope(at: index(code, "print")).name, "inner")
        XCTAssertEqual(code.scope(at: index(code, "inner", 1)).name, "outer")
    }

    // MARK: - Properties and accessors

    func testComputedPropertyIsAFunction() {
        let code = view(
            """
            struct LoginView: View {
                let model: Model
                var body: some View {
                    Text("Sign in")
                }
            }
            """)
        XCTAssertEqual(outline(code), ["type LoginView < file", "function body < type LoginView"])
        XCTAssertEqual(code.scopes[2].headerStart, index(code, "var"))
        XCTAssertEqual(code.scope(at: index(code, "Text")).name, "body")
    }

    func testGetterAndSetterAreFunctionsInsideTheirProperty() {
        let code = view(
            """
            var token: String {
                get { storage }
                set { storage = newValue }
            }
            """)
        XCTAssertEqual(
            outline(code), ["function token < file", "function get < function token", "function set < function token"])
        let getter = code.scopes[2]
        XCTAssertEqual(getter.headerStart, index(code, "get"))
        XCTAssertEqual(code.scope(at: index(code, "newValue")).name, "set")
    }

    func testPropertyObserversAreFunctions() {
        let code = view(
            """
            final class Session {
                var user: String = "" {
                    willSet { print("will") }
                    didSet { save() }
                }
                var count: Int {
                    didSet { print(count) }
                }
            }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "type Session < file",
                "function user < type Session",
                "function willSet < function user",
                "function didSet < function user",
                "function count < type Session",
                "function didSet < function count",
            ])
    }

    func testStoredPropertiesInitialisedWithClosuresAreClosures() {
        let code = view(
            """
            final class Factory {
                lazy var formatter: DateFormatter = { DateFormatter() }()
                static let shared = { Factory() }()
                let handler: (Int) -> Void = { value in print(value) }
            }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "type Factory < file",
                "closure _ < type Factory",
                "closure _ < type Factory",
                "closure _ < type Factory",
            ])
        XCTAssertEqual(parameters(code.scopes[4]), ["- value: -"])
    }

    func testProtocolRequirementsHaveNoAccessorScopes() {
        let code = view(
            """
            protocol Authenticating {
                var user: String { get set }
                func signIn()
            }
            """)
        XCTAssertEqual(outline(code), ["type Authenticating < file", "function user < type Authenticating"])
    }

    // MARK: - Types

    func testEveryKindOfTypeDeclaration() {
        let code = view(
            """
            final class LoginController: NSObject, ASAuthorizationControllerDelegate { }
            struct Credentials<T>: Codable where T: Sendable { }
            enum Provider: String, CaseIterable { case apple, google }
            extension LoginController: ASAuthorizationControllerPresentationContextProviding { }
            extension Array where Element == Int { }
            protocol Authenticator: AnyObject { }
            actor TokenStore { }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "type LoginController < file",
                "type Credentials < file",
                "type Provider < file",
                "type LoginController < file",
                "type Array < file",
                "type Authenticator < file",
                "type TokenStore < file",
            ])
        XCTAssertEqual(code.scopes[7].headerStart, index(code, "actor"))
        XCTAssertEqual(code.scopes[1].headerStart, index(code, "class"))
    }

    func testMethodsNestedTypesAndTheirParents() {
        let code = view(
            """
            final class LoginController {
                struct State {
                    func reset() { }
                }
                func signIn() {
                    run { print("done") }
                }
            }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "type LoginController < file",
                "type State < type LoginController",
                "function reset < type State",
                "function signIn < type LoginController",
                "closure _ < function signIn",
            ])
        XCTAssertEqual(code.scopes[3].parent, 2)
        XCTAssertEqual(code.scopes[5].parent, 4)
    }

    func testActorAsAnOrdinaryNameIsNotAType() {
        let code = view(
            """
            func run() {
                let actor = makeActor()
                actor.perform { print("x") }
            }
            """)
        XCTAssertEqual(outline(code), ["function run < file", "closure _ < function run"])
    }

    // MARK: - Closures

    func testClosuresAsArguments() {
        let code = view(
            """
            func load() {
                fetch(completion: { result in print(result) })
                fetch({ result in print(result) })
                let handlers = [{ print("a") }, { print("b") }]
                let sum = values.reduce(0, { $0 + $1 })
            }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "function load < file",
                "closure _ < function load",
                "closure _ < function load",
                "closure _ < function load",
                "closure _ < function load",
                "closure _ < function load",
            ])
        XCTAssertEqual(code.scopes[2].headerStart, code.scopes[2].open, "a closure's header is its brace")
    }

    func testTrailingClosures() {
        let code = view(
            """
            func load() {
                items.forEach { item in print(item) }
                DispatchQueue.main.async {
                    self.refresh()
                }
                Task { await self.refresh() }
                provider.getCredentialState(forUserID: id) { state, error in
                    print(state)
                }
            }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "function load < file",
                "closure _ < function load",
                "closure _ < function load",
                "closure _ < function load",
                "closure _ < function load",
            ])
        XCTAssertEqual(parameters(code.scopes[2]), ["- item: -"])
        XCTAssertEqual(parameters(code.scopes[5]), ["- state: -", "- error: -"])
    }

    func testMultipleTrailingClosures() {
        let code = view(
            """
            struct LoginView: View {
                var body: some View {
                    SignInWithAppleButton(.signIn) { request in
                        request.requestedScopes = [.email]
                    } onCompletion: { result in
                        handle(result)
                    }
                }
            }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "type LoginView < file",
                "function body < type LoginView",
                "closure _ < function body",
                "closure _ < function body",
            ])
        XCTAssertEqual(parameters(code.scopes[3]), ["- request: -"])
        XCTAssertEqual(parameters(code.scopes[4]), ["- result: -"])
        XCTAssertEqual(code.scope(at: index(code, "requestedScopes")).parameters.first?.name, "request")
        XCTAssertEqual(code.scope(at: index(code, "handle")).parameters.first?.name, "result")
    }

    func testClosuresAfterAssignmentAndReturn() {
        let code = view(
            """
            func makeHandler() -> (Int) -> Int {
                let double = { (value: Int) in value * 2 }
                var counter: () -> Void
                counter = { print("tick") }
                return { value in double(value) }
            }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "function makeHandler < file",
                "closure _ < function makeHandler",
                "closure _ < function makeHandler",
                "closure _ < function makeHandler",
            ])
        XCTAssertEqual(parameters(code.scopes[2]), ["- value: Int"])
        XCTAssertEqual(parameters(code.scopes[3]), ["- $0: -"])
        XCTAssertEqual(parameters(code.scopes[4]), ["- value: -"])
    }

    func testClosureInsideAnIfLetConditionIsAClosureAndTheBodyIsNot() {
        let code = view(
            """
            func find() {
                if let user = users.first(where: { $0.isActive }) {
                    show(user)
                }
            }
            """)
        XCTAssertEqual(outline(code), ["function find < file", "closure _ < function find"])
        XCTAssertNotNil(scope(code, brace: 1))
        XCTAssertNil(scope(code, brace: 2), "the `if` body is a block")
        XCTAssertEqual(code.scope(at: index(code, "show")).name, "find")
        XCTAssertEqual(code.scope(at: index(code, "isActive")).kind, .closure)
    }

    func testClosuresInsideClosures() {
        let code = view(
            """
            func load() {
                fetch { data in
                    parse(data) { value in
                        print(value)
                    }
                }
            }
            """)
        XCTAssertEqual(outline(code), ["function load < file", "closure _ < function load", "closure _ < closure _"])
        XCTAssertEqual(code.scopes[3].parent, 2)
        let inner = code.scopeOfToken[index(code, "print")]
        XCTAssertEqual(inner, 3)
        XCTAssertEqual(code.executableScope(of: Int(inner)), 3)
    }

    func testClosureInStringInterpolationIsAClosure() {
        let code = view(
            #"""
            func describe() {
                let text = "\(items.map { $0.name })"
            }
            """#)
        XCTAssertEqual(outline(code), ["function describe < file", "closure _ < function describe"])
    }

    // MARK: - Control flow

    func testControlFlowBlocksAreNotScopes() {
        let code = view(
            """
            func work(items: [Int], result: Result<Int, Error>) throws {
                if items.isEmpty { print("if") } else if items.count > 3 { print("else if") } else { print("else") }
                guard let first = items.first else { return }
                if let last = items.last, last > first { print("if let") }
                if var copy = items.first { copy += 1 }
                guard var mutable = items.first else { return }
                for item in items where item > 0 { print(item) }
                for (offset, item) in items.enumerated() { print(offset, item) }
                while let next = iterator.next() { print(next) }
                while first > 0 { break }
                repeat { print("repeat") } while false
                do { try check() } catch let error as NSError { print(error) } catch { print("other") }
                switch items.count { case 0: print("none") default: print("some") }
                defer { print("defer") }
                #if DEBUG
                print("debug")
                #endif
            }
            """)
        XCTAssertEqual(outline(code), ["function work < file"])
        let function = code.scopes[1]
        for i in function.body {
            XCTAssertEqual(code.scopeOfToken[i], 1, "token `\(code.text(i))` at \(code.location(i))")
        }
    }

    func testConditionBindingsDoNotOpenComputedProperties() {
        // `if let x = y {`, `guard var`, `while let` and `, let` bind names: their braces are blocks.
        let code = view(
            """
            func check(a: Int?, b: Int?) {
                if let a = a, let b = b { print(a, b) }
                guard var a = a else { return }
                while let b = next() { a += b }
            }
            """)
        XCTAssertEqual(outline(code), ["function check < file"])
    }

    func testBracesThatAreNotClosedRunToTheEndOfTheFile() {
        let code = view(
            """
            func broken() {
                print("never closed")
            """)
        XCTAssertEqual(outline(code), ["function broken < file"])
        XCTAssertEqual(code.scopes[1].close, code.count)
        XCTAssertEqual(code.scope(at: code.count - 1).name, "broken")
    }

    // MARK: - Parameters

    func testFunctionParameterLabelsUnderscoresDefaultsAndInout() {
        let code = view(
            """
            func configure(_ request: ASAuthorizationAppleIDRequest, with nonce: String = "a, b", count: inout Int,
                           scopes: [ASAuthorization.Scope] = [.email, .fullName], completion: @escaping (Bool, Error?) -> Void) {
            }
            """)
        XCTAssertEqual(
            parameters(code.scopes[1]),
            [
                "_ request: ASAuthorizationAppleIDRequest",
                "with nonce: String",
                "- count: Int",
                "- scopes: [ASAuthorization.Scope]",
                "- completion: @escaping(Bool,Error?)->Void",
            ])
        XCTAssertEqual(code.scopes[1].parameter(named: "nonce")?.label, "with")
        XCTAssertEqual(code.text(code.scopes[1].parameter(named: "count")!.index), "count")
    }

    func testFunctionWithoutParameters() {
        let code = view("func start() { }\ninit() { }\n")
        XCTAssertEqual(parameters(code.scopes[1]), [])
        XCTAssertEqual(parameters(code.scopes[2]), [])
    }

    func testClosureParameterSpellings() {
        let code = view(
            """
            let a = { first, second in first + second }
            let b = { (first: Int, second: String) in first }
            let c = { [weak self] value in self?.use(value) }
            let d = { [weak self, unowned model] (value: ASAuthorization) in model.use(value) }
            let e = { _, second in second }
            let f = { (value) -> Int in value }
            let g = { value async throws -> Int in value }
            """)
        XCTAssertEqual(code.scopes.count, 8)
        XCTAssertEqual(parameters(code.scopes[1]), ["- first: -", "- second: -"])
        XCTAssertEqual(parameters(code.scopes[2]), ["- first: Int", "- second: String"])
        XCTAssertEqual(parameters(code.scopes[3]), ["- value: -"])
        XCTAssertEqual(parameters(code.scopes[4]), ["- value: ASAuthorization"])
        XCTAssertEqual(parameters(code.scopes[5]), ["- _: -", "- second: -"])
        XCTAssertEqual(parameters(code.scopes[6]), ["- value: -"])
        XCTAssertEqual(parameters(code.scopes[7]), ["- value: -"])
        XCTAssertEqual(code.scopes[3].parameters[0].index, index(code, "value"))
    }

    func testClosuresWithoutNamedParametersUseTheShorthand() {
        let code = view(
            """
            let a = { $0 + 1 }
            let b = { [weak self] in self?.refresh() }
            let c = { value }
            let d = { print(value) }
            """)
        for number in 1...4 {
            let closure = code.scopes[number]
            XCTAssertEqual(parameters(closure), ["- $0: -"], "closure \(number)")
            XCTAssertEqual(closure.parameters[0].index, closure.open, "closure \(number): `$0` points at the brace")
        }
        for number in [1, 3, 4] {
            XCTAssertEqual(
                code.closureBodyStart(code.scopes[number]), code.scopes[number].open + 1, "closure \(number)")
        }
    }

    func testClosureWithEmptyParameterListHasNoParameters() {
        let code = view("let a = { () -> Void in print(1) }\n")
        XCTAssertEqual(parameters(code.scopes[1]), [])
    }

    func testClosureBodyStartsAfterIn() {
        let code = view("let a = { [weak self] (value: Int) -> Int in value + 1 }\n")
        let closure = code.scopes[1]
        XCTAssertEqual(code.closureBodyStart(closure), index(code, "in") + 1)
        XCTAssertEqual(code.text(code.closureBodyStart(closure)), "value")
    }

    // MARK: - Queries

    func testScopeIndexOpeningAt() {
        let code = view("func a() { if x { } }\nfunc b() { }\n")
        XCTAssertEqual(code.scopeIndex(openingAt: index(code, "{", 0)), 1)
        XCTAssertNil(code.scopeIndex(openingAt: index(code, "{", 1)), "an `if` block opens no scope")
        XCTAssertEqual(code.scopeIndex(openingAt: index(code, "{", 2)), 2)
        XCTAssertNil(code.scopeIndex(openingAt: index(code, "func")))
    }

    func testDeclaringScopeOfAParameterIsItsFunction() {
        let code = view(
            """
            final class LoginController {
                func configure(_ request: ASAuthorizationAppleIDRequest, nonce: String) {
                    request.nonce = nonce
                }
            }
            """)
        let parameter = index(code, "request")
        // Lexically the parameter list is in the class body; it belongs to the function.
        XCTAssertEqual(code.scopeOfToken[parameter], 1)
        XCTAssertEqual(code.declaringScope(of: parameter), 2)
        XCTAssertEqual(code.declaringScope(of: index(code, "String")), 2)
        XCTAssertEqual(code.declaringScope(of: index(code, "configure")), 2)
        XCTAssertEqual(code.declaringScope(of: index(code, "request", 1)), 2)
        XCTAssertEqual(code.declaringScope(of: index(code, "class")), 1)
        XCTAssertTrue(code.isInParameterList(parameter))
        XCTAssertTrue(code.isInParameterList(index(code, "nonce")))
        XCTAssertFalse(code.isInParameterList(index(code, "request", 1)), "a use in the body")
        XCTAssertFalse(code.isInParameterList(index(code, "class")))
    }

    func testDeclaringScopeOfNestedFunctionParameter() {
        let code = view(
            """
            func outer() {
                func inner(value: Int) -> Int { value }
                let closure = { (other: Int) in other }
            }
            """)
        XCTAssertEqual(
            outline(code), ["function outer < file", "function inner < function outer", "closure _ < function outer"])
        XCTAssertEqual(code.declaringScope(of: index(code, "value")), 2)
        XCTAssertTrue(code.isInParameterList(index(code, "value")))
        // A closure's parameters are inside its braces: not a function parameter list.
        XCTAssertEqual(code.declaringScope(of: index(code, "other")), 3)
        XCTAssertFalse(code.isInParameterList(index(code, "other")))
        XCTAssertEqual(code.declaringScope(of: index(code, "closure")), 1)
    }

    func testExecutableScopeSkipsTypesUpToTheFile() {
        let code = view(
            """
            final class A {
                func run() {
                    fetch { value in print(value) }
                }
            }
            """)
        XCTAssertEqual(code.executableScope(of: 3), 3, "a closure is executable")
        XCTAssertEqual(code.executableScope(of: 2), 2, "a method is executable")
        XCTAssertEqual(code.executableScope(of: 1), 1, "a type has no executable scope around it: itself")
        XCTAssertEqual(code.executableScope(of: 0), 0)
    }

    func testDeclaringScopeIsTheInnermostHeaderOrBody() {
        let code = view(
            """
            final class Login {
                var handler: (String) -> Void = { token in print(token) }
                func signIn(completion: @escaping () -> Void = { log("done") }, retries: Int = 3) {
                    perform { value in
                        func inner(_ x: Int = { 1 }()) -> Int { x }
                        use(value)
                    }
                }
                subscript(i: Int) -> Int { i }
                var name: String { get { "a" } set { print(newValue) } }
            }
            extension Login { func other(a: Int) {} }
            """)
        for index in 0..<code.count {
            var best: Int?
            for offset in code.scopes.indices
            where offset > 0 && code.scopes[offset].headerStart <= index && index < code.scopes[offset].open {
                if best == nil || code.scopes[offset].headerStart >= code.scopes[best!].headerStart { best = offset }
            }
            XCTAssertEqual(
                code.declaringScope(of: index), best ?? Int(code.scopeOfToken[index]),
                "token \(index) `\(code.text(index))`")
        }
    }

    func testAMethodNamedLikeAnAccessorAndAGenericTypeAreWhatTheyDeclare() {
        let code = view(
            """
            struct Box<T> {
                static func set(_ value: T, forKey key: String = "box") {}
                func get() -> Set<T> { [] }
                var count: Int { get { 0 } set { } }
            }
            if a > b { }
            """)
        XCTAssertEqual(
            outline(code),
            [
                "type Box < file", "function set < type Box", "function get < type Box", "function count < type Box",
                "function get < function count", "function set < function count",
            ])
        let set = code.scopes[2]
        XCTAssertEqual(parameters(set), ["_ value: T", "forKey key: String"])
        XCTAssertEqual(set.parameters.map(\.hasDefault), [false, true])
        XCTAssertTrue(code.token(set.headerStart, is: "func"), code.text(set.headerStart))
    }
}
