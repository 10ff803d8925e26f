// C code that reads the clocks and sleeps, for virtual-time tests: the way a C target linked
// into the test executable does, through its own calls of clock_gettime, gettimeofday, time,
// nanosleep, clock_nanosleep, usleep and sleep.
#ifndef CT_VIRTUAL_TIME_H
#define CT_VIRTUAL_TIME_H
#include <stdint.h>

/// clock_gettime(clock) in nanoseconds, or -1 when it failed.
int64_t vt_clock_nanoseconds(int32_t clock);

/// gettimeofday in microseconds since 1970, or -1 when it failed.
int64_t vt_timeofday_microseconds(void);

/// time(NULL), and time(&stored) stored into `stored`: both in seconds since 1970.
int64_t vt_time_seconds(int64_t *_Nonnull stored);

/// usleep(microseconds) `count` times; returns how many of the calls failed.
int32_t vt_usleep_loop(int32_t count, uint32_t microseconds);

/// nanosleep for `seconds` and `nanoseconds`; returns its result, with errno in `error` (0 when
/// it succeeded).
int32_t vt_nanosleep(int64_t seconds, int64_t nanoseconds, int32_t *_Nonnull error);

/// clock_nanosleep(clock, flags) for `seconds` and `nanoseconds`; returns its result (an errno
/// value, or 0).
int32_t vt_clock_nanosleep(int32_t clock, int32_t flags, int64_t seconds, int64_t nanoseconds);

/// sleep(seconds); returns what sleep returns (the seconds left unslept).
uint32_t vt_sleep(uint32_t seconds);

#endif
