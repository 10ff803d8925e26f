// The timed C loop shared by the peer programs: the same loop as the benchmark's
// bench_loop_binary, with the same calibration (warm up, then samples of a fixed size).
#ifndef PEER_LOOP_H
#define PEER_LOOP_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef int32_t (*peer_binary_fn)(int32_t, int32_t);

static volatile int64_t peer_sink;

static inline uint64_t peer_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// Calls f(3, 5) `count` times; returns the elapsed nanoseconds, or 0 when a call returned
/// something other than 8.
static inline uint64_t peer_time_loop(peer_binary_fn f, uint64_t count) {
    int64_t sum = 0;
    uint64_t start = peer_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        sum += f(3, 5);
        peer_sink = sum;
    }
    uint64_t end = peer_now_ns();
    if (sum != (int64_t)count * 8) return 0;
    return end - start > 0 ? end - start : 1;
}

/// Reads `samples sample_ns warmup_ns` from argv, warms up, then prints one
/// `sample <ns per call>` line per sample. Returns the process status.
static inline int peer_run_samples(peer_binary_fn f, int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s samples sample_ns warmup_ns\n", argv[0]);
        return 2;
    }
    long samples = strtol(argv[1], NULL, 10);
    double sample_ns = strtod(argv[2], NULL);
    double warmup_ns = strtod(argv[3], NULL);
    uint64_t batch = 16;
    double spent = 0, per_call = 1;
    for (;;) {
        uint64_t elapsed = peer_time_loop(f, batch);
        if (elapsed == 0) {
            fprintf(stderr, "wrong result\n");
            return 1;
        }
        spent += (double)elapsed;
        per_call = (double)elapsed / (double)batch;
        if (spent >= warmup_ns && (double)elapsed >= sample_ns / 2) break;
        if ((double)elapsed < sample_ns) batch *= 2;
    }
    uint64_t calls = (uint64_t)(sample_ns / per_call);
    if (calls == 0) calls = 1;
    for (long i = 0; i < samples; i++) {
        uint64_t elapsed = peer_time_loop(f, calls);
        if (elapsed == 0) {
            fprintf(stderr, "wrong result\n");
            return 1;
        }
        printf("sample %.3f\n", (double)elapsed / (double)calls);
    }
    fflush(stdout);
    return 0;
}

#endif
