import AuthLintModel
import AuthLintSyntax

extension RuleLoader {
    /// Parses one provider file (`rules/providers/*.yaml`).
    public func loadProvider(text: String, path: String) throws -> LoginProvider {
        let root = try YAMLReader.parse(text, path: path)
        let top = try root.mapping(
            "a provider",
            allowed: [
                "provider", "name", "kind", "imports", "types", "sign-in", "credentials", "push-tokens", "objc",
                "evidence", "notes", "flow", "entitlement", "keychain-binding", "purpose-strings",
            ])
        let idNode = try top.required("provider")
        let id = try idNode.string("provider")
        guard RuleLoader.isValidID(id) else { throw idNode.fail("provider id `\(id)` must be kebab-case") }
        let imports = try top["imports"]?.strings("imports") ?? []
        let kind = try top.required("kind").enumValue(LoginProvider.Kind.self, "kind")
        // Each pattern counts only in files that see the SDK, and in Swift unless it says otherwise.
        func swiftClauses(_ key: String) throws -> [PatternClause] {
            guard let node = top[key] else { return [] }
            return try clauses(node).map { clause in
                var clause = clause
                if clause.imports.isEmpty { clause.imports = imports }
                if clause.language == nil { clause.language = .swift }
                return clause
            }
        }
        if kind != .push { _ = try top.required("sign-in") }
        if kind != .localAuthentication {
            for key in ["keychain-binding", "purpose-strings"] where top[key] != nil {
                throw top[key]!.fail("`\(key):` is for providers of kind `local-authentication`")
            }
        }
        var signIn = try swiftClauses("sign-in")
        if let objc = top["objc"] {
            let fields = try objc.mapping("objc", allowed: ["imports", "sign-in"])
            let objcImports = try fields["imports"]?.strings("objc imports") ?? []
            signIn += try clauses(try fields.required("sign-in")).map { clause in
                var clause = clause
                if clause.imports.isEmpty { clause.imports = objcImports }
                clause.language = .objc
                return clause
            }
        }
        var evidence = LoginProvider.Evidence()
        if let node = top["evidence"] {
            let fields = try node.mapping("evidence", allowed: ["plist-keys", "url-schemes", "packages"])
            evidence.plistKeys = try fields["plist-keys"]?.strings("plist-keys") ?? []
            evidence.urlSchemes = try fields["url-schemes"]?.strings("url-schemes") ?? []
            evidence.packages = try fields["packages"]?.strings("packages") ?? []
        }
        var types: [String: String] = [:]
        if let node = top["types"] {
            for (module, _, names) in try node.pairs("types") {
                for name in try names.strings("the types of \(module)") { types[name] = module }
            }
        }
        var provider = LoginProvider(
            id: id, name: try top.required("name").string("name"), kind: kind,
            signIn: signIn, credentials: try swiftClauses("credentials"), pushTokens: try swiftClauses("push-tokens"),
            evidence: evidence, types: types, source: path)
        provider.flow = try top["flow"].map(SignInFlow.read) ?? SignInFlow()
        if let node = top["entitlement"] {
            let fields = try node.mapping("entitlement", allowed: ["key", "value"])
            provider.entitlement = LoginProvider.Entitlement(
                key: try fields.required("key").string("key"), value: try fields.required("value").string("value"))
        }
        // The access controls count wherever they are written: the Security framework needs no import of its own.
        provider.keychainBinding = try top["keychain-binding"].map { try clauses($0) } ?? []
        provider.purposeStrings = try top["purpose-strings"]?.strings("purpose-strings") ?? []
        return provider
    }
}
