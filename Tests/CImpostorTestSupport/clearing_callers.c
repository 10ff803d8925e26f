// C threads that call one mock without pause until told to stop (see ct_clearing.h).

#include "ct_clearing.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { cc_max_threads = 16 };

typedef struct cc_run cc_run;

typedef struct cc_worker {
    cc_run *run;
    int32_t thread;
    cc_tally tally;
} cc_worker;

struct cc_run {
    cc_pair_fn f;
    int32_t answer;
    int32_t threads;
    atomic_int stop;
    atomic_llong calls;
    pthread_t ids[cc_max_threads];
    cc_worker workers[cc_max_threads];
};

static void *cc_loop(void *argument) {
    cc_worker *worker = argument;
    cc_run *run = worker->run;
    int seen_zero = 0;
    for (int32_t i = 0; !atomic_load_explicit(&run->stop, memory_order_relaxed); i++) {
        int32_t result = run->f(worker->thread, i);
        worker->tally.calls++;
        if (result == run->answer) {
            worker->tally.answered++;
            if (seen_zero) worker->tally.answered_after_zero++;
        } else if (result == 0) {
            worker->tally.zeros++;
            seen_zero = 1;
        } else {
            worker->tally.others++;
        }
        atomic_fetch_add_explicit(&run->calls, 1, memory_order_relaxed);
    }
    return NULL;
}

void *cc_start(cc_pair_fn f, int32_t threads, int32_t answer) {
    if (threads < 1 || threads > cc_max_threads) return NULL;
    cc_run *run = calloc(1, sizeof *run);
    if (run == NULL) return NULL;
    run->f = f;
    run->answer = answer;
    atomic_init(&run->stop, 0);
    atomic_init(&run->calls, 0);
    for (int32_t t = 0; t < threads; t++) {
        run->workers[t] = (cc_worker){run, t, {0}};
        if (pthread_create(&run->ids[t], NULL, cc_loop, &run->workers[t]) != 0) {
            atomic_store(&run->stop, 1);
            for (int32_t j = 0; j < t; j++) pthread_join(run->ids[j], NULL);
            free(run);
            return NULL;
        }
        run->threads = t + 1;
    }
    return run;
}

int64_t cc_calls(void *handle) {
    cc_run *run = handle;
    return atomic_load(&run->calls);
}

cc_tally cc_stop(void *handle) {
    cc_run *run = handle;
    atomic_store(&run->stop, 1);
    cc_tally total = {0};
    for (int32_t t = 0; t < run->threads; t++) {
        pthread_join(run->ids[t], NULL);
        const cc_tally *tally = &run->workers[t].tally;
        total.calls += tally->calls;
        total.answered += tally->answered;
        total.zeros += tally->zeros;
        total.others += tally->others;
        total.answered_after_zero += tally->answered_after_zero;
    }
    free(run);
    return total;
}
