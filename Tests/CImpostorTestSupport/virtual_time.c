// Clock reads from C, for the virtual-time tests (see ct_virtual_time.h).
#include "ct_virtual_time.h"

#include <stddef.h>
#include <sys/time.h>
#include <time.h>

int64_t vt_clock_nanoseconds(int32_t clock) {
    struct timespec now = {0, 0};
    if (clock_gettime((clockid_t)clock, &now) != 0) return -1;
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

int64_t vt_timeofday_microseconds(void) {
    struct timeval now = {0, 0};
    if (gettimeofday(&now, NULL) != 0) return -1;
    return (int64_t)now.tv_sec * 1000000 + now.tv_usec;
}

int64_t vt_time_seconds(int64_t *stored) {
    time_t kept = 0;
    time_t returned = time(&kept);
    *stored = (int64_t)kept;
    return (int64_t)returned == (int64_t)time(NULL) ? (int64_t)returned : -1;
}
