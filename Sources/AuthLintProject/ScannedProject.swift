import AuthLintModel
import AuthLintSyntax

/// Everything the scanner found under a project root. Property lists, Xcode projects, xcconfig
/// files and dependency manifests are parsed; source files are only listed, for the engine to read
/// with `FileReader.readSource` and lex.
public struct ScannedProject: Sendable {
    /// Absolute, standardized path of the project root.
    public var root: String
    /// Swift and Objective-C files (`.swift`, `.m`, `.mm`, `.h`), and the Python and JavaScript
    /// files of the servers, sorted by relative path.
    public var sourceFiles: [ProjectFile]
    /// Every file collected, of every kind, sorted by relative path.
    public var allFiles: [ProjectFile]
    /// `*.entitlements` files, and property lists named by a `CODE_SIGN_ENTITLEMENTS` setting.
    public var entitlements: [PropertyListFile]
    /// `Info.plist` files, and property lists named by an `INFOPLIST_FILE` setting.
    public var infoPlists: [PropertyListFile]
    /// `PrivacyInfo.xcprivacy` files.
    public var privacyManifests: [PropertyListFile]
    /// Every other `*.plist`.
    public var otherPlists: [PropertyListFile]
    /// Projects in path order.
    public var xcodeProjects: [XcodeProject]
    /// `.xcconfig` files in path order.
    public var xcconfigs: [XCConfig]
    /// Pods, packages and Carthage dependencies, and Swift package targets.
    public var manifests: DependencyManifests
    /// The manifests that make their folders servers, in path order.
    public var servers: [ServerManifest] = []
    /// Problems met while scanning, sorted by path and line.
    public var diagnostics: [Diagnostic]

    public init(
        root: String, sourceFiles: [ProjectFile] = [], allFiles: [ProjectFile] = [],
        entitlements: [PropertyListFile] = [], infoPlists: [PropertyListFile] = [],
        privacyManifests: [PropertyListFile] = [], otherPlists: [PropertyListFile] = [],
        xcodeProjects: [XcodeProject] = [], xcconfigs: [XCConfig] = [],
        manifests: DependencyManifests = DependencyManifests(), diagnostics: [Diagnostic] = []
    ) {
        self.root = root
        self.sourceFiles = sourceFiles
        self.allFiles = allFiles
        self.entitlements = entitlements
        self.infoPlists = infoPlists
        self.privacyManifests = privacyManifests
        self.otherPlists = otherPlists
        self.xcodeProjects = xcodeProjects
        self.xcconfigs = xcconfigs
        self.manifests = manifests
        self.diagnostics = diagnostics
    }

    /// Every parsed property list, in path order.
    public var propertyLists: [PropertyListFile] {
        (entitlements + infoPlists + privacyManifests + otherPlists).sorted { ProjectPath.precedes($0.path, $1.path) }
    }

    /// The file collected at a root-relative path.
    public func file(atPath path: String) -> ProjectFile? {
        let found = allFiles.lowerBound { ProjectPath.precedes($0.path, path) }
        return found != allFiles.endIndex && allFiles[found].path == path ? allFiles[found] : nil
    }

    /// The place in `allFiles` of each source file, -1 for one not there. Both lists are sorted
    /// by path, so one pass over them finds every place.
    package func placesOfSources() -> [Int32] {
        var places = [Int32](repeating: -1, count: sourceFiles.count)
        var next = 0
        for (index, source) in sourceFiles.enumerated() {
            while next < allFiles.count, ProjectPath.precedes(allFiles[next].path, source.path) { next += 1 }
            if next < allFiles.count, allFiles[next].isSameRecord(as: source) { places[index] = Int32(next) }
        }
        return places
    }

    /// The same scan with other text given for source files it collected with text given, by
    /// absolute path: what a scan with that text would find, since the scan reads no source file
    /// (a Tuist or package manifest it reads is not among its sources). Nil when a path is not such
    /// a file.
    package func replacingSourceText(_ buffers: [String: [UInt8]]) -> ScannedProject? {
        var project = self
        for (path, bytes) in buffers {
            let relative = ProjectPath.relative(path, to: root)
            let source = sourceFiles.lowerBound { ProjectPath.precedes($0.path, relative) }
            let any = allFiles.lowerBound { ProjectPath.precedes($0.path, relative) }
            guard source < sourceFiles.count, sourceFiles[source].path == relative, sourceFiles[source].buffer != nil,
                sourceFiles[source].absolutePath == path, any < allFiles.count,
                allFiles[any].isSameRecord(as: sourceFiles[source])
            else { return nil }
            project.sourceFiles[source] = sourceFiles[source].buffered(bytes)
            project.allFiles[any] = allFiles[any].buffered(bytes)
        }
        return project
    }

    /// The parsed property list at a root-relative path.
    public func propertyList(atPath path: String) -> PropertyListFile? {
        for list in [entitlements, infoPlists, privacyManifests, otherPlists] {
            if let file = list.first(where: { $0.path == path }) { return file }
        }
        return nil
    }

    /// The Xcode targets whose sources include a root-relative path, across all projects.
    public func xcodeTargets(containing path: String) -> [XcodeTarget] {
        xcodeProjects.flatMap { $0.targets(containing: path) }
    }

    /// The applications that ship library targets: for each library, the first app (in target
    /// order) that depends on it or links the product it builds, directly or through other
    /// targets. A dependency names a target of the same project, else of another project of the
    /// tree (a project that embeds another); a linked product is the file a target of the tree
    /// builds (a workspace's app links the frameworks its other projects build).
    /// Each target is visited once, whatever the number of apps.
    public func applicationsShippingLibraries() -> ShippingApplications {
        let targets = xcodeProjects.flatMap(\.targets)
        var byIdentity: [String: XcodeTarget] = [:]
        var byName: [String: XcodeTarget] = [:]
        for target in targets {
            if byIdentity[target.identity] == nil { byIdentity[target.identity] = target }
            if byName[target.name] == nil { byName[target.name] = target }
        }
        // The targets that build each product file, its own project's first.
        var byProduct: [String: [XcodeTarget]] = [:]
        for target in targets { if let file = target.productFile { byProduct[file, default: []].append(target) } }
        func named(_ name: String, from target: XcodeTarget) -> XcodeTarget? {
            byIdentity[XcodeTarget.identity(project: target.project, name: name)] ?? byName[name]
        }
        // What a target leads to: the targets it depends on, and those that build what it links.
        func reached(from target: XcodeTarget) -> [XcodeTarget] {
            target.dependencies.compactMap { named($0, from: target) }
                + target.linkedProducts.compactMap { file in
                    let builders = byProduct[file] ?? []
                    return builders.first { $0.project == target.project } ?? builders.first
                }
        }
        var owner: [String: XcodeTarget] = [:]
        // A target reached from an earlier app had all it leads to reached then too.
        var visited: Set<String> = []
        for app in targets where app.isApplication {
            visited.insert(app.identity)
            var queue = reached(from: app)
            while let next = queue.popLast() {
                guard visited.insert(next.identity).inserted else { continue }
                owner[next.identity] = app
                queue += reached(from: next)
            }
        }
        return ShippingApplications(owner: owner)
    }

    /// The first application (in project and target order) that links one of a package's
    /// products (those made of a package target: ``DependencyManifests/products(containing:)``)
    /// through a local package reference: an example app of the workspace that builds the
    /// package beside it ships the package's code.
    public func application(linking products: [SwiftPackageProduct]) -> XcodeTarget? {
        guard let manifest = products.first?.manifest else { return nil }
        let products = Set(products.map(\.name))
        let folder = ProjectPath.directory(of: manifest)
        for project in xcodeProjects
        where project.packageReferences.contains(where: {
            $0.isLocal && ProjectPath.join(project.projectDirectory, $0.location) == folder
        }) {
            if let app = project.targets.first(where: {
                $0.isApplication && $0.packageProductDependencies.contains(where: products.contains)
            }) {
                return app
            }
        }
        return nil
    }

    /// The deepest server whose folder holds a root-relative path, of the language given.
    public func server(containing path: String, language: SourceLanguage?) -> ServerManifest? {
        ServerManifest.deepest(of: servers, containing: path, language: language)
    }

    /// The Swift package targets whose folder holds a root-relative path.
    public func swiftPackageTargets(containing path: String) -> [SwiftPackageTarget] {
        manifests.swiftPackageTargets.filter { $0.contains(path) }
    }
}

/// Which application ships each library target; see
/// ``ScannedProject/applicationsShippingLibraries()``.
public struct ShippingApplications: Sendable {
    var owner: [String: XcodeTarget] = [:]

    /// The application that ships a library target, or nil (for an app, a test bundle, or a
    /// library no app depends on).
    public func application(embedding library: XcodeTarget) -> XcodeTarget? {
        guard !library.isAppLike, !library.isTest else { return nil }
        return owner[library.identity]
    }
}
