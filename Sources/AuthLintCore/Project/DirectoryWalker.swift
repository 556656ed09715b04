import Foundation

/// Walks folders depth-first in byte order of names, collecting the files the scanner wants.
/// Follows symbolic links that stay inside the project root, entering each folder once (by
/// device and inode) and reporting loops; a file reached through several links is collected
/// once. A link that leads outside the root is reported, never followed; FIFOs, devices and
/// sockets are reported, never opened.
struct DirectoryWalker {
    let root: String
    let projectRoot: ProjectRoot
    let excludes: [ScopedGlob]
    let includes: [ScopedGlob]
    let maxFileSize: Int
    private(set) var files: [ProjectFile] = []
    private(set) var diagnostics: [Diagnostic] = []
    private var visitedDirectories: Set<FileIdentity> = []
    private var ancestors: Set<FileIdentity> = []
    private var visitedFiles: Set<FileIdentity> = []

    init(root: String, options: ScanOptions) {
        self.root = root
        projectRoot = ProjectRoot(root)
        excludes = options.excludes.map { ScopedGlob($0) } + options.configuredExcludes
        includes = options.includes.map { ScopedGlob($0) } + options.configuredIncludes
        maxFileSize = options.maxFileSize
    }

    /// Walks a folder given on the command line (or the root itself).
    mutating func walkDirectory(absolutePath: String) {
        let relative = ProjectPath.relative(absolutePath, to: root)
        if !relative.isEmpty, excludes.excludes(relative) { return }
        walk(absolutePath, relative: relative)
    }

    /// Collects a file named on the command line: configured excludes apply, default skips do not.
    mutating func addExplicitFile(absolutePath: String, status: FileStatus) {
        let relative = ProjectPath.relative(absolutePath, to: root)
        let name = ProjectPath.lastComponent(of: absolutePath)
        let parent = ProjectPath.lastComponent(of: ProjectPath.directory(of: absolutePath))
        guard let kind = ProjectFileKind.classify(fileName: name, parentName: parent) else { return }
        if excludes.excludes(relative) { return }
        guard projectRoot.contains(absolutePath) else {
            diagnostics.append(ProjectRoot.outside(relative, "leads"))
            return
        }
        add(absolutePath: absolutePath, relative: relative, kind: kind, status: status)
    }

    /// Collects a file whose folders already passed the excludes.
    private mutating func add(absolutePath: String, relative: String, kind: ProjectFileKind, status: FileStatus) {
        if excludes.contains(where: { $0.matches(relative) }) { return }
        if !includes.includes(relative) { return }
        guard visitedFiles.insert(status.identity).inserted else { return }
        if status.size > maxFileSize {
            diagnostics.append(FileReader.tooLarge(size: status.size, limit: maxFileSize).diagnostic(path: relative))
            return
        }
        // Kept as the root and the relative path when they make the file's path, as they do
        // for every file the walk reaches below the root.
        let below = ProjectFile(path: relative, root: root, kind: kind, status: status)
        files.append(
            below.absolutePath == absolutePath ? below : ProjectFile(path: relative, absolutePath: absolutePath, kind: kind, status: status))
    }

    private mutating func walk(_ directory: String, relative: String) {
        switch FileStatus.of(path: directory) {
        case .success(let status): walk(directory, relative: relative, status: status)
        case .failure(let error): diagnostics.append(FileReader.error(error).diagnostic(path: relative))
        }
    }

    private mutating func walk(_ directory: String, relative: String, status: FileStatus) {
        if ancestors.contains(status.identity) {
            diagnostics.append(Diagnostic(path: relative, kind: .symlinkLoop,
                                          message: "symbolic link loop: this folder contains itself; not followed"))
            return
        }
        guard visitedDirectories.insert(status.identity).inserted else { return }
        let folderName = ProjectPath.lastComponent(of: directory)
        let entries: [FolderEntry]
        switch FolderEntry.list(directory, wanted: { ProjectFileKind.classify(fileName: $0, parentName: folderName) != nil }) {
        case .success(let listed): entries = listed
        case .failure(let error):
            diagnostics.append(Diagnostic(path: relative, kind: .unreadable, message: "cannot list folder: \(error.message)"))
            return
        }
        ancestors.insert(status.identity)
        defer { ancestors.remove(status.identity) }
        for entry in entries {
            let name = entry.name
            let child = directory == "/" ? "/" + name : directory + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            guard entry.nameIsUTF8 else {
                // No path can name it: say so where a folder or a collected file would have been.
                let isFolder = (try? entry.status.get())?.type == .directory
                if isFolder || ProjectFileKind.classify(fileName: name, parentName: folderName) != nil {
                    diagnostics.append(Diagnostic(path: childRelative, kind: .unreadable, message: "name is not valid UTF-8"))
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
                switch FileStatus.of(path: child) {
                case .success(let value):
                    // Decided before anything behind the link is opened or listed.
                    guard let resolved = ProjectRoot.realPath(of: child), projectRoot.containsResolved(resolved) else {
                        if value.type == .directory || ProjectFileKind.classify(fileName: name, parentName: folderName) != nil {
                            diagnostics.append(ProjectRoot.outside(childRelative, "symbolic link to a place"))
                        }
                        continue
                    }
                    childStatus = value
                case .failure(let error) where error.isLoop:
                    diagnostics.append(Diagnostic(path: childRelative, kind: .symlinkLoop, message: "symbolic link loop; not followed"))
                    continue
                case .failure(let error):
                    // A dangling link matters only where a collected file would have been.
                    if ProjectFileKind.classify(fileName: name, parentName: folderName) != nil {
                        let kind: Diagnostic.Kind = error.isNotFound ? .notFound : .unreadable
                        diagnostics.append(Diagnostic(path: childRelative, kind: kind, message: "broken symbolic link: \(error.message)"))
                    }
                    continue
                }
            }
            switch childStatus.type {
            case .directory:
                if ScanOptions.skipsDirectory(named: name) || excludes.excludes(childRelative) { continue }
                walk(child, relative: childRelative, status: childStatus)
            case .regular:
                guard let kind = ProjectFileKind.classify(fileName: name, parentName: folderName) else { continue }
                add(absolutePath: child, relative: childRelative, kind: kind, status: childStatus)
            case .other:
                if ProjectFileKind.classify(fileName: name, parentName: folderName) != nil {
                    diagnostics.append(FileReader.notRegular.diagnostic(path: childRelative))
                }
            case .symbolicLink:
                continue
            }
        }
    }
}
