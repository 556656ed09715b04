import AuthLintModel
import AuthLintSyntax

/// A group of files that ship together: an app target, an extension, a library, the tests.
/// Project-wide facts ("is the credential state checked anywhere?") are answered per target.
public struct BuildTarget: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case app
        case appExtension = "app-extension"
        case library
        case test
        /// No project file says: a loose folder of sources, treated like an app.
        case unknown
        /// A server's code (``ServerManifest``): the App Store rules leave it alone.
        case server
    }

    public var name: String
    public var kind: Kind
    /// The root-relative path of the project file that declares the target (`""` for test code
    /// and loose folders).
    public var project: String
    /// Indices into ``ProjectIndex/files``.
    public var files: [FileID]

    public init(name: String, kind: Kind, project: String = "", files: [FileID] = []) {
        self.name = name
        self.kind = kind
        self.project = project
        self.files = files
    }

    /// Code that ships in an app, as far as the tree tells.
    public var isApp: Bool { kind == .app || kind == .appExtension || kind == .unknown }
}

/// Decides which target each source file belongs to, from Xcode target membership, Swift package
/// target folders, and the file's imports (a file importing XCTest is test code).
package enum BuildTargetBuilder {
    package static let testModules: Set<String> = [
        "XCTest", "Testing", "Quick", "Nimble", "SnapshotTesting", "ViewInspector",
    ]

    /// What the builder needs of a source file.
    package struct File: Equatable {
        package var path: String
        /// The modules it imports outside any `#if`: a module imported only under a condition
        /// (`#if false`, `#if DEBUG`) says nothing of what the file is.
        var imports: Set<String>

        package init(path: String, imports: Set<String>) {
            self.path = path
            self.imports = imports
        }
    }

    /// Each source file's target, and the files put in the tests by their imports alone (with the
    /// test module each imports), which the report mentions.
    ///
    /// The project decides first: the Xcode target or package target that lists a file. Only a
    /// file no target lists is test code by importing a test framework, and only by one the
    /// project does not declare as a module of its own (an app may have a module named `Quick`).
    package static func build(
        files: [File], scanned: ScannedProject?, configuredFolders: Set<String> = []
    ) -> (targets: BuildTargets, targetOfFile: PerFile<TargetID>, testsByImport: [(file: FileID, module: String)]) {
        var targets: [BuildTarget] = []
        // Keyed by what declares the target and its name: two projects of one tree may each have a
        // target of the same name, and they share nothing.
        var index: [String: Int] = [:]
        func targetIndex(_ name: String, _ kind: BuildTarget.Kind, declaredIn project: String = "") -> Int {
            let key = project + "\u{0}" + name
            if let existing = index[key] { return existing }
            targets.append(BuildTarget(name: name, kind: kind, project: project))
            index[key] = targets.count - 1
            return targets.count - 1
        }
        let markers = (scanned.map(projectFolders) ?? []).union(configuredFolders)
        let shipping = scanned?.applicationsShippingLibraries()
        var targetOfFile: [TargetID] = []
        var testsByImport: [(file: FileID, module: String)] = []
        let ownModules = Set(
            (scanned?.xcodeProjects.flatMap(\.targets).map(\.name) ?? [])
                + (scanned?.manifests.swiftPackageTargets.map(\.name) ?? []))
        let testModules = testModules.subtracting(ownModules)
        // Per package target (by manifest and name), where its code ships: worked out once.
        var packageHomes: [String: (name: String, kind: BuildTarget.Kind, project: String)] = [:]
        func home(of package: SwiftPackageTarget, _ scanned: ScannedProject) -> (
            name: String, kind: BuildTarget.Kind, project: String
        ) {
            let key = package.manifest + "\u{0}" + package.name
            if let known = packageHomes[key] { return known }
            let found: (name: String, kind: BuildTarget.Kind, project: String)
            let products = scanned.manifests.products(containing: package)
            if package.kind.lowercased().contains("test") {
                found = ("tests", .test, "")
            } else if scanned.servers.contains(where: { $0.path == package.manifest && $0.dependsOnServerFramework }),
                scanned.application(linking: products) == nil
            {
                // A Vapor or Hummingbird package is a server wherever it sits, unless an app links it.
                found = ("server " + package.name, .server, package.manifest)
            } else if let app = firstApp(around: package.path, in: scanned) {
                // A local package of an app ships inside it.
                found = ("target " + app.name, .app, app.project)
            } else if let product = products.first(where: \.isApplication) {
                // An app package (`.iOSApplication`, as Swift Playgrounds makes) is an app.
                found = ("app " + product.name, .app, package.manifest)
            } else if let app = scanned.application(linking: products) {
                // An app beside the package that links one of its products ships it.
                found = ("target " + app.name, kind(of: app), app.project)
            } else if scanned.servers.contains(where: { $0.path == package.manifest }) {
                // A package that depends on Vapor (or jwt-kit) that no app ships is a server.
                found = ("server " + package.name, .server, package.manifest)
            } else {
                found = ("package target " + package.name, .library, package.manifest)
            }
            packageHomes[key] = found
            return found
        }
        for (fileIndex, code) in files.enumerated() {
            let path = code.path
            let chosen: Int
            if let listing = scanned?.xcodeTargets(containing: path), let xcodeTarget = preferred(listing) {
                // A framework or library an app links ships inside the app.
                let shipped = shipping?.application(embedding: xcodeTarget) ?? xcodeTarget
                chosen = targetIndex("target " + shipped.name, kind(of: shipped), declaredIn: shipped.project)
            } else if let server = serverCode(path, scanned) {
                chosen =
                    isServerTest(path)
                    ? targetIndex("tests", .test)
                    : targetIndex(
                        "server " + (server.folder.isEmpty ? "." : server.folder), .server, declaredIn: server.path)
            } else if let scanned, let package = scanned.swiftPackageTargets(containing: path).first {
                let home = home(of: package, scanned)
                chosen = targetIndex(home.name, home.kind, declaredIn: home.project)
            } else if let module = code.imports.intersection(testModules).min() {
                chosen = targetIndex("tests", .test)
                testsByImport.append((FileID(fileIndex), module))
            } else if let app = scanned.flatMap({ firstApp(around: path, in: $0) }) {
                // Listed by no target, but inside the app's project folder.
                chosen = targetIndex("target " + app.name, .app, declaredIn: app.project)
            } else {
                // No project says: the nearest folder that looks like a project of its own.
                let folder = nearestProjectFolder(of: path, markers) ?? ""
                chosen = targetIndex(folder.isEmpty ? "project" : "folder " + folder, .unknown)
            }
            targets[chosen].files.append(FileID(fileIndex))
            targetOfFile.append(TargetID(chosen))
        }
        return (BuildTargets(distinguishingNames(targets)), PerFile(targetOfFile), testsByImport)
    }

    /// The server whose code a Python or JavaScript file is.
    private static func serverCode(_ path: String, _ scanned: ScannedProject?) -> ServerManifest? {
        guard let scanned,
            let kind = ProjectFileKind.classify(fileName: ProjectPath.lastComponent(of: path), parentName: ""),
            kind == .python || kind == .javaScript
        else { return nil }
        return scanned.server(containing: path, language: kind.sourceLanguage)
    }

    /// Whether a server's file is its tests: in a `tests`, `test` or `__tests__` folder, or named
    /// as pytest, Jest and Mocha name tests (`test_*.py`, `*_test.py`, `conftest.py`,
    /// `*.test.ts`, `*.spec.js`).
    static func isServerTest(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        if parts.dropLast().contains(where: { $0 == "tests" || $0 == "test" || $0 == "__tests__" }) { return true }
        let name = parts.last.map(String.init) ?? ""
        if name.hasSuffix(".py") {
            return name.hasPrefix("test_") || name.hasSuffix("_test.py") || name == "conftest.py"
        }
        return name.contains(".test.") || name.contains(".spec.")
    }

    /// Targets of the same name in different projects, named with their project's path so a report
    /// tells them apart: `target Sunrise (a/Sunrise.xcodeproj)`.
    private static func distinguishingNames(_ targets: [BuildTarget]) -> [BuildTarget] {
        var count: [String: Int] = [:]
        for target in targets { count[target.name, default: 0] += 1 }
        guard count.values.contains(where: { $0 > 1 }) else { return targets }
        return targets.map { target in
            guard count[target.name, default: 0] > 1, !target.project.isEmpty else { return target }
            var named = target
            let file =
                target.project.hasSuffix("/project.pbxproj")
                ? ProjectPath.directory(of: target.project) : target.project
            named.name += " (\(file))"
            return named
        }
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
        let hasProjectFile =
            !scanned.xcodeProjects.isEmpty
            || scanned.allFiles.contains { [.xcodeProject, .packageManifest, .podfile, .cartfile].contains($0.kind) }
        // Tuist manifests and XcodeGen specs define projects of their own.
        for project in scanned.xcodeProjects where !project.path.hasSuffix(".pbxproj") {
            folders.insert(project.projectDirectory)
        }
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
    package static func preferred(_ targets: [XcodeTarget]) -> XcodeTarget? {
        targets.first(where: \.isApplication) ?? targets.first(where: \.isAppExtension)
            ?? targets.first(where: { !$0.isTest }) ?? targets.first
    }

    private static func kind(of target: XcodeTarget) -> BuildTarget.Kind {
        if target.isApplication { return .app }
        if target.isAppExtension { return .appExtension }
        if target.isTest { return .test }
        return .library
    }
}
