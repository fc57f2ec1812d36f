// A thread of the App's own started on another core than the caller's: CPU affinity is a GNU extension of POSIX
// threads, which Swift's Glibc module does not show.
#ifndef SKYLENS_CTHREAD_H
#define SKYLENS_CTHREAD_H

/// Starts a detached thread running `start(context)` on the cores the process may use other than the caller's.
/// Returns 0 when it started; -1 when the process may use no other core (the work would only take turns with the
/// caller's), or when no thread could be made.
int skylens_thread_elsewhere(void *(*start)(void *), void *context);

/// Makes the calling thread background work: free to run on every core the process may use (the main thread's set)
/// again, once the work that had to stay off its maker's core is done, and scheduled as a batch thread (SCHED_BATCH),
/// which never takes a core from the thread that wakes it.
void skylens_thread_background(void);

#endif
