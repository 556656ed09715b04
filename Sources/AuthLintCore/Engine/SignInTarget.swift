import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax

/// What one app target's sign-in looks like, for the reviewer's overview: the login services
/// its code offers, and the files that ship with it.
public struct SignInTarget: Sendable, Hashable, Codable {
    /// The target (Xcode target, package target or folder).
    public var name: String
    /// Names of the third-party and enterprise login services found in its code.
    public var loginServices: [String]
    /// Whether its code makes Apple ID requests or shows a working Sign in with Apple button.
    public var signInWithApple: Bool
    /// Entitlements files that ship with it (root-relative).
    public var entitlements: [String]
    /// Whether every one of them grants Sign in with Apple.
    public var hasAppleSignInEntitlement: Bool
    /// Privacy manifests that ship with it (root-relative).
    public var privacyManifests: [String]
    /// Whether its configuration declares a 4.8 exemption or an equivalent login.
    public var loginServicesDeclared = false
    /// How it uses Face ID or Touch ID, when it does.
    public var localAuthentication: LocalAuthentication?
    /// The root-relative folder of the project that declares it: the folder that holds its
    /// `.xcodeproj`, `project.yml`, `Project.swift` or `Package.swift` (`""` for the root, or
    /// for a folder no project declares).
    public var folder = ""

    /// A target's local authentication: whether a Keychain item needs biometry to open (else only
    /// the Boolean of `evaluatePolicy` stands guard), and whether its Info.plist has the Face ID
    /// purpose string (nil: unknown).
    public struct LocalAuthentication: Sendable, Hashable, Codable {
        public var boundToKeychain: Bool
        public var purposeString: Bool?
    }

    public init(
        name: String, loginServices: [String], signInWithApple: Bool, entitlements: [String],
        hasAppleSignInEntitlement: Bool, privacyManifests: [String]
    ) {
        self.name = name
        self.loginServices = loginServices
        self.signInWithApple = signInWithApple
        self.entitlements = entitlements
        self.hasAppleSignInEntitlement = hasAppleSignInEntitlement
        self.privacyManifests = privacyManifests
    }

    /// The folder of the project declared in the file at `path`: `App.xcodeproj/project.pbxproj`
    /// is `App.xcodeproj`'s folder.
    static func projectFolder(of path: String) -> String {
        let folder = ProjectPath.directory(of: path)
        return folder.hasSuffix(".xcodeproj") ? ProjectPath.directory(of: folder) : folder
    }

    /// The app targets of a project that offer any login, described from the provider catalog:
    /// the logins by the providers' `sign-in:`, the entitlement by Sign in with Apple's
    /// `entitlement:`, the biometry by the `local-authentication` providers' entries.
    static func describe(
        _ run: AnalysisRun, providers: ProviderCatalog, configurations: NestedConfigurations
    ) -> [SignInTarget] {
        let project = run.project
        let evaluator = RuleEvaluator(run: run, facts: [:])
        let logins = providers.providers(of: [.apple, .thirdParty, .enterprise]).map {
            ($0, ProjectSearch(clauses: $0.signIn))
        }
        let entitlements = providers.providers(of: [.apple]).compactMap(\.entitlement)
        let biometry = providers.providers(of: [.localAuthentication]).map {
            (
                asks: ProjectSearch(clauses: $0.signIn), binds: ProjectSearch(clauses: $0.keychainBinding),
                keys: $0.purposeStrings
            )
        }
        return project.targets.ids.compactMap { targetIndex -> SignInTarget? in
            guard project.targets[targetIndex].isApp, let firstFile = project.targets[targetIndex].files.first else {
                return nil
            }
            let found = logins.filter { evaluator.has($0.1, inTarget: targetIndex) }.map(\.0)
            let apple = found.contains { $0.kind == .apple }
            let services = found.filter { $0.kind != .apple }.map(\.name).sorted()
            guard apple || !services.isEmpty else { return nil }
            let files = project.resources.entitlementsOfFile[firstFile]
            let granted =
                !files.isEmpty && !entitlements.isEmpty
                && files.allSatisfy { path in
                    let root = project.resources.propertyLists[path]?.root
                    return entitlements.allSatisfy { root?[$0.key]?.stringArrayValue?.contains($0.value) == true }
                }
            var target = SignInTarget(
                name: project.targets[targetIndex].name, loginServices: services, signInWithApple: apple,
                entitlements: files,
                hasAppleSignInEntitlement: granted, privacyManifests: project.resources.manifestsOfFile[firstFile])
            target.loginServicesDeclared =
                configurations.configuration(for: project.paths[firstFile]).loginServices != nil
            target.folder = projectFolder(of: project.targets[targetIndex].project)
            // Each biometry the target asks for, or binds a Keychain item to, wants its purpose strings.
            var bound = false
            var used = false
            var keys: [String] = []
            for entry in biometry {
                let binding = evaluator.has(entry.binds, inTarget: targetIndex)
                guard binding || evaluator.has(entry.asks, inTarget: targetIndex) else { continue }
                bound = bound || binding
                used = true
                keys += entry.keys
            }
            if used {
                var unknown = keys.isEmpty
                var lacks = false
                for key in keys {
                    var relocation: RuleEvaluator.Relocation?
                    lacks = InfoPlistLacks(key: key).lacks(inFile: firstFile, evaluator, &relocation) || lacks
                    unknown = unknown || relocation?.unknown != nil
                }
                target.localAuthentication = LocalAuthentication(
                    boundToKeychain: bound, purposeString: unknown ? nil : !lacks)
            }
            return target
        }
    }
}
