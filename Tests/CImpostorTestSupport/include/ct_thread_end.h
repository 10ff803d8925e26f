// A POSIX thread that runs one Swift function and ends, for what Impostor does when a thread ends.
#ifndef CT_THREAD_END_H
#define CT_THREAD_END_H

typedef void (*ct_thread_body)(void *_Nullable context);

/// Runs `body(context)` on a new pthread and waits for the thread to end (its thread-specific
/// data destroyed). Returns 0, or the error of pthread_create.
int ct_run_on_new_thread(ct_thread_body _Nonnull body, void *_Nullable context);

#endif
