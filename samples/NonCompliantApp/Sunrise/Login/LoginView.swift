import AuthenticationServices
import GoogleSignIn
import GoogleSignInSwift
import SwiftUI

struct LoginView: View {
    @EnvironmentObject private var session: Session

    var body: some View {
        VStack(spacing: 16) {
            Text("Welcome to Sunrise")
                .font(.largeTitle)

            GoogleSignInButton(action: signInWithGoogle)

            // The SwiftUI button: its request never gets a nonce.
            SignInWithAppleButton(.continue) { request in
                request.requestedScopes = [.email]
            } onCompletion: { result in
                session.finishAppleSignIn(result)
            }
            .frame(height: 44)
        }
        .padding()
    }

    private func signInWithGoogle() {
        guard let root = UIApplication.shared.rootViewController else { return }
        GIDSignIn.sharedInstance.signIn(withPresenting: root) { result, error in
            guard let user = result?.user, let idToken = user.idToken?.tokenString else { return }
            session.signInWithGoogle(idToken: idToken, accessToken: user.accessToken.tokenString)
        }
    }
}
