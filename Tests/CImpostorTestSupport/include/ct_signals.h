// A signal handler that calls a mock while the thread it interrupted calls the same mock.
#ifndef CT_SIGNALS_H
#define CT_SIGNALS_H

#include <stdint.h>

typedef int32_t (*csig_binary_fn)(int32_t, int32_t);

/// What `csig_hammer` saw.
typedef struct csig_result {
    /// Calls this thread made (`mock(i, 1)`, i from 0).
    int32_t calls;
    /// Calls the SIGUSR1 handler made (each `mock(1000000 + n, 2)`, n from 0).
    int64_t handled;
    /// Calls, of either kind, whose result was not `expected`.
    int64_t wrong;
} csig_result;

/// Calls `mock(i, 1)` for i = 0, 1, … on this thread, at least `calls` times and on until the
/// handler has made `handler_calls` calls, 3 seconds have passed or 2,000,000 calls were made, with a `malloc`/`free` between calls
/// (so that signals also land while this thread holds malloc's lock), while another thread
/// sends this thread SIGUSR1 as fast as it can; the handler calls `mock(1000000 + n, 2)`.
/// Every result is compared with `expected`. The previous SIGUSR1 action is restored.
csig_result csig_hammer(csig_binary_fn _Nonnull mock, int32_t calls, int64_t handler_calls, int32_t expected);

#endif
