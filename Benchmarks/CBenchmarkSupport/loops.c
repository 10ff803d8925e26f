// Timed loops that call a function pointer the way a C library does.
#include "CBenchmarkSupport.h"

#include <dlfcn.h>
#include <time.h>

// Every result is stored here, so the compiler must make every call.
static volatile int64_t bench_int_sink;
static volatile float bench_float_sink;

typedef int (*bench_clock_fn)(clockid_t, struct timespec *);

// libc's clock_gettime, found once by name and called through this pointer rather than the
// executable's GOT slot: row 14 rebinds that slot to a virtual timeline, and the loops' own
// timing must stay real.
// Found as the executable loads, before any thread or row runs.
static bench_clock_fn bench_real_clock;

__attribute__((constructor)) static void bench_find_real_clock(void) {
    bench_clock_fn found = (bench_clock_fn)dlsym(RTLD_DEFAULT, "clock_gettime");
    bench_real_clock = found ? found : clock_gettime;
}

uint64_t bench_now_ns(void) {
    struct timespec now;
    bench_real_clock(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

// noinline: the floor row must pay for a real call, like any call through a pointer.
__attribute__((noinline)) int32_t bench_add(int32_t a, int32_t b) { return a + b; }

bench_loop_result bench_loop_binary(bench_binary_fn f, uint64_t count, int32_t a, int32_t b) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        sum += f(a, b);
        bench_int_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

bench_loop_result bench_loop_text(bench_text_fn f, uint64_t count, const char *text) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        sum += f(NULL, text);
        bench_int_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

bench_loop_result bench_loop_buffer(bench_buffer_fn f, uint64_t count, const char *buffer, size_t length) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        sum += f(NULL, buffer, length);
        bench_int_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}

bench_loop_result bench_loop_vec2(bench_vec2_fn f, uint64_t count, Vec2 v, int32_t n) {
    double sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        Vec2 r = f(v, n);
        sum += (double)r.x + (double)r.y;
        bench_float_sink = r.x;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = sum};
}
