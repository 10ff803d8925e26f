// CBenchmarkSupport: the C side of Impostor's benchmarks.
//
// Every per-call figure is measured by a loop in C that calls a function pointer the way a C
// library would, and times itself with clock_gettime(CLOCK_MONOTONIC). Swift only hands the
// loop a function pointer and a count, so what is measured is what C code pays per call.
#ifndef CBENCHMARKSUPPORT_H
#define CBENCHMARKSUPPORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Signatures under test

/// `int32_t f(int32_t, int32_t)`: the signature of rows 1 to 5 and 7.
typedef int32_t (*bench_binary_fn)(int32_t, int32_t);

/// A small struct passed and returned by value in two SSE registers' worth of floats.
typedef struct Vec2 {
    float x;
    float y;
} Vec2;

/// `Vec2 f(Vec2, int)`: the struct-by-value signature of row 6.
typedef Vec2 (*bench_vec2_fn)(Vec2, int32_t);

/// `int32_t f(void *context, const char *text)`: a callback handed text, row 3t. Impostor
/// copies the text up to its NUL on every call.
typedef int32_t (*bench_text_fn)(void *_Nullable context, const char *_Nullable text);

/// `int32_t f(void *context, const char *buffer, size_t length)`: a write callback handed a
/// buffer and its length, rows 3b and 4b. Impostor copies the buffer's `length` bytes per call.
typedef int32_t (*bench_buffer_fn)(void *_Nullable context, const char *_Nullable buffer, size_t length);

// MARK: Clock

/// CLOCK_MONOTONIC in nanoseconds.
uint64_t bench_now_ns(void);

// MARK: Loops (loops.c)

/// What a timed loop measured: its wall time, and the sum of every result it received (so
/// Swift can check that each call returned what the mock was told to return).
typedef struct bench_loop_result {
    uint64_t elapsed_ns;
    double checksum;
} bench_loop_result;

/// Calls `f(a, b)` `count` times and times the loop. Each result goes to a volatile sink, so
/// no call can be elided.
bench_loop_result bench_loop_binary(bench_binary_fn _Nonnull f, uint64_t count, int32_t a, int32_t b);

/// Calls `f(v, n)` `count` times and times the loop; the checksum sums `x + y` of each result.
bench_loop_result bench_loop_vec2(bench_vec2_fn _Nonnull f, uint64_t count, Vec2 v, int32_t n);

/// Calls `f(NULL, text)` `count` times and times the loop; the checksum sums the results.
bench_loop_result bench_loop_text(bench_text_fn _Nonnull f, uint64_t count, const char *_Nonnull text);

/// Calls `f(NULL, buffer, length)` `count` times and times the loop; the checksum sums the results.
bench_loop_result bench_loop_buffer(bench_buffer_fn _Nonnull f, uint64_t count, const char *_Nonnull buffer, size_t length);

/// A plain C function for the floor row: returns `a + b`.
int32_t bench_add(int32_t a, int32_t b);

// MARK: C symbols (interposed.c)

/// Calls libc's `rand_r(&seed)` by name, with `seed` 1 each time, `count` times (through this
/// executable's GOT slot, which `interpose` rebinds) and times the loop; the checksum sums the
/// results.
bench_loop_result bench_loop_rand_r(uint64_t count);

/// Row 14: clock_gettime(CLOCK_MONOTONIC) `count` times through the executable's own GOT slot
/// (the loop's timing reads the real clock through a pointer of its own); the checksum counts
/// the readings past 0 s.
bench_loop_result bench_loop_clock_gettime(uint64_t count);

/// Row 14: usleep(microseconds) `count` times through the executable's GOT slot; returns how
/// many failed.
int32_t bench_usleep_loop(int32_t count, uint32_t microseconds);

/// `int rand_r(unsigned *)`.
typedef int (*bench_rand_r_fn)(unsigned *_Nullable);

/// The same loop calling `f` through a function pointer: a mock of rand_r called without the
/// dispatcher, to tell the dispatcher's share apart.
bench_loop_result bench_loop_rand_r_through(bench_rand_r_fn _Nonnull f, uint64_t count);

/// Calls libc's `getpgid(0)` by name `count` times and times the loop; the checksum sums the
/// results. Scalars only: a mock of it copies nothing, so the loop measures the routing.
bench_loop_result bench_loop_getpgid(uint64_t count);

/// `pid_t getpgid(pid_t)`, as an int.
typedef int (*bench_getpgid_fn)(int);

/// The same loop calling `f` through a function pointer, without the dispatcher.
bench_loop_result bench_loop_getpgid_through(bench_getpgid_fn _Nonnull f, uint64_t count);

/// A function of this C target that `bench_loop_patched` calls directly, through no GOT slot:
/// only an entry patch reaches it. Returns `value` plus a volatile offset (0), so that every
/// call is made and its first instruction reads memory RIP-relative (relocated in the patch's
/// original).
int bench_patched_target(int value);

/// Calls `bench_patched_target(7)` directly `count` times and times the loop; the checksum
/// sums the results.
bench_loop_result bench_loop_patched(uint64_t count);

// MARK: Threads (threads.c)

/// Starts `threads` pthreads that each call `f(a, b)` `count_per_thread` times once all are
/// ready. `elapsed_ns` runs from the first thread's start to the last thread's end; the
/// checksum sums every result. `elapsed_ns` is 0 when a thread could not be started.
bench_loop_result bench_threads_binary(bench_binary_fn _Nonnull f, unsigned threads, uint64_t count_per_thread,
                                       int32_t a, int32_t b);

// MARK: The libffi floor (closure.c)

/// An empty libffi closure of `int32_t (int32_t, int32_t)` whose C handler returns `a + b`:
/// the cost of the trampoline alone. Made once; NULL if libffi cannot allocate it.
bench_binary_fn _Nullable bench_empty_closure(void);

// MARK: Heap accounting (allocations.c)

/// Starts counting heap allocations (malloc, calloc, realloc, memalign and friends) made by
/// any thread of this process.
void bench_allocations_begin(void);

/// What was counted since `bench_allocations_begin`.
typedef struct bench_allocation_count {
    /// Every allocation.
    uint64_t all;
    /// Allocations of 16 KiB or more (a mock's record chunks are 64 KiB).
    uint64_t large;
} bench_allocation_count;

/// Stops counting and returns the counts.
bench_allocation_count bench_allocations_end(void);

/// Bytes of heap in use, from glibc's mallinfo2 (arena bytes in use plus mmapped blocks).
size_t bench_heap_in_use(void);

/// Minor page faults of this process so far (getrusage): first touches of fresh memory.
uint64_t bench_minor_page_faults(void);

/// Resident bytes of this process (the second field of /proc/self/statm), or 0 if unread:
/// what mallinfo2 does not see, such as the pages of closures and trampolines.
size_t bench_resident_bytes(void);

#ifdef __cplusplus
}
#endif

#endif
