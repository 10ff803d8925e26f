#include "ct_verify.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

int32_t cv_call_binary(cv_binary_fn f, int32_t a, int32_t b) { return f(a, b); }

void cv_call_point(cv_point_fn f, int32_t x, float y, const char *label) {
    cv_point point = {x, y};
    f(point, label);
}

typedef struct {
    pthread_t thread;
    cv_event_fn function;
    int32_t code;
    const char *name;
    int32_t times;
    int32_t delay_ms;
} cv_later;

static void *cv_run_later(void *argument) {
    cv_later *later = argument;
    struct timespec delay = {later->delay_ms / 1000, (long)(later->delay_ms % 1000) * 1000000L};
    nanosleep(&delay, NULL);
    for (int32_t i = 0; i < later->times; i++) later->function(later->code, later->name);
    return NULL;
}

void *cv_call_later(cv_event_fn f, int32_t code, const char *name, int32_t times, int32_t delay_ms) {
    cv_later *later = malloc(sizeof *later);
    if (later == NULL) return NULL;
    *later = (cv_later){.function = f, .code = code, .name = name, .times = times, .delay_ms = delay_ms};
    if (pthread_create(&later->thread, NULL, cv_run_later, later) != 0) {
        free(later);
        return NULL;
    }
    return later;
}

void cv_join(void *handle) {
    if (handle == NULL) return;
    cv_later *later = handle;
    pthread_join(later->thread, NULL);
    free(later);
}
