// A timed loop that calls a libc function by name, through this executable's GOT slot, the
// way code under test does: the slot Impostor's interpose rebinds (row 11).
#include "CBenchmarkSupport.h"

#include <unistd.h>

static volatile int64_t bench_interposed_sink;

bench_loop_result bench_loop_getpagesize(uint64_t count) {
    int64_t sum = 0;
    uint64_t start = bench_now_ns();
    for (uint64_t i = 0; i < count; i++) {
        sum += getpagesize();
        bench_interposed_sink = sum;
    }
    uint64_t end = bench_now_ns();
    return (bench_loop_result){.elapsed_ns = end - start, .checksum = (double)sum};
}
