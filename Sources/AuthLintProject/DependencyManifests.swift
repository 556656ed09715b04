import AuthLintModel
import AuthLintSyntax

/// An SDK or library the project links, as one dependency manifest names it.
public struct LinkedPackage: Sendable, Hashable, Codable {
    /// The dependency manager whose manifest names the package.
    public enum Manager: String, Sendable, Hashable, Codable {
        case cocoaPods = "cocoapods"
        case swiftPackageManager = "swiftpm"
        case carthage
    }

    /// Pod name as written (subspecs included: `Firebase/Auth`), Swift package product name,
    /// package identity, or repository name.
    public var name: String
    /// Resolved version (lock files) or the version requirement as written (manifests), when known.
    public var version: String?
    /// Which manager's manifest names it.
    public var manager: Manager
    /// Path of the manifest relative to the root (`Podfile`, `App.xcodeproj/project.pbxproj`).
    public var source: String
    /// 1-based line in the manifest (0 when unknown).
    public var line: Int
    /// The target that links it, when the manifest says.
    public var target: String?
    /// Repository URL, git URL or local path, when the manifest gives one.
    public var location: String?

    public init(
        name: String, version: String? = nil, manager: Manager, source: String, line: Int,
        target: String? = nil, location: String? = nil
    ) {
        self.name = name
        self.version = version
        self.manager = manager
        self.source = source
        self.line = line
        self.target = target
        self.location = location
    }

    /// The name without a pod subspec (`Firebase/Auth` → `Firebase`).
    public var baseName: String {
        guard manager == .cocoaPods, let slash = name.firstIndex(of: "/") else { return name }
        return String(name[..<slash])
    }
}

/// A target declared in a `Package.swift`.
public struct SwiftPackageTarget: Sendable, Hashable, Codable {
    /// The target's name.
    public var name: String
    /// `target`, `executableTarget`, `testTarget`, `macro`, `plugin`, `binaryTarget`, `systemLibrary`.
    public var kind: String
    /// The target's source folder relative to the root (its `path:`, or `Sources/<name>`).
    public var path: String
    /// Names of the targets and products it depends on, in order.
    public var dependencies: [String]
    /// Path of the `Package.swift` relative to the root.
    public var manifest: String
    /// 1-based line of the target's declaration.
    public var line: Int

    public init(name: String, kind: String, path: String, dependencies: [String], manifest: String, line: Int) {
        self.name = name
        self.kind = kind
        self.path = path
        self.dependencies = dependencies
        self.manifest = manifest
        self.line = line
    }

    /// Whether a root-relative path lies in this target's folder.
    public func contains(_ file: String) -> Bool {
        ProjectPath.isInside(file, folder: path)
    }
}

/// A product a `Package.swift` vends: a library, an executable or an app (`.iOSApplication`, a
/// Swift Playgrounds app package), and the targets it is made of.
public struct SwiftPackageProduct: Sendable, Hashable, Codable {
    public var name: String
    /// `library`, `executable` or `iOSApplication`.
    public var kind: String
    /// The names of the package's targets it is made of.
    public var targets: [String]
    /// Path of the `Package.swift` relative to the root.
    public var manifest: String
    /// 1-based line of the product's declaration.
    public var line: Int

    public init(name: String, kind: String, targets: [String], manifest: String, line: Int) {
        self.name = name
        self.kind = kind
        self.targets = targets
        self.manifest = manifest
        self.line = line
    }

    /// Whether it is an app.
    public var isApplication: Bool { kind == "iOSApplication" }
}

/// Everything the project's dependency manifests say it links.
public struct DependencyManifests: Sendable, Hashable {
    /// Sorted by manifest path, then line, then name.
    public var linkedPackages: [LinkedPackage]
    /// Sorted by manifest path, then line.
    public var swiftPackageTargets: [SwiftPackageTarget]
    /// Sorted by manifest path, then line.
    public var swiftPackageProducts: [SwiftPackageProduct]

    public init(
        linkedPackages: [LinkedPackage] = [], swiftPackageTargets: [SwiftPackageTarget] = [],
        swiftPackageProducts: [SwiftPackageProduct] = []
    ) {
        self.linkedPackages = linkedPackages
        self.swiftPackageTargets = swiftPackageTargets
        self.swiftPackageProducts = swiftPackageProducts
    }

    /// Reads one manifest of the given kind into this collection; returns diagnostics for what
    /// could not be read. Kinds that are not dependency manifests are ignored.
    @discardableResult
    public mutating func add(_ bytes: [UInt8], path: String, kind: ProjectFileKind) -> [Diagnostic] {
        switch kind {
        case .podfile:
            linkedPackages += PodfileParser.parsePodfile(bytes, path: path)
        case .podfileLock:
            linkedPackages += PodfileParser.parseLockfile(bytes, path: path)
        case .cartfile, .cartfileResolved:
            linkedPackages += CartfileParser.parse(bytes, path: path)
        case .packageResolved:
            let (packages, diagnostics) = PackageResolvedParser.parse(bytes, path: path)
            linkedPackages += packages
            return diagnostics
        case .packageManifest:
            let manifest = PackageManifestParser.parse(bytes, path: path)
            linkedPackages += manifest.packages
            // A target's folder decides which files are its own; one outside the root holds none of them.
            let outside = manifest.targets.filter { !ProjectPath.isInside($0.path, folder: "") }
            swiftPackageTargets += manifest.targets.filter { ProjectPath.isInside($0.path, folder: "") }
            swiftPackageProducts += manifest.products
            return outside.map { target in
                Diagnostic(
                    path: path, kind: .outsideRoot,
                    message: "the path of target \(target.name) leads outside the project root; not read",
                    line: target.line)
            }
        default:
            break
        }
        return []
    }

    /// Puts both lists in their documented order.
    public mutating func sort() {
        linkedPackages.sort { lhs, rhs in
            if lhs.source != rhs.source { return ProjectPath.precedes(lhs.source, rhs.source) }
            if lhs.line != rhs.line { return lhs.line < rhs.line }
            if lhs.name != rhs.name { return ProjectPath.precedes(lhs.name, rhs.name) }
            return ProjectPath.precedes(lhs.target ?? "", rhs.target ?? "")
        }
        swiftPackageTargets.sort { lhs, rhs in
            if lhs.manifest != rhs.manifest { return ProjectPath.precedes(lhs.manifest, rhs.manifest) }
            if lhs.line != rhs.line { return lhs.line < rhs.line }
            return ProjectPath.precedes(lhs.name, rhs.name)
        }
        swiftPackageProducts.sort { lhs, rhs in
            if lhs.manifest != rhs.manifest { return ProjectPath.precedes(lhs.manifest, rhs.manifest) }
            if lhs.line != rhs.line { return lhs.line < rhs.line }
            return ProjectPath.precedes(lhs.name, rhs.name)
        }
    }

    /// The products of a package target's manifest that are made of it, directly or through
    /// the targets of the same manifest that depend on it, in manifest order.
    public func products(containing target: SwiftPackageTarget) -> [SwiftPackageProduct] {
        let siblings = swiftPackageTargets.filter { $0.manifest == target.manifest }
        let byName = Dictionary(siblings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return swiftPackageProducts.filter { product in
            guard product.manifest == target.manifest else { return false }
            // The product's targets and everything they depend on in the manifest.
            var seen = Set<String>()
            var queue = product.targets
            while let name = queue.popLast() {
                guard seen.insert(name).inserted else { continue }
                if name == target.name { return true }
                queue += byName[name]?.dependencies ?? []
            }
            return false
        }
    }

    /// The packages a given target links (those with no target count for every target).
    public func packages(forTarget target: String) -> [LinkedPackage] {
        linkedPackages.filter { $0.target == nil || $0.target == target }
    }
}
