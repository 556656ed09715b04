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
