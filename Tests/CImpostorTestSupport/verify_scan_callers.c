// Calls of a mock with pseudo-random arguments from several threads (see ct_verify_scan.h).

#include "ct_verify_scan.h"

#include <pthread.h>
#include <stdatomic.h>

enum { cvs_max_threads = 16 };

/// The same function with every argument a full register: how a caller that leaves garbage
/// above a small value looks to the callee. The mock behind it is an entry point in assembly or
/// libffi's, never C that this file could be compiled against.
typedef void (*cvs_wide_fn)(uint64_t flag, int64_t wide, uint64_t middle);

typedef struct {
    cvs_mixed_fn f;
    int32_t thread;
    int32_t calls;
    uint64_t seed;
    int32_t garbage;
    cvs_call *out;
    atomic_int *waiting;
} cvs_worker;

static uint64_t cvs_next(uint64_t *state) {
    // xorshift64*
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

static void *cvs_loop(void *argument) {
    cvs_worker *worker = argument;
    static const int64_t wides[] = {0, 1, -1, (int64_t)1 << 40, ((int64_t)1 << 40) + 1};
    uint64_t state = worker->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)worker->thread + 1;
    // Start together, so that the lanes fill at the same time.
    atomic_fetch_sub(worker->waiting, 1);
    while (atomic_load(worker->waiting) > 0) {}
    for (int32_t i = 0; i < worker->calls; i++) {
        uint64_t r = cvs_next(&state);
        cvs_call call = {(uint8_t)(r & 3), wides[(r >> 2) % 5], (int32_t)((r >> 8) % 5)};
        worker->out[(size_t)worker->thread * (size_t)worker->calls + (size_t)i] = call;
        if (worker->garbage) {
            uint64_t noise = cvs_next(&state);
            ((cvs_wide_fn)(void *)worker->f)(call.flag | (noise << 8), call.wide,
                                            (uint32_t)call.middle | (noise & 0xFFFFFFFF00000000ULL));
        } else {
            worker->f(call.flag, call.wide, call.middle);
        }
    }
    return NULL;
}

int cvs_call_mixed(cvs_mixed_fn f, int32_t threads, int32_t calls, uint64_t seed, int32_t garbage, cvs_call *out) {
    if (threads < 1 || threads > cvs_max_threads) return 22;
    pthread_t ids[cvs_max_threads];
    cvs_worker workers[cvs_max_threads];
    atomic_int waiting = threads;
    int32_t started = 0;
    int error = 0;
    for (; started < threads; started++) {
        workers[started] = (cvs_worker){f, started, calls, seed, garbage, out, &waiting};
        error = pthread_create(&ids[started], NULL, cvs_loop, &workers[started]);
        if (error != 0) break;
    }
    if (error != 0) {
        // Let the started threads run (they wait for all), then report.
        atomic_store(&waiting, 0);
    }
    for (int32_t t = 0; t < started; t++) pthread_join(ids[t], NULL);
    return error;
}
