import CoreKit

/// A key, or a mouse event, read while a full-screen view is open.
public enum ScreenKey: Equatable, Sendable {
    /// A printable character (letters, digits, `+`, `/`, a space, any script).
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    /// Ctrl-C: leaves, like `q`.
    case interrupt
    /// The mouse wheel, at a cell (column and row from 0).
    case wheelUp(column: Int, row: Int)
    case wheelDown(column: Int, row: Int)
    /// The left button pressed, moved while held, released.
    case press(column: Int, row: Int)
    case drag(column: Int, row: Int)
    case release(column: Int, row: Int)
}

/// What a full-screen view wants after a key.
public enum ScreenStep: Sendable, Equatable {
    /// Draw again (the view changed, or might have).
    case redraw
    /// Nothing changed: no need to draw.
    case unchanged
    /// Close the view: the terminal shows what it showed before, and the prompt is back.
    case leave
    /// Close the view, then show a destination (another feature's, through the router).
    case open(AnyDestination)
}

/// A view that takes the whole terminal while it is open (the map: moved with keys and the mouse). A command opens
/// one by returning it in `CommandOutput.fullScreen`; the App shows it only in an interactive session on a terminal
/// that takes escape sequences, and otherwise prints the output's text as usual.
@MainActor
public protocol FullScreen: AnyObject, Sendable {
    /// Exactly `height` lines, each at most `width` columns wide; `painter` colours them when colour is on.
    func draw(width: Int, height: Int, painter: Painter) async -> [String]
    /// Handles a key or a mouse event.
    func handle(_ key: ScreenKey) async -> ScreenStep
}
