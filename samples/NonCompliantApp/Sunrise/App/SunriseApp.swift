import FirebaseCore
import SwiftUI

@main
struct SunriseApp: App {
    @StateObject private var session = Session()

    init() {
        FirebaseApp.configure()
    }

    var body: some Scene {
        WindowGroup {
            LoginView()
                .environmentObject(session)
        }
    }
}
