// Heap accounting for row 10: counts allocations by interposing glibc's allocator.
//
// This executable defines malloc and friends, so the dynamic linker binds every library's
// allocations (the Swift runtime's included) to these wrappers, which forward to glibc's own
// entry points (__libc_malloc and friends, exported by glibc for exactly this purpose) and,
// while counting is on, count each call. The cost when counting is off is one relaxed load.
#include "CBenchmarkSupport.h"

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>
#include <stdio.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

enum { bench_large_allocation = 16 * 1024 };

static atomic_int bench_counting;
static atomic_uint_least64_t bench_all_allocations;
static atomic_uint_least64_t bench_large_allocations;

static inline void bench_note(size_t size) {
    if (__builtin_expect(atomic_load_explicit(&bench_counting, memory_order_relaxed) != 0, 0)) {
        atomic_fetch_add_explicit(&bench_all_allocations, 1, memory_order_relaxed);
        if (size >= bench_large_allocation) {
            atomic_fetch_add_explicit(&bench_large_allocations, 1, memory_order_relaxed);
        }
    }
}

void *malloc(size_t size) {
    bench_note(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    bench_note(count * size);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    bench_note(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    bench_note(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    bench_note(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    bench_note(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

void *valloc(size_t size) {
    bench_note(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    bench_note(size);
    return __libc_pvalloc(size);
}

void bench_allocations_begin(void) {
    atomic_store_explicit(&bench_all_allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&bench_large_allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&bench_counting, 1, memory_order_seq_cst);
}

bench_allocation_count bench_allocations_end(void) {
    atomic_store_explicit(&bench_counting, 0, memory_order_seq_cst);
    return (bench_allocation_count){
        .all = atomic_load_explicit(&bench_all_allocations, memory_order_relaxed),
        .large = atomic_load_explicit(&bench_large_allocations, memory_order_relaxed),
    };
}

// Impostor maps a long lane's record chunks itself (for huge pages), where mallinfo2 cannot see
// them: CImpostor, linked into the benchmark, counts them.
extern size_t impostor_records_mapped_bytes(void);

size_t bench_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd + impostor_records_mapped_bytes();
}

size_t bench_resident_bytes(void) {
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm == NULL) return 0;
    unsigned long size = 0, resident = 0;
    int read = fscanf(statm, "%lu %lu", &size, &resident);
    fclose(statm);
    return read == 2 ? (size_t)resident * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

uint64_t bench_minor_page_faults(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (uint64_t)usage.ru_minflt;
}
