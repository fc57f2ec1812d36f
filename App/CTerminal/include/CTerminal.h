// The terminal's modes, kept and given back: what the App restores when it suspends (Ctrl-Z) and when a signal
// ends it. Signal handlers must be async-signal-safe, which Swift code is not; these few lines of C are.
#ifndef SKYLENS_CTERMINAL_H
#define SKYLENS_CTERMINAL_H

/// Remembers the modes of the terminal on `descriptor` (echo, canonical input) as they are now, before any line
/// editor changes them, and installs a SIGTSTP handler that gives them back while the App is stopped and puts the
/// editor's modes back when it continues. Returns 1 when `descriptor` is a terminal whose modes were read.
int skylens_terminal_save(int descriptor);

/// Gives the terminal back the modes remembered by `skylens_terminal_save` (nothing when there are none).
/// Async-signal-safe.
void skylens_terminal_restore(void);

/// Stops the App as the terminal's suspend key would (SIGTSTP to its process group), with the terminal's modes
/// given back while it is stopped; returns once it continues (`fg`).
void skylens_terminal_suspend(void);

/// A full-screen view is on show: `leave` gives the terminal its main screen back (cursor shown, mouse reporting off)
/// and `enter` takes it again; the SIGTSTP handler writes them around a stop (Ctrl-Z, or SIGTSTP from outside), and
/// marks the view to be drawn again (`skylens_screen_take_continued`). Each string at most 95 bytes.
void skylens_screen_enter(const char *enter, const char *leave);

/// The full-screen view is gone: a stop leaves the screen as it is.
void skylens_screen_exit(void);

/// 1 once after the App continued from a stop during a full-screen view (it must be drawn again), else 0.
int skylens_screen_take_continued(void);

#endif
