// Clock reads and sleeps from C, for the virtual-time tests (see ct_virtual_time.h).
#include "ct_virtual_time.h"

#include <errno.h>
#include <stddef.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

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

int32_t vt_usleep_loop(int32_t count, uint32_t microseconds) {
    int32_t failed = 0;
    for (int32_t i = 0; i < count; i++) failed += usleep(microseconds) != 0;
    return failed;
}

int32_t vt_nanosleep(int64_t seconds, int64_t nanoseconds, int32_t *error) {
    struct timespec request = {.tv_sec = seconds, .tv_nsec = nanoseconds};
    errno = 0;
    int32_t result = nanosleep(&request, NULL);
    *error = result == 0 ? 0 : errno;
    return result;
}

int32_t vt_clock_nanosleep(int32_t clock, int32_t flags, int64_t seconds, int64_t nanoseconds) {
    struct timespec request = {.tv_sec = seconds, .tv_nsec = nanoseconds};
    return clock_nanosleep(clock, flags, &request, NULL);
}

uint32_t vt_sleep(uint32_t seconds) { return sleep(seconds); }
