/// Where the user is: a route a plugin registered (`contact.form`, `weather.city`) and its parameters.
public struct Destination: Hashable, Sendable, CustomStringConvertible {
    public var route: String
    public var parameters: [String: String]

    public init(_ route: String, parameters: [String: String] = [:]) {
        self.route = route
        self.parameters = parameters
    }

    public subscript(parameter name: String) -> String? { parameters[name] }

    public var description: String {
        parameters.isEmpty
            ? route
            : "\(route)(\(parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")))"
    }
}

/// A stack of destinations. The REPL shows the top; `back` pops; `home` pops to the root (the empty stack).
@MainActor
public final class Router {
    public private(set) var stack: [Destination]

    public init(stack: [Destination] = []) {
        self.stack = stack
    }

    public var top: Destination? { stack.last }
    public var isAtRoot: Bool { stack.isEmpty }

    public func push(_ destination: Destination) {
        stack.append(destination)
    }

    /// Removes and returns the top destination; nil at the root.
    @discardableResult
    public func pop() -> Destination? {
        stack.popLast()
    }

    public func popToRoot() {
        stack.removeAll()
    }

    /// Replaces the top destination (or pushes, at the root).
    public func replace(with destination: Destination) {
        if stack.isEmpty { stack.append(destination) } else { stack[stack.count - 1] = destination }
    }

    /// Pops every destination above and including the last one with `route`; true if there was one.
    @discardableResult
    public func pop(route: String) -> Bool {
        guard let index = stack.lastIndex(where: { $0.route == route }) else { return false }
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
