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

    static func build(files: [CodeView], scanned: ScannedProject?) -> (units: [CodeUnit], unitOfFile: [Int]) {
        var units: [CodeUnit] = []
        var index: [String: Int] = [:]
        func unit(_ name: String, _ kind: CodeUnit.Kind) -> Int {
            if let existing = index[name] { return existing }
            units.append(CodeUnit(name: name, kind: kind))
            index[name] = units.count - 1
            return units.count - 1
        }
        let firstApp = scanned?.xcodeProjects.lazy.flatMap(\.targets).first { $0.isApplication }
        var unitOfFile: [Int] = []
        for (fileIndex, code) in files.enumerated() {
            let path = code.file.path
            let chosen: Int
            if !code.imports.isDisjoint(with: testModules) {
                chosen = unit("tests", .test)
            } else if let targets = scanned?.xcodeTargets(containing: path), let target = preferred(targets) {
                chosen = unit("target " + target.name, kind(of: target))
            } else if let package = scanned?.swiftPackageTargets(containing: path).first {
                if package.kind.lowercased().contains("test") {
                    chosen = unit("tests", .test)
                } else if let firstApp {
                    // A local package of an app ships inside it.
                    chosen = unit("target " + firstApp.name, .app)
                } else {
                    chosen = unit("package target " + package.name, .library)
                }
            } else if let firstApp {
                chosen = unit("target " + firstApp.name, .app)
            } else {
                chosen = unit("project", .unknown)
            }
            units[chosen].files.append(fileIndex)
            unitOfFile.append(chosen)
        }
        return (units, unitOfFile)
    }

    private static func preferred(_ targets: [XcodeTarget]) -> XcodeTarget? {
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
