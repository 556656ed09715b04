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

/// Sign in with Apple counts as offered only where live code reaches it; when it is there but out
/// of reach, the finding says so and points at it with the reason.
final class ReachabilityTests: XCTestCase {
    private func lint(_ files: [String: String]) throws -> [Finding] {
        try lintTree(files).findings.filter { $0.rule == "third-party-login-without-apple" }
    }

    private let app = """
        import SwiftUI

        @main
        struct SunriseApp: App {
            var body: some Scene { WindowGroup { LoginView(model: LoginModel()) } }
        }

        """

    private func loginView(apple: String, extra: String = "") -> String {
        """
        import SwiftUI
        import GoogleSignInSwift
        import AuthenticationServices
        \(extra)
        struct LoginView: View {
            let model: LoginModel
            var body: some View {
                VStack {
                    GoogleSignInButton(action: model.signInWithGoogle)
                    \(apple)
                }
            }
        }

        """
    }

    /// A view nothing in the app uses that holds a working Apple button (line 6), and what
    /// follows it in its file.
    private func appleView(previews: String = "") -> String {
        """
        import SwiftUI
        import AuthenticationServices

        struct AppleView: View {
            let model: LoginModel
            var body: some View { \(appleButton) }
        }

        \(previews)
        """
    }

    private let appleButton =
        "SignInWithAppleButton(.signIn, onRequest: { $0.requestedScopes = [.email] }, onCompletion: { model.finish($0) })"

    func testAReachableButtonIsOffered() throws {
        XCTAssertEqual(try lint(["App.swift": app, "LoginView.swift": loginView(apple: appleButton)]).count, 0)
    }

    func testAButtonBehindAFlagThatIsAlwaysFalseIsNot() throws {
        let found = try lint([
            "App.swift": app,
            "LoginView.swift": loginView(
                apple: "if Flags.showsApple, model.ready { \(appleButton) }",
                extra: "enum Flags { static let showsApple: Bool = false }"),
        ])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("is in code nothing reaches") == true, found.first?.message ?? "")
        XCTAssertEqual(
            found.first?.related.map(\.message),
            [
                "Sign in with Apple is set up here, but nothing reaches it: under `if Flags.showsApple`, which is always false"
            ])
    }

    func testAViewOnlyAPreviewShowsIsNotAndSaysWhy() throws {
        let found = try lint([
            "App.swift": app,
            "LoginView.swift": loginView(apple: ""),
            "AppleView.swift": appleView(
                previews: """
                    struct AppleView_Previews: PreviewProvider {
                        static var previews: some View { AppleView(model: LoginModel()) }
                    }

                    """),
        ])
        XCTAssertEqual(
            found.flatMap(\.related).map(\.message),
            ["Sign in with Apple is set up here, but nothing reaches it: `AppleView` is never used"])
        XCTAssertEqual(found.flatMap(\.related).map(\.line), [6])
    }

    func testAShownButtonThatDoesNotSignInIsNotCalledUnreachable() throws {
        // The button the screen shows has empty closures; the working one is in a view nothing
        // uses. The message must not say that nothing reaches the app's Sign in with Apple.
        let found = try lint([
            "App.swift": app,
            "LoginView.swift": loginView(
                apple: "SignInWithAppleButton(.continue, onRequest: { _ in }, onCompletion: { _ in })"),
            "AppleView.swift": appleView(),
        ])
        XCTAssertEqual(found.count, 1)
        let message = found.first?.message ?? ""
        XCTAssertTrue(message.contains("the Sign in with Apple button this app shows does not sign in"), message)
        XCTAssertFalse(message.contains("nothing reaches"), message)
        XCTAssertEqual(
            found.first?.related.map { "\($0.path):\($0.line): \($0.message)" },
            [
                "LoginView.swift:10: the Sign in with Apple button shown here does not sign in",
                "AppleView.swift:6: Sign in with Apple is set up here, but nothing reaches it: `AppleView` is never used",
            ])
    }

    func testAnActionNothingConnectsIsNotButOneAXibConnectsIs() throws {
        let controller = """
            import UIKit
            import GoogleSignIn
            import AuthenticationServices

            final class LoginViewController: UIViewController {
                let button = UIButton()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    button.addTarget(self, action: #selector(google), for: .touchUpInside)
                }
                @objc func google() { GIDSignIn.sharedInstance.signIn(withPresenting: self) { _, _ in } }
                @objc func apple() { ASAuthorizationController(authorizationRequests: [ASAuthorizationAppleIDProvider().createRequest()]).performRequests() }
            }

            """
        let delegate = "import UIKit\n\nfunc makeRoot() -> UIViewController { LoginViewController() }\n"
        let unconnected = try lint(["Login.swift": controller, "Root.swift": delegate])
        XCTAssertEqual(
            unconnected.flatMap(\.related).map(\.message),
            ["Sign in with Apple is set up here, but nothing reaches it: nothing calls `apple`"])
        let xib =
            "<document><objects><button><connections><action selector=\"apple\" destination=\"-1\" eventType=\"touchUpInside\" id=\"x\"/></connections></button></objects></document>\n"
        XCTAssertEqual(try lint(["Login.swift": controller, "Root.swift": delegate, "Login.xib": xib]).count, 0)
    }

    func testTheAnswerToARequestNothingMakesIsAsUnreachableAsTheRequest() throws {
        // The Apple credential is handed to Firebase in the delegate method, which the system
        // calls only for the requests its type makes: here, in an action nothing connects.
        let controller = { (connect: String) in
            """
            import UIKit
            import GoogleSignIn
            import AuthenticationServices
            import FirebaseAuth

            final class LoginViewController: UIViewController {
                let button = UIButton()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    button.addTarget(self, action: #selector(google), for: .touchUpInside)
                    \(connect)
                }
                @objc func google() { GIDSignIn.sharedInstance.signIn(withPresenting: self) { _, _ in } }
                @objc func apple() {
                    let request = ASAuthorizationAppleIDProvider().createRequest()
                    let controller = ASAuthorizationController(authorizationRequests: [request])
                    controller.delegate = self
                    controller.performRequests()
                }
            }

            extension LoginViewController: ASAuthorizationControllerDelegate {
                func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
                    guard let appleID = authorization.credential as? ASAuthorizationAppleIDCredential,
                          let token = appleID.identityToken.flatMap({ String(data: $0, encoding: .utf8) }) else { return }
                    let credential = OAuthProvider.appleCredential(withIDToken: token, rawNonce: nil, fullName: nil)
                    Auth.auth().signIn(with: credential) { _, _ in }
                }
            }

            """
        }
        let root = "import UIKit\n\nfunc makeRoot() -> UIViewController { LoginViewController() }\n"
        let unconnected = try lint(["Login.swift": controller("// no Apple button"), "Root.swift": root])
        XCTAssertEqual(unconnected.map(\.rule), ["third-party-login-without-apple"])
        XCTAssertEqual(
            unconnected.flatMap(\.related).map(\.message),
            ["Sign in with Apple is set up here, but nothing reaches it: nothing calls `apple`"])
        let connected = controller("button.addTarget(self, action: #selector(apple), for: .touchUpInside)")
        XCTAssertEqual(try lint(["Login.swift": connected, "Root.swift": root]).count, 0)
    }

    func testGoogleSignInAsUnreachableAsTheAppleOneIsNoFinding() throws {
        // A single controller nothing shows: what is reached cannot be told, and both are there.
        let controller = """
            import UIKit
            import GoogleSignIn
            import AuthenticationServices

            final class LoginViewController: UIViewController {
                @objc func google() { GIDSignIn.sharedInstance.signIn(withPresenting: self) { _, _ in } }
                @objc func apple() { ASAuthorizationController(authorizationRequests: [ASAuthorizationAppleIDProvider().createRequest()]).performRequests() }
            }

            """
        XCTAssertEqual(try lint(["Login.swift": controller]).count, 0)
    }
}
