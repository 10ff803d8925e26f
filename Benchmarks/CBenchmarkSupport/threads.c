// Several pthreads calling one function pointer at once (row 7).
#include "CBenchmarkSupport.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

enum { bench_max_threads = 64 };

/// One thread's job, on a cache line of its own: the jobs sit side by side in an array, and
/// a thread writing its result must not slow the other down.
typedef struct bench_thread_job {
    _Alignas(64) bench_binary_fn f;
    uint64_t count;
    int32_t a, b;
    /// Becomes 1 when every thread exists (they spin on it, so none starts early), or -1
    /// when one could not be started (the others then return without calling).
    atomic_int *start_signal;
    uint64_t started, ended;
    int64_t sum;
} bench_thread_job;

static void *bench_thread_main(void *argument) {
    bench_thread_job *job = argument;
    int signal;
    while ((signal = atomic_load_explicit(job->start_signal, memory_order_acquire)) == 0) {
        sched_yield();
    }
    if (signal < 0) return NULL;
    int64_t sum = 0;
    job->started = bench_now_ns();
    // The sum stays in a register, and each thread writes it once, to its own job: a shared
    // sink written on every call capped two threads at ~1.2x one thread's throughput even
    // for an empty closure. Calls through a function pointer are never optimised away.
    for (uint64_t i = 0; i < job->count; i++) {
        sum += job->f(job->a, job->b);
    }
    job->ended = bench_now_ns();
    job->sum = sum;
    return NULL;
}

bench_loop_result bench_threads_binary(bench_binary_fn f, unsigned threads, uint64_t count_per_thread,
                                       int32_t a, int32_t b) {
    bench_loop_result failed = {.elapsed_ns = 0, .checksum = 0};
    if (threads == 0 || threads > bench_max_threads) return failed;
    bench_thread_job jobs[bench_max_threads];
    pthread_t ids[bench_max_threads];
    atomic_int start_signal = 0;
    unsigned started = 0;
    for (; started < threads; started++) {
        jobs[started] = (bench_thread_job){
            .f = f, .count = count_per_thread, .a = a, .b = b, .start_signal = &start_signal};
        if (pthread_create(&ids[started], NULL, bench_thread_main, &jobs[started]) != 0) break;
    }
    atomic_store_explicit(&start_signal, started == threads ? 1 : -1, memory_order_release);
    uint64_t first_start = UINT64_MAX, last_end = 0;
    double sum = 0;
    for (unsigned i = 0; i < started; i++) {
        pthread_join(ids[i], NULL);
        if (jobs[i].started < first_start) first_start = jobs[i].started;
        if (jobs[i].ended > last_end) last_end = jobs[i].ended;
        sum += (double)jobs[i].sum;
    }
    if (started < threads) return failed;
    return (bench_loop_result){.elapsed_ns = last_end - first_start, .checksum = sum};
}
