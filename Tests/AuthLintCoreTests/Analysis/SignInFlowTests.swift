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

/// A finding's related places come from its own sign-in flow: a target with two sign-ins (one
/// right, one wrong) never sends the reader of one finding into the other flow's code.
final class SignInFlowTests: XCTestCase {
    /// The sign-in that is right: a delegate flow in one type that sets its nonce and reads the
    /// token. Its path sorts first, as a target's search would take it.
    private let onboarding = """
        import AuthenticationServices

        final class OnboardingController: NSObject, ASAuthorizationControllerDelegate {
            func start() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.nonce = Nonce.hashed()
                let controller = ASAuthorizationController(authorizationRequests: [request])
                controller.delegate = self
                controller.performRequests()
            }

            func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
                let credential = authorization.credential as? ASAuthorizationAppleIDCredential
                Backend.shared.signIn(token: credential?.identityToken)
            }
        }

        """

    /// The sign-in that forgets its nonce: the request in one file, the answer in an extension
    /// in another, the token read by a helper of another type.
    private let linking = """
        import AuthenticationServices

        final class LinkAccountController: NSObject {
            let linker = AccountLinker()

            func link() {
                let request = ASAuthorizationAppleIDProvider().createRequest()
                request.requestedScopes = [.email]
                let controller = ASAuthorizationController(authorizationRequests: [request])
                controller.delegate = self
                controller.performRequests()
            }
        }

        """

    private let linkingDelegate = """
        import AuthenticationServices

        extension LinkAccountController: ASAuthorizationControllerDelegate {
            func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
                guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential else { return }
                linker.attach(credential: credential)
            }
        }

        """

    private let linker = """
        import AuthenticationServices

        final class AccountLinker {
            func attach(credential: ASAuthorizationAppleIDCredential) {
                guard let token = credential.identityToken else { return }
                Backend.shared.link(token: token)
            }
        }

        """

    private func missingNonce(_ files: [String: String]) throws -> [Finding] {
        try lintTree(files).findings.filter { $0.rule == "missing-nonce" }
    }

    func testTheTokenReadIsFoundThroughTheFlowsExtensionAndHelper() throws {
        let found = try missingNonce([
            "A/Onboarding.swift": onboarding,
            "B/LinkAccount.swift": linking,
            "B/LinkAccount+Delegate.swift": linkingDelegate,
            "C/AccountLinker.swift": linker,
        ])
        XCTAssertEqual(found.map(\.path), ["B/LinkAccount.swift"])
        XCTAssertEqual(found.first?.related.map { "\($0.path):\($0.line)" }, ["C/AccountLinker.swift:5"])
    }

    func testAFlowThatReadsNoTokenPointsIntoNoOtherFlow() throws {
        // The linking flow hands the credential to nothing that reads the token: the only
        // `.identityToken` of the target is the onboarding flow's, which is not this finding's.
        let found = try missingNonce([
            "A/Onboarding.swift": onboarding,
            "B/LinkAccount.swift": linking,
            "B/LinkAccount+Delegate.swift": linkingDelegate.replacingOccurrences(
                of: "linker.attach(credential: credential)", with: "print(credential.user)"),
        ])
        XCTAssertEqual(found.map(\.path), ["B/LinkAccount.swift"])
        XCTAssertEqual(found.first?.related, [])
    }

    func testTheDelegateOfAnotherTypeIsPartOfTheFlow() throws {
        // The view model makes the request; the view controller it names as the delegate takes
        // the answer.
        let found = try missingNonce([
            "A/Onboarding.swift": onboarding,
            "B/LoginViewModel.swift": """
            import AuthenticationServices

            final class LoginViewModel {
                weak var viewController: LoginViewController?

                func appleTapped() {
                    let request = ASAuthorizationAppleIDProvider().createRequest()
                    let controller = ASAuthorizationController(authorizationRequests: [request])
                    controller.delegate = viewController
                    controller.performRequests()
                }
            }

            """,
            "C/LoginViewController.swift": """
            import UIKit
            import AuthenticationServices

            final class LoginViewController: UIViewController, ASAuthorizationControllerDelegate {
                func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
                    let credential = authorization.credential as? ASAuthorizationAppleIDCredential
                    Backend.shared.signIn(token: credential?.identityToken)
                }
            }

            """,
        ])
        XCTAssertEqual(found.map(\.path), ["B/LoginViewModel.swift"])
        XCTAssertEqual(found.first?.related.map { "\($0.path):\($0.line)" }, ["C/LoginViewController.swift:7"])
    }

    func testAButtonComponentsFlowGoesOnInTheClosureItsScreenGivesIt() throws {
        // A reusable button hands the result to a closure it was given; the screen that shows
        // it reads the token there. Another screen's read sorts first.
        let found = try missingNonce([
            "A/Onboarding.swift": onboarding,
            "B/AppleButton.swift": """
            import SwiftUI
            import AuthenticationServices

            struct AppleButton: View {
                let onCompletion: (Result<ASAuthorization, Error>) -> Void
                var body: some View {
                    SignInWithAppleButton(.signIn, onRequest: { request in
                        request.requestedScopes = [.email]
                    }, onCompletion: { result in
                        onCompletion(result)
                    })
                }
            }

            """,
            "C/WelcomeScreen.swift": """
            import SwiftUI
            import AuthenticationServices

            struct WelcomeScreen: View {
                var body: some View {
                    AppleButton(onCompletion: { result in
                        if case let .success(authorization) = result,
                           let credential = authorization.credential as? ASAuthorizationAppleIDCredential {
                            Backend.shared.signIn(token: credential.identityToken)
                        }
                    })
                }
            }

            """,
        ])
        XCTAssertEqual(found.map(\.path), ["B/AppleButton.swift"])
        XCTAssertEqual(found.first?.related.map { "\($0.path):\($0.line)" }, ["C/WelcomeScreen.swift:9"])
    }

    func testTheFlowIsFoundFromAHelperBackToTheButtonThatCallsIt() throws {
        // The credential is handled in a session type; the request that asks for the name is in
        // the closure of the button whose completion calls it, not in the other screen's request.
        let report = try lintTree([
            "A/Settings.swift": """
            import AuthenticationServices

            final class ReauthController {
                func reauthenticate() {
                    let request = ASAuthorizationAppleIDProvider().createRequest()
                    request.requestedScopes = [.fullName]
                    ASAuthorizationController(authorizationRequests: [request]).performRequests()
                }
            }

            """,
            "B/LoginView.swift": """
            import SwiftUI
            import AuthenticationServices

            struct LoginView: View {
                let session: Session
                var body: some View {
                    SignInWithAppleButton(.signIn) { request in
                        request.requestedScopes = [.fullName, .email]
                    } onCompletion: { result in
                        session.handle(result)
                    }
                }
            }

            """,
            "C/Session.swift": """
            import AuthenticationServices

            final class Session {
                func handle(_ result: Result<ASAuthorization, Error>) {
                    guard case let .success(authorization) = result,
                          let credential = authorization.credential as? ASAuthorizationAppleIDCredential else { return }
                    Backend.shared.signIn(user: credential.user)
                }
            }

            """,
        ])
        let found = report.findings.filter { $0.rule == "full-name-not-persisted" }
        XCTAssertEqual(found.map(\.path), ["C/Session.swift"])
        XCTAssertEqual(found.first?.related.map { "\($0.path):\($0.line)" }, ["B/LoginView.swift:8"])
    }
}
