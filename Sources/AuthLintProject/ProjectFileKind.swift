import AuthLintModel
import AuthLintSyntax

/// The kinds of file the scanner collects from a project tree.
public enum ProjectFileKind: String, Sendable, Hashable, Codable, CaseIterable {
    case swift
    /// `.m`
    case objectiveC = "objc"
    /// `.mm`
    case objectiveCPlusPlus = "objcpp"
    /// `.h`
    case header
    /// `*.entitlements`
    case entitlements
    /// `Info.plist`, or a property list named by an `INFOPLIST_FILE` build setting.
    case infoPlist = "info-plist"
    /// `PrivacyInfo.xcprivacy` (and any other `*.xcprivacy`).
    case privacyManifest = "privacy-manifest"
    /// Any other `*.plist`.
    case propertyList = "plist"
    /// `Package.swift` (and `Package@swift-*.swift`).
    case packageManifest = "package-manifest"
    case packageResolved = "package-resolved"
    case podfile
    case podfileLock = "podfile-lock"
    case cartfile
    case cartfileResolved = "cartfile-resolved"
    /// `project.pbxproj` inside a `*.xcodeproj` folder.
    case xcodeProject = "pbxproj"
    case xcconfig
    /// `project.yml` / `project.yaml`: an XcodeGen spec (read when it has `targets:`).
    case xcodegenSpec = "xcodegen-spec"
    /// `*.storyboard` and `*.xib`: the classes and action selectors an interface names.
    case interfaceBuilder = "interface-builder"
    /// `.py`: lexed only in a server's folder (``ServerManifest``).
    case python
    /// `.js`, `.mjs`, `.cjs`, `.jsx`, `.ts`, `.mts`, `.cts`, `.tsx`: lexed only in a server's folder.
    case javaScript = "js"
    /// `requirements.txt` (and `requirements-*.txt`), `pyproject.toml`, `Pipfile`.
    case pythonManifest = "python-manifest"
    /// `package.json`.
    case nodeManifest = "package-json"
    /// `*.p8`: a private key as Apple's developer site hands it out. Listed, never read.
    case privateKey = "private-key"

    /// The files the scanner collects by their whole name (`project.pbxproj` only inside an
    /// `*.xcodeproj` folder).
    public static let byName: [String: ProjectFileKind] = [
        "Package.swift": .packageManifest, "Package.resolved": .packageResolved, "Podfile": .podfile,
        "Podfile.lock": .podfileLock, "Cartfile": .cartfile, "Cartfile.resolved": .cartfileResolved,
        "Info.plist": .infoPlist, "project.pbxproj": .xcodeProject, "project.yml": .xcodegenSpec,
        "project.yaml": .xcodegenSpec, "requirements.txt": .pythonManifest, "pyproject.toml": .pythonManifest,
        "Pipfile": .pythonManifest, "package.json": .nodeManifest,
    ]

    /// The files the scanner collects by their extension (`Package@swift-*.swift` is a manifest).
    public static let byExtension: [String: ProjectFileKind] = [
        "swift": .swift, "m": .objectiveC, "mm": .objectiveCPlusPlus, "h": .header, "entitlements": .entitlements,
        "plist": .propertyList, "xcprivacy": .privacyManifest, "xcconfig": .xcconfig, "storyboard": .interfaceBuilder,
        "xib": .interfaceBuilder, "py": .python, "js": .javaScript, "mjs": .javaScript, "cjs": .javaScript,
        "jsx": .javaScript, "ts": .javaScript, "mts": .javaScript, "cts": .javaScript, "tsx": .javaScript,
        "p8": .privateKey,
    ]

    /// The kind of a file from its name and the name of the folder holding it, or nil when the
    /// scanner does not collect it.
    public static func classify(fileName name: String, parentName: String) -> ProjectFileKind? {
        if let kind = byName[name] { return kind != .xcodeProject || parentName.hasSuffix(".xcodeproj") ? kind : nil }
        if name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") { return .packageManifest }
        if name.hasPrefix("requirements"), name.hasSuffix(".txt") { return .pythonManifest }
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return nil }
        return byExtension[String(name[name.index(after: dot)...])]
    }

    /// Whether the engine lexes files of this kind.
    public var isSource: Bool {
        switch self {
        case .swift, .objectiveC, .objectiveCPlusPlus, .header, .python, .javaScript: return true
        default: return false
        }
    }

    /// Whether the file is a property list (XML or binary).
    public var isPropertyList: Bool {
        switch self {
        case .entitlements, .infoPlist, .privacyManifest, .propertyList: return true
        default: return false
        }
    }

    /// The lexer to use for a source file.
    public var sourceLanguage: SourceLanguage? {
        switch self {
        case .swift: return .swift
        case .objectiveC, .objectiveCPlusPlus, .header: return .objectiveC
        case .python: return .python
        case .javaScript: return .javaScript
        default: return nil
        }
    }
}
