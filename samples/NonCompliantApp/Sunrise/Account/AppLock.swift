import Combine
import LocalAuthentication

/// Locks Sunrise behind Face ID when it comes back from the background. The Face ID answer is a
/// Boolean, and the refresh token it unlocks opens without one.
@MainActor
final class AppLock: ObservableObject {
    @Published private(set) var isUnlocked = false
    @Published private(set) var refreshToken: String?
    private let store = RefreshTokenStore()

    func unlock() {
        let context = LAContext()
        context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock Sunrise") { success, _ in
            guard success else { return }
            Task { @MainActor in
                self.isUnlocked = true
                self.refreshToken = self.store.read()
            }
        }
    }
}
