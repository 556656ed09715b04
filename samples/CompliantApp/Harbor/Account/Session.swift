import AuthenticationServices
import FirebaseAuth
import Foundation

/// The signed-in user; follows the Apple credential's state for as long as the app runs.
@MainActor
final class Session: ObservableObject {
    @Published private(set) var signedIn = false
    private let profiles: ProfileStore
    private var revocationObserver: NSObjectProtocol?

    init(profiles: ProfileStore) {
        self.profiles = profiles
        revocationObserver = NotificationCenter.default.addObserver(
            forName: ASAuthorizationAppleIDProvider.credentialRevokedNotification, object: nil, queue: .main
        ) { [weak self] _ in
            Task { @MainActor in self?.signOut() }
        }
    }

    /// At launch and on returning to the foreground: is the Apple credential still good?
    func refreshAppleCredentialState() async {
        guard let userID = profiles.appleUserID else { return }
        let state = try? await ASAuthorizationAppleIDProvider().credentialState(forUserID: userID)
        if state == .revoked || state == .notFound { signOut() }
    }

    func signInWithGoogle(idToken: String, accessToken: String) {
        let credential = GoogleAuthProvider.credential(withIDToken: idToken, accessToken: accessToken)
        Auth.auth().signIn(with: credential) { [weak self] result, _ in
            Task { @MainActor in self?.signedIn = result != nil }
        }
    }

    func signOut() {
        try? Auth.auth().signOut()
        profiles.forgetAppleUser()
        signedIn = false
    }
}
