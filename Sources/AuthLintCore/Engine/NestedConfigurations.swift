import Foundation

/// The configurations that apply to each file: the project's own, and for files in a folder
/// that has its own `.authlint.yml` (an app inside a monorepo), that nearer one.
public struct NestedConfigurations: Sendable {
    /// The configuration of the project root (or `--config`).
    public var root: Configuration
    /// Nested configurations by their folder, relative to the root ("" is the root).
    public var byFolder: [String: Configuration] = [:]

    public init(root: Configuration, byFolder: [String: Configuration] = [:]) {
        self.root = root
        self.byFolder = byFolder
    }

    /// Loads every `.authlint.yml` between the root and the folders of `paths` (root-relative).
    /// An explicit `--config` applies everywhere.
    static func load(explicit: String?, root: String, paths: [String]) throws -> NestedConfigurations {
        var result = NestedConfigurations(root: try Configuration.load(path: explicit, root: root))
        guard explicit == nil else { return result }
        var checked = Set<String>()
        for path in paths {
            var folder = path.split(separator: "/").dropLast().map(String.init)
            while !folder.isEmpty {
                let relative = folder.joined(separator: "/")
                guard checked.insert(relative).inserted else { break }
                let file = (root as NSString).appendingPathComponent(relative + "/" + Configuration.fileName)
                if FileManager.default.fileExists(atPath: file) {
                    var configuration = try Configuration.load(path: file, root: root, inTree: true)
                    configuration.path = relative + "/" + Configuration.fileName
                    result.byFolder[relative] = configuration
                }
                folder.removeLast()
            }
        }
        return result
    }

    /// The configuration nearest to a root-relative path.
    public func configuration(for path: String) -> Configuration {
        var folder = path.split(separator: "/").dropLast().map(String.init)
        while !folder.isEmpty {
            if let nested = byFolder[folder.joined(separator: "/")] { return nested }
            folder.removeLast()
        }
        return root
    }

    /// Every configuration in effect, the root's first, then by folder.
    public var all: [Configuration] {
        [root] + byFolder.keys.sorted().map { byFolder[$0]! }
    }
}
