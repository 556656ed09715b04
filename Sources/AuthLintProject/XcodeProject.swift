import AuthLintModel
import AuthLintSyntax

/// An Xcode project read from its `project.pbxproj`.
public struct XcodeProject: Sendable, Hashable {
    /// The `project.pbxproj` path relative to the project root (`App/App.xcodeproj/project.pbxproj`).
    public var path: String
    /// The project's name (the `.xcodeproj` folder's name without extension).
    public var name: String
    /// The folder holding the `.xcodeproj`, relative to the root (`""` at the root): `$(SRCROOT)`.
    public var projectDirectory: String
    /// Targets in the order the project lists them.
    public var targets: [XcodeTarget]
    /// Project-level configurations (their settings are the targets' defaults).
    public var buildConfigurations: [XcodeBuildConfiguration]
    /// Swift packages the project references.
    public var packageReferences: [XcodePackageReference]

    public init(
        path: String, name: String, projectDirectory: String, targets: [XcodeTarget] = [],
        buildConfigurations: [XcodeBuildConfiguration] = [], packageReferences: [XcodePackageReference] = []
    ) {
        self.path = path
        self.name = name
        self.projectDirectory = projectDirectory
        self.targets = targets
        self.buildConfigurations = buildConfigurations
        self.packageReferences = packageReferences
    }

    /// The target named `name`.
    public func target(named name: String) -> XcodeTarget? {
        targets.first { $0.name == name }
    }

    /// The targets whose sources include `path` (relative to the root).
    public func targets(containing path: String) -> [XcodeTarget] {
        targets.filter { $0.contains(path) }
    }
}

/// A target of an Xcode project.
public struct XcodeTarget: Sendable, Hashable {
    /// The target's name, unique only within its project.
    public var name: String
    /// The root-relative path of the project file that declares the target (its
    /// `project.pbxproj`, Tuist `Project.swift` or XcodeGen `project.yml`).
    public var project: String = ""
    /// `PBXNativeTarget`, `PBXAggregateTarget` or `PBXLegacyTarget`.
    public var isa: String
    /// `com.apple.product-type.application`, `com.apple.product-type.app-extension`, …; nil for
    /// aggregate and legacy targets.
    public var productType: String?
    /// 1-based line of the target's object in the `.pbxproj`.
    public var line: Int
    /// Files of the Sources build phase and of synchronized folders, relative to the root,
    /// sorted by their UTF-8 bytes.
    public internal(set) var sourceFiles: [String]
    /// Files of the Resources build phase, and property lists of synchronized folders, sorted.
    public internal(set) var resourceFiles: [String]
    /// Folders whose files, new ones too, belong to this target, relative to the root: Xcode 16
    /// synchronized folders, and the folders an XcodeGen target lists whole as its sources.
    public var synchronizedFolders: [String]
    /// The target's configurations in list order, with effective settings.
    public var buildConfigurations: [XcodeBuildConfiguration]
    /// Product names of the Swift package products the target links (`GoogleSignIn`).
    public var packageProductDependencies: [String]
    /// Names of what the Frameworks build phase links (`AuthenticationServices.framework`, package products).
    public var linkedFrameworks: [String]
    /// Names of the targets this one depends on (an app depends on the extensions it embeds).
    public var dependencies: [String]
    /// The file the target builds (`Habitica_API_Client.framework`), when the project names it.
    public var productFile: String?
    /// The products of the tree's own targets the target links (files its Frameworks build phase
    /// takes from the build products folder), though it may not name those targets as
    /// dependencies: a workspace's app links the frameworks its other projects build.
    public var linkedProducts: [String] = []
    /// Whether the project says what the target is signed with. A `project.pbxproj` always does
    /// (no `CODE_SIGN_ENTITLEMENTS` means none); a Tuist or XcodeGen manifest may leave it to
    /// something authlint does not run.
    public var signingKnown = true
    /// Whether the project says what the target's Info.plist holds. A `project.pbxproj` always
    /// does; a Tuist or XcodeGen manifest may compute it.
    public var infoPlistKnown = true
    /// For a Tuist or XcodeGen target: whether its manifest gives entitlements in a way that
    /// cannot be read without running it (so none can be said to be missing).
    public var entitlementsUnreadable = false

    public init(
        name: String, isa: String = "PBXNativeTarget", productType: String?, line: Int = 0,
        sourceFiles: [String] = [], resourceFiles: [String] = [], synchronizedFolders: [String] = [],
        buildConfigurations: [XcodeBuildConfiguration] = [], packageProductDependencies: [String] = [],
        linkedFrameworks: [String] = [], dependencies: [String] = []
    ) {
        self.name = name
        self.isa = isa
        self.productType = productType
        self.line = line
        self.sourceFiles = sourceFiles.sorted(by: ProjectPath.precedes)
        self.resourceFiles = resourceFiles.sorted(by: ProjectPath.precedes)
        self.synchronizedFolders = synchronizedFolders
        self.buildConfigurations = buildConfigurations
        self.packageProductDependencies = packageProductDependencies
        self.linkedFrameworks = linkedFrameworks
        self.dependencies = dependencies
    }

    /// Names the target across the tree: two projects may each have a target of the same name.
    public var identity: String { Self.identity(project: project, name: name) }

    /// The identity of the target `name` that the project file at `project` declares.
    public static func identity(project: String, name: String) -> String { project + "\u{0}" + name }

    /// An application: iOS/macOS app, watch app, App Clip, iMessage app.
    public var isApplication: Bool {
        guard let productType else { return false }
        return productType == "com.apple.product-type.application"
            || productType.hasPrefix("com.apple.product-type.application.")
    }

    /// An app extension of any kind (widget, share, intents, watch extension, ExtensionKit).
    public var isAppExtension: Bool {
        guard let productType else { return false }
        return productType.hasSuffix("app-extension") || productType.contains("app-extension.")
            || productType == "com.apple.product-type.watchkit2-extension"
            || productType == "com.apple.product-type.watchkit-extension"
            || productType == "com.apple.product-type.extensionkit-extension"
    }

    /// Something that ships to users as or inside an app: an application or an app extension.
    public var isAppLike: Bool { isApplication || isAppExtension }

    /// A unit or UI test bundle.
    public var isTest: Bool {
        guard let productType else { return false }
        return productType.hasPrefix("com.apple.product-type.bundle.unit-test")
            || productType.hasPrefix("com.apple.product-type.bundle.ui-testing")
            || productType == "com.apple.product-type.bundle.ocunit-test"
    }

    /// The configuration named `name` (`Debug`, `Release`).
    public func configuration(named name: String) -> XcodeBuildConfiguration? {
        buildConfigurations.first { $0.name == name }
    }
}

/// A build configuration of a target or project.
public struct XcodeBuildConfiguration: Sendable, Hashable {
    /// `Debug`, `Release`, …
    public var name: String
    /// 1-based line of the configuration's object in the `.pbxproj`.
    public var line: Int
    /// The settings written in the project for this configuration (arrays joined with spaces).
    public var settings: [String: String]
    /// 1-based line of each written setting.
    public var settingLines: [String: Int]
    /// The base configuration xcconfig file, relative to the root.
    public var baseConfigurationPath: String?
    /// What the build sees: project xcconfig, project settings, target xcconfig and target
    /// settings laid over each other with `$(inherited)` applied (not otherwise expanded).
    public var effectiveSettings: [String: String]
    /// `CODE_SIGN_ENTITLEMENTS` from the effective settings with variables expanded, relative to the root.
    public var entitlementsPath: String?
    /// `INFOPLIST_FILE` from the effective settings with variables expanded, relative to the root.
    public var infoPlistPath: String?
    /// For a target a Tuist or XcodeGen manifest defines: the keys it writes into the Info.plist
    /// (nil when it writes none that can be read).
    public var infoPlistKeys: [String]?

    public init(
        name: String, line: Int = 0, settings: [String: String] = [:], settingLines: [String: Int] = [:],
        baseConfigurationPath: String? = nil, effectiveSettings: [String: String] = [:],
        entitlementsPath: String? = nil, infoPlistPath: String? = nil
    ) {
        self.name = name
        self.line = line
        self.settings = settings
        self.settingLines = settingLines
        self.baseConfigurationPath = baseConfigurationPath
        self.effectiveSettings = effectiveSettings
        self.entitlementsPath = entitlementsPath
        self.infoPlistPath = infoPlistPath
    }
}

/// A Swift package referenced by an Xcode project.
public struct XcodePackageReference: Sendable, Hashable {
    /// Repository URL of a remote package, or the relative path of a local one.
    public var location: String
    /// Whether it is a local package (`XCLocalSwiftPackageReference`).
    public var isLocal: Bool
    /// Lower bound or exact version, branch or revision, as the requirement states it.
    public var requirement: String?
    /// 1-based line of the reference object.
    public var line: Int

    public init(location: String, isLocal: Bool, requirement: String?, line: Int) {
        self.location = location
        self.isLocal = isLocal
        self.requirement = requirement
        self.line = line
    }
}

extension XcodeTarget {
    /// Whether the target's sources or resources include `path`.
    public func contains(_ path: String) -> Bool {
        sourceFiles.index(ofSortedPath: path) != nil || resourceFiles.index(ofSortedPath: path) != nil
    }
}
