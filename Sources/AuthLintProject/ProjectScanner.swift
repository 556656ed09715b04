import AuthLintModel
import AuthLintSyntax
import Foundation

/// Finds a project's root, walks it, and parses everything but the sources.
public struct ProjectScanner {
    /// Scans the paths of `options`, relative paths taken from `currentDirectory`.
    public static func scan(_ options: ScanOptions, currentDirectory: String) -> ScannedProject {
        var diagnostics: [Diagnostic] = []
        let given = classify(options, currentDirectory: currentDirectory)
        let root = root(
            options, currentDirectory: currentDirectory, directories: given.directories,
            files: given.files.map(\.path) + given.absent)
        diagnostics += given.problems.map { problem in
            var problem = problem
            problem.path = ProjectPath.way(from: root, to: problem.path)
            return problem
        }
        var walker = DirectoryWalker(root: root, options: options, buffers: given.buffers)
        for directory in given.directories { walker.walkDirectory(absolutePath: directory) }
        for file in given.files { walker.addExplicitFile(absolutePath: file.path, status: file.status) }
        if !given.buffers.isEmpty { walker.addAbsentBuffers(named: given.absent, below: given.directories) }
        diagnostics += walker.diagnostics
        // Sorted where the walk left them: a large tree's list is held once, not twice.
        var collected = walker.takeFiles()
        collected.sort { ProjectPath.precedes($0.path, $1.path) }
        var project = ScannedProject(root: root)
        project.allFiles = collected
        // At its size, and filled in place: the list is kept for the whole run.
        project.sourceFiles.reserveCapacity(collected.count { $0.kind.isSource })
        for file in collected where file.kind.isSource { project.sourceFiles.append(file) }
        diagnostics += parseProjectFiles(collected, into: &project, maxFileSize: options.maxFileSize)
        project.diagnostics = diagnostics.sorted(by: Diagnostic.reportOrder)
        return project
    }

    /// The project root of the paths of `options`, without scanning it.
    public static func root(_ options: ScanOptions, currentDirectory: String) -> String {
        let given = classify(options, currentDirectory: currentDirectory)
        return root(
            options, currentDirectory: currentDirectory, directories: given.directories,
            files: given.files.map(\.path) + given.absent)
    }

    /// The paths given, absolute: folders, regular files, files whose content is given that are
    /// not on disk, and problems (kept absolute until the root is known); and the content given
    /// by absolute path.
    private static func classify(_ options: ScanOptions, currentDirectory: String) -> (
        directories: [String], files: [(path: String, status: FileStatus)], absent: [String], problems: [Diagnostic],
        buffers: [String: [UInt8]]
    ) {
        let base = absoluteFolder(currentDirectory)
        var directories: [String] = []
        var files: [(path: String, status: FileStatus)] = []
        var absent: [String] = []
        var problems: [Diagnostic] = []
        let buffers = givenText(options, currentDirectory: currentDirectory)
        for given in options.paths.isEmpty ? ["."] : options.paths {
            let absolute = ProjectPath.join(base, given)
            switch FileStatus.of(path: absolute) {
            case .success(let status) where status.type == .directory:
                directories.append(absolute)
            case .success(let status) where status.type == .regular:
                files.append((absolute, status))
            case .success:
                problems.append(FileReader.notRegular.diagnostic(path: absolute))
            case .failure(let error) where error.isNotFound && buffers[absolute] != nil:
                absent.append(absolute)
            case .failure(let error):
                problems.append(FileReader.error(error).diagnostic(path: absolute))
            }
        }
        return (directories, files, absent, problems, buffers)
    }

    /// `--root` when given; else the project around the one folder given (the folder itself when
    /// it holds its own projects); else the root found upward from them all.
    private static func root(_ options: ScanOptions, currentDirectory: String, directories: [String], files: [String])
        -> String
    {
        let base = absoluteFolder(currentDirectory)
        if let given = options.root { return ProjectPath.join(base, given) }
        if directories.count == 1, files.isEmpty { return enclosingProject(of: directories[0]) }
        if directories.isEmpty, files.isEmpty { return enclosingProject(of: base) }
        // A file whose content is given may be in a folder not made yet: the nearest one that is.
        var start = commonFolder(directories + files.map(ProjectPath.directory))
        while start != "/", (try? FileStatus.of(path: start).get())?.type != .directory {
            let above = ProjectPath.directory(of: start)
            start = above.isEmpty ? "/" : above
        }
        return findRoot(from: start)
    }

    /// The project a folder is part of: the folder itself when it, or a folder a few levels below
    /// it, holds a project (`.authlint.yml`, an Xcode project or workspace, a package, Tuist or
    /// XcodeGen manifest) or it is a repository's root; else the nearest folder above it, up to
    /// the repository root, that holds `.authlint.yml` or a project; else the folder itself.
    public static func enclosingProject(of folder: String) -> String {
        let start = ProjectPath.normalize(folder)
        if exists(start, ".git") || holdsProject(below: start) { return start }
        var current = start
        while current != "/" && !current.isEmpty {
            current = ProjectPath.directory(of: current)
            if current.isEmpty { current = "/" }
            if exists(current, ".authlint.yml") || holdsProject(current) { return current }
            if exists(current, ".git") { break }
        }
        return start
    }

    /// Whether `folder` or a folder at most three levels below it holds a project. Hidden folders
    /// and build products are not looked into, and the search stops (answering yes, so that the
    /// folder stays its own root) after a few thousand folders.
    private static func holdsProject(below folder: String) -> Bool {
        var level = [folder]
        var visited = 0
        for depth in 0...3 {
            var next: [String] = []
            for current in level {
                if exists(current, ".authlint.yml") || holdsProject(current) { return true }
                guard depth < 3 else { continue }
                visited += 1
                if visited > 4_000 { return true }
                for name in (try? FileManager.default.contentsOfDirectory(atPath: current)) ?? []
                where !name.hasPrefix(".")
                    && !["build", "Build", "DerivedData", "Pods", "Carthage", "node_modules"].contains(name)
                {
                    let child = current == "/" ? "/" + name : current + "/" + name
                    if case .success(let status) = FileStatus.ofLink(atPath: child), status.type == .directory {
                        next.append(child)
                    }
                }
            }
            level = next
        }
        return false
    }

    /// The text given for files (``ScanOptions/buffers``), by absolute path.
    package static func givenText(_ options: ScanOptions, currentDirectory: String) -> [String: [UInt8]] {
        let base = absoluteFolder(currentDirectory)
        return Dictionary(
            options.buffers.map { (ProjectPath.join(base, $0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    private static func absoluteFolder(_ path: String) -> String {
        ProjectPath.normalize(path.hasPrefix("/") ? path : "/" + path)
    }

    /// The nearest folder at or above `start` that holds `.authlint.yml` or `.git`; else the
    /// outermost one that holds an Xcode project or workspace or `Package.swift`; else `start`.
    public static func findRoot(from start: String) -> String {
        var folder = ProjectPath.normalize(start)
        // Without a marker (a download with no .git), the outermost folder that holds an Xcode
        // project or workspace or a package manifest: the app around a local package.
        var outermostProject: String?
        while true {
            if exists(folder, ".authlint.yml") { return folder }
            if exists(folder, ".git") { return folder }
            if holdsProject(folder) { outermostProject = folder }
            if folder == "/" || folder.isEmpty { return outermostProject ?? ProjectPath.normalize(start) }
            folder = ProjectPath.directory(of: folder)
            if folder.isEmpty { folder = "/" }
        }
    }

    private static func holdsProject(_ folder: String) -> Bool {
        if exists(folder, "Package.swift") || exists(folder, "Project.swift") || exists(folder, "project.yml") {
            return true
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }

    private static func exists(_ folder: String, _ name: String) -> Bool {
        if case .success = FileStatus.of(path: folder == "/" ? "/" + name : folder + "/" + name) { return true }
        return false
    }

    /// The deepest folder holding every given absolute folder.
    static func commonFolder(_ folders: [String]) -> String {
        guard var common = folders.first.map({ $0.split(separator: "/", omittingEmptySubsequences: true) }) else {
            return "/"
        }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
            var count = 0
            while count < common.count, count < parts.count, common[count] == parts[count] { count += 1 }
            common = Array(common[..<count])
        }
        return "/" + common.joined(separator: "/")
    }

    /// Parses property lists, xcconfig files, dependency manifests and Xcode projects.
    private static func parseProjectFiles(_ files: [ProjectFile], into project: inout ScannedProject, maxFileSize: Int)
        -> [Diagnostic]
    {
        var diagnostics: [Diagnostic] = []
        let root = ProjectRoot(project.root)
        func read(_ file: ProjectFile) -> [UInt8]? {
            switch FileReader.readFile(file, maxFileSize: maxFileSize) {
            case .success(let bytes): return bytes
            case .failure(let error):
                diagnostics.append(error.diagnostic(path: file.path))
                return nil
            }
        }
        var plists: [PropertyListFile] = []
        var xcconfigs: [String: XCConfig] = [:]
        var manifests = DependencyManifests()
        let manifestFolders = Set(
            files.filter { $0.kind == .packageManifest && ProjectPath.lastComponent(of: $0.path) == "Package.swift" }
                .map { ProjectPath.directory(of: $0.path) })
        for file in files {
            switch file.kind {
            case _ where file.kind.isPropertyList:
                guard let bytes = read(file) else { continue }
                let parsed = PropertyListParser.parse(bytes, path: file.path, kind: file.kind)
                plists.append(parsed.file)
                diagnostics += parsed.diagnostics
            case .xcconfig:
                guard let bytes = read(file) else { continue }
                let parsed = XCConfig.parse(bytes, path: file.path)
                xcconfigs[file.path] = parsed.config
                diagnostics += parsed.diagnostics + outsideIncludes(of: parsed.config, root)
                if BuildSettings.reachesBound(parsed.config.ownSettings) {
                    diagnostics.append(
                        Diagnostic(
                            path: file.path, kind: .tooComplex,
                            message:
                                "a setting grows past \(BuildSettings.maximumValueLength) bytes through $(inherited); cut there"
                        ))
                }
            case .packageManifest
            where ProjectPath.lastComponent(of: file.path) != "Package.swift"
                && manifestFolders.contains(ProjectPath.directory(of: file.path)):
                continue  // a version-specific manifest beside Package.swift
            case .podfile, .podfileLock, .cartfile, .cartfileResolved, .packageResolved, .packageManifest:
                guard let bytes = read(file) else { continue }
                diagnostics += manifests.add(bytes, path: file.path, kind: file.kind)
            case .pythonManifest, .nodeManifest:
                guard let bytes = read(file), let server = ServerManifest.read(bytes, path: file.path, kind: file.kind)
                else { continue }
                project.servers.append(server)
            default:
                continue
            }
        }
        let paths = files.map(\.path)
        var extraConfigs: [String: XCConfig?] = [:]
        // Base configurations and includes may live in skipped folders (Pods): read those lazily,
        // once each, and only inside the root.
        let lookup: (String) -> XCConfig? = { path in
            if let config = xcconfigs[path] { return config }
            if let cached = extraConfigs[path] { return cached }
            var config: XCConfig?
            // An include that leads outside is reported at its line; a base configuration, at the project's.
            if root.contains(path) {
                switch FileReader.readFile(atPath: ProjectPath.join(root.path, path), maxFileSize: maxFileSize) {
                case .success(let bytes):
                    config = XCConfig.parse(bytes, path: path).config
                    diagnostics += outsideIncludes(of: config!, root)
                case .failure(let error) where error.kind != .notFound:
                    diagnostics.append(error.diagnostic(path: path))
                case .failure:
                    break
                }
            }
            extraConfigs[path] = .some(config)
            return config
        }
        for file in files where file.kind == .xcodeProject {
            guard let bytes = read(file) else { continue }
            let parsed = XcodeProject.parse(
                bytes, path: file.path, rootPath: project.root, files: paths, xcconfigs: lookup)
            diagnostics += parsed.diagnostics
            guard let xcodeProject = parsed.project else { continue }
            project.xcodeProjects.append(xcodeProject)
            manifests.linkedPackages += linkedPackages(of: xcodeProject)
        }
        // Projects defined by a Tuist manifest or an XcodeGen spec, read like project.pbxproj files.
        func add(_ manifest: ManifestProject) {
            let built = manifest.build(files: paths)
            diagnostics += built.diagnostics
            project.xcodeProjects.append(built.project)
            plists += built.inlineEntitlements
        }
        var tuistManifests: Set<String> = []
        for file in files where file.kind == .swift && ProjectPath.lastComponent(of: file.path) == "Project.swift" {
            guard let bytes = read(file) else { continue }
            let code = CodeView(file: SourceFile(path: file.path, language: .swift, bytes: bytes))
            guard TuistManifest.isManifest(code) else { continue }
            add(TuistManifest.parse(code, path: file.path))
            tuistManifests.insert(file.path)
        }
        for file in files where file.kind == .xcodegenSpec {
            guard let bytes = read(file) else { continue }
            let parsed = XcodeGenSpec.parse(String(decoding: bytes, as: UTF8.self), path: file.path)
            diagnostics += parsed.diagnostics
            if let spec = parsed.project { add(spec) }
        }
        // A manifest describes the app; it is not the app's code.
        project.sourceFiles.removeAll { tuistManifests.contains($0.path) }
        manifests.sort()
        project.servers += ServerManifest.swiftServers(manifests.linkedPackages)
        project.servers.sort { ProjectPath.precedes($0.path, $1.path) }
        // Python and JavaScript are read only as a server's code: elsewhere in an app's tree they
        // are build scripts, web pages and tooling.
        let servers = project.servers
        project.sourceFiles.removeAll { file in
            guard file.kind == .python || file.kind == .javaScript else { return false }
            return ServerManifest.deepest(of: servers, containing: file.path, language: file.language) == nil
        }
        project.manifests = manifests
        project.xcconfigs = xcconfigs.values.sorted { ProjectPath.precedes($0.path, $1.path) }
        classify(plists, into: &project)
        return diagnostics
    }

    /// The `#include` lines of an xcconfig that lead outside the root, each reported where it is written.
    private static func outsideIncludes(of config: XCConfig, _ root: ProjectRoot) -> [Diagnostic] {
        config.includes.compactMap { include in
            guard let resolved = include.resolvedPath, !root.contains(resolved) else { return nil }
            return Diagnostic(
                path: config.path, kind: .outsideRoot,
                message: "#include names a file outside the project root; not read", line: include.line)
        }
    }

    /// Swift packages an Xcode project references and the products its targets link.
    private static func linkedPackages(of project: XcodeProject) -> [LinkedPackage] {
        var packages: [LinkedPackage] = []
        for reference in project.packageReferences {
            var name = ProjectPath.lastComponent(
                of: reference.location.hasSuffix("/") ? String(reference.location.dropLast()) : reference.location)
            if name.hasSuffix(".git") { name = String(name.dropLast(4)) }
            packages.append(
                LinkedPackage(
                    name: name, version: reference.requirement, manager: .swiftPackageManager,
                    source: project.path, line: reference.line, location: reference.location))
        }
        for target in project.targets {
            for product in target.packageProductDependencies {
                packages.append(
                    LinkedPackage(
                        name: product, manager: .swiftPackageManager, source: project.path,
                        line: target.line, target: target.name))
            }
        }
        return packages
    }

    /// Sorts parsed property lists into their groups; a list named by `INFOPLIST_FILE` counts as an
    /// Info.plist and one named by `CODE_SIGN_ENTITLEMENTS` as entitlements, whatever its name.
    private static func classify(_ plists: [PropertyListFile], into project: inout ScannedProject) {
        var infoPaths: Set<String> = []
        var entitlementPaths: Set<String> = []
        for configuration in project.xcodeProjects.flatMap({ $0.targets.flatMap(\.buildConfigurations) }) {
            if let path = configuration.infoPlistPath { infoPaths.insert(path) }
            if let path = configuration.entitlementsPath { entitlementPaths.insert(path) }
        }
        for var plist in plists {
            if plist.kind == .propertyList, entitlementPaths.contains(plist.path) { plist.kind = .entitlements }
            if plist.kind == .propertyList, infoPaths.contains(plist.path) { plist.kind = .infoPlist }
            switch plist.kind {
            case .entitlements: project.entitlements.append(plist)
            case .infoPlist: project.infoPlists.append(plist)
            case .privacyManifest: project.privacyManifests.append(plist)
            default: project.otherPlists.append(plist)
            }
        }
    }
}
