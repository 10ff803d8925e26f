// C code that reads the clocks, for virtual-time tests: the way a C target linked into the
// test executable reads them, through its own calls of clock_gettime, gettimeofday and time.
#ifndef CT_VIRTUAL_TIME_H
#define CT_VIRTUAL_TIME_H
#include <stdint.h>

/// clock_gettime(clock) in nanoseconds, or -1 when it failed.
int64_t vt_clock_nanoseconds(int32_t clock);

/// gettimeofday in microseconds since 1970, or -1 when it failed.
int64_t vt_timeofday_microseconds(void);

/// time(NULL), and time(&stored) stored into `stored`: both in seconds since 1970.
int64_t vt_time_seconds(int64_t *_Nonnull stored);

#endif
