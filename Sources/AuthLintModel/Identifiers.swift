/// A source file of a project, by its place among the project's source files sorted by path: a
/// type of its own, so that a file is never taken for a target, a scope or a token, which are
/// also numbered.
public struct FileID: Hashable, Comparable, Sendable {
    /// Its place in the list.
    public let index: Int

    package init(_ index: Int) {
        self.index = index
    }

    public static func < (a: FileID, b: FileID) -> Bool { a.index < b.index }
}

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

/// One value per source file of a project, subscripted by ``FileID`` alone.
public struct PerFile<Element>: Sequence {
    /// The values, in file order.
    public private(set) var values: [Element]

    public init(_ values: [Element] = []) {
        self.values = values
    }

    public init(repeating value: Element, count: Int) {
        values = Array(repeating: value, count: count)
    }

    /// The next file's value.
    public mutating func append(_ value: Element) { values.append(value) }
    public mutating func reserveCapacity(_ count: Int) { values.reserveCapacity(count) }

    public subscript(id: FileID) -> Element {
        get { values[id.index] }
        set { values[id.index] = newValue }
    }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }
    /// Every file's identifier, in order.
    public var ids: [FileID] { values.indices.map(FileID.init) }

    public func makeIterator() -> IndexingIterator<[Element]> { values.makeIterator() }
}

extension PerFile: Sendable where Element: Sendable {}
