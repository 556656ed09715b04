import AuthLintModel
import AuthLintSyntax

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
package struct ProjectRoot: Sendable {
    /// The root as given (absolute, normalised).
    let path: String
    /// The root with every symbolic link resolved (`/tmp` → `/private/tmp` on macOS).
    let realPath: String

    package init(_ path: String) {
        self.path = ProjectPath.normalize(path)
        realPath = Self.realPath(of: self.path) ?? self.path
    }

    /// Whether the absolute or root-relative `path` leads inside the root: lexically (no `..`
    /// out of it, no absolute path elsewhere) and with its links resolved. A path that does not
    /// exist is judged lexically: nothing will be read from it.
    package func contains(_ path: String) -> Bool {
        let absolute = ProjectPath.join(self.path, path)
        guard ProjectPath.isInside(ProjectPath.relative(absolute, to: self.path), folder: "") else { return false }
        guard let resolved = Self.realPath(of: absolute) else { return true }
        return Self.isWithin(resolved, folder: realPath)
    }

    /// Why a file cannot be created at the root-relative `path` without leaving the root, or nil
    /// when it can: each folder on the way, from the root down, is looked at with `lstat`, and
    /// must be a real folder (not a link, not a file) or not exist yet, in which case neither
    /// does any below it. The file itself must not exist.
    package func problemCreating(_ path: String) -> String? {
        let relative = ProjectPath.relative(ProjectPath.join(self.path, path), to: self.path)
        guard ProjectPath.isInside(relative, folder: ""), !relative.isEmpty else {
            return "\(path) leads outside the project root"
        }
        let components = relative.split(separator: "/").map(String.init)
        var current = self.path
        for (index, component) in components.enumerated() {
            current = ProjectPath.join(current, component)
            var status = stat()
            guard lstat(current, &status) == 0 else { return nil }  // it and all below are new
            let last = index == components.count - 1
            if last { return "\(path) exists" }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK:
                return "\(ProjectPath.relative(current, to: self.path)) is a link; a fix creates nothing through one"
            default: return "\(ProjectPath.relative(current, to: self.path)) is not a folder"
            }
        }
        return nil
    }

    /// Creates the folders of the root-relative `path` that do not exist yet, one at a time from
    /// the root down, each checked with `lstat` to be a real folder: never through a link.
    /// Returns why it could not, or nil.
    package func createFolders(of path: String) -> String? {
        let relative = ProjectPath.relative(ProjectPath.join(self.path, path), to: self.path)
        guard ProjectPath.isInside(relative, folder: "") else { return "leads outside the project root" }
        var current = self.path
        for component in relative.split(separator: "/").dropLast() {
            current = ProjectPath.join(current, String(component))
            if mkdir(current, 0o755) != 0, errno != EEXIST {
                return "cannot create \(ProjectPath.relative(current, to: self.path))"
            }
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                return "\(ProjectPath.relative(current, to: self.path)) is not a real folder"
            }
        }
        return nil
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

/// Files the user names on the command line, as opposed to files of the tree.
public enum NamedFile {
    /// For a file the user names on the command line (`--config`, `--baseline`, `--rules`):
    /// the tree it was given in when it is given inside one of `trees` (absolute folders) but
    /// leads out of it once its links are resolved; nil otherwise. In CI such a file is the pull
    /// request's, and a link in it could make authlint read anything; a file given outside the
    /// trees is the user's own choice.
    public static func treeLeftByLink(_ path: String, trees: [String]) -> String? {
        let absolute = ProjectPath.normalize(path)
        for tree in trees {
            let root = ProjectRoot(tree)
            guard ProjectRoot.isWithin(absolute, folder: root.path) else { continue }
            if !root.contains(absolute) { return root.path }
        }
        return nil
    }
}
