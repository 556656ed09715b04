import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Where the gate's policy is read from: the `.authlint.yml` files, the baseline and the team
/// rule folders. By default the work tree; in pull-request mode (`--changed-since REV`), every
/// such file inside the git repository is read as it is in the commit REV names, the version
/// the team reviewed, so that a pull request cannot change the rules it is judged by. A path
/// outside the repository (a policy kept elsewhere on the CI machine) is read from disk either way.
public struct PolicyFiles: Sendable {
    /// The commit's tree, or nil for the work tree.
    let revision: RevisionTree?

    /// The work tree: every file is read from disk.
    public static let workTree = PolicyFiles(revision: nil)

    /// The files of the repository holding `root` as they are at `revision` (a branch, tag or
    /// commit); throws a readable error when it is not a commit of that repository.
    public static func at(_ revision: String, root: String) throws -> PolicyFiles {
        PolicyFiles(revision: try RevisionTree(revision, root: root))
    }

    /// The revision as given, when the policy comes from one.
    public var revisionName: String? { revision?.name }

    /// Whether the absolute `path` lies inside the folder `root`: on disk, through the links on
    /// the way (``ProjectRoot/contains(_:)``); in a commit, whose paths hold no links, by its text.
    func root(_ root: String, contains path: String) -> Bool {
        if let revision, revision.entry(at: path) != nil {
            return ProjectPath.isInside(ProjectPath.relative(ProjectPath.join(root, path), to: root), folder: "")
        }
        return ProjectRoot(root).contains(path)
    }

    /// Whether the file at the absolute `path` exists where the policy is read from.
    func exists(_ path: String) -> Bool {
        if let revision, let entry = revision.entry(at: path) { return entry != nil }
        return FileManager.default.fileExists(atPath: path)
    }

    /// The bytes of the file at the absolute `path`, or nil when there is none; at most
    /// `maximumSize` bytes. Only a regular file is read: a link (in the commit or on disk, where
    /// callers check the root first), a folder or a device is refused with the reason.
    public func read(_ path: String, maximumSize: Int) throws(FileReadError) -> [UInt8]? {
        if let revision, let entry = revision.entry(at: path) {
            guard let entry else { return nil }
            return try revision.contents(of: entry, maximumSize: maximumSize)
        }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try FileReader.readFile(atPath: path, maxFileSize: maximumSize).get()
    }

    /// The root-relative paths of the `.authlint.yml` files below the absolute `root` in the
    /// commit (none for the work tree, whose files the scan finds).
    func configurationPaths(under root: String) -> [String] {
        guard let revision, case let listed?? = revision.files(under: root) else { return [] }
        return listed.filter { ProjectPath.lastComponent(of: $0) == Configuration.fileName && $0.contains("/") }
            .sorted()
    }

    /// The rule files (`*.yaml`, `*.yml`) in the folder `directory`, at any depth, as paths
    /// relative to it, sorted; throws when the folder does not exist.
    public func ruleFiles(in directory: String) throws -> [String] {
        if let revision, let listed = revision.files(under: directory) {
            guard let listed else {
                throw FileError(
                    path: directory, line: 0, message: "rules directory does not exist at \(revision.shownName)")
            }
            return listed.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        }
        return try RuleCatalog.ruleFiles(in: directory)
    }

    /// The text of a rule file, read as ``read(_:maximumSize:)`` reads.
    public func ruleText(_ path: String) throws -> String {
        do {
            guard let bytes = try read(path, maximumSize: 1 << 20) else {
                throw FileError(path: path, line: 0, message: "cannot read rule file: it does not exist")
            }
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                throw FileError(path: path, line: 0, message: "cannot read rule file as UTF-8")
            }
            return text
        } catch let error as FileReadError {
            throw FileError(path: path, line: 0, message: "cannot read rule file: \(error.message)")
        }
    }
}

/// The files of one commit of the repository a project root is in, listed once by
/// `git ls-tree` and read by `git cat-file`, with the settings that keep git from running
/// anything the repository names (``ChangedLines/hardening(_:)``).
struct RevisionTree: Sendable {
    /// The revision as given, and as it may be shown in a line.
    let name: String
    var shownName: String { ChangedLines.shown(name) }
    private let repository: GitRepository
    private let settings: [(String, String)]
    /// The real path of the top of the work tree, and the project root's real path.
    private let top: String
    private let realRoot: String
    private let root: String
    /// Every path of the commit, relative to the top of the work tree, with its entry.
    private let entries: [String: Entry]

    /// A path of the commit: what git's tree says of it.
    struct Entry: Sendable, Hashable {
        var mode: String
        var object: String
        var size: Int?
    }

    init(_ revision: String, root: String) throws {
        let (repository, settings, commit) = try GitRepository.resolve(revision, root: root, option: "--changed-since")
        name = revision
        self.repository = repository
        self.settings = settings
        self.root = ProjectPath.normalize(root)
        top = repository.top
        realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
        // `<mode> SP <type> SP <object> SP+ <size> TAB <path>` NUL; the path is its exact bytes.
        let listing = try ChangedLines.git(
            ["ls-tree", "-r", "-z", "--long", "--full-tree", commit], in: repository, settings: settings)
        var entries: [String: Entry] = [:]
        for record in listing.split(separator: "\0") {
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 4 else { continue }
            entries[String(record[record.index(after: tab)...])] = Entry(
                mode: String(fields[0]), object: String(fields[2]), size: Int(fields[3]))
        }
        self.entries = entries
    }

    /// The path of the commit `path` (absolute, or from the current directory) stands for, relative to the top of the work
    /// tree; nil when it lies outside the repository. The root may be given through a link
    /// (/tmp, /var on macOS): paths are taken relative to it, then placed where it really is.
    private func repositoryPath(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : ProjectPath.join(FileManager.default.currentDirectoryPath, path)
        let fromRoot = ProjectPath.relative(ProjectPath.normalize(absolute), to: root)
        let real = ProjectPath.join(realRoot, fromRoot)
        let inTop = ProjectPath.relative(real, to: top)
        return ProjectPath.isInside(inTop, folder: "") ? inTop : nil
    }

    /// What the commit holds at the absolute `path`: nil when the path is outside the
    /// repository (read from disk), `.some(nil)` when the commit has no file there.
    func entry(at path: String) -> Entry?? {
        guard let inside = repositoryPath(path) else { return nil }
        return .some(entries[inside])
    }

    /// The paths below the absolute folder `directory`, relative to it: nil when it is outside
    /// the repository, `.some(nil)` when the commit has nothing there.
    func files(under directory: String) -> [String]?? {
        guard let inside = repositoryPath(directory) else { return nil }
        let prefix = inside.isEmpty ? "" : inside + "/"
        let found = entries.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        return .some(found.isEmpty ? nil : found)
    }

    /// The bytes of a regular file of the commit; a link, a submodule or a larger file is refused.
    func contents(of entry: Entry, maximumSize: Int) throws(FileReadError) -> [UInt8] {
        switch entry.mode {
        case "100644", "100755": break
        case "120000": throw FileReadError(kind: .unreadable, message: "is a symbolic link at \(shownName); not read")
        default: throw FileReadError(kind: .unreadable, message: "is not a regular file at \(shownName)")
        }
        if let size = entry.size, size > maximumSize {
            throw FileReadError(kind: .tooLarge, message: "is larger than \(maximumSize >> 10) KiB at \(shownName)")
        }
        guard entry.object.count >= 40, entry.object.allSatisfy(\.isHexDigit) else {
            throw FileReadError(kind: .unreadable, message: "has no readable object at \(shownName)")
        }
        do {
            return [UInt8](
                try ChangedLines.gitData(["cat-file", "blob", entry.object], in: repository, settings: settings))
        } catch {
            let why = (error as? FileError)?.message ?? FileProblem.describe(error)
            throw FileReadError(kind: .unreadable, message: "cannot be read at \(shownName): \(why)")
        }
    }
}
