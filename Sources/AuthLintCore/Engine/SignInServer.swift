import AuthLintAnalysis
import AuthLintModel
import AuthLintProject

/// A server kept in the tree beside the apps, for the reviewer's overview: where it is, what
/// makes it a server, and what the server half's rules (those tagged `server`) found in it.
public struct SignInServer: Sendable, Hashable, Codable {
    /// Its root-relative folder (`""` for the root).
    public var folder: String
    /// The root-relative path of the manifest that makes the folder a server.
    public var manifest: String
    /// The server frameworks and token libraries the manifest names, normalised, in the order
    /// first named (``ServerManifest/frameworks``).
    public var frameworks: [String]
    /// Whether the server rules looked at it: one of them ran, and the run reports its folder.
    public var checked: Bool
    /// What the server rules reported in its folder (not in a server's folder nested in it), in
    /// report order.
    public var findings: [Finding]

    public init(folder: String, manifest: String, frameworks: [String], checked: Bool, findings: [Finding]) {
        self.folder = folder
        self.manifest = manifest
        self.frameworks = frameworks
        self.checked = checked
        self.findings = findings
    }

    /// The frameworks as people write them (Flask, FastAPI, Express).
    public var frameworkNames: [String] { frameworks.map(ServerManifest.displayName(of:)) }

    /// The servers an app target's row shows: those inside the folder of the app's project, when
    /// there are any (the backend kept beside that app, as each app of a monorepo keeps its
    /// own); else every server of the tree, since nothing in it says which one the app talks to.
    public static func servers(of target: SignInTarget, among servers: [SignInServer]) -> [SignInServer] {
        let beside = servers.filter { ProjectPath.isInside($0.folder, folder: target.folder) }
        return target.folder.isEmpty || beside.isEmpty ? servers : beside
    }

    /// The tag that makes a rule one of the server's.
    public static let serverTag = "server"

    /// The servers of the tree whose code was read (the server targets), by folder and
    /// manifest, each with the findings of `serverRules` in its folder. A finding in the folder
    /// of several servers belongs to the deepest; of two in one folder, to the one of its
    /// file's language, else to both.
    static func describe(
        _ project: ProjectIndex, scanned: ScannedProject, findings: [Finding], serverRules: Set<String>,
        reported: Set<String>?
    ) -> [SignInServer] {
        let declaring = Set(project.targets.filter { $0.kind == .server }.map(\.project))
        let servers = scanned.servers.filter { declaring.contains($0.path) }.sorted {
            $0.folder != $1.folder ? ProjectPath.precedes($0.folder, $1.folder) : ProjectPath.precedes($0.path, $1.path)
        }
        var found = Array(repeating: [Finding](), count: servers.count)
        for finding in findings where serverRules.contains(finding.rule) {
            let holding = servers.indices.filter { servers[$0].contains(finding.path) }
            guard let depth = holding.map({ servers[$0].folder.utf8.count }).max() else { continue }
            let deepest = holding.filter { servers[$0].folder.utf8.count == depth }
            let language = ProjectFileKind.classify(
                fileName: ProjectPath.lastComponent(of: finding.path), parentName: "")?.sourceLanguage
            let same = deepest.filter { servers[$0].language == language }
            for index in same.isEmpty ? deepest : same { found[index].append(finding) }
        }
        return servers.indices.map { index in
            let server = servers[index]
            let reports = reported.map { paths in paths.contains { server.contains($0) } } ?? true
            return SignInServer(
                folder: server.folder, manifest: server.path, frameworks: server.frameworks,
                checked: !serverRules.isEmpty && reports, findings: found[index])
        }
    }
}
