// C threads that keep calling a mock while the test resets it, for the clearing tests.
#ifndef CT_CLEARING_H
#define CT_CLEARING_H
#include <stdint.h>

typedef int32_t (*cc_pair_fn)(int32_t thread, int32_t index);

/// What the threads of a run saw, summed over the threads.
typedef struct {
    int64_t calls;
    /// Calls that returned `answer`.
    int64_t answered;
    /// Calls that returned 0.
    int64_t zeros;
    /// Calls that returned anything else.
    int64_t others;
    /// Calls that returned `answer` after an earlier call on the same thread had returned 0.
    int64_t answered_after_zero;
} cc_tally;

/// Starts `threads` pthreads; thread t calls `f(t, i)` for i = 0, 1, 2, … until `cc_stop`,
/// and sorts what each call returned against `answer`. Returns a handle for `cc_calls` and
/// `cc_stop`, or NULL when a thread could not start.
void *_Nullable cc_start(cc_pair_fn _Nonnull f, int32_t threads, int32_t answer);

/// The calls that have returned so far, across the threads.
int64_t cc_calls(void *_Nonnull handle);

/// Stops the threads, joins them, frees the handle and returns the tally.
cc_tally cc_stop(void *_Nonnull handle);

#endif
