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

    /// In English (logs, tests).
    public var message: String { sentence.english }

    /// To be said in the user's language (`words(error.sentence)`); the database's own reason as it gave it.
    public var sentence: Sentence {
        switch self {
        case .cannotOpen(let path, let reason):
            Sentence("The database at %1$@ could not be opened: %2$@.", .text(path), .text(reason), table: .core)
        case .migrationFailed(let identifier, let reason):
            Sentence(
                "The database could not be upgraded (step %1$@): %2$@.", .text(identifier), .text(reason), table: .core)
        case .readOnly(let path):
            Sentence("The data directory is read-only (%@); changes cannot be saved.", .text(path), table: .core)
        case .diskFull(let path):
            Sentence("The disk holding %@ is full; changes cannot be saved.", .text(path), table: .core)
        case .cancelled: Sentence("The database access was cancelled.", table: .core)
        case .failed(let reason): Sentence("A database operation failed: %@.", .text(reason), table: .core)
        case .newerStore(let path, let steps) where steps.count == 1:
            Sentence(
                "The store at %1$@ was made by a newer SkyLens (it has a step this version does not know: %2$@). It was left unchanged: use that newer SkyLens, or give this one another data directory (--data-dir).",
                .text(path), .text(steps[0]), table: .core)
        case .newerStore(let path, let steps):
            Sentence(
                "The store at %1$@ was made by a newer SkyLens (it has steps this version does not know: %2$@). It was left unchanged: use that newer SkyLens, or give this one another data directory (--data-dir).",
                .text(path), .text(steps.prefix(3).joined(separator: ", ") + (steps.count > 3 ? "…" : "")), table: .core
            )
        }
    }
}
