#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The project root as the file system sees it, and the one test every path must pass before it
/// is opened: that it leads to a place inside the root, links resolved. A path or link that leads
/// outside is reported (`outside-root`), never read.
struct ProjectRoot: Sendable {
    /// The root as given (absolute, normalised).
    let path: String
    /// The root with every symbolic link resolved (`/tmp` → `/private/tmp` on macOS).
    let realPath: String

    init(_ path: String) {
        self.path = ProjectPath.normalize(path)
        realPath = Self.realPath(of: self.path) ?? self.path
    }

    /// Whether the absolute or root-relative `path` leads inside the root: lexically (no `..`
    /// out of it, no absolute path elsewhere) and with its links resolved. A path that does not
    /// exist is judged lexically: nothing will be read from it.
    func contains(_ path: String) -> Bool {
        let absolute = ProjectPath.join(self.path, path)
        guard ProjectPath.isInside(ProjectPath.relative(absolute, to: self.path), folder: "") else { return false }
        guard let resolved = Self.realPath(of: absolute) else { return true }
        return Self.isWithin(resolved, folder: realPath)
    }

    /// Whether an already resolved absolute path lies inside the resolved root.
    func containsResolved(_ resolved: String) -> Bool {
        Self.isWithin(resolved, folder: realPath)
    }

    static func isWithin(_ path: String, folder: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// `realpath(3)`: the absolute path with every link, `.` and `..` resolved; nil when it
    /// does not exist or cannot be resolved (a loop).
    static func realPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The diagnostic for a reference or link that leads outside the root.
    static func outside(_ path: String, _ what: String) -> Diagnostic {
        Diagnostic(path: path, kind: .outsideRoot, message: "\(what) outside the project root; not read")
    }
}
