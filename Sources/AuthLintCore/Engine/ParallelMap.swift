import Dispatch

extension Array where Element: Sendable {
    /// Maps every element on all cores; results keep the input order.
    func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let slots = SendableBuffer(buffer: results)
        self.withUnsafeBufferPointer { input in
            let source = SendableInput(buffer: input)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots.buffer[index] = transform(source.buffer[index])
            }
        }
        return results.map { $0! }
    }
}

/// Each iteration writes only its own slot, so sharing the buffer across threads is safe.
private struct SendableBuffer<T>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<T?>
}

private struct SendableInput<T>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<T>
}

/// A value worked out on another thread while the caller goes on with other work; `value`
/// waits for it.
final class BackgroundValue<T: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once, on the worker thread, before `done` is left; read only after it is.
    private var result: T?

    init(_ work: @escaping @Sendable () -> T) {
        done.enter()
        DispatchQueue.global().async { [self] in
            result = work()
            done.leave()
        }
    }

    var value: T {
        done.wait()
        return result!
    }
}
