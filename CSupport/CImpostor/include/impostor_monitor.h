// A monitor (a mutex with a condition variable) for expectations: each Mockery serializes the
// dispatch of calls to its expected mocks through one, and `waitUntil` sleeps on it until a
// call changes what it waits for. Swift's `Mutex` has no condition variable.
#ifndef IMPOSTOR_MONITOR_H
#define IMPOSTOR_MONITOR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct impostor_monitor impostor_monitor;

/// A new monitor whose mutex is recursive (a matcher or an action that calls another mock of
/// the same Mockery must not deadlock), or NULL when out of memory.
impostor_monitor *_Nullable impostor_monitor_create(void);
void impostor_monitor_destroy(impostor_monitor *_Nonnull monitor);
void impostor_monitor_enter(impostor_monitor *_Nonnull monitor);
void impostor_monitor_exit(impostor_monitor *_Nonnull monitor);

/// Waits, with the monitor entered exactly once, until woken or until `deadline_ns`
/// (CLOCK_MONOTONIC nanoseconds) has passed. Returns 1 when woken (possibly spuriously:
/// callers re-check their condition), 0 when the deadline passed or the wait failed.
int32_t impostor_monitor_wait(impostor_monitor *_Nonnull monitor, uint64_t deadline_ns);

/// Wakes every thread waiting on the monitor.
void impostor_monitor_wake_all(impostor_monitor *_Nonnull monitor);

/// CLOCK_MONOTONIC now, in nanoseconds: the clock `impostor_monitor_wait` measures against.
uint64_t impostor_monotonic_now_ns(void);

#ifdef __cplusplus
}
#endif

#endif
