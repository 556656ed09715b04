import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// Turns what a rule's fix needs to know of each site (``FixRequest``) into the edits that make
/// it (``Fix``): token deletions and string replacements in the code, and additions to property
/// lists that keep their formatting. Runs on the findings to report only.
struct FixBuilder {
    let project: ProjectIndex
    let scanned: ScannedProject

    /// Sets the fix of each finding whose rule declares one that applies, and clears the requests.
    func resolve(_ findings: inout [Finding]) {
        // The data types each privacy manifest lacks, gathered, so that one edit adds them all.
        // A target with no manifest is keyed by where its new one goes.
        var lackedTypes: [String: [String]] = [:]
        var places: [FileID: ManifestPlace] = [:]
        for finding in findings {
            guard let request = finding.fixRequest, case .collectedDataTypes(let types)? = request.lacks else {
                continue
            }
            let key: String
            if let path = request.plist {
                key = path
            } else {
                let place = places[request.file] ?? newManifestPlace(forFile: request.file)
                places[request.file] = place
                key = place.path
            }
            for type in types where !lackedTypes[key, default: []].contains(type) {
                lackedTypes[key, default: []].append(type)
            }
        }
        for index in findings.indices {
            guard let request = findings[index].fixRequest else { continue }
            findings[index].fixRequest = nil
            findings[index].fix = fix(request, lackedTypes: lackedTypes, places: places)
        }
    }

    private func fix(_ request: FixRequest, lackedTypes: [String: [String]], places: [FileID: ManifestPlace]) -> Fix? {
        switch request.spec {
        case .delete(let text): return delete(text, request)
        case .replaceInStrings(let text, let with): return replaceInStrings(text, with, request)
        case .addLacking:
            switch request.lacks {
            case .entitlement(let key, let value?)?: return addEntitlement(key, value, request)
            case .collectedDataTypes?:
                if let path = request.plist {
                    guard let types = lackedTypes[path] else { return nil }
                    return addCollectedDataTypes(types, to: path)
                }
                guard let place = places[request.file], let types = lackedTypes[place.path] else { return nil }
                return createPrivacyManifest(types, place)
            default: return nil
            }
        }
    }

    // MARK: - Code

    private func delete(_ text: String, _ request: FixRequest) -> Fix? {
        let wanted = FixSpec.tokenTexts(text)
        let code = project.files[request.file]
        let bytes = code.file.bytes
        var edits: [Fix.Edit] = []
        var index = request.range.lowerBound
        while index + wanted.count <= request.range.upperBound {
            let run = index..<(index + wanted.count)
            let matches = zip(run, wanted).allSatisfy { tokenIndex, want in
                let token = code.tokens[tokenIndex]
                return bytes[Int(token.start)..<Int(token.end)].elementsEqual(want)
            }
            guard matches else {
                index += 1
                continue
            }
            let start = Int(code.tokens[run.lowerBound].start)
            let end = Int(code.tokens[run.upperBound - 1].end)
            edits.append(
                Fix.Edit(path: code.file.path, range: start..<end, expected: Array(bytes[start..<end]), replacement: "")
            )
            index = run.upperBound
        }
        guard !edits.isEmpty else { return nil }
        return Fix(summary: "delete `\(text.trimmingCharacters(in: CharacterSet(charactersIn: ", ")))`", edits: edits)
    }

    private func replaceInStrings(_ text: String, _ replacement: String, _ request: FixRequest) -> Fix? {
        let wanted = Array(text.utf8)
        let code = project.files[request.file]
        let bytes = code.file.bytes
        var edits: [Fix.Edit] = []
        for index in request.range where code.tokens[index].kind == .stringSegment {
            var at = Int(code.tokens[index].start)
            let end = Int(code.tokens[index].end)
            while at + wanted.count <= end {
                if bytes[at..<(at + wanted.count)].elementsEqual(wanted) {
                    edits.append(
                        Fix.Edit(
                            path: code.file.path, range: at..<(at + wanted.count), expected: wanted,
                            replacement: replacement))
                    at += wanted.count
                } else {
                    at += 1
                }
            }
        }
        guard !edits.isEmpty else { return nil }
        return Fix(summary: "replace `\(text)` with `\(replacement)`", edits: edits)
    }

    // MARK: - Entitlements

    private func addEntitlement(_ key: String, _ value: String, _ request: FixRequest) -> Fix? {
        let summary = "add `\(key)` = [\(value)]"
        guard let path = request.plist else { return createEntitlements(key, value, request) }
        guard let source = project.resources.texts[path],
            path.hasSuffix(".entitlements") || project.resources.propertyLists[path]?.kind == .entitlements,
            !isManifest(path)
        else {
            return isManifest(path) ? manualEntitlement(key, value, request, manifest: path, inline: true) : nil
        }
        let text = PlistText(bytes: source.bytes)
        guard let root = text.root() else { return nil }
        let unit = text.indentUnit(root)
        let keyText = key.htmlEscaped
        let valueText = value.htmlEscaped
        if let entry = root.entries.first(where: { $0.key == key }) {
            guard entry.value.name == "array" else { return nil }
            return Fix(
                summary: summary,
                edits: [text.appending(["<string>\(valueText)</string>"], to: entry.value, unit: unit, path: path)])
        }
        let lines = ["<key>\(keyText)</key>", "<array>", "\t<string>\(valueText)</string>", "</array>"]
        return Fix(summary: summary, edits: [text.appending(lines, to: root.dict, unit: unit, path: path)])
    }

    /// For a target the Xcode project signs with no entitlements: a new entitlements file in the
    /// target's folder, and `CODE_SIGN_ENTITLEMENTS` in each of its configurations.
    private func createEntitlements(_ key: String, _ value: String, _ request: FixRequest) -> Fix? {
        guard let (xcodeProject, target) = signingTarget(ofFile: request.file) else { return nil }
        guard xcodeProject.path.hasSuffix(".pbxproj") else {
            // Entitlements the manifest computes may well hold the key already.
            guard !target.entitlementsUnreadable else { return nil }
            return manualEntitlement(key, value, request, manifest: xcodeProject.path, inline: false)
        }
        // The name comes from the project file: one plain file name, or no fix.
        let name = target.name
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"),
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { return nil }
        let base = xcodeProject.projectDirectory
        let named = ProjectPath.join(base, name)
        let resources = project.resources
        let folder =
            resources.scannedFile(inFolder: named)
            ? named
            : target.synchronizedFolders.first ?? ProjectPath.directory(of: project.paths[request.file])
        let newPath = ProjectPath.join(folder, name + ".entitlements")
        guard ProjectPath.isInside(newPath, folder: "") else { return nil }
        let absolute = ProjectPath.join(scanned.root, newPath)
        guard !resources.scanned(newPath), !FileManager.default.fileExists(atPath: absolute) else { return nil }
        let setting = ProjectPath.relative(
            ProjectPath.join(scanned.root, newPath), to: ProjectPath.join(scanned.root, base))
        guard case .success(let bytes) = FileReader.readFile(atPath: ProjectPath.join(scanned.root, xcodeProject.path))
        else { return nil }
        let configurations = target.buildConfigurations.filter { $0.effectiveSettings["CODE_SIGN_ENTITLEMENTS"] == nil }
        var edits: [Fix.Edit] = []
        for configuration in configurations {
            guard
                let edit = PBXText(bytes: bytes).addingSetting(
                    "CODE_SIGN_ENTITLEMENTS", setting, toConfigurationAtLine: configuration.line,
                    path: xcodeProject.path)
            else { return nil }
            edits.append(edit)
        }
        guard !edits.isEmpty else { return nil }
        let file = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>\(key.htmlEscaped)</key>
            \t<array>
            \t\t<string>\(value.htmlEscaped)</string>
            \t</array>
            </dict>
            </plist>

            """
        return Fix(
            summary:
                "create \(ProjectPath.lastComponent(of: newPath)) with `\(key)` = [\(value)] and set the target's CODE_SIGN_ENTITLEMENTS to it",
            edits: [Fix.Edit(path: newPath, range: 0..<0, expected: [], replacement: file, createsFile: true)] + edits)
    }

    /// The change to make in a Tuist or XcodeGen manifest, which generates the project.
    private func manualEntitlement(
        _ key: String, _ value: String, _ request: FixRequest, manifest: String, inline: Bool
    ) -> Fix? {
        let target = signingTarget(ofFile: request.file)?.1.name ?? "the app"
        let manifest = ProjectPath.lastComponent(of: manifest)
        let manual: String
        if manifest.hasSuffix(".yml") || manifest.hasSuffix(".yaml") {
            manual =
                inline
                ? "In \(manifest), add `\(key): [\(value)]` under `entitlements: properties:` of the target \(target)."
                : "In \(manifest), give the target \(target) `entitlements: {path: \(target)/\(target).entitlements, properties: {\(key): [\(value)]}}`."
        } else {
            manual =
                inline
                ? "In \(manifest), add `\"\(key)\": [\"\(value)\"]` to the entitlements `.dictionary` of the target \(target)."
                : "In \(manifest), give the target \(target) `entitlements: .dictionary([\"\(key)\": [\"\(value)\"]])`."
        }
        return Fix(
            summary: "add `\(key)` = [\(value)] in \(manifest), which generates the project", edits: [], manual: manual)
    }

    private func isManifest(_ path: String) -> Bool {
        let name = ProjectPath.lastComponent(of: path)
        return name == "Project.swift" || name == "project.yml" || name == "project.yaml"
    }

    /// The target that signs a source file (the app that embeds its library), and its project.
    private func signingTarget(ofFile file: FileID) -> (XcodeProject, XcodeTarget)? {
        let path = project.paths[file]
        guard let preferred = BuildTargetBuilder.preferred(scanned.xcodeTargets(containing: path)) else { return nil }
        let target = scanned.applicationsShippingLibraries().application(embedding: preferred) ?? preferred
        guard let owner = scanned.xcodeProjects.first(where: { $0.targets.contains(target) }) else { return nil }
        return (owner, target)
    }

    // MARK: - Privacy manifests

    /// Where the app target of a file gets a new privacy manifest: `PrivacyInfo.xcprivacy` in a
    /// folder whose new files join the target by themselves (an Xcode 16 synchronized folder, a
    /// folder an XcodeGen target lists as sources), created; anywhere else, the step to take by
    /// hand, since a file the project does not list would not ship.
    struct ManifestPlace: Hashable {
        /// Root-relative path of the new manifest.
        var path: String
        /// The step to take by hand; nil when the file can be created as it is.
        var manual: String?
    }

    private func newManifestPlace(forFile file: FileID) -> ManifestPlace {
        let name = "PrivacyInfo.xcprivacy"
        let site = project.paths[file]
        guard let (xcodeProject, target) = signingTarget(ofFile: file) else {
            let path = ProjectPath.join(ProjectPath.directory(of: site), name)
            return ManifestPlace(
                path: path,
                manual:
                    "Create \(path) (in Xcode: File > New > File from Template > App Privacy) and add it to the app's bundle resources."
            )
        }
        let folders = target.synchronizedFolders
        let folder =
            folders.first { ProjectPath.isInside(site, folder: $0) } ?? folders.first
            ?? Self.commonFolder(of: target.sourceFiles)
            ?? ProjectPath.join(xcodeProject.projectDirectory, target.name)
        let path = ProjectPath.join(folder, name)
        let absolute = ProjectPath.join(scanned.root, path)
        if !folders.isEmpty, ProjectPath.isInside(path, folder: ""), !project.resources.scanned(path),
            !FileManager.default.fileExists(atPath: absolute)
        {
            return ManifestPlace(path: path, manual: nil)
        }
        let manifest = ProjectPath.lastComponent(of: xcodeProject.path)
        let step: String
        if manifest == "Project.swift" {
            step = "list it in the `resources:` of the target \(target.name) in \(manifest)"
        } else if isManifest(xcodeProject.path) {
            step = "put it in a folder the target \(target.name) lists under `sources:` in \(manifest)"
        } else {
            step = "add it to the Copy Bundle Resources of the target \(target.name)"
        }
        return ManifestPlace(
            path: path, manual: "Create \(path) (in Xcode: File > New > File from Template > App Privacy) and \(step).")
    }

    /// The deepest folder that holds every one of the files, when they have one below the root.
    static func commonFolder(of files: [String]) -> String? {
        guard var common = files.first.map({ ProjectPath.directory(of: $0) }) else { return nil }
        for file in files.dropFirst() {
            while !common.isEmpty, !ProjectPath.isInside(file, folder: common) {
                common = ProjectPath.directory(of: common)
            }
        }
        return common.isEmpty ? nil : common
    }

    /// A new manifest that declares `types`, or, where a new file would not join the target, the
    /// step that makes one.
    private func createPrivacyManifest(_ types: [String], _ place: ManifestPlace) -> Fix {
        let summary = "create \(ProjectPath.lastComponent(of: place.path)) declaring \(types.joined(separator: ", "))"
        if let manual = place.manual {
            return Fix(
                summary: summary, edits: [],
                manual: manual + " Declare \(types.joined(separator: " and ")) under NSPrivacyCollectedDataTypes."
            )
        }
        let entries = types.flatMap { Self.collectedDataType($0) }
        let lines =
            [
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
                "<plist version=\"1.0\">",
                "<dict>",
                "\t<key>NSPrivacyCollectedDataTypes</key>",
                "\t<array>",
            ] + entries.map { "\t\t" + $0 } + ["\t</array>", "</dict>", "</plist>", ""]
        return Fix(
            summary: summary,
            edits: [
                Fix.Edit(
                    path: place.path, range: 0..<0, expected: [], replacement: lines.joined(separator: "\n"),
                    createsFile: true)
            ])
    }

    /// One entry of `NSPrivacyCollectedDataTypes`: linked to the user, not used for tracking, for
    /// the app's functionality.
    private static func collectedDataType(_ type: String) -> [String] {
        [
            "<dict>",
            "\t<key>NSPrivacyCollectedDataType</key>",
            "\t<string>\(type.htmlEscaped)</string>",
            "\t<key>NSPrivacyCollectedDataTypeLinked</key>",
            "\t<true/>",
            "\t<key>NSPrivacyCollectedDataTypeTracking</key>",
            "\t<false/>",
            "\t<key>NSPrivacyCollectedDataTypePurposes</key>",
            "\t<array>",
            "\t\t<string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>",
            "\t</array>",
            "</dict>",
        ]
    }

    private func addCollectedDataTypes(_ types: [String], to path: String) -> Fix? {
        guard let source = project.resources.texts[path] else { return nil }
        let text = PlistText(bytes: source.bytes)
        guard let root = text.root() else { return nil }
        let unit = text.indentUnit(root)
        let entries = types.flatMap { Self.collectedDataType($0) }
        let summary = "declare \(types.joined(separator: ", "))"
        if let entry = root.entries.first(where: { $0.key == "NSPrivacyCollectedDataTypes" }) {
            guard entry.value.name == "array" else { return nil }
            return Fix(summary: summary, edits: [text.appending(entries, to: entry.value, unit: unit, path: path)])
        }
        let lines = ["<key>NSPrivacyCollectedDataTypes</key>", "<array>"] + entries.map { "\t" + $0 } + ["</array>"]
        return Fix(summary: summary, edits: [text.appending(lines, to: root.dict, unit: unit, path: path)])
    }
}

/// Where a build configuration's settings are in the text of a `project.pbxproj`.
struct PBXText {
    let bytes: [UInt8]

    /// An edit that adds `name = value;` first in the `buildSettings` of the configuration object
    /// that starts on `line`; nil when that object has no `buildSettings = {` of its own.
    func addingSetting(_ name: String, _ value: String, toConfigurationAtLine line: Int, path: String) -> Fix.Edit? {
        var start = 0
        var current = 1
        while current < line, start < bytes.count {
            if bytes[start] == 0x0A { current += 1 }
            start += 1
        }
        guard current == line else { return nil }
        let marker = Array("buildSettings = {".utf8)
        let isa = Array("isa = ".utf8)
        var at = start
        var isaSeen = 0
        while at + marker.count <= bytes.count {
            if bytes[at..<(at + isa.count)].elementsEqual(isa) {
                isaSeen += 1
                // The configuration's own `isa`, then another object's: its settings were not found.
                if isaSeen > 1 { return nil }
            }
            if bytes[at..<(at + marker.count)].elementsEqual(marker) { break }
            at += 1
        }
        guard at + marker.count <= bytes.count else { return nil }
        let open = at + marker.count
        let plain = value.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "_./$-".utf8.contains(byte)
        }
        let written =
            plain
            ? value
            : "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        let setting = "\(name) = \(written);"
        if open < bytes.count, bytes[open] == 0x0A || bytes[open] == 0x0D {
            // One setting a line: as indented as the next line.
            var lineStart = open
            while lineStart < bytes.count, bytes[lineStart] == 0x0A || bytes[lineStart] == 0x0D { lineStart += 1 }
            var end = lineStart
            while end < bytes.count, bytes[end] == 0x09 || bytes[end] == 0x20 { end += 1 }
            let indent = String(decoding: bytes[lineStart..<end], as: UTF8.self)
            let newline = open + 1 < bytes.count && bytes[open] == 0x0D ? "\r\n" : "\n"
            return Fix.Edit.insertion(path: path, at: open, in: bytes, replacement: newline + indent + setting)
        }
        return Fix.Edit.insertion(path: path, at: open, in: bytes, replacement: setting + " ")
    }
}
