import AuthenticationServices
import GoogleSignIn
import GoogleSignInSwift
import SwiftUI

struct LoginView: View {
    @EnvironmentObject private var session: Session
    let apple: AppleSignIn

    var body: some View {
        VStack(spacing: 12) {
            Text("Harbor")
                .font(.largeTitle.bold())

            SignInWithAppleButton(.signIn) { request in
                apple.prepare(request)
            } onCompletion: { result in
                Task { try? await apple.complete(result) }
            }
            .signInWithAppleButtonStyle(.black)
            .frame(height: 48)

            GoogleSignInButton(action: signInWithGoogle)
                .frame(height: 48)
        }
        .padding(24)
    }

    private func signInWithGoogle() {
        guard let root = UIApplication.shared.rootViewController else { return }
        GIDSignIn.sharedInstance.signIn(withPresenting: root) { result, _ in
            guard let user = result?.user, let idToken = user.idToken?.tokenString else { return }
            session.signInWithGoogle(idToken: idToken, accessToken: user.accessToken.tokenString)
        }
    }
}
