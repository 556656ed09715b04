import AuthLintModel
import AuthLintSyntax

/// A sign-in service authlint recognises: what its SDK looks like in code, and whether it is a
/// third-party login (Guideline 4.8 asks for an equivalent option next to it), Sign in with
/// Apple, or a login usually limited to work and school accounts.
public struct LoginProvider: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case thirdParty = "third-party"
        case apple
        /// Usually an education or enterprise account (4.8's third exemption): reported as a warning.
        case enterprise
        /// Not a login: a service whose tokens (push registration) look like credentials and are not.
        case push
        /// Not a login service under 4.8: Face ID or Touch ID unlocking what the app already holds.
        /// Its `sign-in:` says where the app asks for biometry, for the reviewer's overview.
        case localAuthentication = "local-authentication"
    }

    public var id: String
    public var name: String
    public var kind: Kind
    /// Patterns at which the app offers this sign-in, each limited to files importing the SDK.
    public var signIn: [PatternClause]
    /// Expressions whose value is a sign-in credential of this provider (`$_.idToken?.tokenString`),
    /// or, for a function's parameters, the declarations that hand one out.
    public var credentials: [PatternClause] = []
    /// Values that look like tokens and are none of a user's sign-in: push registration tokens.
    public var pushTokens: [PatternClause] = []
    /// Info.plist keys, URL schemes and package names that hint at the SDK; never enough alone.
    public var evidence: Evidence
    /// Type names only this SDK declares, with the module that declares each: a file that uses
    /// one sees the module, imported or not (through a bridging header, or an import elsewhere).
    public var types: [String: String] = [:]
    public var source: String
    /// How its sign-in looks in code (`flow:`), for `scope: request` and `within: flow`.
    public var flow = SignInFlow()
    /// The entitlement an app target needs to offer this sign-in (`entitlement:`), for the
    /// reviewer's overview.
    public var entitlement: Entitlement?
    /// For local authentication: the access controls that bind a Keychain item to biometry
    /// (`keychain-binding:`), and the Info.plist keys that explain the prompt (`purpose-strings:`).
    public var keychainBinding: [PatternClause] = []
    public var purposeStrings: [String] = []

    public struct Entitlement: Sendable {
        /// The entitlement's key.
        public var key: String
        /// A value its array must hold.
        public var value: String
    }

    public struct Evidence: Sendable {
        public var plistKeys: [String] = []
        public var urlSchemes: [String] = []
        public var packages: [String] = []
    }
}

/// The providers a run knows: the built-in files in `rules/providers/` and a team's own.
public struct ProviderCatalog: Sendable {
    public private(set) var providers: [LoginProvider] = []

    public init(providers: [LoginProvider] = []) {
        self.providers = providers.sorted { $0.id < $1.id }
    }

    public mutating func add(_ provider: LoginProvider) throws {
        if let existing = providers.first(where: { $0.id == provider.id }) {
            throw FileError(
                path: provider.source, line: 0,
                message: "provider `\(provider.id)` is already defined by \(existing.source)")
        }
        providers.append(provider)
        providers.sort { $0.id < $1.id }
    }

    /// What every provider's `flow:` says, together.
    public var flow: SignInFlow {
        providers.reduce(SignInFlow()) { $0.merged(with: $1.flow) }
    }

    /// Every unambiguous SDK type name the providers list, with its module.
    public var knownTypes: KnownTypes {
        KnownTypes(providers.flatMap { $0.types.map { (name: $0.key, module: $0.value) } })
    }

    /// The patterns that tell where a value of this origin comes from, across every provider.
    public func clauses(of origin: ValueOrigin) -> [PatternClause] {
        providers.flatMap { provider in
            switch origin {
            case .credentials: provider.credentials
            case .pushTokens: provider.pushTokens
            }
        }
    }

    public func providers(of kinds: [LoginProvider.Kind]) -> [LoginProvider] {
        providers.filter { kinds.contains($0.kind) }
    }

    /// The sign-in patterns of every provider of these kinds, labelled with the provider's name;
    /// enterprise logins report as warnings.
    public func clauses(of kinds: [LoginProvider.Kind]) -> [PatternClause] {
        providers(of: kinds).flatMap { provider in
            provider.signIn.map { clause in
                var clause = clause
                clause.label = provider.name
                if provider.kind == .enterprise, clause.severity == nil { clause.severity = .warning }
                return clause
            }
        }
    }
}

/// SDK type names that tell, wherever they are used, which module a file sees.
public struct KnownTypes: Sendable {
    /// Module by the hash of a type name.
    package let modules: [UInt64: String]

    public init(_ types: [(name: String, module: String)] = []) {
        var modules: [UInt64: String] = [:]
        for type in types { modules[CodeView.hash(type.name)] = type.module }
        self.modules = modules
    }

    /// The modules whose known types the code names.
    package func modules(usedIn code: CodeView) -> Set<String> {
        modules(named: code.nameHashes.contains)
    }

    package func modules(named: (UInt64) -> Bool) -> Set<String> {
        var found: Set<String> = []
        for (hash, module) in modules where named(hash) { found.insert(module) }
        return found
    }
}

/// Where a value may come from, as the provider catalog describes it (`comes-from:` in rules).
public enum ValueOrigin: String, Sendable, CaseIterable {
    /// A sign-in credential: an identity or ID token, an access or refresh token, an authorization code.
    case credentials
    /// A push registration token (APNs, Firebase Messaging, OneSignal): never a sign-in credential.
    case pushTokens = "push-tokens"
}
