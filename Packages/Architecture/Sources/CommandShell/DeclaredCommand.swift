import Architecture

/// A command as the manual page and the shell completion scripts see it: its declaration, the plugin that declares
/// it (the heading `help` lists it under) and, for a command of one view, that view's label.
public struct DeclaredCommand: Sendable {
    public var spec: CommandDeclaration
    public var group: String
    public var view: String?

    public init(spec: CommandDeclaration, group: String, view: String? = nil) {
        self.spec = spec
        self.group = group
        self.view = view
    }
}
