import Foundation

/// Values worked out on first use and kept, by key. Safe to use from several threads: two threads
/// asking for the same missing key may both compute it, and either result is kept.
///
/// The analyses' memos live in this target, where the optimiser specialises it for each key and
/// value: a generic memo called from another target hashes its keys and looks them up through
/// witness tables, which cost about 4 % of a run on WooCommerce's app. The pipeline's few, rarely
/// asked memos (the finding builder's) may use it from there.
package final class Memo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [Key: Value] = [:]

    package init() {}

    package func value(for key: Key, compute: () -> Value) -> Value {
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

    /// The value for `key`, worked out by the first thread to ask while the others wait: for a
    /// value that costs more to work out twice than to wait for. `compute` must not ask this memo.
    package func valueOnce(for key: Key, compute: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let found = known[key] { return found }
        let found = compute()
        known[key] = found
        return found
    }

    /// Every value worked out so far, by key.
    package var contents: [Key: Value] {
        lock.lock()
        defer { lock.unlock() }
        return known
    }

    /// Takes values worked out elsewhere as if worked out here: only before anyone asks, and
    /// only values that asking would give.
    package func seed(_ values: [Key: Value]) {
        lock.lock()
        defer { lock.unlock() }
        known.merge(values) { own, _ in own }
    }

    /// The value for `key`, when it was worked out.
    package func known(_ key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return known[key]
    }
}
