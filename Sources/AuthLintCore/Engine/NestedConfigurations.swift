import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// The configuration files in effect and what they make of each file. `.authlint.yml` is found
/// upward from the project root up to the repository root, and in the folders below the root
/// that hold files; a nearer file refines a farther one (``Configuration/refined(by:)``), and
/// each file's `include` and `exclude` globs are relative to its own folder and add up.
public struct NestedConfigurations: Sendable {
    /// The configuration in effect at the project root: the files above it, then its own (or
    /// `--config` alone), merged.
    public var root: Configuration
    /// The configuration in effect in each folder below the root that has its own file, merged
    /// with those above it; keyed by the root-relative folder.
    public var byFolder: [String: Configuration] = [:]
    /// Every file read, outermost first, as written.
    public private(set) var files: [File] = []

    /// A configuration file as written, and where it sits.
    public struct File: Sendable {
        public var configuration: Configuration
        /// The root-relative folder whose files it applies to ("" for the root and above).
        public var scope: String
        /// The way from its folder down to the root, for a file above the root ("" otherwise).
        public var lead: String
    }

    public init(root: Configuration, byFolder: [String: Configuration] = [:]) {
        self.root = root
        self.byFolder = byFolder
        files = [File(configuration: root, scope: "", lead: "")]
    }

    /// The configurations of the project root: an explicit `--config`, which applies everywhere
    /// and alone; or the `.authlint.yml` files from the repository root (the nearest folder
    /// above holding `.git`) down to the project root.
    /// `files` is where they are read from: the work tree, or a commit in pull-request mode.
    static func load(explicit: String?, root: String, files policy: PolicyFiles = .workTree) throws
        -> NestedConfigurations
    {
        if let explicit {
            return NestedConfigurations(root: try Configuration.load(path: explicit, root: root, files: policy))
        }
        var files: [File] = []
        if let repository = repositoryRoot(above: root) {
            var folder = root
            var above: [String] = []
            while folder != repository {
                folder = ProjectPath.directory(of: folder)
                if folder.isEmpty { folder = "/" }
                above.append(folder)
            }
            for folder in above.reversed() {
                let file = ProjectPath.join(folder, Configuration.fileName)
                guard policy.exists(file) else { continue }
                let shown = ProjectPath.way(from: root, to: file)
                let configuration = try Configuration.load(
                    path: file, root: repository, inTree: true, shown: shown, files: policy)
                files.append(
                    File(configuration: configuration, scope: "", lead: ProjectPath.relative(root, to: folder)))
            }
        }
        let own = try Configuration.load(path: nil, root: root, files: policy)
        if own.path != nil || files.isEmpty { files.append(File(configuration: own, scope: "", lead: "")) }
        var result = NestedConfigurations(
            root: files.dropFirst().reduce(files[0].configuration) { $0.refined(by: $1.configuration) })
        result.files = files
        return result
    }

    /// Adds the `.authlint.yml` files of the folders between the root and those of `paths`
    /// (root-relative). Nothing is added under an explicit `--config`.
    mutating func addNested(explicit: String?, root: String, paths: [String], files policy: PolicyFiles = .workTree)
        throws
    {
        guard explicit == nil else { return }
        var found: [String: Configuration] = [:]
        var checked = Set<String>()
        var previous: Substring?
        for path in paths {
            var folder = Self.folder(of: path[...])
            // Files of one folder come together: its folders were checked for the first.
            if folder == previous { continue }
            previous = folder
            while !folder.isEmpty {
                let relative = String(folder)
                guard checked.insert(relative).inserted else { break }
                let file = ProjectPath.join(root, relative + "/" + Configuration.fileName)
                if policy.exists(file) {
                    found[relative] = try Configuration.load(
                        path: file, root: root, inTree: true, shown: relative + "/" + Configuration.fileName,
                        files: policy)
                }
                folder = Self.folder(of: folder)
            }
        }
        // Shallower folders first, so that each merges onto the one above it.
        for folder in found.keys.sorted(by: {
            ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1)
        }) {
            byFolder[folder] = configuration(for: folder + "/" + Configuration.fileName).refined(by: found[folder]!)
            files.append(File(configuration: found[folder]!, scope: folder, lead: ""))
        }
    }

    /// The configuration in effect in the folder `path` (as given, relative to
    /// `currentDirectory`), validated against `catalog`, and the files it is made of, outermost
    /// first, as paths from the current directory (`authlint config`).
    public static func effective(
        at path: String, explicit: String?, currentDirectory: String, catalog: RuleCatalog
    ) throws -> (configuration: Configuration, files: [String]) {
        let root = ProjectScanner.root(ScanOptions(paths: [path]), currentDirectory: currentDirectory)
        let folder = ProjectPath.relative(ProjectPath.join(currentDirectory, path), to: root)
        var configurations = try load(explicit: explicit, root: root)
        if ProjectPath.isInside(folder, folder: ""), !folder.isEmpty {
            try configurations.addNested(explicit: explicit, root: root, paths: [folder + "/" + Configuration.fileName])
        }
        try configurations.validateRules(against: catalog)
        let inside = ProjectPath.isInside(folder, folder: "") ? folder : ""
        let files = configurations.files.filter { $0.scope.isEmpty || ProjectPath.isInside(inside, folder: $0.scope) }
        let shown = files.compactMap(\.configuration.path).map { path in
            explicit == path ? path : ProjectPath.way(from: currentDirectory, to: ProjectPath.join(root, path))
        }
        return (configurations.configuration(for: inside + "/" + Configuration.fileName), shown)
    }

    /// The configuration in effect for a root-relative path: the nearest folder's, merged.
    public func configuration(for path: String) -> Configuration {
        guard !byFolder.isEmpty else { return root }
        var folder = Self.folder(of: path[...])
        while !folder.isEmpty {
            if let nested = byFolder[String(folder)] { return nested }
            folder = Self.folder(of: folder)
        }
        return root
    }

    /// The folder of a root-relative path ("" for a path at the root).
    private static func folder(of path: Substring) -> Substring {
        path[..<(path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex)]
    }

    /// Every configuration in effect, the root's first, then by folder.
    public var all: [Configuration] {
        [root] + byFolder.keys.sorted().map { byFolder[$0]! }
    }

    /// The globs of every file, each relative to its own folder.
    var globs: (includes: [ScopedGlob], excludes: [ScopedGlob]) {
        let includes = files.flatMap { file in
            file.configuration.include.map { ScopedGlob($0, scope: file.scope, lead: file.lead) }
        }
        let excludes = files.flatMap { file in
            file.configuration.exclude.map { ScopedGlob($0, scope: file.scope, lead: file.lead) }
        }
        return (includes, excludes)
    }

    /// The files in effect at the root, outermost first (for the summary line).
    public var paths: [String] { files.filter(\.scope.isEmpty).compactMap(\.configuration.path) }

    /// Refuses rule ids that no rule of the catalog has, in any file.
    func validateRules(against catalog: RuleCatalog) throws {
        for file in files { try file.configuration.validateRules(against: catalog) }
    }

    /// The nearest folder strictly above `root` that holds `.git`, unless `root` holds one.
    private static func repositoryRoot(above root: String) -> String? {
        var folder = ProjectPath.normalize(root)
        while true {
            if case .success = FileStatus.of(path: ProjectPath.join(folder, ".git")) {
                return folder == ProjectPath.normalize(root) ? nil : folder
            }
            if folder == "/" || folder.isEmpty { return nil }
            folder = ProjectPath.directory(of: folder)
            if folder.isEmpty { folder = "/" }
        }
    }
}
