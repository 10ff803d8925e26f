// Calls a mock from many C threads at once.

// pthread barriers are POSIX, not C11.
#define _POSIX_C_SOURCE 200809L
#include "CImpostorTestSupport.h"

#include <pthread.h>

enum { ct_max_threads = 64 };

typedef struct ct_thread_job {
    ct_fn_thread_call f;
    int32_t thread;
    int32_t calls;
    pthread_barrier_t *start;
} ct_thread_job;

static void *ct_thread_main(void *argument) {
    const ct_thread_job *job = argument;
    // Every thread is alive before any call, so their thread identifiers are all distinct.
    pthread_barrier_wait(job->start);
    for (int32_t i = 0; i < job->calls; i++) job->f(job->thread, i);
    return NULL;
}

int ct_call_from_threads(ct_fn_thread_call f, int32_t thread_count, int32_t calls_per_thread) {
    if (thread_count < 1 || thread_count > ct_max_threads) return -1;
    pthread_t threads[ct_max_threads];
    ct_thread_job jobs[ct_max_threads];
    pthread_barrier_t start;
    int status = pthread_barrier_init(&start, NULL, (unsigned)thread_count);
    if (status != 0) return status;
    int32_t started = 0;
    for (; started < thread_count; started++) {
        jobs[started] = (ct_thread_job){f, started, calls_per_thread, &start};
        status = pthread_create(&threads[started], NULL, ct_thread_main, &jobs[started]);
        if (status != 0) break;
    }
    if (status != 0) {
        // The started threads wait at the barrier forever; a failed test cannot recover them.
        return status;
    }
    for (int32_t i = 0; i < started; i++) pthread_join(threads[i], NULL);
    pthread_barrier_destroy(&start);
    return 0;
}
