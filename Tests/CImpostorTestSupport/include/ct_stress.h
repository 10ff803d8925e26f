// C threads that hammer mocks while Swift stubs and verifies, for the stress tests.
#ifndef CT_STRESS_H
#define CT_STRESS_H
#include <stddef.h>
#include <stdint.h>

typedef int32_t (*cx_pair_fn)(int32_t thread, int32_t index);

/// Starts `threads` pthreads; thread t calls `first(t, i)` then `second(t, i)` for i in
/// 0..<calls, and counts the calls to `first` that did not return `t * 1000000 + i`.
/// Returns a handle for `cx_join`, or NULL when a thread could not start.
void *_Nullable cx_start(cx_pair_fn _Nonnull first, cx_pair_fn _Nonnull second, int32_t threads, int32_t calls);

/// True (1) once every thread has finished.
int32_t cx_finished(void *_Nonnull handle);

/// Joins the threads, frees the handle and returns the number of wrong answers from `first`.
int64_t cx_join(void *_Nonnull handle);

/// Bytes of heap in use (glibc's mallinfo2 `uordblks`), plus the record chunks and lanes
/// Impostor maps instead of taking them from malloc.
size_t cx_heap_in_use(void);

#endif
