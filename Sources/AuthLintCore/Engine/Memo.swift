import Foundation

/// Values worked out on first use and kept, by key. Safe to use from several threads: two threads
/// asking for the same missing key may both compute it, and either result is kept.
final class Memo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [Key: Value] = [:]

    func value(for key: Key, compute: () -> Value) -> Value {
        lock.lock()
        if let found = known[key] {
            lock.unlock()
            return found
        }
        lock.unlock()
        let found = compute()
        lock.lock()
        known[key] = found
        lock.unlock()
        return found
    }
}

/// A name (by its hash) in one file (by its path).
struct NameInFile: Hashable {
    var path: String
    var hash: UInt64
}

/// The project's names, by the files that use them: built once enough names were looked up one
/// by one (each lookup reads every file's names), so that a run asking about a few names does
/// not index them all, and one asking about many does so once.
final class NameIndex: @unchecked Sendable {
    static let lookupsBeforeIndexing = 64
    private let lock = NSLock()
    private var lookups = 0
    private var byName: [UInt64: [Int32]]?

    /// The index, built by `build` once `count` lookups were answered without it; nil before.
    func index(after count: Int, build: () -> [UInt64: [Int32]]) -> [UInt64: [Int32]]? {
        lock.lock()
        defer { lock.unlock() }
        if let byName { return byName }
        lookups += 1
        guard lookups > count else { return nil }
        let built = build()
        byName = built
        return built
    }
}
