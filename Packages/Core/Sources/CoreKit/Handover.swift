import Synchronization

/// A value given once, from any thread (a task's, or a thread of the caller's own that cannot `await`), and awaited
/// by any number of tasks: the first `give` is kept, later ones are ignored (a race between a result and a deadline).
public final class Handover<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiting: [CheckedContinuation<Value, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Gives the value to every task waiting for it and to every later one; false when one was given before.
    @discardableResult
    public func give(_ value: Value) -> Bool {
        let waiting = state.withLock { state -> [CheckedContinuation<Value, Never>]? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiting = [] }
            return state.waiting
        }
        guard let waiting else { return false }
        for waiter in waiting { waiter.resume(returning: value) }
        return true
    }

    /// The value, once given.
    public var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let given = state.withLock { state -> Value? in
                    if let value = state.value { return value }
                    state.waiting.append(continuation)
                    return nil
                }
                if let given { continuation.resume(returning: given) }
            }
        }
    }
}
