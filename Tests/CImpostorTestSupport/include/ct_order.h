// C threads whose calls the program orders (by a lock, by joins), for the tests of call order
// across threads.
#ifndef CT_ORDER_H
#define CT_ORDER_H
#include <stdint.h>

typedef void (*ot_turn_fn)(int32_t thread, int32_t turn);

/// The thread that takes turn `turn` of `ot_take_turns`: fixed, but not round-robin.
int32_t ot_owner(int32_t turn, int32_t threads);

/// Starts `threads` pthreads (at most 16) that take turns under one mutex: turn k belongs to
/// thread t = ot_owner(k, threads), which calls `functions[t](t, k)` while it holds the mutex,
/// then passes the turn on. `turns` calls in all. Returns 0, or an error number.
int ot_take_turns(const ot_turn_fn _Nonnull *_Nonnull functions, int32_t threads, int32_t turns);

/// Runs `threads` pthreads one after another: thread t calls `f(t, i)` for i in 0..<calls and
/// ends, and is joined before thread t + 1 starts (so the system may give it the identifier
/// of the thread before). Returns 0, or an error number.
int ot_successive_threads(ot_turn_fn _Nonnull f, int32_t threads, int32_t calls);

#endif
