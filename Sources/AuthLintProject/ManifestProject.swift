import AuthLintModel
import AuthLintSyntax

/// A project that a Tuist manifest (`Project.swift`) or an XcodeGen spec (`project.yml`) defines
/// instead of a `project.pbxproj`: its targets, which files each compiles, and what each is signed
/// with. It becomes an ``XcodeProject`` so that target membership and entitlements work the same
/// whichever way a project is written.
struct ManifestProject {
    /// The manifest's path relative to the root.
    var path: String
    var name: String
    var targets: [Target] = []

    struct Target {
        var name: String
        /// 1-based line of the target in the manifest.
        var line: Int
        /// `com.apple.product-type.application`, …; nil when the manifest does not say.
        var productType: String?
        /// Folders or globs of the target's sources, relative to the manifest's folder.
        var sources: [Source] = []
        var entitlements: Entitlements = .absent
        /// The Info.plist, relative to the manifest's folder.
        var infoPlist: Located?
        /// Keys the manifest writes into a generated Info.plist (Tuist's `.extendingDefault(with:)`
        /// or `.dictionary(…)`, `[]` for `.default`; XcodeGen's `info.properties` and
        /// `INFOPLIST_KEY_` settings); nil when it writes none that can be read.
        var infoPlistKeys: [String]?
        /// Names of the targets it depends on (in this manifest or another).
        var dependencies: [String] = []
    }

    struct Source {
        var path: Located
        /// Globs (relative to the manifest's folder) of files left out.
        var excludes: [String] = []
    }

    /// A path as written, with its line in the manifest.
    struct Located {
        var path: String
        var line: Int
    }

    enum Entitlements {
        /// The manifest names none.
        case absent
        /// A file, relative to the manifest's folder.
        case file(Located)
        /// Keys and values written in the manifest itself (Tuist's `.dictionary`, XcodeGen's
        /// `properties`), with their lines.
        case inline(PlistNode)
        /// Given in a way that cannot be read without running the manifest (a helper's result).
        case unknown
    }

    /// The project as an ``XcodeProject``, the entitlements written inline as property lists
    /// (path: the manifest), and a diagnostic for each path that leads outside the root.
    /// `files` are the root-relative paths of every file scanned.
    func build(files: [String]) -> (
        project: XcodeProject, inlineEntitlements: [PropertyListFile], diagnostics: [Diagnostic]
    ) {
        let folder = ProjectPath.directory(of: path)
        var diagnostics: [Diagnostic] = []
        var inline: [PropertyListFile] = []
        func resolve(_ located: Located) -> String? {
            let resolved = ProjectPath.join(folder, located.path)
            guard ProjectPath.isInside(resolved, folder: "") else {
                diagnostics.append(
                    Diagnostic(
                        path: path, kind: .outsideRoot, message: "names a path outside the project root; not read",
                        line: located.line))
                return nil
            }
            return resolved
        }
        var xcodeTargets: [XcodeTarget] = []
        for target in targets {
            var sourceFiles: [String] = []
            // XcodeGen adds every file of a folder it is given whole, resources too, each time it
            // generates the project; Tuist's sources are globs of code.
            var wholeFolders: [String] = []
            for source in target.sources {
                guard let resolved = resolve(source.path) else { continue }
                let excludes = source.excludes.map { GlobPattern(ProjectPath.join(folder, $0)) }
                let matches: (String) -> Bool
                if resolved.contains("*") || resolved.contains("?") || resolved.contains("{") {
                    let glob = GlobPattern(resolved)
                    matches = { glob.matches($0) }
                } else {
                    matches = { ProjectPath.isInside($0, folder: resolved) }
                    if isXcodeGen, source.excludes.isEmpty, !resolved.isEmpty { wholeFolders.append(resolved) }
                }
                sourceFiles += files.filter { file in matches(file) && !excludes.contains { $0.matches(file) } }
            }
            var configuration = XcodeBuildConfiguration(name: "Release", line: target.line)
            var signingKnown = true
            var unreadable = false
            switch target.entitlements {
            case .absent:
                signingKnown = false
            case .unknown:
                signingKnown = false
                unreadable = true
            case .file(let located):
                configuration.entitlementsPath = resolve(located)
                signingKnown = configuration.entitlementsPath != nil
            case .inline(let root):
                // One inline dictionary per manifest is kept: the manifest's path names it.
                if inline.isEmpty {
                    inline.append(PropertyListFile(path: path, kind: .entitlements, format: .xml, root: root))
                    configuration.entitlementsPath = path
                } else {
                    signingKnown = false
                }
            }
            configuration.infoPlistPath = target.infoPlist.flatMap(resolve)
            configuration.infoPlistKeys = target.infoPlistKeys
            var xcodeTarget = XcodeTarget(
                name: target.name, productType: target.productType, line: target.line,
                sourceFiles: Array(Set(sourceFiles)), buildConfigurations: [configuration],
                dependencies: target.dependencies)
            xcodeTarget.project = path
            xcodeTarget.synchronizedFolders = wholeFolders.sorted(by: ProjectPath.precedes)
            xcodeTarget.signingKnown = signingKnown
            xcodeTarget.entitlementsUnreadable = unreadable
            xcodeTarget.infoPlistKnown = configuration.infoPlistPath != nil || configuration.infoPlistKeys != nil
            xcodeTargets.append(xcodeTarget)
        }
        let project = XcodeProject(path: path, name: name, projectDirectory: folder, targets: xcodeTargets)
        return (project, inline, diagnostics)
    }

    /// Whether the manifest is an XcodeGen spec (`project.yml`), not a Tuist `Project.swift`.
    var isXcodeGen: Bool {
        let name = ProjectPath.lastComponent(of: path)
        return name.hasSuffix(".yml") || name.hasSuffix(".yaml")
    }

    /// The Xcode product type of a Tuist product (`.app`) or an XcodeGen target type (`application`).
    static func productType(_ name: String) -> String? {
        switch name {
        case "app", "application": return "com.apple.product-type.application"
        case "appExtension", "app-extension", "widgetExtension", "messagesExtension", "app-extension.messages",
            "extensionKitExtension", "extensionkit-extension", "appClip", "application.on-demand-install-capable",
            "watch2App", "application.watchapp2", "watch2Extension", "watchkit2-extension":
            switch name {
            case "appClip", "application.on-demand-install-capable":
                return "com.apple.product-type.application.on-demand-install-capable"
            case "watch2App", "application.watchapp2": return "com.apple.product-type.application.watchapp2"
            case "watch2Extension", "watchkit2-extension": return "com.apple.product-type.watchkit2-extension"
            case "extensionKitExtension", "extensionkit-extension":
                return "com.apple.product-type.extensionkit-extension"
            case "messagesExtension", "app-extension.messages": return "com.apple.product-type.app-extension.messages"
            default: return "com.apple.product-type.app-extension"
            }
        case "unitTests", "bundle.unit-test": return "com.apple.product-type.bundle.unit-test"
        case "uiTests", "bundle.ui-testing": return "com.apple.product-type.bundle.ui-testing"
        case "framework", "staticFramework", "framework.static": return "com.apple.product-type.framework"
        case "staticLibrary", "library.static": return "com.apple.product-type.library.static"
        case "dynamicLibrary", "library.dynamic": return "com.apple.product-type.library.dynamic"
        case "bundle": return "com.apple.product-type.bundle"
        default: return nil
        }
    }
}
