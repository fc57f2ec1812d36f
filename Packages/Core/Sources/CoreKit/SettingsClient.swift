import Synchronization

/// Settings a feature keeps between sessions (the unit, the last place): one string per key. A client: the live
/// value (`SettingsClient.sqlite(_:)`, in Persistence) keeps them in the App's database; `inMemory()` is for tests
/// and for sessions without a data directory. Keys are namespaced by the feature: `weather.unit`.
public struct SettingsClient: Sendable {
    public var value: @Sendable (_ key: String) async throws(StoreError) -> String?
    /// Sets the value, or removes the key when it is nil.
    public var set: @Sendable (_ value: String?, _ key: String) async throws(StoreError) -> Void

    public init(
        value: @escaping @Sendable (_ key: String) async throws(StoreError) -> String?,
        set: @escaping @Sendable (_ value: String?, _ key: String) async throws(StoreError) -> Void
    ) {
        self.value = value
        self.set = set
    }

    public func value(for key: String) async throws(StoreError) -> String? { try await value(key) }
    public func set(_ value: String?, for key: String) async throws(StoreError) { try await set(value, key) }

    /// Settings in memory, starting with `initial`.
    public static func inMemory(_ initial: [String: String] = [:]) -> SettingsClient {
        let values = Mutex(initial)
        return SettingsClient(
            value: { key in values.withLock { $0[key] } },
            set: { value, key in values.withLock { $0[key] = value } })
    }

    /// Settings that cannot be read or kept: every call fails with `error` (tests of what a feature does then).
    public static func failing(_ error: StoreError) -> SettingsClient {
        SettingsClient(
            value: { (_: String) throws(StoreError) -> String? in throw error },
            set: { (_: String?, _: String) throws(StoreError) in throw error })
    }
}
