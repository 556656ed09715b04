/// A group of files that ship together: an app target, an extension, a library, the tests.
/// Project-wide facts ("is the credential state checked anywhere?") are answered per unit.
public struct CodeUnit: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case app
        case appExtension = "app-extension"
        case library
        case test
        /// No project file says: a loose folder of sources, treated like an app.
        case unknown
    }

    public var name: String
    public var kind: Kind
    /// Indices into ``ProjectIndex/files``.
    public var files: [Int]

    public init(name: String, kind: Kind, files: [Int] = []) {
        self.name = name
        self.kind = kind
        self.files = files
    }

    /// Code that ships in an app, as far as the tree tells.
    public var isApp: Bool { kind == .app || kind == .appExtension || kind == .unknown }
}

/// Decides which unit each source file belongs to, from Xcode target membership, Swift package
/// target folders, and the file's imports (a file importing XCTest is test code).
enum CodeUnitBuilder {
    static let testModules: Set<String> = ["XCTest", "Testing", "Quick", "Nimble", "SnapshotTesting", "ViewInspector"]

    /// What the builder needs of a source file.
    struct File {
        var path: String
        var imports: Set<String>
    }

    static func build(files: [File], scanned: ScannedProject?, configuredFolders: Set<String> = []) -> (units: [CodeUnit], unitOfFile: [Int]) {
        var units: [CodeUnit] = []
        var index: [String: Int] = [:]
        func unit(_ name: String, _ kind: CodeUnit.Kind) -> Int {
            if let existing = index[name] { return existing }
            units.append(CodeUnit(name: name, kind: kind))
            index[name] = units.count - 1
            return units.count - 1
        }
        let markers = (scanned.map(projectFolders) ?? []).union(configuredFolders)
        let shipping = scanned?.applicationsShippingLibraries()
        var unitOfFile: [Int] = []
        for (fileIndex, code) in files.enumerated() {
            let path = code.path
            let chosen: Int
            if !code.imports.isDisjoint(with: testModules) {
                chosen = unit("tests", .test)
            } else if let targets = scanned?.xcodeTargets(containing: path), let target = preferred(targets) {
                // A framework or library an app links ships inside the app.
                let shipped = shipping?.application(embedding: target) ?? target
                chosen = unit("target " + shipped.name, kind(of: shipped))
            } else if let package = scanned?.swiftPackageTargets(containing: path).first {
                if package.kind.lowercased().contains("test") {
                    chosen = unit("tests", .test)
                } else if let app = scanned.flatMap({ firstApp(around: package.path, in: $0) }) {
                    // A local package of an app ships inside it.
                    chosen = unit("target " + app.name, .app)
                } else {
                    chosen = unit("package target " + package.name, .library)
                }
            } else if let app = scanned.flatMap({ firstApp(around: path, in: $0) }) {
                // Listed by no target, but inside the app's project folder.
                chosen = unit("target " + app.name, .app)
            } else {
                // No project says: the nearest folder that looks like a project of its own.
                let folder = nearestProjectFolder(of: path, markers) ?? ""
                chosen = unit(folder.isEmpty ? "project" : "folder " + folder, .unknown)
            }
            units[chosen].files.append(fileIndex)
            unitOfFile.append(chosen)
        }
        return (units, unitOfFile)
    }

    /// The first application target of the deepest Xcode project whose folder holds `path`.
    private static func firstApp(around path: String, in scanned: ScannedProject) -> XcodeTarget? {
        let projects = scanned.xcodeProjects.filter { contains(folder: $0.projectDirectory, path) }
            .sorted { $0.projectDirectory.count > $1.projectDirectory.count }
        return projects.lazy.compactMap { $0.targets.first(where: \.isApplication) }.first
    }

    /// Folders that hold what a project of its own holds: an Xcode project, a package or pod
    /// manifest, a configuration, and, when the tree has any project file, an entitlements file
    /// or an Info.plist. In a tree with no project file at all, those two do not split the code:
    /// an app's `App/Info.plist` does not part `App/` from its `Auth/` folder.
    private static func projectFolders(_ scanned: ScannedProject) -> Set<String> {
        var folders = Set<String>()
        let hasProjectFile = !scanned.xcodeProjects.isEmpty
            || scanned.allFiles.contains { [.xcodeProject, .packageManifest, .podfile, .cartfile].contains($0.kind) }
        // Tuist manifests and XcodeGen specs define projects of their own.
        for project in scanned.xcodeProjects where !project.path.hasSuffix(".pbxproj") { folders.insert(project.projectDirectory) }
        for file in scanned.allFiles {
            switch file.kind {
            case .packageManifest, .podfile, .cartfile, .xcodeProject:
                break
            case .entitlements where hasProjectFile, .infoPlist where hasProjectFile:
                break
            default:
                continue
            }
            var parts = file.path.split(separator: "/").map(String.init)
            parts.removeLast()
            if file.kind == .xcodeProject, parts.count >= 1 { parts.removeLast() }  // Name.xcodeproj/project.pbxproj
            folders.insert(parts.joined(separator: "/"))
        }
        return folders
    }

    /// The deepest of `markers` that holds `path`.
    private static func nearestProjectFolder(of path: String, _ markers: Set<String>) -> String? {
        guard !markers.isEmpty else { return nil }
        var end = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        while let slash = end, slash > path.startIndex {
            let candidate = String(path[..<slash])
            if markers.contains(candidate) { return candidate }
            end = path.utf8[..<slash].lastIndex(of: UInt8(ascii: "/"))
        }
        return nil
    }

    private static func contains(folder: String, _ path: String) -> Bool {
        folder.isEmpty || folder == "." || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The target a file shared by several ships as: an app, else an extension, else not a test.
    static func preferred(_ targets: [XcodeTarget]) -> XcodeTarget? {
        targets.first(where: \.isApplication) ?? targets.first(where: \.isAppExtension)
            ?? targets.first(where: { !$0.isTest }) ?? targets.first
    }

    private static func kind(of target: XcodeTarget) -> CodeUnit.Kind {
        if target.isApplication { return .app }
        if target.isAppExtension { return .appExtension }
        if target.isTest { return .test }
        return .library
    }
}
