import Dispatch

extension Array where Element: Sendable {
    /// Maps every element on all cores; results keep the input order. Each result is written in
    /// its place in the array returned, so the results are held once. Called from inside another
    /// parallel map, it may run on the calling thread alone: Dispatch narrows a nested
    /// `concurrentPerform` to the cores the outer one leaves it.
    package func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        parallelMapWithIndex { _, element in transform(element) }
    }

    /// `parallelMap` whose transform is given each element's index as well.
    package func parallelMapWithIndex<T: Sendable>(_ transform: @Sendable (Int, Element) -> T) -> [T] {
        if count < 2 { return enumerated().map(transform) }
        return [T](unsafeUninitializedCapacity: count) { results, initialized in
            let slots = SendableSlots(base: results.baseAddress!)
            self.withUnsafeBufferPointer { input in
                let source = SendableInput(buffer: input)
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    (slots.base + index).initialize(to: transform(index, source.buffer[index]))
                }
            }
            initialized = count
        }
    }
}

/// Each iteration initialises only its own slot, so sharing the results across threads is safe.
private struct SendableSlots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}

private struct SendableInput<T>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<T>
}

/// A value worked out on another thread while the caller goes on with other work; `value`
/// waits for it.
package final class BackgroundValue<T: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once, on the worker thread, before `done` is left; read only after it is.
    private var result: T?

    package init(_ work: @escaping @Sendable () -> T) {
        done.enter()
        DispatchQueue.global().async { [self] in
            result = work()
            done.leave()
        }
    }

    package var value: T {
        done.wait()
        return result!
    }
}

/// Values let go on another thread: the caller goes on while they are freed (a run's index of a
/// large tree holds a summary, a record and tables for each of its files). Nothing else may
/// hold them, or the last to let go frees them.
package final class ReleasedAside: @unchecked Sendable {
    // Emptied once, on the other thread.
    private var values: [Any]

    private init(_ values: [Any]) {
        self.values = values
    }

    package static func letGo(_ values: Any...) {
        let aside = ReleasedAside(values)
        DispatchQueue.global(qos: .utility).async { aside.values.removeAll() }
    }
}
