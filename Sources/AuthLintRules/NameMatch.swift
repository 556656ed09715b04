import AuthLintModel
import AuthLintSyntax

/// A test on names and string text: does a word occur in them? Compared case-insensitively,
/// without `_` and `-`, so `access_token`, `accessToken` and `AccessToken` agree.
public struct NameMatch: Sendable {
    public var words: [String] {
        didSet {
            needles = words.map(CodeView.normalisedWord)
            needleHashes = needles.map(NameMatch.hash)
        }
    }
    public var except: [String] = [] { didSet { exceptions = except.map(CodeView.normalisedWord) } }
    /// Names starting with one of these do not count (`has`, `is`: flags about a token, not tokens).
    public var exceptPrefixes: [String] = [] { didSet { prefixes = exceptPrefixes.map(CodeView.normalisedWord) } }
    /// A name followed by one of these token sequences does not count (`.count`, `== nil`: the
    /// code reads something about the value, not the value). Compared without spaces.
    public var unlessFollowedBy: [String] = []
    /// A name whose value is visibly of one of these kinds does not count (`tokenRefreshCount = 0`:
    /// a count kept about tokens, not a token). Checked by the rule engine, which follows values.
    public var unlessKind: Set<ValueKind> = []
    /// A name a property is read off does not count itself (`tokenInfo.expiry`,
    /// `jwt_token?.auth_provider`): the property is what is used, and it is judged by its own name.
    public var exceptOwners = false
    /// A name of a collection also counts when an entry it is given does, key or value
    /// (`servers[index]["token"] = token`). Checked by the rule engine.
    public var entries = false
    /// Where to look: names in code (interpolations included), the text of string literals, or both.
    public var place: Place = .all

    public enum Place: String, Sendable, CaseIterable {
        case code, strings, all
    }

    /// The words, normalised as ``CodeView/normalisedWord(_:)`` does.
    package private(set) var needles: [[UInt8]]
    /// Each needle's hash (``hash(_:)``), by which a run's ``WordIndex`` finds it.
    package private(set) var needleHashes: [UInt64] = []
    private var exceptions: [[UInt8]] = []
    private var prefixes: [[UInt8]] = []

    public init(words: [String]) {
        self.words = words
        self.needles = words.map(CodeView.normalisedWord)
        self.needleHashes = needles.map(NameMatch.hash)
    }

    /// A normalised word's hash.
    package static func hash(_ needle: [UInt8]) -> UInt64 {
        needle.withUnsafeBufferPointer { CodeView.hash($0, 0, $0.count) }
    }

    /// Whether the code token at `index` passes: a name or string text of the right place that
    /// contains a word, no exception, and is not followed by an excluded sequence.
    public func accepts(_ code: CodeView, _ index: Int) -> Bool {
        switch (code.kind(index), place) {
        case (.identifier, .code), (.identifier, .all), (.stringSegment, .strings), (.stringSegment, .all): break
        default: return false
        }
        guard needles.contains(where: { code.tokenContains(index, $0) }),
            !exceptions.contains(where: { code.tokenContains(index, $0) }),
            !prefixes.contains(where: { code.tokenStarts(index, with: $0) })
        else { return false }
        if !unlessFollowedBy.isEmpty {
            var following = ""
            for next in (index + 1)..<min(index + 4, code.count) { following += code.text(next) }
            if unlessFollowedBy.contains(where: { following.hasPrefix($0) }) { return false }
        }
        if exceptOwners, code.kind(index) == .identifier, readsProperty(after: index, in: code) { return false }
        return true
    }

    /// Whether a property is read off the name at `index` (`info.token`, `jwt?.provider`,
    /// `token!.kind`): a member that is not called.
    private func readsProperty(after index: Int, in code: CodeView) -> Bool {
        var next = index + 1
        while next < code.count, code.kind(next) == .operator, code.token(next, is: "?") || code.token(next, is: "!") {
            next += 1
        }
        guard next + 1 < code.count, code.kind(next) == .period, code.kind(next + 1) == .identifier else {
            return false
        }
        return next + 2 >= code.count || code.kind(next + 2) != .leftParen
    }

    /// Every name or string literal in `range` with a token that passes, as matches: a name
    /// alone, or the whole string literal around the text.
    package func matches(in code: CodeView, range: Range<Int>) -> [Match] {
        var found: [Match] = []
        var index = range.lowerBound
        let wanted: TokenKind? = place == .code ? .identifier : place == .strings ? .stringSegment : nil
        while index < range.upperBound {
            defer { index += 1 }
            // Most tokens are of neither kind: skip them before the full test.
            let kind = code.kind(index)
            if let wanted, kind != wanted { continue }
            guard kind == .identifier || kind == .stringSegment, accepts(code, index) else { continue }
            var start = index
            var end = index + 1
            if code.kind(index) == .stringSegment {
                let depth = code.tokens[index].interpolationDepth
                while start > range.lowerBound,
                    !(code.kind(start) == .stringOpen && code.tokens[start].interpolationDepth == depth)
                {
                    start -= 1
                }
                if code.partner[start] > start { end = Int(code.partner[start]) + 1 }
                index = end - 1
            }
            found.append(Match(range: start..<end, bindings: [:]))
        }
        return found
    }
}
