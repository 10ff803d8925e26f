// C callers for the verification tests: calls from C, on the caller's thread or a new one.
#ifndef CT_VERIFY_H
#define CT_VERIFY_H
#include <stdint.h>

typedef int32_t (*cv_binary_fn)(int32_t, int32_t);
typedef void (*cv_event_fn)(int32_t code, const char *_Nullable name);

typedef struct {
    int32_t x;
    float y;
} cv_point;

typedef void (*cv_point_fn)(cv_point point, const char *_Nullable label);

/// Calls `f(a, b)` and returns what it returned.
int32_t cv_call_binary(cv_binary_fn _Nonnull f, int32_t a, int32_t b);

/// Calls `f({x, y}, label)`.
void cv_call_point(cv_point_fn _Nonnull f, int32_t x, float y, const char *_Nullable label);

/// Starts a pthread that sleeps `delay_ms`, then calls `f(code, name)` `times` times.
/// Returns a handle for `cv_join`, or NULL when the thread could not start.
/// `name` must stay valid until the thread is joined.
void *_Nullable cv_call_later(cv_event_fn _Nonnull f, int32_t code, const char *_Nullable name, int32_t times,
                              int32_t delay_ms);

/// Waits for a thread started by `cv_call_later` and frees its handle.
void cv_join(void *_Nullable handle);

#endif
