#include "impostor_monitor.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

struct impostor_monitor {
    pthread_mutex_t mutex;
    pthread_cond_t condition;
};

impostor_monitor *impostor_monitor_create(void) {
    impostor_monitor *monitor = malloc(sizeof *monitor);
    if (monitor == NULL) return NULL;
    pthread_mutexattr_t attributes;
    pthread_mutexattr_init(&attributes);
    pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&monitor->mutex, &attributes);
    pthread_mutexattr_destroy(&attributes);
    // The condition measures deadlines on the monotonic clock, so a change of the wall clock
    // neither shortens nor stretches a wait.
    pthread_condattr_t condition_attributes;
    pthread_condattr_init(&condition_attributes);
    pthread_condattr_setclock(&condition_attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&monitor->condition, &condition_attributes);
    pthread_condattr_destroy(&condition_attributes);
    return monitor;
}

void impostor_monitor_destroy(impostor_monitor *monitor) {
    pthread_cond_destroy(&monitor->condition);
    pthread_mutex_destroy(&monitor->mutex);
    free(monitor);
}

void impostor_monitor_enter(impostor_monitor *monitor) { pthread_mutex_lock(&monitor->mutex); }

void impostor_monitor_exit(impostor_monitor *monitor) { pthread_mutex_unlock(&monitor->mutex); }

int32_t impostor_monitor_wait(impostor_monitor *monitor, uint64_t deadline_ns) {
    struct timespec deadline = {
        .tv_sec = (time_t)(deadline_ns / 1000000000u),
        .tv_nsec = (long)(deadline_ns % 1000000000u),
    };
    // Anything but a wake-up (a timeout, or an error that would recur on every retry) ends
    // the wait, so a caller never spins.
    return pthread_cond_timedwait(&monitor->condition, &monitor->mutex, &deadline) == 0 ? 1 : 0;
}

void impostor_monitor_wake_all(impostor_monitor *monitor) { pthread_cond_broadcast(&monitor->condition); }

uint64_t impostor_monotonic_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
