import GoogleSignIn
import KakaoSDKUser
import SwiftUI

struct KioskLoginView: View {
    @State private var name: String?

    var body: some View {
        VStack(spacing: 24) {
            Text(name.map { "Hello, \($0)" } ?? "Print your Sunrise photos")
                .font(.title)
            Button("Sign in with Google", action: signIn)
                .buttonStyle(.borderedProminent)
            Button("Sign in with Kakao", action: signInWithKakao)
        }
    }

    private func signInWithKakao() {
        // Kakao's usual idiom: the call written with its trailing closure only.
        UserApi.shared.loginWithKakaoTalk { token, _ in
            name = token == nil ? nil : "Kakao friend"
        }
    }

    private func signIn() {
        guard let root = UIApplication.shared.rootViewController else { return }
        GIDSignIn.sharedInstance.signIn(withPresenting: root) { result, _ in
            name = result?.user.profile?.name
        }
    }
}
