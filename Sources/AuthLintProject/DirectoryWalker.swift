import AuthLintModel
import AuthLintSyntax
import Foundation

/// Walks folders depth-first in byte order of names, collecting the files the scanner wants.
/// Follows symbolic links that stay inside the project root, entering each folder once (by
/// device and inode) and reporting loops; a file reached through several links is collected
/// once. A link that leads outside the root is reported, never followed; FIFOs, devices and
/// sockets are reported, never opened.
struct DirectoryWalker {
    let root: String
    let projectRoot: ProjectRoot
    let excludes: GlobSet
    let includes: GlobSet
    let maxFileSize: Int
    /// The content of files given instead of read, by absolute path (``ScanOptions/buffers``),
    /// and by path from the root, as each file the walk reaches is looked up.
    let buffers: [String: [UInt8]]
    private let buffersFromRoot: [String: [UInt8]]
    private(set) var files: [ProjectFile] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var visitedDirectories: Set<FileIdentity> = []
    private var ancestors: Set<FileIdentity> = []
    private var visitedFiles: Set<FileIdentity> = []

    init(root: String, options: ScanOptions, buffers: [String: [UInt8]] = [:]) {
        self.root = root
        self.buffers = buffers
        buffersFromRoot = Dictionary(
            buffers.map { (ProjectPath.relative($0.key, to: root), $0.value) }, uniquingKeysWith: { first, _ in first })
        projectRoot = ProjectRoot(root)
        excludes = GlobSet(options.excludes.map { ScopedGlob($0) } + options.configuredExcludes)
        includes = GlobSet(options.includes.map { ScopedGlob($0) } + options.configuredIncludes)
        maxFileSize = options.maxFileSize
    }

    /// Lists the folders the walk is about to enter on another core, when there is one.
    private var lister: FolderLister?

    /// Walks a folder given on the command line (or the root itself).
    mutating func walkDirectory(absolutePath: String) {
        let relative = ProjectPath.relative(absolutePath, to: root)
        if !relative.isEmpty, excludes.excludes(relative) { return }
        if ProcessInfo.processInfo.activeProcessorCount > 1 { lister = FolderLister() }
        defer {
            lister?.finish()
            lister = nil
        }
        walk(absolutePath, relative: relative)
    }

    /// The files collected, in the order the walk reached them; the walker keeps none.
    mutating func takeFiles() -> [ProjectFile] {
        defer { files = [] }
        return files
    }

    /// Collects a file named on the command line: configured excludes apply, default skips do not.
    mutating func addExplicitFile(absolutePath: String, status: FileStatus) {
        guard let (relative, kind) = explicit(absolutePath) else { return }
        add(absolutePath: absolutePath, relative: relative, kind: kind, status: status)
    }

    /// A named file's path from the root and its kind, unless it is not one the scan wants, is
    /// excluded, or is outside the root (reported).
    private mutating func explicit(_ absolutePath: String) -> (String, ProjectFileKind)? {
        let relative = ProjectPath.relative(absolutePath, to: root)
        let name = ProjectPath.lastComponent(of: absolutePath)
        let parent = ProjectPath.lastComponent(of: ProjectPath.directory(of: absolutePath))
        guard let kind = ProjectFileKind.classify(fileName: name, parentName: parent) else { return nil }
        if excludes.excludes(relative) { return nil }
        guard projectRoot.contains(absolutePath) else {
            diagnostics.append(ProjectRoot.outside(relative, "leads"))
            return nil
        }
        return (relative, kind)
    }

    /// Collects the files whose content is given and that are not on disk: those `named`, and
    /// those a walk of `folders` would have reached (below no folder it skips). Each once.
    mutating func addAbsentBuffers(named: [String], below folders: [String]) {
        for path in buffers.keys.sorted() where !files.contains(where: { $0.buffer != nil && $0.absolutePath == path })
        {
            if named.contains(path) {
                guard let (relative, kind) = explicit(path) else { continue }
                addAbsentBuffer(path, relative: relative, kind: kind)
                continue
            }
            guard let folder = folders.first(where: { folder in folder == "/" || path.hasPrefix(folder + "/") }),
                case .failure(let error) = FileStatus.of(path: path), error.isNotFound
            else { continue }
            let relative = ProjectPath.relative(path, to: root)
            let between = path.dropFirst(folder == "/" ? 1 : folder.count + 1).split(separator: "/").dropLast()
            guard !between.contains(where: { ScanOptions.skipsDirectory(named: String($0)) }),
                !excludes.excludes(relative), projectRoot.contains(path),
                let kind = ProjectFileKind.classify(
                    fileName: ProjectPath.lastComponent(of: path),
                    parentName: ProjectPath.lastComponent(of: ProjectPath.directory(of: path)))
            else { continue }
            addAbsentBuffer(path, relative: relative, kind: kind)
        }
    }

    private mutating func addAbsentBuffer(_ path: String, relative: String, kind: ProjectFileKind) {
        guard let bytes = buffers[path], !excludes.matches(relative), includes.includes(relative) else { return }
        guard bytes.count <= maxFileSize else {
            diagnostics.append(FileReader.tooLarge(size: bytes.count, limit: maxFileSize).diagnostic(path: relative))
            return
        }
        files.append(ProjectFile(path: relative, absolutePath: path, kind: kind, size: 0).buffered(bytes))
    }

    /// Collects a file whose folders already passed the excludes. `isBelowRoot`: its path is the
    /// root's joined with `relative`.
    private mutating func add(
        absolutePath: @autoclosure () -> String, relative: String, kind: ProjectFileKind, status: FileStatus,
        isBelowRoot: Bool? = nil
    ) {
        if excludes.matches(relative) { return }
        if !includes.includes(relative) { return }
        guard visitedFiles.insert(status.identity).inserted else { return }
        // A file whose content is given is that content, whatever is on disk.
        let buffer = buffersFromRoot.isEmpty ? nil : buffersFromRoot[relative]
        let size = buffer?.count ?? status.size
        if size > maxFileSize {
            diagnostics.append(FileReader.tooLarge(size: size, limit: maxFileSize).diagnostic(path: relative))
            return
        }
        // Kept as the root and the relative path when they make the file's path, as they do
        // for every file the walk reaches below the root.
        let below = ProjectFile(path: relative, root: root, kind: kind, status: status)
        let file: ProjectFile
        if isBelowRoot == true {
            file = below
        } else {
            let path = absolutePath()
            file =
                below.absolutePath == path
                ? below : ProjectFile(path: relative, absolutePath: path, kind: kind, status: status)
        }
        files.append(buffer.map(file.buffered) ?? file)
    }

    private mutating func walk(_ directory: String, relative: String) {
        switch FileStatus.of(path: directory) {
        case .success(let status): walk(directory, relative: relative, status: status)
        case .failure(let error): diagnostics.append(FileReader.error(error).diagnostic(path: relative))
        }
    }

    private mutating func walk(_ directory: String, relative: String, status: FileStatus) {
        if ancestors.contains(status.identity) {
            diagnostics.append(
                Diagnostic(
                    path: relative, kind: .symlinkLoop,
                    message: "symbolic link loop: this folder contains itself; not followed"))
            return
        }
        guard visitedDirectories.insert(status.identity).inserted else { return }
        let entries: [FolderEntry]
        switch lister?.entries(of: directory) ?? FolderLister.list(directory) {
        case .success(let listed): entries = listed
        case .failure(let error):
            diagnostics.append(
                Diagnostic(path: relative, kind: .unreadable, message: "cannot list folder: \(error.message)"))
            return
        }
        ancestors.insert(status.identity)
        defer { ancestors.remove(status.identity) }
        func childPath(_ name: String) -> String { ProjectFile.joined(directory, name) }
        func childRelative(_ name: String) -> String { relative.isEmpty ? name : ProjectPath.child(relative, name) }
        // The folders below this one that the walk will enter, in its order, are listed ahead.
        lister?.ahead(
            entries.compactMap { entry in
                guard entry.nameIsUTF8, (try? entry.status.get())?.type == .directory,
                    !ScanOptions.skipsDirectory(named: entry.name)
                else {
                    return nil
                }
                return excludes.excludes(childRelative(entry.name)) ? nil : childPath(entry.name)
            })
        // Files below the root are kept as the root and their relative path when that is their path.
        let isBelowRoot = (relative.isEmpty ? root : ProjectFile.joined(root, relative)) == directory
        for entry in entries {
            let name = entry.name
            // The child's own path is made only where it is used: a file below the root is kept
            // as the root and its relative path.
            let childRelative = childRelative(name)
            var child: String { childPath(name) }
            guard entry.nameIsUTF8 else {
                // No path can name it: say so where a folder or a collected file would have been.
                let isFolder = (try? entry.status.get())?.type == .directory
                if isFolder || entry.kind != nil {
                    diagnostics.append(
                        Diagnostic(path: childRelative, kind: .unreadable, message: "name is not valid UTF-8"))
                }
                continue
            }
            var childStatus: FileStatus
            switch entry.status {
            case .success(let value): childStatus = value
            case .failure(let error):
                diagnostics.append(FileReader.error(error).diagnostic(path: childRelative))
                continue
            }
            if childStatus.type == .symbolicLink {
                let link = child
                switch FileStatus.of(path: link) {
                case .success(let value):
                    // Decided before anything behind the link is opened or listed.
                    guard let resolved = ProjectRoot.realPath(of: link), projectRoot.containsResolved(resolved) else {
                        if value.type == .directory || entry.kind != nil {
                            diagnostics.append(ProjectRoot.outside(childRelative, "symbolic link to a place"))
                        }
                        continue
                    }
                    childStatus = value
                case .failure(let error) where error.isLoop:
                    diagnostics.append(
                        Diagnostic(path: childRelative, kind: .symlinkLoop, message: "symbolic link loop; not followed")
                    )
                    continue
                case .failure(let error):
                    // A dangling link matters only where a collected file would have been.
                    if entry.kind != nil {
                        let kind: Diagnostic.Kind = error.isNotFound ? .notFound : .unreadable
                        diagnostics.append(
                            Diagnostic(
                                path: childRelative, kind: kind, message: "broken symbolic link: \(error.message)"))
                    }
                    continue
                }
            }
            switch childStatus.type {
            case .directory:
                if ScanOptions.skipsDirectory(named: name) || excludes.excludes(childRelative) { continue }
                walk(child, relative: childRelative, status: childStatus)
            case .regular:
                guard let kind = entry.kind else { continue }
                add(
                    absolutePath: child, relative: childRelative, kind: kind, status: childStatus,
                    isBelowRoot: isBelowRoot)
            case .other:
                if entry.kind != nil {
                    diagnostics.append(FileReader.notRegular.diagnostic(path: childRelative))
                }
            case .symbolicLink:
                continue
            }
        }
    }
}

/// Lists folders on another thread ahead of a walk. The walk takes a folder's entries as listed
/// when it gets there, waits for them when they are being listed, or lists the folder itself
/// when it gets there first: what it finds, and in what order, is the same either way.
final class FolderLister: @unchecked Sendable {
    typealias Listing = Result<[FolderEntry], SystemError>

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    /// Folders to list, the walk's next one first in each batch: the worker takes the last, so
    /// that the walk and the worker meet halfway through each folder's subfolders.
    private var waiting: [String] = []
    /// Folders being listed by the worker, listed by it, and listed by the walk itself.
    private var busy: Set<String> = []
    private var listed: [String: Listing] = [:]
    private var taken: Set<String> = []
    private var finished = false

    init() {
        Thread.detachNewThread { [self] in work() }
    }

    /// The entries of a folder, as the walk wants them: each with the kind it is collected as,
    /// and regular files it would not collect left out.
    static func list(_ path: String) -> Listing {
        let folderName = ProjectPath.lastComponent(of: path)
        return FolderEntry.list(path) { ProjectFileKind.classify(fileName: $0, parentName: folderName) }
    }

    /// Folders the walk will enter, in the order it will.
    func ahead(_ paths: [String]) {
        guard !paths.isEmpty else { return }
        condition.lock()
        waiting += paths
        condition.signal()
        condition.unlock()
    }

    /// The entries of `path`, listed ahead or now.
    func entries(of path: String) -> Listing {
        condition.lock()
        while busy.contains(path) { condition.wait() }
        if let found = listed.removeValue(forKey: path) {
            condition.unlock()
            return found
        }
        taken.insert(path)
        condition.unlock()
        return Self.list(path)
    }

    /// Ends the worker once the folder it lists, if any, is listed.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while waiting.isEmpty, !finished { condition.wait() }
            if finished { return }
            let path = waiting.removeLast()
            if taken.contains(path) { continue }
            busy.insert(path)
            condition.unlock()
            let found = Self.list(path)
            condition.lock()
            busy.remove(path)
            listed[path] = found
            condition.broadcast()
        }
    }
}
