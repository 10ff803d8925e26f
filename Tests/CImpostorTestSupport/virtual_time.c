// Clock reads, sleeps and descriptor waits from C, for the virtual-time tests (see ct_virtual_time.h).
#ifndef _GNU_SOURCE
#define _GNU_SOURCE // ppoll
#endif
#include "ct_virtual_time.h"

#include <errno.h>
#include <poll.h>
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/select.h>
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

int32_t vt_poll_read(int32_t fd, int32_t milliseconds, int16_t *revents) {
    struct pollfd wanted = {.fd = fd, .events = POLLIN, .revents = -1};
    int32_t result = poll(&wanted, 1, milliseconds);
    *revents = wanted.revents;
    return result;
}

int32_t vt_ppoll_read(int32_t fd, int64_t seconds, int64_t nanoseconds, int32_t *error) {
    struct pollfd wanted = {.fd = fd, .events = POLLIN, .revents = 0};
    struct timespec timeout = {.tv_sec = seconds, .tv_nsec = nanoseconds};
    errno = 0;
    int32_t result = ppoll(&wanted, 1, &timeout, NULL);
    *error = result < 0 ? errno : 0;
    return result;
}

int32_t vt_select_read(int32_t fd, int64_t seconds, int64_t microseconds, int32_t *is_set, int64_t *left, int32_t *error) {
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(fd, &readable);
    struct timeval timeout = {.tv_sec = seconds, .tv_usec = microseconds};
    errno = 0;
    int32_t result = select(fd + 1, &readable, NULL, NULL, &timeout);
    *error = result < 0 ? errno : 0;
    *is_set = FD_ISSET(fd, &readable) != 0;
    *left = (int64_t)timeout.tv_sec * 1000000 + timeout.tv_usec;
    return result;
}

int32_t vt_epoll_wait_read(int32_t fd, int32_t milliseconds) {
    int poller = epoll_create1(0);
    if (poller < 0) return -2;
    struct epoll_event wanted = {.events = EPOLLIN, .data = {.fd = fd}};
    if (epoll_ctl(poller, EPOLL_CTL_ADD, fd, &wanted) != 0) {
        close(poller);
        return -2;
    }
    struct epoll_event got[4];
    int32_t result = epoll_wait(poller, got, 4, milliseconds);
    if (result == 1 && got[0].data.fd != fd) result = -3;
    close(poller);
    return result;
}
