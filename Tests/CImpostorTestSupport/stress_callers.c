#include "ct_stress.h"

#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { cx_max_threads = 64 };

typedef struct cx_run {
    cx_pair_fn first;
    cx_pair_fn second;
    int32_t calls;
    int32_t threads;
    pthread_t ids[cx_max_threads];
    int32_t indices[cx_max_threads];
    atomic_int running;
    atomic_llong wrong;
} cx_run;

typedef struct cx_worker {
    cx_run *run;
    int32_t thread;
} cx_worker;

static cx_worker cx_workers[cx_max_threads];

static void *cx_hammer(void *argument) {
    cx_worker *worker = argument;
    cx_run *run = worker->run;
    long long wrong = 0;
    for (int32_t i = 0; i < run->calls; i++) {
        if (run->first(worker->thread, i) != worker->thread * 1000000 + i) wrong++;
        run->second(worker->thread, i);
    }
    atomic_fetch_add(&run->wrong, wrong);
    atomic_fetch_sub(&run->running, 1);
    return NULL;
}

void *cx_start(cx_pair_fn first, cx_pair_fn second, int32_t threads, int32_t calls) {
    if (threads < 1 || threads > cx_max_threads) return NULL;
    cx_run *run = calloc(1, sizeof *run);
    if (run == NULL) return NULL;
    run->first = first;
    run->second = second;
    run->calls = calls;
    run->threads = threads;
    atomic_init(&run->running, threads);
    atomic_init(&run->wrong, 0);
    for (int32_t t = 0; t < threads; t++) {
        cx_workers[t] = (cx_worker){run, t};
        if (pthread_create(&run->ids[t], NULL, cx_hammer, &cx_workers[t]) != 0) {
            for (int32_t j = 0; j < t; j++) pthread_join(run->ids[j], NULL);
            free(run);
            return NULL;
        }
    }
    return run;
}

int32_t cx_finished(void *handle) {
    cx_run *run = handle;
    return atomic_load(&run->running) == 0;
}

int64_t cx_join(void *handle) {
    cx_run *run = handle;
    for (int32_t t = 0; t < run->threads; t++) pthread_join(run->ids[t], NULL);
    long long wrong = atomic_load(&run->wrong);
    free(run);
    return wrong;
}

// Declared by CImpostor's records (not imported here, to keep this target's headers plain C).
extern size_t impostor_records_mapped_bytes(void);
extern size_t impostor_records_lane_bytes(void);

size_t cx_heap_in_use(void) {
    // Record chunks and lanes are mapped, not malloc'd: count them as the heap they replace.
    return mallinfo2().uordblks + impostor_records_mapped_bytes() + impostor_records_lane_bytes();
}
