/// A place in the App that a plugin shows: a typed value (`CityWeather(city:)`, `ContactForm()`), owned by the
/// plugin that registers its type (`RouteSpec(CityWeather.self, label: "weather")`). What a feature offers other
/// features is declared as such a type in a contract module both sides import, so a rename fails to compile.
public protocol Destination: Hashable, Sendable {
    /// The feature that shows it, for "the Weather feature is not installed".
    static var feature: String { get }
    /// What the prompt shows beside the view's label (a city's name, `skylens Toronto·map>`); nil for none.
    var title: String? { get }
}

extension Destination {
    public var title: String? { nil }
}

/// A kind of destination (its type, as a value): what a route is registered for and a command is scoped to.
public struct Route: Hashable, Sendable {
    private let kind: Kind
    /// The type's name (`CityWeather`): for logs and diagnostics only (made when asked: a type's name is read from
    /// its metadata, which every route of every plugin would otherwise pay for at start).
    package var name: String { String(describing: kind.type) }
    /// The feature that shows it.
    package var feature: String { kind.type.feature }

    package init<D: Destination>(_ type: D.Type) {
        kind = Kind(type: type)
    }

    /// The type, equal and hashed by its identity.
    private struct Kind: Hashable, Sendable {
        let type: any Destination.Type
        static func == (lhs: Kind, rhs: Kind) -> Bool { ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
    }
}

/// A destination of any type, as the router holds it.
public struct AnyDestination: Equatable, Sendable {
    package let base: any Destination
    package let route: Route

    public init<D: Destination>(_ destination: D) {
        base = destination
        route = Route(D.self)
    }

    /// Already erased: the same.
    package init(_ destination: AnyDestination) {
        self = destination
    }

    /// The destination as `type`, when it is one.
    public func `as`<D: Destination>(_ type: D.Type) -> D? { base as? D }

    public func `is`<D: Destination>(_ type: D.Type) -> Bool { base is D }

    package var title: String? { base.title }

    public static func == (lhs: AnyDestination, rhs: AnyDestination) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    /// `CityWeather(Toronto)`: for `back`'s JSON document and for logs.
    package var description: String {
        title.map { "\(route.name)(\($0))" } ?? route.name
    }
}

/// A stack of destinations. The REPL shows the top; `back` pops; `home` pops to the root (the empty stack).
@MainActor
public final class Router {
    package private(set) var stack: [AnyDestination]

    package init(stack: [AnyDestination] = []) {
        self.stack = stack
    }

    package var top: AnyDestination? { stack.last }
    package var isAtRoot: Bool { stack.isEmpty }

    /// The top destination when it is a `type`.
    public func top<D: Destination>(as type: D.Type) -> D? { top?.as(type) }

    /// True when a destination of `type` is anywhere on the stack.
    package func contains<D: Destination>(_ type: D.Type) -> Bool { stack.contains { $0.is(type) } }

    public func push(_ destination: some Destination) {
        stack.append(AnyDestination(destination))
    }

    /// Pushes a destination of any type (the shell's `navigate`).
    package func push(_ destination: AnyDestination) {
        stack.append(destination)
    }

    /// Removes and returns the top destination; nil at the root.
    @discardableResult
    package func pop() -> AnyDestination? {
        stack.popLast()
    }

    package func popToRoot() {
        stack.removeAll()
    }

    /// Replaces the top destination (or pushes, at the root).
    package func replace(with destination: some Destination) {
        let erased = AnyDestination(destination)
        if stack.isEmpty { stack.append(erased) } else { stack[stack.count - 1] = erased }
    }

    /// Pops every destination above and including the last one of `type`; true if there was one.
    @discardableResult
    public func pop<D: Destination>(through type: D.Type) -> Bool {
        guard let index = stack.lastIndex(where: { $0.is(type) }) else { return false }
        stack.removeSubrange(index...)
        return true
    }
}

/// A view model: one `State`, one `Action`, one `send`. Views render `state` as text, as pure functions.
@MainActor
public protocol ObservableViewModel: AnyObject {
    associatedtype State: Equatable & Sendable
    associatedtype Action: Sendable
    var state: State { get }
    func send(_ action: Action) async
}
