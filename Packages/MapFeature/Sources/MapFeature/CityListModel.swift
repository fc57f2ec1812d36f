import Architecture
import CitiesService
import CoreKit
import Foundation

/// The city list as a whole: opening it (the browser then queries it), which list is in use (`cities`), and
/// replacing it (`cities reload`, `cities reset`). What the store had to say is kept in `notices` for the adapter to
/// show once.
@MainActor
final class CityListModel: ObservableViewModel {
    struct State: Equatable, Sendable {
        var isOpen = false
        var info: CatalogueStore.ListInfo?
        /// What the last `replaceRequested` loaded.
        var replaced: ReloadReport?
        /// Notes from the store (a download that failed and the list that was kept), to be shown once.
        var notices: [Sentence] = []
        /// Why the last action failed: the store's reason.
        var problem: Sentence?
        /// The failure was of a replacement, and the list that was there is kept (said after the reason).
        var previousKept = false
        /// What kind of failure `problem` is (for the exit status).
        var problemKind: CatalogueError.Kind?
    }

    enum Action: Sendable {
        case openRequested(progress: CityListClient.Progress?)
        case infoRequested(progress: CityListClient.Progress?)
        case replaceRequested(toBuiltIn: Bool, progress: CityListClient.Progress?)
    }

    private(set) var state = State()
    /// The list in use, once open; nil again after it was replaced (the browser over it is then dropped).
    private(set) var directory: CityDirectory?
    private let client: CityListClient

    init(client: CityListClient) {
        self.client = client
    }

    func send(_ action: Action) async {
        state.problem = nil
        state.problemKind = nil
        state.previousKept = false
        state.notices = []
        switch action {
        case .openRequested(let progress):
            guard directory == nil else { return }
            do {
                directory = try await client.open(progress)
                state.isOpen = true
            } catch {
                state.problem = error.sentence
            }
        case .infoRequested(let progress):
            do { state.info = try await client.info(progress) } catch { state.problem = error.sentence }
        case .replaceRequested(let toBuiltIn, let progress):
            state.replaced = nil
            do {
                state.replaced = try await client.replace(toBuiltIn, progress)
                directory = nil
                state.isOpen = false
                state.info = nil
            } catch {
                state.problem = error.sentence
                state.previousKept = true
                state.problemKind = error.kind
            }
        }
        state.notices = await client.takeNotices()
    }
}
