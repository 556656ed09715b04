extension RandomAccessCollection {
    /// The first index whose element is not `before` the ones sought, in a collection sorted so
    /// that every element `before` accepts comes first (a binary search).
    @inlinable package func lowerBound(_ before: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let mid = index(low, offsetBy: half)
            if before(self[mid]) {
                low = index(after: mid)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}

extension Sequence where Element: Comparable {
    /// The elements sorted ascending, each once.
    @inlinable package func sortedUnique() -> [Element] {
        var sorted = self.sorted()
        var kept = 0
        for element in sorted where kept == 0 || sorted[kept - 1] != element {
            sorted[kept] = element
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }
}

extension Sequence where Element: Comparable {
    /// The positions in `wanted` (sorted ascending, each once) of the elements this sequence,
    /// sorted ascending, holds.
    @inlinable package func positions(in wanted: [Element]) -> [Int] {
        var found: [Int] = []
        var iterator = makeIterator()
        var element = iterator.next()
        var position = 0
        while let current = element, position < wanted.count {
            if current < wanted[position] {
                element = iterator.next()
            } else if wanted[position] < current {
                position += 1
            } else {
                found.append(position)
                element = iterator.next()
                position += 1
            }
        }
        return found
    }
}

extension RandomAccessCollection where Element: Comparable {
    /// Whether a collection sorted ascending holds `value`.
    @inlinable package func sortedContains(_ value: Element) -> Bool {
        let found = lowerBound { $0 < value }
        return found != endIndex && self[found] == value
    }
}

extension Array where Element == String {
    /// The index of `path` in paths sorted by their UTF-8 bytes (``ProjectPath/precedes(_:_:)``).
    @inlinable
    package func index(ofSortedPath path: String) -> Int? {
        let found = lowerBound { ProjectPath.precedes($0, path) }
        return found != endIndex && self[found] == path ? found : nil
    }
}
