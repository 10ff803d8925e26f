// Memory for call records that a signal handler may take (see record_memory.h).
#include "record_memory.h"

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

static _Atomic(size_t) mapped_bytes = 0;
static _Atomic(size_t) lane_bytes = 0;

size_t impostor_records_mapped_bytes(void) { return atomic_load_explicit(&mapped_bytes, memory_order_relaxed); }
size_t impostor_records_lane_bytes(void) { return atomic_load_explicit(&lane_bytes, memory_order_relaxed); }

/// A chunk of at least `bytes`, mapped on its own; NULL when the system has no memory to map.
impostor_chunk *impostor_map_chunk(size_t bytes) {
    size_t page = IMPOSTOR_LANE_FIRST_CHUNK_BYTES;
    bytes = (bytes + page - 1) / page * page;
    void *region = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) return NULL;
    atomic_fetch_add_explicit(&mapped_bytes, bytes, memory_order_relaxed);
    impostor_chunk *chunk = region;
    chunk->mapped = bytes;
    return chunk;
}

/// A block of zeroed permanent slots handed out by one atomic increment, and a new block mapped
/// (and swapped in by compare-and-swap) when it is full. Slots are never unmapped: thread lives
/// live as long as the process, and a lane's slot is reused once its records are destroyed.
typedef struct slab_block {
    _Atomic(size_t) used;
    size_t capacity;
    size_t slot_size;
    unsigned char slots[];
} slab_block;

#define SLAB_BYTES (64 * 1024)

static void *slab_take(_Atomic(slab_block *) *current, size_t slot_size) {
    for (;;) {
        slab_block *block = atomic_load_explicit(current, memory_order_acquire);
        if (block != NULL) {
            size_t index = atomic_fetch_add_explicit(&block->used, 1, memory_order_relaxed);
            if (index < block->capacity) return block->slots + index * block->slot_size;
        }
        slab_block *fresh = mmap(NULL, SLAB_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (fresh == MAP_FAILED) return NULL;
        fresh->slot_size = (slot_size + 63) / 64 * 64;
        fresh->capacity = (SLAB_BYTES - sizeof(slab_block)) / fresh->slot_size;
        // Release: a thread that takes a slot of the new block sees its sizes.
        if (atomic_compare_exchange_strong_explicit(current, &block, fresh, memory_order_release, memory_order_acquire)) {
            atomic_fetch_add_explicit(&lane_bytes, SLAB_BYTES, memory_order_relaxed);
        } else {
            munmap(fresh, SLAB_BYTES);
        }
    }
}

static _Atomic(slab_block *) lane_slab = NULL;
static _Atomic(slab_block *) life_slab = NULL;

/// Lanes of records that were destroyed (a Swift mock's member that went), for later lanes to
/// reuse: a list through `next_lane`, guarded by a flag a taker only tries, so that a signal
/// handler that interrupted its own thread's hold never waits: it takes a fresh slot instead.
static impostor_lane *free_lanes = NULL;
static atomic_flag free_lanes_busy = ATOMIC_FLAG_INIT;

impostor_lane *impostor_slab_take_lane(void) {
    if (!atomic_flag_test_and_set_explicit(&free_lanes_busy, memory_order_acquire)) {
        impostor_lane *lane = free_lanes;
        if (lane != NULL) free_lanes = lane->next_lane;
        atomic_flag_clear_explicit(&free_lanes_busy, memory_order_release);
        // Zeroed, as a fresh slot is: no records object and no thread's cache names it now.
        if (lane != NULL) return memset(lane, 0, sizeof *lane);
    }
    return slab_take(&lane_slab, sizeof(impostor_lane));
}

void impostor_slab_give_lanes(impostor_lane *lanes) {
    if (lanes == NULL) return;
    impostor_lane *last = lanes;
    while (last->next_lane != NULL) last = last->next_lane;
    // Held for two stores, and never by a signal handler: a giver waits for another's.
    while (atomic_flag_test_and_set_explicit(&free_lanes_busy, memory_order_acquire)) {
    }
    last->next_lane = free_lanes;
    free_lanes = lanes;
    atomic_flag_clear_explicit(&free_lanes_busy, memory_order_release);
}
impostor_thread_life *impostor_slab_take_life(void) { return slab_take(&life_slab, sizeof(impostor_thread_life)); }

/// A chunk of `bytes` (a multiple of the huge page size) aligned to it, advised for a huge
/// page; NULL when the system has no memory to map.
impostor_chunk *impostor_map_huge_chunk(size_t bytes) {
    // Twice the size, then the unaligned ends are given back.
    unsigned char *region = mmap(NULL, 2 * bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) return NULL;
    unsigned char *start = (unsigned char *)(((uintptr_t)region + bytes - 1) & ~(uintptr_t)(bytes - 1));
    if (start > region) munmap(region, (size_t)(start - region));
    size_t tail = (size_t)(region + 2 * bytes - (start + bytes));
    if (tail > 0) munmap(start + bytes, tail);
    // Advice only: without transparent huge pages the chunk works with small pages.
    madvise(start, bytes, MADV_HUGEPAGE);
    atomic_fetch_add_explicit(&mapped_bytes, bytes, memory_order_relaxed);
    impostor_chunk *chunk = (impostor_chunk *)start;
    chunk->mapped = bytes;
    return chunk;
}

void impostor_unmap_chunk(impostor_chunk *chunk) {
    atomic_fetch_sub_explicit(&mapped_bytes, chunk->mapped, memory_order_relaxed);
    munmap(chunk, chunk->mapped);
}
