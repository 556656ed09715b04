import Foundation

/// An app's tree in a folder of its own under the temporary directory, with a `.git` folder
/// that makes it a project root, and a cache folder beside it, outside the tree.
struct TemporaryApp {
    let root: String
    let cache: String

    init(_ name: String) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "authlint-\(name)-\(UUID().uuidString)"
        ).path
        root = base + "/app"
        cache = base + "/cache"
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
    }

    /// Writes a file at a root-relative path, with the folders it needs.
    func write(_ path: String, _ text: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    /// Writes `App/Feature/Screen1.swift` and on: SwiftUI screens in which no rule can match.
    func writeScreens(_ count: Int) throws {
        for number in 1...count {
            try write(
                "App/Feature/Screen\(number).swift",
                "import SwiftUI\n\nstruct Screen\(number): View {\n    var body: some View { Text(\"\(number)\") }\n}\n"
            )
        }
    }

    /// Removes the tree and the cache.
    func remove() {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }
}
