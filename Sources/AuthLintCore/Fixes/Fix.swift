/// A change `authlint lint --fix` makes for a finding: edits of files in the tree, each checked
/// against the text it replaces before it is made. For a project generated from a Tuist or
/// XcodeGen manifest, the change to make in the manifest, in words, instead.
public struct Fix: Sendable, Hashable {
    /// What the fix does (`add com.apple.developer.applesignin = [Default] to App.entitlements`).
    public var summary: String
    public var edits: [Edit]
    /// The change to make by hand, when the file to change is generated from another.
    public var manual: String?

    /// One replacement in one file, or a new file.
    public struct Edit: Sendable, Hashable {
        /// Root-relative path of the file.
        public var path: String
        /// Byte range of the file as read; `0..<0` for a new file.
        public var range: Range<Int>
        /// The bytes the range holds when the edit is made (a file changed since is left alone).
        public var expected: [UInt8]
        public var replacement: String
        /// Whether the edit creates the file, which must not exist yet.
        public var createsFile: Bool

        public init(path: String, range: Range<Int>, expected: [UInt8], replacement: String, createsFile: Bool = false) {
            self.path = path
            self.range = range
            self.expected = expected
            self.replacement = replacement
            self.createsFile = createsFile
        }
    }

    public init(summary: String, edits: [Edit], manual: String? = nil) {
        self.summary = summary
        self.edits = edits
        self.manual = manual
    }
}

/// What a site tells the fix builder: the rule's fix, the code the site covers, and what a
/// property list lacks.
struct FixRequest: Sendable, Hashable {
    var spec: FixSpec
    var file: Int
    var range: Range<Int>
    var lacks: RuleEvaluator.Lacking?
    /// The property list the finding was moved to.
    var plist: String?
}
