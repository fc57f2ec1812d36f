import Architecture

extension ObservableViewModel {
    /// Sends each action in turn and returns the state after each: a feature's tests drive its view model action by
    /// action and check every state, as isowords' `TestStore` does, without a shell.
    public func states(after actions: [Action]) async -> [State] {
        var states: [State] = []
        for action in actions {
            await send(action)
            states.append(state)
        }
        return states
    }
}
