import FirebaseAuth
import Foundation

/// The settings screen's account actions.
struct AccountSettings {
    /// Deletes the Firebase user. The Apple tokens stay valid: nothing revokes them.
    func deleteAccount() async throws {
        // authlint:disable:next missing-nonce -- no Apple request is made here
        guard let user = Auth.auth().currentUser else { return }
        try await user.delete()
        UserDefaults.standard.removeObject(forKey: "appleIdentityToken")
    }
}
