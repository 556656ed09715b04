import CryptoKit
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

/// The key that signs Apple's client secret, pasted in so the app could revoke tokens itself:
/// every copy of the app hands it to whoever unzips the bundle.
private let appleClientSecretKey = """
    -----BEGIN PRIVATE KEY-----
    (the AuthKey .p8 goes here; this sample holds none)
    -----END PRIVATE KEY-----
    """

/// Apple's client secret, signed in the app with that key, for the revocation still to be written.
func appleClientSecret() throws -> String {
    let key = try P256.Signing.PrivateKey(pemRepresentation: appleClientSecretKey)
    let header = #"{"alg":"ES256","kid":"SUNRISEKEY"}"#
    let claims = #"{"iss":"SUNRISETEAM","aud":"https://appleid.apple.com","sub":"app.sunrise.photos"}"#
    let signature = try key.signature(for: Data("\(header).\(claims)".utf8))
    return "\(header).\(claims).\(signature.rawRepresentation.base64EncodedString())"
}
