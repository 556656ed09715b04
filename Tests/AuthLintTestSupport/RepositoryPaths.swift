import Foundation

/// Where the repository's own files are, for the tests that read them.
package enum RepositoryPaths {
    /// The repository root, found from this file's path.
    package static var root: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }
}
