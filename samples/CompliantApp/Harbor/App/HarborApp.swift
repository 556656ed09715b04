import FirebaseCore
import SwiftUI

@main
struct HarborApp: App {
    @Environment(\.scenePhase) private var scenePhase
    private let profiles: ProfileStore
    @StateObject private var session: Session
    private let apple: AppleSignIn

    init() {
        FirebaseApp.configure()
        let profiles = ProfileStore()
        self.profiles = profiles
        _session = StateObject(wrappedValue: Session(profiles: profiles))
        apple = AppleSignIn(profiles: profiles)
    }

    var body: some Scene {
        WindowGroup {
            LoginView(apple: apple)
                .environmentObject(session)
                .task { await session.refreshAppleCredentialState() }
        }
        .onChange(of: scenePhase) { _, phase in
            if phase == .active { Task { await session.refreshAppleCredentialState() } }
        }
    }
}
