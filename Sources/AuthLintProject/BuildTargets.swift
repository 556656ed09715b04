import AuthLintModel

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
