/// The state of a value that is loaded asynchronously: nothing asked yet, on its way, there, or failed.
///
/// `Failure` is an `Equatable` error enum that carries a user-facing message, so states compare by value and
/// views never inspect `localizedDescription`.
public enum DataState<Value, Failure: Error & Equatable> {
    case idle
    case loading
    case loaded(Value)
    case failed(Failure)

    /// The loaded value, if any.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// The failure, if any.
    public var failure: Failure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// Transforms the loaded value, keeping every other state as it is.
    public func map<T, E: Error>(_ transform: (Value) throws(E) -> T) throws(E) -> DataState<T, Failure> {
        switch self {
        case .idle: .idle
        case .loading: .loading
        case .loaded(let value): .loaded(try transform(value))
        case .failed(let failure): .failed(failure)
        }
    }
}

extension DataState: Equatable where Value: Equatable {}
extension DataState: Sendable where Value: Sendable, Failure: Sendable {}
