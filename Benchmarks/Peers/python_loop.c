// The C loop the Python peer calls through ctypes, so a C caller drives the callback.
#include "peer_loop.h"

/// Calls f(3, 5) `count` times; elapsed nanoseconds, or 0 after a wrong result.
uint64_t peer_loop(peer_binary_fn f, uint64_t count);

uint64_t peer_loop(peer_binary_fn f, uint64_t count) { return peer_time_loop(f, count); }
