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

    /// The app targets of a project that offer any login, described from the provider catalog.
    static func describe(
        _ project: ProjectIndex, providers: ProviderCatalog, configurations: NestedConfigurations
    ) -> [SignInTarget] {
        let evaluator = RuleEvaluator(project: project, facts: [:])
        let searches = providers.providers.map { ($0, ProjectSearch(clauses: $0.signIn)) }
        let evaluates = search(["$_.evaluatePolicy(...)"], imports: ["LocalAuthentication"])
        // The access controls that bind an item to biometry, as `biometry-not-bound-to-keychain` lists them.
        let binds = search([
            ".biometryCurrentSet", ".biometryAny", ".userPresence", ".touchIDCurrentSet", ".touchIDAny",
            "kSecAccessControlBiometryCurrentSet", "kSecAccessControlBiometryAny", "kSecAccessControlUserPresence",
            "kSecAccessControlTouchIDCurrentSet", "kSecAccessControlTouchIDAny",
        ])
        return project.targets.indices.compactMap { targetIndex -> SignInTarget? in
            guard project.targets[targetIndex].isApp, let firstFile = project.targets[targetIndex].files.first else {
                return nil
            }
            let found = searches.filter { evaluator.has($0.1, inTarget: targetIndex) }.map(\.0)
            let apple = found.contains { $0.kind == .apple }
            let services = found.filter { $0.kind != .apple }.map(\.name).sorted()
            guard apple || !services.isEmpty else { return nil }
            let entitlements = project.resources.entitlementsOfFile[firstFile]
            let granted =
                !entitlements.isEmpty
                && entitlements.allSatisfy { path in
                    let values =
                        project.resources.propertyLists[path]?.root?["com.apple.developer.applesignin"]?
                        .stringArrayValue ?? []
                    return values.contains("Default")
                }
            var target = SignInTarget(
                name: project.targets[targetIndex].name, loginServices: services, signInWithApple: apple,
                entitlements: entitlements,
                hasAppleSignInEntitlement: granted, privacyManifests: project.resources.manifestsOfFile[firstFile])
            target.loginServicesDeclared =
                configurations.configuration(for: project.paths[firstFile]).loginServices != nil
            let bound = evaluator.has(binds, inTarget: targetIndex)
            if bound || evaluator.has(evaluates, inTarget: targetIndex) {
                var relocation: RuleEvaluator.Relocation?
                let lacks = InfoPlistLacks(key: "NSFaceIDUsageDescription").lacks(
                    inFile: firstFile, evaluator, &relocation)
                target.localAuthentication = LocalAuthentication(
                    boundToKeychain: bound, purposeString: relocation?.unknown != nil ? nil : !lacks)
            }
            return target
        }
    }

    private static func search(_ patterns: [String], imports: [String] = []) -> ProjectSearch {
        ProjectSearch(clauses: patterns.compactMap { try? PatternClause(pattern: Pattern($0)) }, imports: imports)
    }
}
