// A timed loop that calls a libc function by name, through this executable's GOT slot, the
// way code under test does: the slot Impostor's interpose rebinds (row 11).
#include "CBenchmarkSupport.h"

#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile int64_t bench_interposed_sink;

// rand_r, because it is cheap, no compiler builtin, and not declared pure: every call is
// made (getpagesize, declared const, was hoisted out of the loop). A fixed seed each time
// makes every result the same, so the checksum tells the real function from the mock.
bench_loop_result bench_loop_rand_r(uint64_t count) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        unsigned seed = 1;
        sum += rand_r(&seed);
        bench_interposed_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

bench_loop_result bench_loop_rand_r_through(bench_rand_r_fn f, uint64_t count) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        unsigned seed = 1;
        sum += f(&seed);
        bench_interposed_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

// getpgid, for the routing rows: scalar in and out, so a mock of it copies nothing and the
// rows measure how the dispatcher finds the mock. Not pure either, so every call is made.
bench_loop_result bench_loop_getpgid(uint64_t count) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        sum += getpgid(0);
        bench_interposed_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

bench_loop_result bench_loop_getpgid_through(bench_getpgid_fn f, uint64_t count) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        sum += f(0);
        bench_interposed_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

// A function of this target called directly (rows 11h to 11k): noinline, and reading a
// volatile, so that the call and its load stay.
static volatile int bench_patched_offset = 0;

__attribute__((noinline)) int bench_patched_target(int value) { return value + bench_patched_offset; }

bench_loop_result bench_loop_patched(uint64_t count) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        sum += bench_patched_target(7);
        bench_interposed_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

bench_loop_result bench_loop_clock_gettime(uint64_t count) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        sum += now.tv_sec > 0;
        bench_interposed_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

int32_t bench_usleep_loop(int32_t count, uint32_t microseconds) {
    int32_t failed = 0;
    for (int32_t i = 0; i < count; i++) failed += usleep(microseconds) != 0;
    return failed;
}
