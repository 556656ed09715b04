import AuthLintAnalysis
import AuthLintIndex
import AuthLintModel
import AuthLintProject
import AuthLintRules
import AuthLintSyntax
import Foundation

/// The team's settings, from one `.authlint.yml` (or `--config PATH`); ``NestedConfigurations`` merges the files in effect.
/// Typed and strict: an unknown key or a bad value is an error with the file, the line and a
/// suggestion.
public struct Configuration: Sendable {
    /// A declared 4.8 exemption or equivalent login service.
    public var loginServices: LoginServicesDeclaration?
    /// Where the configuration came from, if a file.
    public var path: String?
    /// Whether an inline suppression must say why (`suppressions: {require-reason: …}`, default true).
    public var requireSuppressionReason = true
    /// Globs of files to lint (empty: all) and to skip, relative to the project root.
    public var include: [String] = []
    public var exclude: [String] = []
    /// Per rule id: `off`, or the severity to report it at.
    public var rules: [String: RuleSetting] = [:]
    /// Lines of the `rules:` entries, for errors about ids no rule has.
    var ruleLines: [String: Int] = [:]
    /// The exit-code threshold, unless `--fail-on` says otherwise.
    public var failOn: FailureThreshold?
    /// `baseline:`, as written: a baseline file relative to the configuration file's folder,
    /// used unless `--baseline` says otherwise.
    public var baseline: String?
    /// The baseline's absolute path, once the configuration file's folder is known.
    public var baselineFile: String?
    /// What to do with generated code (`generated-code: skip | lint`, default skip); the project
    /// root's configuration decides.
    public var generatedCode: GeneratedCodeSetting = .skip
    /// The top-level keys the file sets, so that a nearer file overrides only what it says.
    var declared: Set<String> = []
    /// The line of each top-level key's value, for findings about what the file says.
    var keyLines: [String: Int] = [:]

    /// Whether files a tool wrote (see ``GeneratedCode``) are linted.
    public enum GeneratedCodeSetting: String, Sendable, CaseIterable {
        case skip, lint
    }

    /// What a configuration does with a rule.
    public enum RuleSetting: String, Sendable, CaseIterable {
        case off, note, warning, error

        public var severity: Severity? { Severity(rawValue: rawValue) }
    }

    public init(loginServices: LoginServicesDeclaration? = nil, path: String? = nil) {
        self.loginServices = loginServices
        self.path = path
    }

    public static let fileName = ".authlint.yml"
    static let keys = [
        "include", "exclude", "generated-code", "rules", "login-services", "suppressions", "fail-on", "baseline",
    ]

    /// Parses a configuration file's text.
    public static func parse(_ text: String, path: String) throws -> Configuration {
        var configuration = Configuration(path: path)
        // Nothing but comments (a starter file) is the defaults.
        guard let root = try YAMLReader.parse(text, path: path, emptyIsValid: true), !root.isNull else {
            return configuration
        }
        let top = try root.mapping("the configuration", allowed: keys)
        configuration.declared = Set(keys.filter { top[$0] != nil })
        for key in configuration.declared { configuration.keyLines[key] = top[key]?.line }
        if let node = top["login-services"] {
            configuration.loginServices = try LoginServicesDeclaration(node)
        }
        if let node = top["suppressions"] {
            let fields = try node.mapping("suppressions", allowed: ["require-reason"])
            configuration.requireSuppressionReason = try fields["require-reason"]?.bool("require-reason") ?? true
        }
        configuration.include = try top["include"]?.strings("include") ?? []
        configuration.exclude = try top["exclude"]?.strings("exclude") ?? []
        configuration.generatedCode =
            try top["generated-code"]?.enumValue(GeneratedCodeSetting.self, "generated-code") ?? .skip
        if let node = top["rules"] {
            for (id, line, value) in try node.pairs("rules") {
                configuration.rules[id] = try value.enumValue(RuleSetting.self, "the setting of `\(id)`")
                configuration.ruleLines[id] = line
            }
        }
        configuration.failOn = try top["fail-on"]?.enumValue(FailureThreshold.self, "fail-on")
        if let node = top["baseline"] {
            let value = try node.string("baseline")
            guard !value.isEmpty, !value.hasPrefix("/"), !value.hasPrefix("~") else {
                throw FileError(
                    path: path, line: node.line,
                    message:
                        "baseline: give the file's path relative to this file's folder, for instance .authlint-baseline.json"
                )
            }
            configuration.baseline = value
        }
        return configuration
    }

    /// This configuration refined by a nearer file (one in a folder below): the nearer file's
    /// scalar keys win, its `rules` entries override by id, and its `login-services` declaration,
    /// when it has one, replaces this one. Globs are not merged here: each file's stay relative to
    /// its own folder (``NestedConfigurations/globs``).
    func refined(by nearer: Configuration) -> Configuration {
        var merged = self
        if nearer.declared.contains("suppressions") {
            merged.requireSuppressionReason = nearer.requireSuppressionReason
        }
        if nearer.declared.contains("generated-code") { merged.generatedCode = nearer.generatedCode }
        if let failOn = nearer.failOn { merged.failOn = failOn }
        if nearer.baseline != nil { (merged.baseline, merged.baselineFile) = (nearer.baseline, nearer.baselineFile) }
        merged.rules.merge(nearer.rules) { _, nearer in nearer }
        merged.loginServices = nearer.loginServices ?? loginServices
        merged.path = nearer.path ?? path
        merged.declared.formUnion(nearer.declared)
        return merged
    }

    /// Refuses rule ids no rule (or former id) of the catalog has.
    public func validateRules(against catalog: RuleCatalog) throws {
        for id in rules.keys.sorted() where catalog.rule(named: id) == nil {
            throw FileError(
                path: path ?? Configuration.fileName, line: ruleLines[id] ?? 1,
                message: "unknown rule `\(id)` in rules" + Suggestion.didYouMean(id, catalog.rules.map(\.id)))
        }
    }

    /// A starter `.authlint.yml` (`authlint init`): every key with its default, commented out, so
    /// that the file changes nothing until a line is uncommented.
    public static func starterFile(catalog: RuleCatalog) -> String {
        var out = """
            # authlint configuration. Every key is shown with its default, commented out: uncomment a
            # line to change it. `authlint config` prints what is in effect; `authlint rules ID` explains a rule.

            # Only these files (globs, relative to this file's folder; default: every file).
            # include: ["App/**"]
            # Skipped, also when named on the command line.
            # exclude: ["**/Legacy/**"]
            # Code a tool wrote (SwiftGen, R.swift, Sourcery, protobuf): skip (default) or lint.
            # generated-code: skip
            # Exit 1 from this severity up: error (default), warning, note or never. --fail-on wins.
            # fail-on: error
            # Findings recorded here are accepted until fixed; only new ones are reported, by every
            # command and integration (relative to this file's folder). --baseline wins.
            # baseline: .authlint-baseline.json
            # Inline suppressions (// authlint:disable:next RULE -- reason) must give a reason.
            # suppressions:
            #   require-reason: true

            # Each rule's severity: off, note, warning or error.
            # rules:

            """
        let width = catalog.rules.map(\.id.count).max() ?? 0
        for rule in catalog.rules {
            let id = rule.id + ":" + String(repeating: " ", count: width - rule.id.count)
            out += "#   \(id) \(rule.description.severity.rawValue)\n"
        }
        out += """

            # Guideline 4.8: an app with a third-party or social login must also offer an equivalent
            # login service (Sign in with Apple meets it). When another service with 4.8's three
            # privacy properties is offered, or one of its exemptions applies, say so here, with a
            # reason, and third-party-login-without-apple is silent. A nested .authlint.yml in an
            # app's folder declares for that folder.
            # login-services:
            #   exemption: education-enterprise   # or own-account-system, alternative-marketplace,
            #                                     #    government-id, third-party-client
            #   reason: Staff sign in with their district Google Workspace accounts only.
            # or:
            #   equivalent-login: Acme ID
            #   reason: Collects name and email only, offers a private relay address, no ad tracking.

            """
        return out
    }

    /// `text`, a configuration file's, with `baseline: path` set: the commented line the starter
    /// file has for it uncommented, else the key added at the end. Everything else is kept as it
    /// is. Nil when the file already names a baseline.
    public static func settingBaseline(_ path: String, in text: String) -> String? {
        var lines = text.components(separatedBy: "\n")
        if lines.contains(where: { $0.hasPrefix("baseline:") }) { return nil }
        if let commented = lines.firstIndex(where: { $0.hasPrefix("# baseline:") }) {
            lines[commented] = "baseline: \(path)"
            return lines.joined(separator: "\n")
        }
        var out = text
        if !out.isEmpty, !out.hasSuffix("\n") { out += "\n" }
        out += "\n# Findings recorded here are accepted until fixed; only new ones are reported.\nbaseline: \(path)\n"
        return out
    }

    /// What the configuration makes of a rule: `off`, or the severity it reports at.
    public func setting(of rule: RuleSpec, in catalog: RuleCatalog) -> String {
        rules.first { catalog.rule(named: $0.key)?.id == rule.id }?.value.rawValue ?? rule.description.severity.rawValue
    }

    /// The effective configuration as YAML, defaults included (`authlint config`).
    /// `files` names the files it is made of (default: its own path).
    public func dump(catalog: RuleCatalog, files: [String]? = nil) -> String {
        let files = files ?? path.map { [$0] } ?? []
        var out =
            "# Effective authlint configuration"
            + (files.isEmpty ? " (defaults)" : " (from \(files.joined(separator: " + ")))") + "\n"
        out += "include: [\(include.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
        out += "exclude: [\(exclude.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
        out += "generated-code: \(generatedCode.rawValue)\n"
        out += "fail-on: \((failOn ?? .error).rawValue)\n"
        out += "suppressions:\n  require-reason: \(requireSuppressionReason)\n"
        if let baseline {
            out += "baseline: \"\(baseline.terminalSafe().replacingOccurrences(of: "\"", with: "\\\""))\"\n"
        }
        if let loginServices {
            switch loginServices.kind {
            case .equivalentLogin(let name): out += "login-services:\n  equivalent-login: \(name)\n"
            case .exemption(let exemption): out += "login-services:\n  exemption: \(exemption.rawValue)\n"
            }
            out += "  reason: \"\(loginServices.reason)\"\n"
        }
        out += "rules:\n"
        for rule in catalog.rules {
            out += "  \(rule.id): \(setting(of: rule, in: catalog))\n"
        }
        return out
    }

    /// The configuration at `path`, or the project's `.authlint.yml` when `path` is nil; an absent
    /// project file gives the defaults.
    /// A configuration in the tree (the project's own, or a nested one: `inTree`) must be a regular
    /// file inside the root; one that links out of it is refused, unread.
    /// `shown` is how errors name the file (default: the path given, or `.authlint.yml`); `files`
    /// is where it is read from (the work tree, or a commit in pull-request mode).
    public static func load(
        path: String?, root: String, inTree: Bool = false, shown: String? = nil, files: PolicyFiles = .workTree
    ) throws -> Configuration {
        let file = path ?? (root as NSString).appendingPathComponent(fileName)
        guard files.exists(file) else {
            if let path {
                let at = files.revisionName.map { " at \(ChangedLines.shown($0))" } ?? ""
                throw FileError(path: shown ?? path, line: 0, message: "configuration file does not exist\(at)")
            }
            return Configuration()
        }
        let shown = shown ?? path ?? fileName
        if path == nil || inTree, !files.root(root, contains: file) {
            throw FileError(
                path: shown, line: 0, message: "the configuration file leads outside the project root; not read")
        }
        let bytes: [UInt8]
        do {
            guard let read = try files.read(file, maximumSize: 1 << 20) else { return Configuration() }
            bytes = read
        } catch {
            throw FileError(path: shown, line: 0, message: "cannot read the configuration file: \(error.message)")
        }
        guard let text = String(bytes: bytes, encoding: .utf8), !bytes.contains(0) else {
            throw FileError(path: shown, line: 0, message: "cannot read the configuration file as UTF-8")
        }
        var configuration = try parse(text, path: shown)
        if let baseline = configuration.baseline {
            let resolved = ProjectPath.join(ProjectPath.directory(of: file), baseline)
            guard files.root(root, contains: resolved) else {
                throw FileError(
                    path: shown, line: 0,
                    message: "baseline: \(baseline.shortExcerpt) leads outside the project root; not read")
            }
            configuration.baselineFile = resolved
        }
        return configuration
    }
}

/// `login-services:` in `.authlint.yml`: the team states that its third-party login does not need
/// Sign in with Apple, either because it offers another login service with 4.8's three privacy
/// properties, or because one of 4.8's exemptions applies. Both need a reason.
public struct LoginServicesDeclaration: Sendable, Hashable {
    public enum Exemption: String, Sendable, CaseIterable {
        case ownAccountSystem = "own-account-system"
        case alternativeMarketplace = "alternative-marketplace"
        case educationEnterprise = "education-enterprise"
        case governmentID = "government-id"
        case thirdPartyClient = "third-party-client"

        /// The exemption in the guideline's words.
        public var guidelineText: String {
            switch self {
            case .ownAccountSystem: "the app exclusively uses the company's own account setup and sign-in systems"
            case .alternativeMarketplace:
                "the app is an alternative app marketplace, or is distributed from one, and uses a marketplace-specific login"
            case .educationEnterprise:
                "the app is an education, enterprise, or business app that requires sign-in with an existing education or enterprise account"
            case .governmentID:
                "the app uses a government or industry-backed citizen identification system or electronic ID"
            case .thirdPartyClient:
                "the app is a client for a specific third-party service and users must sign in to that account directly to access their content"
            }
        }
    }

    public enum Kind: Sendable, Hashable {
        case equivalentLogin(String)
        case exemption(Exemption)
    }

    public var kind: Kind
    public var reason: String
    public var line: Int

    init(_ node: YAMLReader) throws {
        let fields = try node.mapping("login-services", allowed: ["equivalent-login", "exemption", "reason"])
        // What is declared first, then why: a misspelt exemption is the mistake to name.
        switch (fields["equivalent-login"], fields["exemption"]) {
        case (let name?, nil):
            kind = .equivalentLogin(try name.string("equivalent-login"))
        case (nil, let exemption?):
            kind = .exemption(try exemption.enumValue(Exemption.self, "exemption"))
        case (nil, nil):
            throw node.fail("login-services needs `equivalent-login: NAME` or `exemption: KIND`, and a reason")
        default:
            throw node.fail("login-services takes `equivalent-login` or `exemption`, not both")
        }
        guard let reasonNode = fields["reason"] else {
            throw node.fail("login-services needs a `reason:` saying why the app needs no Sign in with Apple")
        }
        reason = try reasonNode.string("reason").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { throw reasonNode.fail("login-services needs a non-empty reason") }
        line = node.line
    }

    /// One sentence for reports: what was declared and why.
    public var summary: String {
        switch kind {
        case .equivalentLogin(let name):
            "Guideline 4.8: the configuration declares \(name) as an equivalent login service (\(reason))."
        case .exemption(let exemption):
            "Guideline 4.8: the configuration declares the `\(exemption.rawValue)` exemption: \(exemption.guidelineText) (\(reason))."
        }
    }
}
