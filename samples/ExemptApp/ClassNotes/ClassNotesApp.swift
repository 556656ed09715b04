import GoogleSignIn
import SwiftUI

@main
struct ClassNotesApp: App {
    @StateObject private var session = StaffSession()

    var body: some Scene {
        WindowGroup {
            Group {
                if session.teacher == nil {
                    StaffLoginView()
                } else {
                    NotesView()
                }
            }
            .environmentObject(session)
            .onOpenURL { GIDSignIn.sharedInstance.handle($0) }
            .task { await session.restore() }
        }
    }
}
