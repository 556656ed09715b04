import GoogleSignIn
import GoogleSignInSwift
import SwiftUI

/// District staff only: the hosted domain keeps personal Google accounts out.
struct StaffLoginView: View {
    @EnvironmentObject private var session: StaffSession

    var body: some View {
        VStack(spacing: 20) {
            Text("Lakeview ClassNotes")
                .font(.largeTitle.bold())
            Text("Sign in with your district account.")
            GoogleSignInButton(scheme: .light, style: .wide, action: signIn)
        }
        .padding(32)
    }

    private func signIn() {
        guard let root = UIApplication.shared.rootViewController else { return }
        GIDSignIn.sharedInstance.signIn(withPresenting: root, hint: nil, additionalScopes: nil) { result, error in
            guard let user = result?.user, user.profile?.email.hasSuffix("@lakeview.k12.example") == true else { return }
            session.signedIn(user)
        }
    }
}
