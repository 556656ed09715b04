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

    /// The kind of a file from its name and the name of the folder holding it, or nil when the
    /// scanner does not collect it.
    public static func classify(fileName name: String, parentName: String) -> ProjectFileKind? {
        switch name {
        case "Package.swift": return .packageManifest
        case "Package.resolved": return .packageResolved
        case "Podfile": return .podfile
        case "Podfile.lock": return .podfileLock
        case "Cartfile": return .cartfile
        case "Cartfile.resolved": return .cartfileResolved
        case "Info.plist": return .infoPlist
        case "project.pbxproj": return parentName.hasSuffix(".xcodeproj") ? .xcodeProject : nil
        case "project.yml", "project.yaml": return .xcodegenSpec
        default: break
        }
        if name.hasPrefix("Package@swift-"), name.hasSuffix(".swift") { return .packageManifest }
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...] {
        case "swift": return .swift
        case "m": return .objectiveC
        case "mm": return .objectiveCPlusPlus
        case "h": return .header
        case "entitlements": return .entitlements
        case "plist": return .propertyList
        case "xcprivacy": return .privacyManifest
        case "xcconfig": return .xcconfig
        case "storyboard", "xib": return .interfaceBuilder
        default: return nil
        }
    }

    /// Whether the engine lexes files of this kind.
    public var isSource: Bool {
        switch self {
        case .swift, .objectiveC, .objectiveCPlusPlus, .header: return true
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
        default: return nil
        }
    }
}
