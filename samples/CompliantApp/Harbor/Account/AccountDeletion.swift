import AuthenticationServices
import FirebaseAuth

/// Deletes the account, first revoking the Apple tokens as Guideline 5.1.1(v) asks.
struct AccountDeletion {
    /// `authorizationCode` comes from a fresh Sign in with Apple re-authentication.
    func deleteAccount(appleAuthorizationCode: Data?) async throws {
        guard let user = Auth.auth().currentUser else { return }
        if let codeData = appleAuthorizationCode, let code = String(data: codeData, encoding: .utf8) {
            try await Auth.auth().revokeToken(withAuthorizationCode: code)
        }
        try await user.delete()
    }
}
