// C code for the expectation tests: Mocky's publisher with subscriber callbacks, a caller that
// reads errno after a call, an out-parameter filler, delayed and many-threaded callers.
#ifndef CT_EXPECTATIONS_H
#define CT_EXPECTATIONS_H

#include <stddef.h>
#include <stdint.h>

/// A subscriber callback: the context it was registered with, and the message.
typedef void (*ce_subscriber_fn)(void *_Nullable context, const char *_Nullable message);

/// A publisher that keeps up to 8 subscribers and calls each, in order, with every message.
typedef struct ce_publisher ce_publisher;

ce_publisher *_Nullable ce_publisher_new(void);
void ce_publisher_add(ce_publisher *_Nonnull publisher, ce_subscriber_fn _Nonnull subscriber, void *_Nullable context);
void ce_publisher_publish(ce_publisher *_Nonnull publisher, const char *_Nonnull message);
void ce_publisher_free(ce_publisher *_Nullable publisher);

/// Starts a pthread that sleeps `delay_ms` and then publishes a copy of `message`.
/// Returns a handle for `ce_join`, or NULL when the thread could not start.
void *_Nullable ce_publish_later(ce_publisher *_Nonnull publisher, const char *_Nonnull message, int32_t delay_ms);
void ce_join(void *_Nullable handle);

/// An `open`-like callback.
typedef int32_t (*ce_open_fn)(const char *_Nullable path, int32_t flags);

/// Clears errno, calls `open_fn(path, flags)`, then stores errno as the caller sees it right
/// after the call in `*errno_after`. Returns what `open_fn` returned.
int32_t ce_open_and_read_errno(ce_open_fn _Nonnull open_fn, const char *_Nonnull path, int32_t flags,
                               int32_t *_Nonnull errno_after);

typedef struct {
    int32_t x;
    int32_t y;
} ce_point;

/// Fills an out-parameter.
typedef void (*ce_fill_fn)(ce_point *_Nullable out);

/// Calls `fill` with a point set to (-1, -1) and returns what it holds afterwards.
ce_point ce_fill_point(ce_fill_fn _Nonnull fill);

/// A counter-like callback for many threads: thread number and call number.
typedef int32_t (*ce_count_fn)(int32_t thread, int32_t index);

/// Calls `count(t, i)` from `threads` pthreads, `calls` times each, and returns the sum of
/// every result (or -1 when a thread could not start).
int64_t ce_call_from_threads(ce_count_fn _Nonnull count, int32_t threads, int32_t calls);

#endif
