import Architecture

/// `fav` and `unfav`, wherever they are typed (a city's page, the weather view): one document, one schema.
public struct FavoriteDocument: JSONDocument {
    public static let kind = "favorite"

    public var id: Int
    public var name: String
    /// Whether it is a favourite now.
    public var favorite: Bool
    /// Whether this command changed it.
    public var changed: Bool

    public init(id: Int, name: String, favorite: Bool, changed: Bool) {
        self.id = id
        self.name = name
        self.favorite = favorite
        self.changed = changed
    }
}
