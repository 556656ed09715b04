import AuthLintModel
import AuthLintSyntax

/// A path glob such as `**/Tests/**`, `Generated/*.swift` or `*.pb.swift`, matched against
/// `/`-separated paths relative to the project root.
///
/// - `*` matches any run of characters within one path segment.
/// - `?` matches exactly one character other than `/`.
/// - `**` as a whole segment matches zero or more segments.
/// - A pattern without `/` matches a file or folder name at any depth.
/// - A leading `./` or `/` anchors nothing more than the root does and is dropped; a trailing `/`
///   is dropped too (folders are matched by their path).
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    let segments: [Segment]

    enum Segment: Sendable, Hashable {
        case anyDepth
        case literal([UInt8])
        case wildcard([UInt8])
    }

    /// Compiles `pattern`; every pattern is valid.
    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasPrefix("/") { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        var parts = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts.count == 1, parts[0] != "**" { parts.insert("**", at: 0) }
        var compiled: [Segment] = []
        for part in parts {
            if part == "**" {
                if compiled.last != .anyDepth { compiled.append(.anyDepth) }
            } else if part.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }) {
                compiled.append(.wildcard(Array(part.utf8)))
            } else {
                compiled.append(.literal(Array(part.utf8)))
            }
        }
        segments = compiled
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether the `/`-separated relative path matches the whole pattern.
    public func matches(_ path: String) -> Bool {
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        return reachable(parts)?[parts.count] ?? false
    }

    /// Whether the path or any of its parent folders matches: what an exclude means for a file.
    /// The folders are the path's leading parts, as ``GlobSet`` reads them: an empty part
    /// (`//a`) is no folder, and the root is no parent.
    public func matchesPathOrAncestor(_ path: String) -> Bool {
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        guard let reached = reachable(parts) else { return false }
        return parts.isEmpty ? reached[0] : reached.dropFirst().contains(true)
    }

    /// For each count of leading path parts, whether the whole pattern matches them; nil when it
    /// matches none. The pattern is taken one segment at a time: work in proportion to segments
    /// × parts, however many `**` the pattern holds (trying each way a `**` could match, one
    /// after another, is exponential in their number).
    private func reachable(_ parts: [Substring.UTF8View.SubSequence]) -> [Bool]? {
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for segment in segments {
            var next = [Bool](repeating: false, count: parts.count + 1)
            switch segment {
            case .anyDepth:
                var reached = false
                for index in 0...parts.count {
                    reached = reached || reachable[index]
                    next[index] = reached
                }
            case .literal(let bytes):
                for index in 0..<parts.count where reachable[index] && parts[index].elementsEqual(bytes) {
                    next[index + 1] = true
                }
            case .wildcard(let bytes):
                for index in 0..<parts.count
                where reachable[index] && GlobPattern.wildcardMatch(Array(parts[index]), bytes) {
                    next[index + 1] = true
                }
            }
            guard next.contains(true) else { return nil }
            reachable = next
        }
        return reachable
    }

    /// Matches one segment against a pattern of literals, `*` and `?`, iteratively with backtracking
    /// to the last `*` only, so it is linear in practice.
    static func wildcardMatch(_ text: [UInt8], _ pattern: [UInt8]) -> Bool {
        var t = 0
        var p = 0
        var starP = -1
        var starT = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                starP = p
                starT = t
                p += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
                // `?` stands for one character, so skip a whole UTF-8 sequence.
                if pattern[p] == UInt8(ascii: "?") {
                    t += 1
                    while t < text.count, text[t] & 0xC0 == 0x80 { t += 1 }
                } else {
                    t += 1
                }
                p += 1
            } else if starP >= 0 {
                p = starP + 1
                starT += 1
                t = starT
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

/// A glob as a configuration file declares it: matched against paths relative to that file's
/// folder, and only to files below it. A configuration above the project root (the repository's)
/// sees the root's files through the way from its folder down to the root.
public struct ScopedGlob: Sendable, Hashable {
    public var glob: GlobPattern
    /// The root-relative folder the glob applies within ("" for the whole root).
    public var scope: String
    /// The way from the declaring folder down to the root, for a configuration above it ("" otherwise).
    public var lead: String

    public init(_ pattern: String, scope: String = "", lead: String = "") {
        glob = GlobPattern(pattern)
        self.scope = scope
        self.lead = lead
    }
}
