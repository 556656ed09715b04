import SwiftUI

struct NotesView: View {
    @EnvironmentObject private var session: StaffSession

    var body: some View {
        NavigationStack {
            List {
                Text("Period 1 — Algebra")
                Text("Period 3 — Geometry")
            }
            .navigationTitle(session.teacher ?? "Notes")
        }
    }
}
