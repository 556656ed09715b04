import AuthLintModel
import AuthLintSyntax

extension XcodeProject {
    /// Reads a `project.pbxproj`.
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: its path relative to the project root (`App.xcodeproj/project.pbxproj`).
    ///   - rootPath: the absolute project root, to bring `<absolute>` file references into the tree.
    ///   - files: root-relative paths of the files in the tree, for Xcode 16 synchronized folders.
    ///   - xcconfigs: the parsed xcconfig file at a root-relative path, for base configurations.
    /// - Returns: the project, or nil with a `.malformedProject` diagnostic.
    public static func parse(
        _ bytes: [UInt8], path: String, rootPath: String? = nil, files: [String] = [],
        xcconfigs: (String) -> XCConfig? = { _ in nil }
    ) -> (project: XcodeProject?, diagnostics: [Diagnostic]) {
        let top: PBXNode
        switch PBXProjectParser.parse(bytes) {
        case .failure(let error):
            return (nil, [Diagnostic(path: path, kind: .malformedProject, message: error.message, line: error.line)])
        case .success(let node):
            top = node
        }
        guard let objects = top["objects"]?.dictionaryValue else {
            return (
                nil,
                [Diagnostic(path: path, kind: .malformedProject, message: "no \"objects\" dictionary", line: top.line)]
            )
        }
        guard let rootID = top["rootObject"]?.stringValue, let root = objects[rootID],
            root["isa"]?.stringValue == "PBXProject"
        else {
            return (
                nil,
                [Diagnostic(path: path, kind: .malformedProject, message: "no PBXProject root object", line: top.line)]
            )
        }
        return withoutActuallyEscaping(xcconfigs) { lookup in
            var builder = XcodeProjectBuilder(
                objects: objects, path: path, rootPath: rootPath, files: files, xcconfigs: lookup)
            let project = builder.build(root: root)
            return (project, builder.diagnostics)
        }
    }
}

/// Walks a parsed `project.pbxproj` object graph into an `XcodeProject`.
struct XcodeProjectBuilder {
    private static let srcrootMarker = "\u{1}SRCROOT"
    private static let groupKinds: Set<String> = [
        "PBXGroup", "PBXVariantGroup", "XCVersionGroup", "PBXFileSystemSynchronizedRootGroup",
    ]

    let objects: [String: PBXNode]
    let path: String
    let name: String
    let rootPath: String?
    let files: [String]
    let xcconfigs: (String) -> XCConfig?
    var projectDirectory: String
    private var parents: [String: String] = [:]
    private var resolvedPaths: [String: String?] = [:]
    private var xcconfigCache: [String: [String: String]] = [:]
    /// Settings that name a file outside the project root (which is never read).
    private(set) var diagnostics: [Diagnostic] = []

    init(
        objects: [String: PBXNode], path: String, rootPath: String?, files: [String],
        xcconfigs: @escaping (String) -> XCConfig?
    ) {
        self.objects = objects
        self.path = path
        self.rootPath = rootPath
        self.files = files
        self.xcconfigs = xcconfigs
        let bundle = ProjectPath.directory(of: path)
        let bundleName = ProjectPath.lastComponent(of: bundle)
        name = bundleName.hasSuffix(".xcodeproj") ? String(bundleName.dropLast(".xcodeproj".count)) : bundleName
        projectDirectory = ProjectPath.directory(of: bundle)
        for id in objects.keys.sorted(by: >) {
            guard let object = objects[id], let isa = object["isa"]?.stringValue, Self.groupKinds.contains(isa) else {
                continue
            }
            for child in object["children"]?.stringArrayValue ?? [] { parents[child] = id }
        }
    }

    mutating func build(root: PBXNode) -> XcodeProject {
        if let directory = root["projectDirPath"]?.stringValue, !directory.isEmpty {
            projectDirectory = ProjectPath.join(projectDirectory, directory)
        }
        var project = XcodeProject(path: path, name: name, projectDirectory: projectDirectory)
        let projectConfigurations = configurations(
            listID: root["buildConfigurationList"]?.stringValue, target: nil, projectLayers: [:])
        project.buildConfigurations = projectConfigurations.map(\.configuration)
        var projectLayers: [String: [String: String]] = [:]
        for entry in projectConfigurations where projectLayers[entry.configuration.name] == nil {
            projectLayers[entry.configuration.name] = entry.layered
        }
        let synchronized = synchronizedGroups()
        for targetID in root["targets"]?.stringArrayValue ?? [] {
            guard let object = objects[targetID] else { continue }
            project.targets.append(
                target(id: targetID, object: object, projectLayers: projectLayers, synchronized: synchronized))
        }
        for referenceID in root["packageReferences"]?.stringArrayValue ?? [] {
            guard let object = objects[referenceID] else { continue }
            if let url = object["repositoryURL"]?.stringValue {
                let requirement = object["requirement"]
                let text = ["version", "minimumVersion", "branch", "revision"].lazy.compactMap {
                    requirement?[$0]?.stringValue
                }.first
                project.packageReferences.append(
                    XcodePackageReference(location: url, isLocal: false, requirement: text, line: object.line))
            } else if let relative = object["relativePath"]?.stringValue {
                project.packageReferences.append(
                    XcodePackageReference(location: relative, isLocal: true, requirement: nil, line: object.line))
            }
        }
        return project
    }

    private mutating func target(
        id: String, object: PBXNode, projectLayers: [String: [String: String]],
        synchronized: [String: SynchronizedGroup]
    ) -> XcodeTarget {
        let targetName = object["name"]?.stringValue ?? object["productName"]?.stringValue ?? id
        var target = XcodeTarget(
            name: targetName, isa: object["isa"]?.stringValue ?? "PBXNativeTarget",
            productType: object["productType"]?.stringValue, line: object.line)
        target.project = path
        var sources: Set<String> = []
        var resources: Set<String> = []
        for phaseID in object["buildPhases"]?.stringArrayValue ?? [] {
            guard let phase = objects[phaseID], let isa = phase["isa"]?.stringValue else { continue }
            for buildFileID in phase["files"]?.stringArrayValue ?? [] {
                guard let buildFile = objects[buildFileID] else { continue }
                switch isa {
                case "PBXSourcesBuildPhase", "PBXResourcesBuildPhase":
                    guard let fileID = buildFile["fileRef"]?.stringValue, let resolved = resolvePath(fileID) else {
                        continue
                    }
                    if isa == "PBXSourcesBuildPhase" { sources.insert(resolved) } else { resources.insert(resolved) }
                case "PBXFrameworksBuildPhase":
                    if let fileID = buildFile["fileRef"]?.stringValue, let file = objects[fileID],
                        let label = file["name"]?.stringValue
                            ?? file["path"]?.stringValue.map(ProjectPath.lastComponent)
                    {
                        target.linkedFrameworks.append(label)
                        if file["sourceTree"]?.stringValue == "BUILT_PRODUCTS_DIR",
                            let path = file["path"]?.stringValue
                        {
                            target.linkedProducts.append(ProjectPath.lastComponent(of: path))
                        }
                    } else if let productID = buildFile["productRef"]?.stringValue,
                        let product = objects[productID]?["productName"]?.stringValue
                    {
                        target.linkedFrameworks.append(product)
                    }
                default:
                    continue
                }
            }
        }
        let ownGroups = object["fileSystemSynchronizedGroups"]?.stringArrayValue ?? []
        for groupID in ownGroups {
            guard let group = synchronized[groupID] else { continue }
            target.synchronizedFolders.append(group.folder)
            let excluded = group.exceptions[id] ?? []
            for file in files where ProjectPath.isInside(file, folder: group.folder) {
                if excluded.contains(where: { ProjectPath.isInside(file, folder: $0) }) { continue }
                classify(file, sources: &sources, resources: &resources)
            }
        }
        // An exception on a folder the target does not own adds those files to the target.
        for (groupID, group) in synchronized where !ownGroups.contains(groupID) {
            for file in group.exceptions[id] ?? [] { classify(file, sources: &sources, resources: &resources) }
        }
        target.sourceFiles = sources.sorted(by: ProjectPath.precedes)
        target.resourceFiles = resources.sorted(by: ProjectPath.precedes)
        target.synchronizedFolders.sort(by: ProjectPath.precedes)
        target.packageProductDependencies = (object["packageProductDependencies"]?.stringArrayValue ?? []).compactMap {
            objects[$0]?["productName"]?.stringValue
        }
        target.dependencies = (object["dependencies"]?.stringArrayValue ?? []).compactMap { dependencyID in
            guard let dependency = objects[dependencyID] else { return nil }
            if let targetID = dependency["target"]?.stringValue, let name = objects[targetID]?["name"]?.stringValue {
                return name
            }
            return dependency["name"]?.stringValue
        }
        target.productFile = object["productReference"]?.stringValue
            .flatMap { objects[$0]?["path"]?.stringValue }.map(ProjectPath.lastComponent)
        target.buildConfigurations = configurations(
            listID: object["buildConfigurationList"]?.stringValue,
            target: targetName, projectLayers: projectLayers
        ).map(\.configuration)
        return target
    }

    private func classify(_ file: String, sources: inout Set<String>, resources: inout Set<String>) {
        let kind = ProjectFileKind.classify(
            fileName: ProjectPath.lastComponent(of: file),
            parentName: ProjectPath.lastComponent(of: ProjectPath.directory(of: file)))
        switch kind {
        case .swift?, .objectiveC?, .objectiveCPlusPlus?: sources.insert(file)
        case .propertyList?, .infoPlist?, .privacyManifest?: resources.insert(file)
        default: break
        }
    }

    struct SynchronizedGroup {
        var folder: String
        /// Target ID → root-relative paths excepted from (or added to) that target.
        var exceptions: [String: [String]]
    }

    private mutating func synchronizedGroups() -> [String: SynchronizedGroup] {
        var groups: [String: SynchronizedGroup] = [:]
        for (id, object) in objects where object["isa"]?.stringValue == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = resolvePath(id) else { continue }
            var group = SynchronizedGroup(folder: folder, exceptions: [:])
            for exceptionID in object["exceptions"]?.stringArrayValue ?? [] {
                guard let exception = objects[exceptionID],
                    exception["isa"]?.stringValue == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let targetID = exception["target"]?.stringValue
                else { continue }
                let paths = (exception["membershipExceptions"]?.stringArrayValue ?? []).map {
                    ProjectPath.join(folder, $0)
                }
                group.exceptions[targetID, default: []].append(contentsOf: paths)
            }
            groups[id] = group
        }
        return groups
    }

    /// The root-relative path of a file reference or group, nil when it is outside the tree
    /// (built products, SDK) or the graph is broken.
    mutating func resolvePath(_ id: String, depth: Int = 0) -> String? {
        if let cached = resolvedPaths[id] { return cached }
        guard depth < 64, let object = objects[id] else { return nil }
        let own = object["path"]?.stringValue
        let result: String?
        switch object["sourceTree"]?.stringValue ?? "<group>" {
        case "<group>":
            let base: String?
            if let parent = parents[id] {
                base = resolvePath(parent, depth: depth + 1)
            } else {
                base = projectDirectory
            }
            if let base, let own {
                result = ProjectPath.join(base, own)
            } else {
                result = base
            }
        case "SOURCE_ROOT":
            result = ProjectPath.join(projectDirectory, own ?? "")
        case "<absolute>":
            result = own.map(inTree)
        default:
            result = nil
        }
        resolvedPaths[id] = .some(result)
        return result
    }

    /// An absolute path made relative to the root when it lies inside it.
    private func inTree(_ absolute: String) -> String {
        guard absolute.hasPrefix("/"), let rootPath else { return ProjectPath.normalize(absolute) }
        let relative = ProjectPath.relative(absolute, to: rootPath)
        return ProjectPath.isInside(relative, folder: "") ? relative : ProjectPath.normalize(absolute)
    }

    private mutating func xcconfigSettings(_ path: String) -> [String: String] {
        if let cached = xcconfigCache[path] { return cached }
        let settings = xcconfigs(path)?.resolvedSettings(lookup: xcconfigs) ?? [:]
        xcconfigCache[path] = settings
        return settings
    }

    /// The configurations of a configuration list; `layered` is the project level's effective
    /// settings, for targets to lie over.
    private mutating func configurations(listID: String?, target: String?, projectLayers: [String: [String: String]])
        -> [(configuration: XcodeBuildConfiguration, layered: [String: String])]
    {
        guard let listID, let list = objects[listID] else { return [] }
        var result: [(configuration: XcodeBuildConfiguration, layered: [String: String])] = []
        for configurationID in list["buildConfigurations"]?.stringArrayValue ?? [] {
            guard let object = objects[configurationID] else { continue }
            var configuration = XcodeBuildConfiguration(
                name: object["name"]?.stringValue ?? configurationID, line: object.line)
            for (key, value) in object["buildSettings"]?.dictionaryValue ?? [:] {
                configuration.settings[key] = value.settingValue ?? ""
                configuration.settingLines[key] = value.line
            }
            if let referenceID = object["baseConfigurationReference"]?.stringValue {
                configuration.baseConfigurationPath = resolvePath(referenceID)
            } else if let anchorID = object["baseConfigurationReferenceAnchor"]?.stringValue,
                let relative = object["baseConfigurationReferenceRelativePath"]?.stringValue,
                let anchor = resolvePath(anchorID)
            {
                configuration.baseConfigurationPath = ProjectPath.join(anchor, relative)
            }
            // A base configuration outside the root is reported below, and never looked up.
            let base =
                configuration.baseConfigurationPath.map {
                    ProjectPath.isInside($0, folder: "") ? xcconfigSettings($0) : [:]
                } ?? [:]
            let below = projectLayers[configuration.name] ?? [:]
            let effective = BuildSettings.layer(configuration.settings, over: BuildSettings.layer(base, over: below))
            configuration.effectiveSettings = effective
            if BuildSettings.reachesBound(effective) {
                diagnostics.append(
                    Diagnostic(
                        path: path, kind: .tooComplex,
                        message:
                            "a build setting of configuration \(configuration.name) grows past \(BuildSettings.maximumValueLength) bytes through $(inherited); cut there",
                        line: object.line))
            }
            var variables = effective
            variables["SRCROOT"] = Self.srcrootMarker
            variables["PROJECT_DIR"] = Self.srcrootMarker
            variables["SOURCE_ROOT"] = Self.srcrootMarker
            variables["PROJECT_NAME"] = name
            variables["CONFIGURATION"] = configuration.name
            if let target {
                variables["TARGET_NAME"] = target
                if variables["PRODUCT_NAME"] == nil { variables["PRODUCT_NAME"] = target }
            }
            configuration.entitlementsPath = settingPath(effective["CODE_SIGN_ENTITLEMENTS"], variables: variables)
            configuration.infoPlistPath = settingPath(effective["INFOPLIST_FILE"], variables: variables)
            for (setting, value) in [
                ("CODE_SIGN_ENTITLEMENTS", configuration.entitlementsPath),
                ("INFOPLIST_FILE", configuration.infoPlistPath),
            ]
            where (value?.utf8.count ?? 0) >= BuildSettings.maximumValueLength {
                diagnostics.append(
                    Diagnostic(
                        path: path, kind: .tooComplex,
                        message:
                            "\(setting) of configuration \(configuration.name) expands past \(BuildSettings.maximumValueLength) bytes; cut there",
                        line: configuration.settingLines[setting] ?? object.line))
            }
            let named = [
                ("baseConfigurationReference", configuration.baseConfigurationPath),
                ("CODE_SIGN_ENTITLEMENTS", configuration.entitlementsPath),
                ("INFOPLIST_FILE", configuration.infoPlistPath),
            ]
            for (setting, value) in named {
                guard let value, !ProjectPath.isInside(value, folder: "") else { continue }
                diagnostics.append(
                    Diagnostic(
                        path: path, kind: .outsideRoot,
                        message:
                            "\(setting) of configuration \(configuration.name) names a file outside the project root; not read",
                        line: configuration.settingLines[setting] ?? object.line))
            }
            result.append((configuration, effective))
        }
        return result
    }

    /// A path-valued setting expanded and made relative to the root (relative values are taken
    /// from the project's folder, as Xcode does).
    private func settingPath(_ value: String?, variables: [String: String]) -> String? {
        guard var text = value.map({ String(Substring($0).trimmingSpaces()) }), !text.isEmpty else { return nil }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        text = BuildSettings.expand(text, variables: variables)
        if text.hasPrefix(Self.srcrootMarker) {
            return ProjectPath.join(
                projectDirectory, String(text.dropFirst(Self.srcrootMarker.count)).trimmingSlashPrefix())
        }
        if text.contains(Self.srcrootMarker) { text = text.replacing(Self.srcrootMarker, with: projectDirectory) }
        if text.isEmpty { return nil }
        return text.hasPrefix("/") ? inTree(text) : ProjectPath.join(projectDirectory, text)
    }
}

extension String {
    fileprivate func trimmingSlashPrefix() -> String {
        var text = Substring(self)
        while text.hasPrefix("/") { text = text.dropFirst() }
        return String(text)
    }
}
