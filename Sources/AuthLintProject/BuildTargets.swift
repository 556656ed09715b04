/// A build target of a project, by its place in the list ``BuildTargets`` holds: a type of its own,
/// so that a target is never taken for a file, a scope or a token, which are also numbered.
public struct TargetID: Hashable, Comparable, Sendable {
    /// Its place in the list.
    public let index: Int

    package init(_ index: Int) {
        self.index = index
    }

    public static func < (a: TargetID, b: TargetID) -> Bool { a.index < b.index }
}

/// The targets the files of a project belong to, each known by its ``TargetID``.
public struct BuildTargets: Sendable, Sequence {
    private let targets: [BuildTarget]

    package init(_ targets: [BuildTarget]) {
        self.targets = targets
    }

    public subscript(id: TargetID) -> BuildTarget { targets[id.index] }

    /// Every target's identifier, in order.
    public var ids: [TargetID] { targets.indices.map(TargetID.init) }

    public var count: Int { targets.count }

    public func makeIterator() -> IndexingIterator<[BuildTarget]> { targets.makeIterator() }
}
