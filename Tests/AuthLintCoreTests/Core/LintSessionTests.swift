import Foundation
import XCTest

@testable import AuthLintAnalysis
@testable import AuthLintCore
@testable import AuthLintProject
@testable import AuthLintRules
@testable import AuthLintSyntax

/// Runs of one session (the language server's, after each edit) keep the code lexed and the scan
/// for the next: after each step, a run of the session finds what a run without one does.
final class LintSessionTests: XCTestCase {
    private var app: TemporaryApp!
    private var root: String { app.root }
    private let login = "App/Login/LoginController.swift"

    override func setUpWithError() throws {
        app = try TemporaryApp("session")
        try write(login, loginController(nonce: false))
        try write("App/Account/Session.swift", sessionChecking(true))
        // A helper in another file that logs what it is handed: the login hands it the token.
        try write("App/Support/Trace.swift", trace(logging: "value"))
        try app.writeScreens(12)
    }

    override func tearDownWithError() throws {
        app?.remove()
    }

    private func write(_ path: String, _ text: String) throws {
        try app.write(path, text)
    }

    /// A helper that prints one of its two parameters: the same words whichever it prints, so
    /// that only the code, not the file's summary, tells them apart.
    private func trace(logging printed: String) -> String {
        "import Foundation\n\nfunc trace(_ value: String, _ label: String) {\n    print(label, \(printed))\n}\n"
    }

    /// The login, which hands the token to `helper` (the helper that logs it, or a function as
    /// long that does not).
    private func loginController(nonce: Bool, handingTo helper: String = "trace") -> String {
        """
        import AuthenticationServices

        final class LoginController: NSObject, ASAuthorizationControllerDelegate {
            func signIn() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = [.email]\(nonce ? "\n        request.nonce = Nonce.hashed(Nonce.fresh())" : "")
                let controller = ASAuthorizationController(authorizationRequests: [request])
                controller.delegate = self
                controller.performRequests()
            }

            func authorizationController(
                controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization
            ) {
                guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
                    let data = credential.identityToken, let token = String(data: data, encoding: .utf8)
                else { return }
                \(helper)(token, "login")
            }
        }

        """
    }

    private func sessionChecking(_ checks: Bool) -> String {
        """
        import AuthenticationServices

        final class Session {
            func restore(userID: String) {
                ASAuthorizationAppleIDProvider().\(checks ? "get" : "got")CredentialState(forUserID: userID) { _, _ in }
            }
        }

        """
    }

    /// What a run finds in the login file with `text` given for it, with the session or without.
    /// Each file's code is let go once it is loaded, as in a tree larger than the code a run
    /// keeps: a question that reaches a file lexes it again, or takes the session's code.
    private func lint(_ text: String, session: LintSession?, whole: Bool = false) throws -> [String] {
        var options = LintOptions(
            scan: ScanOptions(paths: [whole ? root : root + "/" + login]), catalog: try RuleCatalog.builtin(),
            currentDirectory: root)
        options.scan.buffers = [root + "/" + login: Array(text.utf8)]
        options.residentSourceBytes = 1
        options.cacheDirectory = session == nil ? nil : app.cache
        options.session = session
        return try Linter.run(options).findings.map { "\($0.path):\($0.line):\($0.column) \($0.rule)" }
    }

    /// Asserts that the session's run finds what a fresh run does, and returns it.
    @discardableResult
    private func same(_ text: String, _ session: LintSession, _ step: String, whole: Bool = false) throws -> [String] {
        let kept = try lint(text, session: session, whole: whole)
        XCTAssertEqual(kept, try lint(text, session: nil, whole: whole), step)
        return kept
    }

    func testEachRunOfASessionFindsWhatAFreshRunDoes() throws {
        let session = LintSession()
        let first = try same(loginController(nonce: false), session, "the first run")
        XCTAssertTrue(first.contains { $0.hasSuffix("missing-nonce") }, "\(first)")
        XCTAssertTrue(first.contains { $0.hasSuffix("token-logged") }, "the token reaches the helper's print: \(first)")
        XCTAssertFalse(first.contains { $0.hasSuffix("no-credential-state-check") }, "\(first)")
        try same(loginController(nonce: false), session, "the summaries cached: files lexed on use")
        XCTAssertGreaterThan(session.lexed.count, 0, "code lexed on use is kept for the next run")

        // Edits of the text given.
        let edited = try same(loginController(nonce: true), session, "an edit")
        XCTAssertFalse(edited.contains { $0.hasSuffix("missing-nonce") }, "\(edited)")
        try same(loginController(nonce: false), session, "the edit taken back")
        // An import of a test framework makes the file test code: the targets kept are not taken.
        let test = try same("import XCTest\n" + loginController(nonce: false), session, "an edit that imports XCTest")
        XCTAssertFalse(test.contains { $0.hasSuffix("missing-nonce") }, "test code signs in nobody: \(test)")
        try same(loginController(nonce: false), session, "the import taken back")

        // Files changed on disk, as the session's owner is told: the kept code of a file whose
        // stamp changed is not taken, and the scan sees a file created.
        try write("App/Support/Trace.swift", trace(logging: "label"))
        try write("App/Account/Session.swift", sessionChecking(false))
        session.treeChanged()
        let changed = try same(loginController(nonce: false), session, "files changed on disk")
        XCTAssertFalse(changed.contains { $0.hasSuffix("token-logged") }, "the helper no longer logs: \(changed)")
        XCTAssertTrue(changed.contains { $0.hasSuffix("no-credential-state-check") }, "\(changed)")
        // Once the files changed are old enough for the summary cache to take them by their
        // stamps, they are lexed on use again: not from the code kept of them as they were.
        Thread.sleep(forTimeInterval: 2.1)
        try same(loginController(nonce: false), session, "the files changed, cached")
        try same(loginController(nonce: false), session, "the files changed, cached and kept")
        try write(
            "App/Account/Restore.swift", sessionChecking(true).replacingOccurrences(of: "Session", with: "Restore"))
        session.treeChanged()
        let created = try same(loginController(nonce: false), session, "a file created on disk")
        XCTAssertFalse(created.contains { $0.hasSuffix("no-credential-state-check") }, "\(created)")
    }

    /// What the index looked up by name is kept only for the names an edit leaves alone: the
    /// calls of the helper are found again when the login starts calling it, when the call moves,
    /// and when it stops (then another call, as long, is where the helper's call was). Every
    /// file is reported, so that the helper's calls are looked up at every run.
    func testWhatIsLookedUpByNameIsKeptForTheNamesAnEditLeaves() throws {
        let session = LintSession()
        func logged(_ text: String, _ step: String) throws -> Int {
            try same(text, session, step, whole: true).count { $0.hasSuffix("token-logged") }
        }
        XCTAssertEqual(try logged(loginController(nonce: true, handingTo: "stash"), "no call of the helper"), 0)
        // A declaration before the class moves every token of the call along.
        let moved = loginController(nonce: true).replacingOccurrences(
            of: "final class", with: "let delay = 1\n\nfinal class")
        XCTAssertEqual(try logged(moved, "a call added"), 1)
        XCTAssertEqual(try logged(loginController(nonce: true), "the call moved"), 1)
        XCTAssertEqual(try logged(loginController(nonce: true, handingTo: "stash"), "the call removed"), 0)
    }

    /// The functions of a name looked up are kept across an edit that leaves the edited file's
    /// declarations of that name as they were, though it uses the name: once the login declares
    /// a function of the name it calls, what that function returns reaches the helper's print.
    func testTheFunctionsOfANameAreFoundAgainWhenAnEditDeclaresOne() throws {
        try write("App/Support/Values.swift", "func currentValue() -> String {\n    \"anonymous\"\n}\n")
        let declaration = """
                var latest: ASAuthorizationAppleIDCredential?

                func currentValue() -> String {
                    String(data: latest!.identityToken!, encoding: .utf8)!
                }

            """
        let counts = try findingsAcrossADeclaration(
            of: "token-logged", calling: "trace(currentValue(), \"login\")"
        ) { $0.replacingOccurrences(of: "    func signIn() {", with: declaration + "    func signIn() {") }
        XCTAssertEqual(counts, [0, 0, 1, 0])
    }

    /// Likewise the declarations of a type: once the login extends the type whose member it
    /// writes the token to, the member is known to be UserDefaults.
    func testTheDeclarationsOfATypeAreFoundAgainWhenAnEditExtendsIt() throws {
        try write("App/Support/Store.swift", "enum Store {}\n")
        let counts = try findingsAcrossADeclaration(
            of: "token-in-userdefaults", calling: "Store.defaults.set(token, forKey: \"session\")"
        ) { $0 + "extension Store {\n    static let defaults = UserDefaults.standard\n}\n" }
        XCTAssertEqual(counts, [0, 0, 1, 0])
    }

    /// How many findings of `rule` a session's runs of the whole project find, the login handing
    /// the token on by `call`: without `declaring`'s addition (twice, the second time with what
    /// the first looked up kept), with it, and without it again. Each run finds what a fresh one does.
    private func findingsAcrossADeclaration(
        of rule: String, calling call: String, declaring: (String) -> String
    ) throws -> [Int] {
        let session = LintSession()
        let text = loginController(nonce: true).replacingOccurrences(of: "trace(token, \"login\")", with: call)
        let steps = [(text, "without"), (text, "without, kept"), (declaring(text), "with"), (text, "taken back")]
        return try steps.map { text, step in
            try same(text, session, step, whole: true).count { $0.hasSuffix(rule) }
        }
    }

    /// Once the summary cache holds every file, a run takes what the last one loaded of the
    /// files the edits leave as they were, and loads the text given: an edit still counts.
    func testTheLoadOfTheFilesEditsLeaveIsKept() throws {
        Thread.sleep(forTimeInterval: 2.1)  // every file old enough to be taken by its stamp
        let session = LintSession()
        try same(loginController(nonce: false), session, "the first run, which writes the cache")
        try same(loginController(nonce: false), session, "the files taken by their stamps")
        XCTAssertEqual(session.loads.taken, 0)
        let edited = try same(loginController(nonce: true), session, "an edit")
        XCTAssertFalse(edited.contains { $0.hasSuffix("missing-nonce") }, "\(edited)")
        let back = try same(loginController(nonce: false), session, "the edit taken back")
        XCTAssertTrue(back.contains { $0.hasSuffix("missing-nonce") }, "\(back)")
        XCTAssertEqual(session.loads.taken, 2, "each edit took the load of the other files")
    }

    /// Until its owner says the tree changed, a session scans it once: a file created meanwhile
    /// is not seen, and is once it is told.
    func testTheScanIsKeptUntilTheTreeIsSaidToHaveChanged() throws {
        try write("App/Account/Session.swift", sessionChecking(false))
        let session = LintSession()
        let text = loginController(nonce: true)
        XCTAssertTrue(try same(text, session, "the first run").contains { $0.hasSuffix("no-credential-state-check") })
        try write(
            "App/Account/Restore.swift", sessionChecking(true).replacingOccurrences(of: "Session", with: "Restore"))
        XCTAssertTrue(
            try lint(text, session: session).contains { $0.hasSuffix("no-credential-state-check") },
            "the scan kept does not list the file created")
        session.treeChanged()
        XCTAssertFalse(try same(text, session, "told").contains { $0.hasSuffix("no-credential-state-check") })
    }

    /// Kept code is taken only for a file stamped as it was lexed, and past the capacity the
    /// files used least recently go.
    func testKeptCodeIsTakenByStampAndBounded() throws {
        let kept = LexedCode(capacity: 100)
        let stamp = FileStamp(identity: FileIdentity(device: 1, inode: 2), size: 40, modified: 3, changed: 4)
        func code(_ size: Int) -> CodeView {
            CodeView(
                file: SourceFile(
                    path: "A.swift", language: .swift, bytes: Array(repeating: UInt8(ascii: " "), count: size)))
        }
        kept.keep(code(40), "/app/A.swift", stamp: stamp)
        XCTAssertNotNil(kept.code("/app/A.swift", stamp: stamp))
        var touched = stamp
        touched.modified += 1
        XCTAssertNil(kept.code("/app/A.swift", stamp: touched), "a file changed since")
        XCTAssertNil(kept.code("/app/B.swift", stamp: stamp))
        kept.keep(code(40), "/app/B.swift", stamp: stamp)
        XCTAssertNotNil(kept.code("/app/A.swift", stamp: stamp), "A used after B")
        kept.keep(code(40), "/app/C.swift", stamp: stamp)
        XCTAssertEqual(kept.count, 1, "past 100 bytes, down to 75: the least recently used go")
        XCTAssertNotNil(kept.code("/app/C.swift", stamp: stamp))
    }
}
