// C code that reads the clocks and sleeps, for virtual-time tests: the way a C target linked
// into the test executable does, through its own calls of clock_gettime, gettimeofday, time,
// nanosleep, clock_nanosleep, usleep and sleep, and the timeouts of poll, ppoll, select and
// epoll_wait.
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

/// poll for `fd` to be readable, for `milliseconds`; returns its result, with the descriptor's
/// revents in `revents`.
int32_t vt_poll_read(int32_t fd, int32_t milliseconds, int16_t *_Nonnull revents);

/// ppoll for `fd` to be readable, for `seconds` and `nanoseconds`; returns its result, with errno
/// in `error` when it failed (0 otherwise).
int32_t vt_ppoll_read(int32_t fd, int64_t seconds, int64_t nanoseconds, int32_t *_Nonnull error);

/// select for `fd` to be readable, for `seconds` and `microseconds`; returns its result, whether
/// `fd` is still set in `is_set`, the time left Linux wrote back in `left` (microseconds), and
/// errno in `error` when it failed (0 otherwise).
int32_t vt_select_read(
    int32_t fd, int64_t seconds, int64_t microseconds, int32_t *_Nonnull is_set, int64_t *_Nonnull left, int32_t *_Nonnull error);

/// epoll_wait for `fd` to be readable, for `milliseconds`, on an epoll instance of its own;
/// returns its result (-2 when the instance could not be made, -3 for an event of another
/// descriptor).
int32_t vt_epoll_wait_read(int32_t fd, int32_t milliseconds);

#endif
