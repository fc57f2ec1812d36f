/// Why the store could not be used, in words for the user.
public enum StoreError: Error, Equatable, Sendable {
    case cannotOpen(path: String, reason: String)
    case migrationFailed(identifier: String, reason: String)
    case readOnly(path: String)
    case diskFull(path: String)
    case cancelled
    case failed(String)
    /// Made by a newer SkyLens: it has schema steps this one does not know (left unchanged).
    case newerStore(path: String, steps: [String])

    public var message: String {
        switch self {
        case .cannotOpen(let path, let reason): "The database at \(path) could not be opened: \(reason)."
        case .migrationFailed(let identifier, let reason):
            "The database could not be upgraded (step \(identifier)): \(reason)."
        case .readOnly(let path): "The data directory is read-only (\(path)); changes cannot be saved."
        case .diskFull(let path): "The disk holding \(path) is full; changes cannot be saved."
        case .cancelled: "The database access was cancelled."
        case .failed(let reason): "A database operation failed: \(reason)."
        case .newerStore(let path, let steps):
            "The store at \(path) was made by a newer SkyLens (it has \(steps.count == 1 ? "a step" : "steps") this version does not know: \(steps.prefix(3).joined(separator: ", "))\(steps.count > 3 ? "…" : "")). It was left unchanged: use that newer SkyLens, or give this one another data directory (--data-dir)."
        }
    }
}
