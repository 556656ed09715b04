import AuthLintModel
import AuthLintSyntax

/// Many globs matched as one (a configuration's `exclude:` and `include:`, `--exclude`): the
/// globs of each declaring folder are compiled once into one automaton over path segments, whose
/// literal segments are looked up by hash. A path costs a few lookups per segment however many
/// globs there are, but for the wildcard segments (`*.pb.swift`) it meets on its way, and the
/// set is built in time linear in the globs' length.
struct GlobSet: Sendable {
    /// The globs of one declaring folder: where they apply and how they see a path.
    private struct Group: Sendable {
        var scope: String
        var lead: String
        var automaton: SegmentAutomaton

        /// The root-relative `path` as the declaring file sees it; nil outside its folder.
        func subject(_ path: String) -> String? {
            guard scope.isEmpty || path.hasPrefix(scope + "/") else { return nil }
            let inner = scope.isEmpty ? path : String(path.dropFirst(scope.count + 1))
            if lead.isEmpty { return inner }
            return inner.isEmpty ? lead : lead + "/" + inner
        }
    }

    private let groups: [Group]

    init(_ globs: [ScopedGlob]) {
        var order: [String] = []
        var byFolder: [String: (scope: String, lead: String, patterns: [GlobPattern])] = [:]
        for glob in globs {
            let key = glob.scope + "\u{0}" + glob.lead
            if byFolder[key] == nil {
                order.append(key)
                byFolder[key] = (glob.scope, glob.lead, [])
            }
            byFolder[key]!.patterns.append(glob.glob)
        }
        groups = order.map { key in
            let entry = byFolder[key]!
            return Group(scope: entry.scope, lead: entry.lead, automaton: SegmentAutomaton(entry.patterns))
        }
    }

    var isEmpty: Bool { groups.isEmpty }

    /// Whether a glob matches the path or one of its parent folders: what an exclude means.
    func excludes(_ path: String) -> Bool {
        groups.contains { group in group.subject(path).map { group.automaton.matches($0, orAncestor: true) } ?? false }
    }

    /// Whether a glob matches the path itself.
    func matches(_ path: String) -> Bool {
        groups.contains { group in group.subject(path).map { group.automaton.matches($0, orAncestor: false) } ?? false }
    }

    /// Whether the includes that apply to the path (those of the configurations above it) let it
    /// in: there are none, or one matches.
    func includes(_ path: String) -> Bool {
        var applicable = false
        for group in groups {
            guard let subject = group.subject(path) else { continue }
            if group.automaton.matches(subject, orAncestor: false) { return true }
            applicable = true
        }
        return !applicable
    }
}

/// Globs compiled into one nondeterministic automaton over `/`-separated segments: a trie of
/// their segments, where a literal segment is an edge found by hash, a wildcard segment an edge
/// tried on each segment, and `**` a node that stays where it is on any segment.
struct SegmentAutomaton: Sendable {
    private struct Node: Sendable {
        var literals: [[UInt8]: Int32] = [:]
        var wildcards: [(pattern: [UInt8], to: Int32)] = []
        /// The node `**` leads to (-1: none); it is entered without using a segment.
        var anyDepth: Int32 = -1
        /// Whether the node stays active on any segment (it is a `**`).
        var loops = false
        /// Whether a glob ends here.
        var accepting = false
    }

    private var nodes: [Node] = [Node()]
    /// Whether some glob has no segment at all (matches only the empty path).
    private var matchesEmpty = false

    init(_ patterns: [GlobPattern]) {
        // Wildcard edges of the same text share a node: found by a table while building.
        var wildcardEdges: [Int32: [[UInt8]: Int32]] = [:]
        for pattern in patterns {
            if pattern.segments.isEmpty { matchesEmpty = true }
            var node: Int32 = 0
            for segment in pattern.segments {
                switch segment {
                case .anyDepth:
                    if nodes[Int(node)].anyDepth < 0 {
                        nodes.append(Node(loops: true))
                        nodes[Int(node)].anyDepth = Int32(nodes.count - 1)
                    }
                    node = nodes[Int(node)].anyDepth
                case .literal(let bytes):
                    if let next = nodes[Int(node)].literals[bytes] {
                        node = next
                    } else {
                        nodes.append(Node())
                        let next = Int32(nodes.count - 1)
                        nodes[Int(node)].literals[bytes] = next
                        node = next
                    }
                case .wildcard(let bytes):
                    if let next = wildcardEdges[node]?[bytes] {
                        node = next
                    } else {
                        nodes.append(Node())
                        let next = Int32(nodes.count - 1)
                        nodes[Int(node)].wildcards.append((bytes, next))
                        wildcardEdges[node, default: [:]][bytes] = next
                        node = next
                    }
                }
            }
            if !pattern.segments.isEmpty { nodes[Int(node)].accepting = true }
        }
    }

    /// Whether a glob matches the whole path or, `orAncestor`, one of its leading folders.
    func matches(_ path: String, orAncestor: Bool) -> Bool {
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        // The active nodes after each segment, each once: a node and the `**` nodes it leads to.
        var seen: Set<Int32> = []
        var active: [Int32] = []
        func enter(_ node: Int32, into list: inout [Int32]) {
            var current = node
            while current >= 0, seen.insert(current).inserted {
                list.append(current)
                current = nodes[Int(current)].anyDepth
            }
        }
        enter(0, into: &active)
        // The empty path: a glob with no segment, or only `**`.
        if parts.isEmpty { return matchesEmpty || active.contains { nodes[Int($0)].accepting } }
        for (index, part) in parts.enumerated() {
            var next: [Int32] = []
            seen.removeAll(keepingCapacity: true)
            let bytes = Array(part)
            for node in active {
                let current = nodes[Int(node)]
                if current.loops { enter(node, into: &next) }
                if let to = current.literals[bytes] { enter(to, into: &next) }
                for edge in current.wildcards where GlobPattern.wildcardMatch(bytes, edge.pattern) {
                    enter(edge.to, into: &next)
                }
            }
            if next.isEmpty { return false }
            active = next
            let last = index == parts.count - 1
            if orAncestor || last, active.contains(where: { nodes[Int($0)].accepting }) { return true }
        }
        return false
    }
}
