/// One problem found in the app: the single type every rule produces and every reporter reads.
public struct Finding: Sendable, Hashable, Codable {
    /// Another place involved in the finding (the request without a nonce, the backend call that needs it).
    public struct Related: Sendable, Hashable, Codable {
        public var path: String
        public var line: Int
        public var column: Int
        public var message: String

        public init(path: String, line: Int, column: Int, message: String) {
            self.path = path
            self.line = line
            self.column = column
            self.message = message
        }
    }

    public var rule: String
    public var severity: Severity
    public var message: String
    /// Path relative to the project root, `/`-separated.
    public var path: String
    public var line: Int
    public var column: Int
    /// Exclusive end, as in SARIF; nil when the finding is a point.
    public var endLine: Int?
    public var endColumn: Int?
    public var related: [Related]
    /// Stable across moved lines and reworded messages: rule, path and the normalised code around the finding.
    public var fingerprint: String
    /// What `--fix` changes for it, when its rule declares a fix that applies here.
    public var fix: Fix?
    /// What the rule's fix needs to know of the site, until ``FixBuilder`` turns it into `fix`.
    package var fixRequest: FixRequest?

    enum CodingKeys: String, CodingKey {
        case rule, severity, message, path, line, column, endLine, endColumn, related, fingerprint
    }

    public init(
        rule: String, severity: Severity, message: String, path: String,
        line: Int, column: Int, endLine: Int? = nil, endColumn: Int? = nil,
        related: [Related] = [], fingerprint: String = ""
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.related = related
        self.fingerprint = fingerprint
    }

    /// The deterministic report order: path, line, column, rule, then message.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return ProjectPath.precedes(a.path, b.path) }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}
