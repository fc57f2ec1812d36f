// See include/CTerminal.h.
#include "CTerminal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_modes;
static int saved_descriptor = -1;

// A full-screen view on show: what leaves it (the main screen, the cursor, no mouse reporting) and what enters it
// again, written by the handler around a stop; `continued` tells the view to draw itself again.
static char screen_leave[96];
static char screen_enter[96];
static volatile sig_atomic_t screen_active = 0;
static volatile sig_atomic_t screen_continued = 0;

static void write_all(const char *text) {
    size_t length = strlen(text), done = 0;
    while (done < length) {
        ssize_t written = write(STDOUT_FILENO, text + done, length - done);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        done += (size_t)written;
    }
}

void skylens_screen_enter(const char *enter, const char *leave) {
    screen_active = 0;
    strncpy(screen_enter, enter, sizeof screen_enter - 1);
    strncpy(screen_leave, leave, sizeof screen_leave - 1);
    screen_continued = 0;
    screen_active = 1;
}

void skylens_screen_exit(void) { screen_active = 0; }

int skylens_screen_take_continued(void) {
    int continued = screen_continued;
    screen_continued = 0;
    return continued;
}

static void on_suspend(int signal_number) {
    int saved_errno = errno;
    struct termios current;
    int had_current = saved_descriptor >= 0 && tcgetattr(saved_descriptor, &current) == 0;
    int full_screen = screen_active;
    // The shell gets its screen back, with a cursor and no mouse reporting, while the App is stopped.
    if (full_screen) write_all(screen_leave);
    if (saved_descriptor >= 0) tcsetattr(saved_descriptor, TCSADRAIN, &saved_modes);

    // Stop for real: the default action, with the signal unblocked (it is blocked while its handler runs).
    struct sigaction default_action;
    memset(&default_action, 0, sizeof default_action);
    default_action.sa_handler = SIG_DFL;
    sigemptyset(&default_action.sa_mask);
    sigaction(signal_number, &default_action, NULL);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, signal_number);
    // To this thread: it stops the process before `raise` returns, whichever thread the first signal reached.
    raise(signal_number);
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);

    // Continued (`fg`): the handler again, and the modes the editor had.
    pthread_sigmask(SIG_BLOCK, &unblock, NULL);
    struct sigaction handler;
    memset(&handler, 0, sizeof handler);
    handler.sa_handler = on_suspend;
    sigemptyset(&handler.sa_mask);
    handler.sa_flags = SA_RESTART;
    sigaction(signal_number, &handler, NULL);
    if (had_current) tcsetattr(saved_descriptor, TCSADRAIN, &current);
    if (full_screen) {
        write_all(screen_enter);
        screen_continued = 1;
    }
    errno = saved_errno;
}

int skylens_terminal_save(int descriptor) {
    if (!isatty(descriptor) || tcgetattr(descriptor, &saved_modes) != 0) return 0;
    saved_descriptor = descriptor;
    struct sigaction current;
    // A shell without job control starts its children with SIGTSTP ignored: keep it so.
    if (sigaction(SIGTSTP, NULL, &current) == 0 && current.sa_handler == SIG_IGN) return 1;
    struct sigaction handler;
    memset(&handler, 0, sizeof handler);
    handler.sa_handler = on_suspend;
    sigemptyset(&handler.sa_mask);
    handler.sa_flags = SA_RESTART;
    sigaction(SIGTSTP, &handler, NULL);
    return 1;
}

void skylens_terminal_restore(void) {
    if (saved_descriptor >= 0) tcsetattr(saved_descriptor, TCSANOW, &saved_modes);
}

void skylens_terminal_suspend(void) {
    struct sigaction current;
    if (sigaction(SIGTSTP, NULL, &current) == 0 && current.sa_handler == SIG_IGN) return;
    // Runs the handler on this thread, so that the App has stopped and continued when this returns. The thread may
    // be a dispatch worker, which blocks signals: unblock SIGTSTP for the while.
    sigset_t unblock, previous;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &unblock, &previous);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}
