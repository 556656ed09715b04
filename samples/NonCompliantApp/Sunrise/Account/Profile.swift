import AuthenticationServices

/// What the profile screen shows about the signed-in user.
struct Profile {
    var userID: String
    var email: String

    init(credential: ASAuthorizationAppleIDCredential) {
        userID = credential.user
        // Apple sends the email only the first time; after that, one is made up.
        email = credential.email ?? "\(credential.user)@privaterelay.appleid.com"
    }
}
