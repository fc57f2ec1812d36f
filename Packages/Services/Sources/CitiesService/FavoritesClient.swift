import CoreKit
import Foundation
import Persistence
import Synchronization

/// Favourite cities, as features use them: one list for every feature (the map and the weather). A client: the live
/// value (`sqlite(_:)`) is the `favorite_city` table of the App's database (`FavoritesStore`); `inMemory()` is for
/// tests.
public struct FavoritesClient: Sendable {
    /// Every favourite, oldest first.
    public var all: @Sendable () async throws(StoreError) -> [Favorite]
    /// Keeps a city as a favourite, with its details, at a date; true when it was not a favourite before.
    public var add: @Sendable (_ city: City, _ at: Date) async throws(StoreError) -> Bool
    /// True when it was a favourite.
    public var remove: @Sendable (_ id: Int) async throws(StoreError) -> Bool
    /// Records the details of favourites as the open list has them.
    public var recordDetails: @Sendable (_ cities: [City]) async throws(StoreError) -> Void

    public init(
        all: @escaping @Sendable () async throws(StoreError) -> [Favorite],
        add: @escaping @Sendable (City, Date) async throws(StoreError) -> Bool,
        remove: @escaping @Sendable (Int) async throws(StoreError) -> Bool,
        recordDetails: @escaping @Sendable ([City]) async throws(StoreError) -> Void
    ) {
        self.all = all
        self.add = add
        self.remove = remove
        self.recordDetails = recordDetails
    }

    @discardableResult
    public func add(_ city: City, at date: Date) async throws(StoreError) -> Bool { try await add(city, date) }

    public func ids() async throws(StoreError) -> Set<Int> { Set(try await all().map(\.id)) }

    /// The favourites in the App's database.
    public static func sqlite(_ database: AppDatabase) -> FavoritesClient {
        let store = FavoritesStore(database: database)
        return FavoritesClient(
            all: { () async throws(StoreError) -> [Favorite] in try await store.all() },
            add: { (city: City, date: Date) async throws(StoreError) -> Bool in try await store.add(city, at: date) },
            remove: { (id: Int) async throws(StoreError) -> Bool in try await store.remove(id) },
            recordDetails: { (cities: [City]) async throws(StoreError) in try await store.recordDetails(cities) })
    }

    /// Favourites in memory, with the live value's rules (oldest first, details kept, adding twice adds once).
    public static func inMemory(_ initial: [Favorite] = []) -> FavoritesClient {
        let stored = Mutex(initial)
        @Sendable func details(_ city: City, into favorite: inout Favorite) {
            favorite.name = city.name
            favorite.country = city.country
            favorite.latitude = city.latitude
            favorite.longitude = city.longitude
        }
        return FavoritesClient(
            all: {
                stored.withLock { $0.sorted { ($0.addedAt, $0.id) < ($1.addedAt, $1.id) } }
            },
            add: { city, date in
                stored.withLock { favorites in
                    if let index = favorites.firstIndex(where: { $0.id == city.id }) {
                        details(city, into: &favorites[index])
                        return false
                    }
                    var favorite = Favorite(id: city.id, addedAt: date)
                    details(city, into: &favorite)
                    favorites.append(favorite)
                    return true
                }
            },
            remove: { id in
                stored.withLock { favorites in
                    let before = favorites.count
                    favorites.removeAll { $0.id == id }
                    return favorites.count < before
                }
            },
            recordDetails: { cities in
                stored.withLock { favorites in
                    for city in cities {
                        if let index = favorites.firstIndex(where: { $0.id == city.id }) {
                            details(city, into: &favorites[index])
                        }
                    }
                }
            })
    }
}
