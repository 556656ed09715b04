import AuthenticationServices
import CryptoKit
import FirebaseAuth
import Foundation

/// Builds Sign in with Apple requests and turns Apple's answer into a Firebase session.
@MainActor
final class AppleSignIn: NSObject {
    private var currentNonce: String?
    private let profiles: ProfileStore

    init(profiles: ProfileStore) {
        self.profiles = profiles
    }

    /// Prepares the request of the SwiftUI button: scopes and a hashed, single-use nonce.
    func prepare(_ request: ASAuthorizationAppleIDRequest) {
        let nonce = randomNonceString()
        currentNonce = nonce
        request.requestedScopes = [.fullName, .email]
        request.nonce = sha256(nonce)
    }

    func complete(_ result: Result<ASAuthorization, Error>) async throws {
        guard case .success(let authorization) = result,
              let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
              let nonce = currentNonce,
              let tokenData = credential.identityToken,
              let idToken = String(data: tokenData, encoding: .utf8)
        else { throw SignInError.incomplete }

        // Apple sends the name and email only the first time: keep them when they come.
        if let email = credential.email {
            profiles.save(email: email, for: credential.user)
        }
        let firebaseCredential = OAuthProvider.appleCredential(
            withIDToken: idToken, rawNonce: nonce, fullName: credential.fullName)
        try await Auth.auth().signIn(with: firebaseCredential)
        profiles.rememberAppleUser(credential.user)
        currentNonce = nil
    }

    private func randomNonceString(length: Int = 32) -> String {
        var bytes = [UInt8](repeating: 0, count: length)
        let status = SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes)
        precondition(status == errSecSuccess, "Unable to generate a nonce: OSStatus \(status)")
        let charset = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-._")
        return String(bytes.map { charset[Int($0) % charset.count] })
    }

    private func sha256(_ input: String) -> String {
        SHA256.hash(data: Data(input.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

enum SignInError: Error {
    case incomplete
}
