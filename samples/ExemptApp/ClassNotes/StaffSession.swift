import Foundation
import GoogleSignIn

@MainActor
final class StaffSession: ObservableObject {
    @Published private(set) var teacher: String?

    func restore() async {
        guard let user = try? await GIDSignIn.sharedInstance.restorePreviousSignIn() else { return }
        signedIn(user)
    }

    func signedIn(_ user: GIDGoogleUser) {
        teacher = user.profile?.name
    }
}
