// A C thread that calls two mocks in turn after a delay, for timed in-order verification.
#ifndef CT_TIMED_ORDER_H
#define CT_TIMED_ORDER_H
#include "ct_verify.h"

/// Starts a pthread that sleeps `delay_ms`, calls `first(a, b)`, sleeps `gap_ms`, then calls
/// `second(code, NULL)`. Returns a handle for `co_join`, or NULL when the thread could not start.
void *_Nullable co_call_in_order_later(cv_binary_fn _Nonnull first, int32_t a, int32_t b, cv_event_fn _Nonnull second,
                                       int32_t code, int32_t delay_ms, int32_t gap_ms);

/// Waits for a thread started by `co_call_in_order_later` and frees its handle.
void co_join(void *_Nullable handle);

#endif
