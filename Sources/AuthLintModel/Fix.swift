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
        /// The bytes checked before the edit is made, and where: the range itself, or, for an
        /// insertion, the bytes around the place (``insertion(path:at:in:replacement:)``), so that
        /// a file that changed since it was read is left alone there too.
        public var checked: Range<Int>
        public var checkedBytes: [UInt8]

        public init(path: String, range: Range<Int>, expected: [UInt8], replacement: String, createsFile: Bool = false)
        {
            self.path = path
            self.range = range
            self.expected = expected
            self.replacement = replacement
            self.createsFile = createsFile
            checked = range
            checkedBytes = expected
        }

        /// How many bytes on each side of an insertion must be as they were read.
        static let insertionContext = 64

        /// An insertion of `replacement` at byte `at` of `bytes` (the file as read), which checks
        /// the bytes around the place before it is made.
        public static func insertion(path: String, at: Int, in bytes: [UInt8], replacement: String) -> Edit {
            var edit = Edit(path: path, range: at..<at, expected: [], replacement: replacement)
            edit.checked = max(0, at - insertionContext)..<min(bytes.count, at + insertionContext)
            edit.checkedBytes = Array(bytes[edit.checked])
            return edit
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
package struct FixRequest: Sendable, Hashable {
    package var spec: FixSpec
    package var file: FileID
    package var range: Range<Int>
    package var lacks: PropertyListLack?
    /// The property list the finding was moved to.
    package var plist: String?

    package init(spec: FixSpec, file: FileID, range: Range<Int>, lacks: PropertyListLack? = nil, plist: String? = nil) {
        self.spec = spec
        self.file = file
        self.range = range
        self.lacks = lacks
        self.plist = plist
    }
}

/// What an `entitlement-lacks` or `manifest-lacks` condition found missing.
package enum PropertyListLack: Sendable, Hashable {
    case entitlement(key: String, value: String?)
    case collectedDataTypes([String])
}
