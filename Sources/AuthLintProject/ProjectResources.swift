import AuthLintModel
import AuthLintSyntax
import Foundation

/// The entitlements files and privacy manifests that apply to each source file: those its Xcode
/// target names (entitlements of every shipping configuration), otherwise the nearest one up
/// the folder tree, otherwise the project's only one.
package struct ProjectResources: Sendable {
    /// Parsed property lists by root-relative path.
    package var propertyLists: [String: PropertyListFile] = [:]
    /// Per source file: entitlements paths that ship with it (empty: none known).
    package var entitlementsOfFile = PerFile<[String]>()
    /// Per source file: whether a project file (a target's `CODE_SIGN_ENTITLEMENTS`) or an
    /// entitlements file near it says what it is signed with.
    package var signingKnown = PerFile<Bool>()
    /// Per source file: privacy manifest paths that ship with it.
    package var manifestsOfFile = PerFile<[String]>()
    /// Per source file: where the Info.plist of each shipping configuration of its target comes
    /// from (empty: none known).
    package var infoPlistsOfFile = PerFile<[InfoPlistSource]>()
    /// Per source file: whether a project file or an Info.plist near it says what its Info.plist is.
    package var infoPlistKnown = PerFile<Bool>()
    /// Whether the tree holds no Info.plist and no project file at all.
    package var noInfoPlistInTree = true
    /// The text of entitlements files and privacy manifests, for excerpts, columns and fingerprints.
    package var texts: [String: SourceFile] = [:]
    /// Every file the scan found, read or not, in path order (``ProjectPath/precedes(_:_:)``):
    /// the scan's own list, shared.
    var scannedFiles: [ProjectFile] = []
    /// The classes storyboards and xibs instantiate (`customClass`) and the methods they connect
    /// (`selector`, up to its first colon).
    package var interfaceNames: Set<String> = []

    /// One configuration's Info.plist: the file it starts from (`INFOPLIST_FILE`), and the keys
    /// its `INFOPLIST_KEY_` build settings add to a generated one.
    package struct InfoPlistSource: Hashable, Sendable, Comparable {
        package var path: String?
        package var generatedKeys: [String]

        package static func < (a: Self, b: Self) -> Bool {
            (a.path ?? "", a.generatedKeys.joined(separator: "\n")) < (
                b.path ?? "", b.generatedKeys.joined(separator: "\n")
            )
        }
    }

    init() {}

    /// Whether the scan found a file at `path`.
    package func scanned(_ path: String) -> Bool {
        let found = scannedFiles.lowerBound { ProjectPath.precedes($0.path, path) }
        return found < scannedFiles.count && scannedFiles[found].path == path
    }

    /// Whether the scan found a file in `folder` or below it.
    package func scannedFile(inFolder folder: String) -> Bool {
        let prefix = folder + "/"
        let first = scannedFiles.lowerBound { ProjectPath.precedes($0.path, prefix) }
        return first < scannedFiles.count && scannedFiles[first].path.utf8.starts(with: prefix.utf8)
    }

    package init(paths: [String], scanned: ScannedProject?) {
        guard let scanned else {
            entitlementsOfFile = PerFile(repeating: [], count: paths.count)
            manifestsOfFile = entitlementsOfFile
            signingKnown = PerFile(repeating: false, count: paths.count)
            infoPlistsOfFile = PerFile(repeating: [], count: paths.count)
            infoPlistKnown = signingKnown
            return
        }
        for list in scanned.propertyLists { propertyLists[list.path] = list }
        scannedFiles = scanned.allFiles
        // A file the scan found is read only if it is still that file; a property list a build
        // setting named, which the scan read by its path, is read by it again.
        for list in scanned.entitlements + scanned.privacyManifests + scanned.infoPlists {
            let read =
                scanned.file(atPath: list.path).map { FileReader.readFile($0) }
                ?? FileReader.readFile(atPath: (scanned.root as NSString).appendingPathComponent(list.path))
            if case .success(let bytes) = read {
                texts[list.path] = SourceFile(path: list.path, language: .objectiveC, bytes: bytes)
            }
        }
        for file in scanned.allFiles where file.kind == .interfaceBuilder {
            if case .success(let bytes) = FileReader.readFile(file) {
                interfaceNames.formUnion(ProjectResources.interfaceNames(in: bytes))
            }
        }
        let entitlementPaths = scanned.entitlements.map(\.path)
        let manifestPaths = scanned.privacyManifests.map(\.path)
        let infoPlistPaths = scanned.infoPlists.map(\.path)
        noInfoPlistInTree = infoPlistPaths.isEmpty && scanned.xcodeProjects.isEmpty
        // Files of one target share its Info.plists.
        var infoPlistsByTarget: [String: [InfoPlistSource]] = [:]
        func infoPlists(_ target: XcodeTarget) -> [InfoPlistSource] {
            let key = target.identity
            if let known = infoPlistsByTarget[key] { return known }
            let found = Set(
                ProjectResources.shipping(target.buildConfigurations).map { configuration in
                    let settings = configuration.effectiveSettings.compactMap { name, value in
                        name.hasPrefix("INFOPLIST_KEY_") && !value.isEmpty
                            ? String(name.dropFirst("INFOPLIST_KEY_".count)) : nil
                    }
                    return InfoPlistSource(
                        path: configuration.infoPlistPath,
                        generatedKeys: Array(Set(settings + (configuration.infoPlistKeys ?? []))).sorted())
                }
            ).sorted()
            infoPlistsByTarget[key] = found
            return found
        }
        // The project's only file of a kind stands in for a missing nearer one only in a tree with
        // no Xcode project: there, nothing says which target a far-away file belongs to.
        let loose = scanned.xcodeProjects.isEmpty
        var nearestEntitlements = Nearest(entitlementPaths, orOnly: loose)
        var nearestManifests = Nearest(manifestPaths, orOnly: loose)
        var nearestTargetManifests = Nearest(manifestPaths, orOnly: false)
        var nearestInfoPlists = Nearest(infoPlistPaths, orOnly: loose)
        var manifestsByTarget: [String: [String]] = [:]
        func bundledManifests(_ target: XcodeTarget) -> [String] {
            let key = target.identity
            if let known = manifestsByTarget[key] { return known }
            let found = target.resourceFiles.filter { $0.hasSuffix(".xcprivacy") }.sorted()
            manifestsByTarget[key] = found
            return found
        }
        // One list for the files of a target, not a copy for each.
        var entitlementsByTarget: [String: [String]] = [:]
        func entitlements(_ target: XcodeTarget) -> [String] {
            let key = target.identity
            if let known = entitlementsByTarget[key] { return known }
            let found = Array(Set(ProjectResources.shipping(target.buildConfigurations).compactMap(\.entitlementsPath)))
                .sorted()
            entitlementsByTarget[key] = found
            return found
        }
        let shipping = scanned.applicationsShippingLibraries()
        // At their size: they are kept for the whole run.
        entitlementsOfFile.reserveCapacity(paths.count)
        signingKnown.reserveCapacity(paths.count)
        manifestsOfFile.reserveCapacity(paths.count)
        infoPlistsOfFile.reserveCapacity(paths.count)
        infoPlistKnown.reserveCapacity(paths.count)
        for path in paths {
            let folder = ProjectPath.directory(of: path)
            let targets = scanned.xcodeTargets(containing: path)
            if let preferred = BuildTargetBuilder.preferred(targets) {
                let target = shipping.application(embedding: preferred) ?? preferred
                entitlementsOfFile.append(entitlements(target))
                signingKnown.append(target.signingKnown)
                let bundled = bundledManifests(target)
                manifestsOfFile.append(bundled.isEmpty ? nearestTargetManifests.found(inOrAbove: folder) : bundled)
                infoPlistsOfFile.append(infoPlists(target))
                infoPlistKnown.append(target.infoPlistKnown)
            } else {
                let found = nearestEntitlements.found(inOrAbove: folder)
                entitlementsOfFile.append(found)
                signingKnown.append(!found.isEmpty)
                manifestsOfFile.append(nearestManifests.found(inOrAbove: folder))
                let plists = nearestInfoPlists.found(inOrAbove: folder)
                infoPlistsOfFile.append(plists.map { InfoPlistSource(path: $0, generatedKeys: []) })
                infoPlistKnown.append(!plists.isEmpty)
            }
        }
    }

    /// Configurations that build what ships: all but Debug ones, unless there are only Debug ones.
    static func shipping(_ configurations: [XcodeBuildConfiguration]) -> [XcodeBuildConfiguration] {
        let release = configurations.filter { !$0.name.lowercased().contains("debug") }
        return release.isEmpty ? configurations : release
    }

    /// The files of one kind nearest to a folder: those in the deepest folder, from it up to the
    /// root, that holds some; else (`orOnly`) the only one of the project. Each folder is looked
    /// at once, however many files ask about it.
    struct Nearest {
        private let byFolder: [String: [String]]
        private let otherwise: [String]
        private var known: [String: [String]] = [:]

        /// `candidates`: root-relative paths.
        init(_ candidates: [String], orOnly: Bool) {
            byFolder = Dictionary(grouping: candidates, by: ProjectPath.directory).mapValues { $0.sorted() }
            otherwise = orOnly && candidates.count == 1 ? candidates : []
        }

        /// For a root-relative folder ("" for the root).
        mutating func found(inOrAbove folder: String) -> [String] {
            var asked: [String] = []
            var current = folder
            var found: [String]
            while true {
                if let answer = known[current] ?? byFolder[current] {
                    found = answer
                    break
                }
                asked.append(current)
                let parent = ProjectPath.directory(of: current)
                if current.isEmpty || parent == current {
                    found = otherwise
                    break
                }
                current = parent
            }
            for folder in asked { known[folder] = found }
            return found
        }
    }

    /// The values of `customClass="…"` and `selector="…"` attributes in a storyboard or xib, a
    /// selector up to its first colon. One pass over the bytes; the XML is not parsed.
    static func interfaceNames(in bytes: [UInt8]) -> Set<String> {
        var names = Set<String>()
        let attributes = [Array("customClass=\"".utf8), Array("selector=\"".utf8)]
        var i = 0
        while i < bytes.count {
            // Attributes follow a space; each starts with a letter no other byte here needs.
            guard bytes[i] == 0x20, i + 1 < bytes.count, bytes[i + 1] == 0x63 || bytes[i + 1] == 0x73 else {
                i += 1
                continue
            }
            i += 1
            guard
                let attribute = attributes.first(where: {
                    i + $0.count <= bytes.count && bytes[i..<(i + $0.count)].elementsEqual($0)
                })
            else {
                continue
            }
            let start = i + attribute.count
            var end = start
            while end < bytes.count, end - start < 256, bytes[end] != 0x22, bytes[end] != 0x3A { end += 1 }
            if end > start { names.insert(String(decoding: bytes[start..<end], as: UTF8.self)) }
            i = end
        }
        return names
    }
}
