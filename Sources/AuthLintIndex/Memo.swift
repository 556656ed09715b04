import AuthLintModel
import AuthLintSyntax
import AuthLintProject
import AuthLintRules
import Foundation

/// Values worked out on first use and kept, by key. Safe to use from several threads: two threads
/// asking for the same missing key may both compute it, and either result is kept.
package final class Memo<Key: Hashable, Value>: @unchecked Sendable { package init() {  }
    private let lock = NSLock()
    private var known: [Key: Value] = [:]

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

    /// The value for `key`, when it was worked out.
    package func known(_ key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return known[key]
    }
}
