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

/// A rule reported once per target keeps the first site of each target that code reaches, in path
/// order: the files after it are not looked at for that rule, and a run that names files looks no further than
/// the last one whose findings it could report.
final class FirstSiteTests: XCTestCase {
    /// An app that uses Sign in with Apple and deletes accounts in thirty view controllers (each
    /// made by the first file) without revoking tokens.
    private func tree() throws -> ScanFixture {
        let tree = try ScanFixture()
        try tree.write(
            "App/Login.swift",
            """
            import AuthenticationServices

            func signIn() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.nonce = sha256(nonce)
            }

            let settings: [AnyObject] = [\((0..<30).map { "Settings\($0)()" }.joined(separator: ", "))]

            """)
        for number in 0..<30 {
            try tree.write(
                String(format: "App/Settings%02d.swift", number),
                """
                final class Settings\(number): UIViewController {
                    func deleteAccount\(number)() async throws {
                        try await api.send(path: "/v1/users/delete")
                    }
                }

                """)
        }
        return tree
    }

    private func run(_ paths: [String], in tree: ScanFixture) throws -> LintReport {
        var options = LintOptions(
            scan: ScanOptions(paths: paths), catalog: try RuleCatalog.builtin(), currentDirectory: tree.root)
        options.residentSourceBytes = 0
        return try Linter.run(options)
    }

    func testTheFirstSiteIsReportedAndTheFilesAfterItAreNotLexedAgain() throws {
        let tree = try tree()
        let whole = try run([tree.root], in: tree)
        let deletions = whole.findings.filter { $0.rule == "missing-token-revocation-on-delete" }
        XCTAssertEqual(deletions.map(\.path), ["App/Settings00.swift"])
        XCTAssertEqual(deletions.map(\.line), [3])
        XCTAssertEqual(whole.filesLetGo, 31)
        // The first batch of files is tried at once; the other twenty-two are not lexed again.
        XCTAssertLessThanOrEqual(whole.filesLexedAgain, 9, "lexed again: \(whole.filesLexedAgain)")
    }

    func testANamedFileAfterTheFirstSiteHasNoFindingAndTheFirstOneHasIt() throws {
        let tree = try tree()
        let later = try run(["App/Settings17.swift"], in: tree)
        XCTAssertEqual(later.findings.filter { $0.rule == "missing-token-revocation-on-delete" }, [])
        XCTAssertLessThanOrEqual(later.filesLexedAgain, 9, "lexed again: \(later.filesLexedAgain)")
        let first = try run(["App/Settings00.swift"], in: tree)
        XCTAssertEqual(first.findings.filter { $0.rule == "missing-token-revocation-on-delete" }.map(\.line), [3])
    }

    /// A first site nothing reaches (a button in a view nobody shows) gives way to a later one
    /// that code reaches; naming either file gives what the whole run gives in it.
    func testAFirstSiteNothingReachesGivesWayToALaterOneThatCodeReaches() throws {
        let tree = try ScanFixture()
        for (path, view) in [("App/Buttons.swift", "AppleButton"), ("App/LoginView.swift", "LoginView")] {
            try tree.write(
                path,
                """
                import AuthenticationServices
                import SwiftUI

                struct \(view): View {
                    var body: some View {
                        SignInWithAppleButton(.signIn, onRequest: { _ in }, onCompletion: { _ in })
                    }
                }

                """)
        }
        try tree.write(
            "App/SunriseApp.swift",
            """
            import SwiftUI

            @main
            struct SunriseApp: App {
                var body: some Scene { WindowGroup { LoginView() } }
            }

            """)
        func stateChecks(_ paths: [String]) throws -> [String] {
            try run(paths, in: tree).findings.filter { $0.rule == "no-credential-state-check" }.map {
                URL(fileURLWithPath: $0.path).lastPathComponent
            }
        }
        XCTAssertEqual(try stateChecks([tree.root]), ["LoginView.swift"])
        XCTAssertEqual(try stateChecks(["App/Buttons.swift"]), [])
        XCTAssertEqual(try stateChecks(["App/LoginView.swift"]), ["LoginView.swift"])
        // With no reached site, the first one stands for the target.
        try tree.write("App/SunriseApp.swift", "struct SunriseApp {}\n")
        XCTAssertEqual(try stateChecks([tree.root]), ["Buttons.swift"])
    }

    /// A logger installed in two files is one finding, at the first: naming the second file finds
    /// nothing of its own there, naming the first finds it with the second as a related place.
    func testAnotherFilesInstallationOfALoggerIsNoFindingOfItsOwn() throws {
        let tree = try ScanFixture()
        try tree.write(
            "App/Auth.swift",
            """
            import Alamofire

            let headers: HTTPHeaders = [.authorization(bearerToken: Session.token)]

            """)
        for name in ["Users", "Posts"] {
            try tree.write(
                "App/\(name)API.swift",
                """
                import Moya

                let \(name.lowercased()) = MoyaProvider<\(name)>(plugins: [NetworkLoggerPlugin(configuration: .init(logOptions: .verbose))])

                """)
        }
        // Paths show relative to what is named: their files' names are compared.
        let logged = { (paths: [String]) throws -> [String] in
            try self.run(paths, in: tree).findings.filter { $0.rule == "token-logged" }.map {
                ([$0.path] + $0.related.map(\.path)).map { ProjectPath.lastComponent(of: $0) }.joined(separator: " ")
            }
        }
        XCTAssertEqual(try logged([tree.root]), ["PostsAPI.swift Auth.swift UsersAPI.swift"])
        XCTAssertEqual(try logged(["App/PostsAPI.swift"]), ["PostsAPI.swift Auth.swift UsersAPI.swift"])
        XCTAssertEqual(try logged(["App/UsersAPI.swift"]), [])
    }
}
