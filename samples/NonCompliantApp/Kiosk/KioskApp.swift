import GoogleSignIn
import SwiftUI

/// The in-store kiosk edition: sign in with Google to print your photos.
@main
struct KioskApp: App {
    var body: some Scene {
        WindowGroup {
            KioskLoginView()
                .onOpenURL { GIDSignIn.sharedInstance.handle($0) }
        }
    }
}
