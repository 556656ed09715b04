import Foundation

/// `/`-separated path arithmetic on paths relative to the project root (or absolute).
@usableFromInline
package enum ProjectPath {
    /// Removes `.` and empty segments and folds `..` into its parent where there is one; a
    /// relative path that climbs above its start keeps its leading `..`.
    package static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// `component` taken relative to the folder `base` (absolute components stay absolute).
    /// `folder + "/" + name`, in a string of its size: a scan keeps one for every file, and
    /// strings joined with `+` keep room to grow.
    package static func child(_ folder: String, _ name: String) -> String {
        var path = ""
        path.reserveCapacity(folder.utf8.count + 1 + name.utf8.count)
        path += folder
        path += "/"
        path += name
        return path
    }

    package static func join(_ base: String, _ component: String) -> String {
        if component.hasPrefix("/") || base.isEmpty { return normalize(component) }
        if component.isEmpty { return normalize(base) }
        return normalize(base + "/" + component)
    }

    /// The folder holding `path` ("" for a top-level name).
    package static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last segment of `path`.
    package static func lastComponent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `absolute` relative to the absolute folder `root`: `a/b`, or `../x` when outside it.
    package static func relative(_ absolute: String, to root: String) -> String {
        let target = normalize(absolute).split(separator: "/")
        let base = normalize(root).split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }

    /// The way from the absolute folder `base` to the absolute `path`: `..` steps, then names;
    /// "." when they are the same.
    package static func way(from base: String, to path: String) -> String {
        let relative = relative(path, to: base)
        return relative.isEmpty ? "." : relative
    }

    /// Whether the root-relative `path` lies within the folder `folder` (or is it); with `folder`
    /// empty, whether it lies within the root (no leading `..`, not absolute).
    package static func isInside(_ path: String, folder: String) -> Bool {
        if folder.isEmpty { return path != ".." && !path.hasPrefix("../") && !path.hasPrefix("/") }
        return path == folder || path.hasPrefix(folder + "/")
    }

    /// Orders paths by their UTF-8 bytes, so output is the same on every platform. Paths are
    /// compared often (the scan sorts every file, the load pairs two sorted lists), so bytes
    /// held contiguously, as native strings' are, are compared with `memcmp`.
    @inlinable
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let compared = lhs.utf8.withContiguousStorageIfAvailable { a in
            rhs.utf8.withContiguousStorageIfAvailable { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        return compared.flatMap { $0 } ?? lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
