// Two mocks called in turn by a C thread of its own, later (see ct_timed_order.h).

#include "ct_timed_order.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

typedef struct {
    pthread_t thread;
    cv_binary_fn first;
    int32_t a, b;
    cv_event_fn second;
    int32_t code;
    int32_t delay_ms, gap_ms;
} co_later;

static void co_sleep(int32_t ms) {
    struct timespec delay = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&delay, NULL);
}

static void *co_run(void *argument) {
    co_later *later = argument;
    co_sleep(later->delay_ms);
    later->first(later->a, later->b);
    co_sleep(later->gap_ms);
    later->second(later->code, NULL);
    return NULL;
}

void *co_call_in_order_later(cv_binary_fn first, int32_t a, int32_t b, cv_event_fn second, int32_t code,
                             int32_t delay_ms, int32_t gap_ms) {
    co_later *later = malloc(sizeof *later);
    if (later == NULL) return NULL;
    *later = (co_later){.first = first, .a = a, .b = b, .second = second, .code = code,
                        .delay_ms = delay_ms, .gap_ms = gap_ms};
    if (pthread_create(&later->thread, NULL, co_run, later) != 0) {
        free(later);
        return NULL;
    }
    return later;
}

void co_join(void *handle) {
    if (handle == NULL) return;
    co_later *later = handle;
    pthread_join(later->thread, NULL);
    free(later);
}
