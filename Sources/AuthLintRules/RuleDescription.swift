import AuthLintModel
import AuthLintSyntax

/// A rule's metadata: its identity, documentation and examples. The same value feeds
/// `authlint rules`, SARIF `tool.driver.rules`, the HTML report and the example test.
public struct RuleDescription: Sendable, Hashable, Codable {
    public var id: String
    /// Human-readable name ("Missing nonce").
    public var name: String
    public var severity: Severity
    public var guideline: Guideline
    public var summary: String
    public var documentation: Documentation
    /// Earlier ids this rule answered to; suppressions and configuration accept them.
    public var aliases: [String]
    public var tags: [String]
    /// How often a finding is right: "very-high", "high", "medium" or "low" (SARIF's `precision`).
    public var precision: String
    /// CVSS-like score for security rules ("7.5"); GitHub sorts security alerts by it.
    public var securitySeverity: String?
    public var examples: Examples
    /// What `--fix` does for the rule's findings, in words (empty: no fix).
    public var autofix: [String] = []
    /// The languages of the code the rule's patterns are written in, first pattern first: the
    /// snippet is in the first, and a finding is silenced with each one's comments.
    public var languages: [SourceLanguage] = [.swift]

    public init(
        id: String, name: String, severity: Severity, guideline: Guideline, summary: String,
        documentation: Documentation, aliases: [String] = [], tags: [String] = [],
        precision: String = "high", securitySeverity: String? = nil, examples: Examples = Examples()
    ) {
        self.id = id
        self.name = name
        self.severity = severity
        self.guideline = guideline
        self.summary = summary
        self.documentation = documentation
        self.aliases = aliases
        self.tags = tags
        self.precision = precision
        self.securitySeverity = securitySeverity
        self.examples = examples
    }

    /// The App Review Guideline (or Apple requirement) a rule cites, with its current wording.
    public struct Guideline: Sendable, Hashable, Codable {
        /// "4.8", "5.1.1(v)", or a document name such as "Sign in with Apple REST API".
        public var reference: String
        public var quote: String
        public var url: String?

        public init(reference: String, quote: String, url: String? = nil) {
            self.reference = reference
            self.quote = quote
            self.url = url
        }
    }

    public struct Documentation: Sendable, Hashable, Codable {
        /// What the rule flags.
        public var flags: String
        /// Why it matters.
        public var why: String
        /// How to fix it, in prose.
        public var fix: String
        /// A short correct snippet.
        public var snippet: String?

        public init(flags: String, why: String, fix: String, snippet: String? = nil) {
            self.flags = flags
            self.why = why
            self.fix = fix
            self.snippet = snippet
        }
    }

    /// A named file of an example. Swift examples mark expected findings with `↓`.
    public struct ExampleFile: Sendable, Hashable, Codable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// One example: one or several files, plus an optional configuration it runs under.
    public struct Example: Sendable, Hashable, Codable {
        public var files: [ExampleFile]
        public var configuration: String?
        /// Whether the mutation checks (comment, string, emoji) apply; off for examples whose
        /// finding is outside Swift code (a plist, an entitlements file).
        public var mutations: Bool
        /// The severity its findings must have, when not the rule's (`severity-when`, an
        /// enterprise login reported as a warning).
        public var severity: Severity?
        /// Text every finding's message must contain, for an example about what the message says.
        public var message: String?
        /// The files `--fix` changes or creates, as they must read after it (`fixed:`); every
        /// other file must stay as it was.
        public var fixed: [ExampleFile]?
        /// For a rule about what a pull request changes (`policy-changed`): the files as they are
        /// at the base revision (`base:`), committed to a repository before `files` are written
        /// over them; the example then runs in pull-request mode against that commit.
        public var base: [ExampleFile]?

        public init(
            files: [ExampleFile], configuration: String? = nil, mutations: Bool = true, severity: Severity? = nil,
            message: String? = nil,
            fixed: [ExampleFile]? = nil, base: [ExampleFile]? = nil
        ) {
            self.base = base
            self.files = files
            self.configuration = configuration
            self.mutations = mutations
            self.severity = severity
            self.message = message
            self.fixed = fixed
        }
    }

    public struct Examples: Sendable, Hashable, Codable {
        public var triggering: [Example]
        public var nonTriggering: [Example]

        public init(triggering: [Example] = [], nonTriggering: [Example] = []) {
            self.triggering = triggering
            self.nonTriggering = nonTriggering
        }
    }
}
