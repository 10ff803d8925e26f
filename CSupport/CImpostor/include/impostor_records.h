// One mock's call records, written without a shared write per call.
//
// Every (mock, thread) pair appends to a lane of its own: a single-writer list of chunks that
// never move, published to readers with a release store of the lane's count. A thread finds its
// lane through a small thread-local cache, so the per-call path takes no lock, writes no line
// another thread writes, and makes no atomic read-modify-write. Readers (verify, the call
// log) take the records' lock, which only guards the list of lanes, and read each lane below
// its published count.
//
// Clearing and releasing must not pull memory from under a writer. A writer marks its lane
// busy and then checks the records' gate; a clearer closes the gate, makes every thread of the
// process pass a full memory barrier (Linux membarrier, "private expedited"), and waits for
// busy lanes to finish. Either the writer's busy mark is visible to the clearer, or the writer
// sees the closed gate: the writer pays a compiler barrier instead of a fence on every call.
// Where membarrier is unavailable, writers pay a full fence instead.
//
// A signal handler may call a mock on a thread that was interrupted in the middle of recording a
// call: nothing on the writer's path takes a lock or calls malloc (chunks and lanes come from
// mmap), and a writer that finds its own lane busy (it interrupted its own thread's append)
// writes to a nested lane of that lane instead, so the interrupted append and the handler's
// never share a record.
#ifndef IMPOSTOR_RECORDS_H
#define IMPOSTOR_RECORDS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "impostor_hot.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A lane's first chunk is one page (`IMPOSTOR_LANE_FIRST_CHUNK_BYTES`, the least mmap gives)
/// and each next one twice as large, up to `IMPOSTOR_LANE_CHUNK_BYTES`: a lane that takes a few
/// calls stays small, and a long one wastes at most one chunk's tail. Every chunk is mapped on
/// its own, never taken from malloc, so that a signal handler may record a call whatever the
/// thread it interrupted was doing. Once a lane holds `IMPOSTOR_LANE_HUGE_AFTER`
/// bytes, its next chunks are `IMPOSTOR_LANE_HUGE_BYTES`, mapped on their own and offered to the
/// kernel for a transparent huge page: touching fresh pages for records cost about 10 ns a
/// call with 4 KiB pages (a fault per 128 records), and a huge page faults once per 2 MiB.
#define IMPOSTOR_LANE_FIRST_CHUNK_BYTES 4096
#define IMPOSTOR_LANE_CHUNK_BYTES (64 * 1024)
#define IMPOSTOR_LANE_HUGE_AFTER (1024 * 1024)
#define IMPOSTOR_LANE_HUGE_BYTES (2 * 1024 * 1024)
/// Bytes every chunk keeps after its last record, so that a writer copying values as 8 bytes
/// (see `impostor_records_append_call`) may run past the end of a record: into the next
/// record, not yet written or published, or into these.
#define IMPOSTOR_RECORD_SPILL 8

/// A block of records, linked to the next. The header keeps the records 16-byte aligned.
typedef struct impostor_chunk {
    struct impostor_chunk *_Nullable next;
    size_t capacity;
    /// The chunk's size as mapped (every chunk is mapped on its own).
    size_t mapped;
    size_t unused;
} impostor_chunk;

/// Bytes of record chunks mapped now, for the benchmarks' and tests' memory figures.
size_t impostor_records_mapped_bytes(void);
/// Bytes mapped for lanes, never unmapped (a destroyed log's lanes are reused), for the same
/// figures.
size_t impostor_records_lane_bytes(void);

/// The records' gate: open, closed while a clear resets the lanes, closed for good on release.
#define IMPOSTOR_GATE_OPEN 0
#define IMPOSTOR_GATE_CLEARING 1
#define IMPOSTOR_GATE_RETIRED 2

/// Whether a thread that took a token has ended: set by the thread's exit (a pthread key's
/// destructor). Never freed: lanes keep pointing at their owner's.
typedef struct impostor_thread_life {
    _Atomic(int) ended;
} impostor_thread_life;

typedef struct impostor_lane {
    /// Records readers may use: every record below it is fully written (release store).
    _Atomic(size_t) count;
    /// 1 while the owning thread appends (it then touches the chunks), else 0. Only the owner
    /// writes it, so an owner that finds it set is a signal handler that interrupted the
    /// owner's own append: it records in `nested` instead.
    _Atomic(int) busy;
    /// The thread that owns the lane (`pthread_self()`), stored once for all its records.
    uintptr_t thread;
    /// The owner's process-unique token (thread identifiers are reused; tokens are not). Atomic:
    /// a thread looking for its own lane reads it without the lock, while a takeover (under the
    /// lock) may change it.
    _Atomic(uint64_t) owner;
    /// 1 for a lane that takes the calls of a signal handler that interrupted an append to the
    /// lane it hangs from: never found by token, never taken over.
    int is_nested;
    /// The lane for calls made while this one is busy on its own thread (a signal handler's),
    /// made on first need; it has a nested lane of its own for a handler interrupting it.
    _Atomic(struct impostor_lane *) nested;
    /// The owner's life: once it has ended and a clear has emptied the lane, another thread
    /// may take the lane over, chunks and all (see `impostor_records_find_lane`).
    impostor_thread_life *_Nullable life;
    /// Writer-only: where the next record goes, how many fit in the current chunk, and the
    /// count the writer will publish next.
    unsigned char *_Nullable next;
    size_t free_in_chunk;
    size_t written;
    /// The first chunk and the one being filled (NULL before the first record). A chunk and
    /// the link to it are written by the owner before the count that covers them is published;
    /// a clear keeps them so that recording reuses the same memory, a release frees them.
    impostor_chunk *_Nullable first_chunk;
    impostor_chunk *_Nullable current_chunk;
    /// Bytes of the chunks linked so far, which decides the size of the next.
    size_t chunk_bytes;
    /// Records below this index are hidden from readers: a clear that finds an open call in the
    /// lane (see `impostor_records_close_call`) hides its records instead of emptying it, so that
    /// no later call takes the open call's place before it closes, and a release leaves such a
    /// lane's chunks mapped until the records are destroyed (a call left by `longjmp` never
    /// closes). Written by clears, read by readers, both under the lock.
    size_t base;
    /// The lane added before this one: set before the lane is published, never changed.
    struct impostor_lane *_Nullable next_lane;
    /// The lane's calls' copies of pointer memory (see impostor_captures.h): chunks written by
    /// the owner in its busy spans, published with the records, kept and freed as theirs are.
    impostor_chunk *_Nullable capture_first;
    impostor_chunk *_Nullable capture_current;
    unsigned char *_Nullable capture_next;
    size_t capture_free;
} impostor_lane;

typedef struct impostor_records {
    /// Process-unique, never reused: the thread-local cache matches lanes by serial, so a
    /// records object allocated where a freed one was never finds the old one's lanes.
    uint64_t serial;
    size_t stride;
    _Atomic(int) gate;
    /// Taken by readers, clears and takeovers of lanes, never by a writer (which may be a
    /// signal handler interrupting a holder of it).
    pthread_mutex_t lock;
    /// The newest lane. Lanes are only ever added (a release compare-and-swap of this head) and
    /// never removed while the records live, so the list can be walked without the lock.
    _Atomic(impostor_lane *) lanes;
} impostor_records;

/// How many (records, lane) pairs each thread remembers.
#define IMPOSTOR_LANE_CACHE 16

typedef struct impostor_lane_cache_entry {
    uint64_t serial;
    impostor_lane *_Nullable lane;
} impostor_lane_cache_entry;

typedef struct impostor_record_thread {
    /// This thread's token, 0 until the thread first records a call.
    uint64_t token;
    /// The last ordering stamp this thread took, so that its own stamps always increase.
    uint64_t last_stamp;
    /// The low bits of this thread's stamps (see `impostor_next_stamp`), set with the token.
    uint64_t tag;
    /// 1 for the process's first thread to take a token: until another thread takes one, its
    /// stamps are its own count (see `impostor_next_stamp`).
    uint64_t first;
    /// Set with the token; marked ended when the thread exits.
    impostor_thread_life *_Nullable life;
    impostor_lane_cache_entry cache[IMPOSTOR_LANE_CACHE];
} impostor_record_thread;

extern _Thread_local impostor_record_thread impostor_record_thread_storage;

// MARK: A record's header

/// Every record starts with the call's ordering stamp (8 bytes), then a word: 6 bytes unused, the
/// open byte, and the flags byte (a capturing mock's captures are described after the result;
/// see impostor_captures.h). The open byte is
/// 1 from when the call is recorded, before its answer runs, until the answer returns and its
/// result is written (a release store of 0); a call left by `longjmp` stays open for good. The
/// flags byte holds the verified flag, which only readers write, under the records' lock. The
/// bytes are apart so that the writer closing a call and a reader marking it never write the
/// same byte.
#define IMPOSTOR_RECORD_HEADER 16
#define IMPOSTOR_RECORD_OPEN_BYTE 14
#define IMPOSTOR_RECORD_FLAGS_BYTE 15
/// The open byte's bit in the word a writer is given (byte 14 of the record: bit 48 of the word).
#define IMPOSTOR_RECORD_OPEN 0x0001000000000000ULL
#define IMPOSTOR_RECORD_VERIFIED 0x80

/// Set once before any records exist: 1 when writers must fence (no membarrier), and 1 when
/// stamps come from the processor's clock (x86-64's invariant time-stamp counter, AArch64's
/// virtual counter) rather than the shared counter.
extern int impostor_records_writers_fence;
extern int impostor_stamps_use_clock;
extern _Atomic(uint64_t) impostor_stamp_counter;
/// 0 while one thread only has taken a token; set to 1, for good, by the second.
extern _Atomic(int) impostor_stamps_across_threads;
/// The processor's clock when the process started.
extern uint64_t impostor_stamp_base;

/// Bits of a counter stamp that tell threads apart: 2^53 ticks (a month at 3 GHz) fit in the
/// rest below the era bit.
#define IMPOSTOR_STAMP_TAG_BITS 10
/// Set in every stamp taken once a second thread has a token, so that each is above every
/// stamp the first thread took alone.
#define IMPOSTOR_STAMP_SHARED_ERA (UINT64_C(1) << 63)

/// New empty records for `stride`-byte records, or NULL when out of memory.
impostor_records *_Nullable impostor_records_create(size_t stride);
/// Frees the records and their lanes. Only when no thread can call the mock any more.
void impostor_records_destroy(impostor_records *_Nonnull records);

/// Gives the calling thread its token and stamp tag. Out of line: once per thread.
void impostor_claim_thread(void);
/// The calling thread's lane, found by its token, else taken over from a thread that has
/// ended if a clear left one of its lanes empty, else created. Out of line: the cache missed.
impostor_lane *_Nonnull impostor_records_find_lane(impostor_records *_Nonnull records);
/// Waits while a clear runs: 1 when the gate opened again, 0 once the records are retired.
/// Called with the lane not busy.
int impostor_records_wait_gate(impostor_records *_Nonnull records);
/// Adds the lane's next chunk. Out of line: once per chunk.
void impostor_lane_grow(impostor_records *_Nonnull records, impostor_lane *_Nonnull lane);

/// The first lane hanging from `lane` (its nested lane, that one's, …) that is not busy: where
/// a signal handler that interrupted its own thread's append to `lane` records. Out of line.
impostor_lane *_Nonnull impostor_lane_nested(impostor_records *_Nonnull records, impostor_lane *_Nonnull lane);

/// The calling thread's lane for `records`, whose serial is `serial`: a caller that keeps the
/// serial beside its pointer to the records looks the lane up without waiting for a load of it.
IMPOSTOR_HOT impostor_lane *_Nonnull impostor_records_lane(impostor_records *_Nonnull records, uint64_t serial) {
    impostor_lane_cache_entry *entry = &impostor_record_thread_storage.cache[serial & (IMPOSTOR_LANE_CACHE - 1)];
    if (__builtin_expect(entry->serial == serial, 1)) return entry->lane;
    return impostor_records_find_lane(records);
}

/// Starts the lane's busy span for the calling thread's next record: 1, or 0 when the records
/// are retired (the call is not recorded). Then `impostor_records_place`, the record written
/// there, and `impostor_records_commit`.
IMPOSTOR_HOT int impostor_records_enter(impostor_records *_Nonnull records, impostor_lane *_Nonnull lane) {
    for (;;) {
        atomic_store_explicit(&lane->busy, 1, memory_order_relaxed);
        // The busy mark must be ordered before the gate is read. A clearer's membarrier makes
        // this hold on the processor; the compiler must not reorder it either.
        if (impostor_records_writers_fence) atomic_thread_fence(memory_order_seq_cst);
        else atomic_signal_fence(memory_order_seq_cst);
        // Acquire: a reopened gate publishes the clearer's reset of this lane.
        if (__builtin_expect(atomic_load_explicit(&records->gate, memory_order_acquire) == IMPOSTOR_GATE_OPEN, 1)) break;
        atomic_store_explicit(&lane->busy, 0, memory_order_release);
        if (!impostor_records_wait_gate(records)) return 0;
    }
    return 1;
}

/// Where the next record goes, inside the busy span `impostor_records_enter` started: the
/// lane's next chunk is mapped here when the current one is full.
IMPOSTOR_HOT void *_Nonnull impostor_records_place(impostor_records *_Nonnull records, impostor_lane *_Nonnull lane) {
    if (__builtin_expect(lane->free_in_chunk == 0, 0)) impostor_lane_grow(records, lane);
    return lane->next;
}

/// Publishes the record `impostor_records_begin` returned and ends the lane's busy span.
IMPOSTOR_HOT void impostor_records_commit(impostor_records *_Nonnull records, impostor_lane *_Nonnull lane) {
    lane->next += records->stride;
    lane->free_in_chunk -= 1;
    lane->written += 1;
    atomic_store_explicit(&lane->count, lane->written, memory_order_release);
    atomic_store_explicit(&lane->busy, 0, memory_order_release);
}

/// The next ordering stamp. Calls ordered by the program (one thread, or threads synchronized by a lock, a join or a
/// queue) get increasing stamps; concurrent calls get any order.
///
/// While the process's first recording thread is the only one with a token, its stamps are its own count: nothing
/// needs to be compared across threads yet. The second thread to take a token sets `impostor_stamps_across_threads`
/// before it takes its first stamp, and from then on every stamp is taken as below, with the era bit set, so it is
/// above all of the first thread's counted stamps. That is exact: a call that happens after a counted one is either
/// on the first thread (later in its count or in the next era) or on a thread that took its token, and so ended the
/// count, after the counted call; and a counted call cannot happen after a call of the new era, because the flag set
/// before that call is then visible to it.
///
/// With an invariant time-stamp counter that the kernel trusts as its clock (it checked that no CPU's counter lags
/// another's), the stamp is the counter read after every earlier instruction has completed (`lfence; rdtsc`, as the
/// kernel reads it for ordering): a call that happens after another through a lock, join or queue reads the counter
/// after the synchronizing load completed, which was after the first call's read. On AArch64 the clock is the virtual
/// counter, used only where it ticks at 1 GHz or faster (as Armv8.6 requires; no handover between cores takes less
/// than a nanosecond, so two calls ordered by one never read the same tick): `isb` before the read orders it after
/// the synchronizing load, and a load that depends on the value read orders it before the call's later stores, which
/// a plain system-register read is not. Otherwise it is the next value of one shared counter (exact, but a shared
/// write).
IMPOSTOR_HOT uint64_t impostor_next_stamp(void) {
    impostor_record_thread *thread = &impostor_record_thread_storage;
    // `first` is only ever set with a token, so the first thread skips the token check.
    if (__builtin_expect(!thread->first, 0) && thread->token == 0) impostor_claim_thread();
    // Relaxed is enough: a flag set before a call that happens before this one is visible here.
    if (thread->first && atomic_load_explicit(&impostor_stamps_across_threads, memory_order_relaxed) == 0) {
        // One step no signal splits (a handler's stamps taken again tied its calls): xadd, one writer.
        uint64_t step = 1u << IMPOSTOR_STAMP_TAG_BITS;
#if defined(__x86_64__)
        __asm__ __volatile__("xaddq %0, %1" : "+r"(step), "+m"(thread->last_stamp));
        return step + (1u << IMPOSTOR_STAMP_TAG_BITS);
#else
        return __atomic_add_fetch(&thread->last_stamp, step, __ATOMIC_RELAXED);
#endif
    }
#if defined(__x86_64__) || defined(__aarch64__)
    if (__builtin_expect(impostor_stamps_use_clock, 1)) {
#if defined(__x86_64__)
        uint32_t low, high;
        __asm__ __volatile__("lfence\n\trdtsc" : "=a"(low), "=d"(high) : : "memory");
        uint64_t ticks = ((uint64_t)high << 32) | low;
#else
        uint64_t ticks, zero;
        __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks) : : "memory");
        // A stack load at an offset made from the value (always 0): after the read, before later stores.
        __asm__ __volatile__("eor %0, %1, %1\n\tldr xzr, [sp, %0]" : "=&r"(zero) : "r"(ticks) : "memory");
#endif
        // Ticks since the process started, the thread's tag in the low bits: two threads reading one tick differ.
        uint64_t stamp = IMPOSTOR_STAMP_SHARED_ERA | ((ticks - impostor_stamp_base) << IMPOSTOR_STAMP_TAG_BITS) | thread->tag;
        if (__builtin_expect(stamp <= thread->last_stamp, 0)) stamp = thread->last_stamp + (1u << IMPOSTOR_STAMP_TAG_BITS);
        thread->last_stamp = stamp;
        return stamp;
    }
#endif
    return IMPOSTOR_STAMP_SHARED_ERA | (atomic_fetch_add_explicit(&impostor_stamp_counter, 1, memory_order_relaxed) + 1);
}

// MARK: Readers (under the records' lock)

/// Takes and releases the records' lock, which guards the list of lanes.
void impostor_records_lock(impostor_records *_Nonnull records);
void impostor_records_unlock(impostor_records *_Nonnull records);

/// The first lane, or the one after `lane`. Under the lock.
static inline impostor_lane *_Nullable impostor_records_first_lane(impostor_records *_Nonnull records) {
    // Acquire: a lane added meanwhile is seen fully made.
    return atomic_load_explicit(&records->lanes, memory_order_acquire);
}
static inline impostor_lane *_Nullable impostor_lane_next(impostor_lane *_Nonnull lane) { return lane->next_lane; }

/// How many records the lane has published since its last clear (acquire: each is fully
/// written). Under the lock.
static inline size_t impostor_lane_count(impostor_lane *_Nonnull lane) {
    return atomic_load_explicit(&lane->count, memory_order_acquire) - lane->base;
}
static inline uintptr_t impostor_lane_thread(impostor_lane *_Nonnull lane) { return lane->thread; }

/// Whether the record's call is still open: recorded, its answer not returned (yet, or ever:
/// left by `longjmp`). Acquire: a closed record's result is fully written.
static inline int impostor_record_is_open(const void *_Nonnull record) {
    return atomic_load_explicit((_Atomic(unsigned char) *)((unsigned char *)record + IMPOSTOR_RECORD_OPEN_BYTE),
                                memory_order_acquire) != 0;
}

/// Whether a verify has accounted for the record's call. Under the lock, like every write of it.
static inline int impostor_record_is_verified(const void *_Nonnull record) {
    return (((const unsigned char *)record)[IMPOSTOR_RECORD_FLAGS_BYTE] & IMPOSTOR_RECORD_VERIFIED) != 0;
}
static inline void impostor_record_mark_verified(void *_Nonnull record) {
    ((unsigned char *)record)[IMPOSTOR_RECORD_FLAGS_BYTE] |= IMPOSTOR_RECORD_VERIFIED;
}

/// Copies a published record of `stride` bytes for a reader and says whether it is open. A
/// closed record is copied whole; an open one without its result, which its writer may be
/// writing: the copy has zeros from `result_offset` on (the result's place in the record).
static inline int impostor_record_copy(void *_Nonnull to, const void *_Nonnull record, size_t stride,
                                       uint32_t result_offset) {
    const unsigned char *from = (const unsigned char *)record;
    unsigned char *copy = (unsigned char *)to;
    if (!impostor_record_is_open(record)) {
        memcpy(copy, from, stride);
        return 0;
    }
    // Every byte but the open one and the result's is written before the record is published.
    memcpy(copy, from, IMPOSTOR_RECORD_OPEN_BYTE);
    copy[IMPOSTOR_RECORD_OPEN_BYTE] = 1;
    copy[IMPOSTOR_RECORD_FLAGS_BYTE] = from[IMPOSTOR_RECORD_FLAGS_BYTE];
    memcpy(copy + IMPOSTOR_RECORD_HEADER, from + IMPOSTOR_RECORD_HEADER, result_offset - IMPOSTOR_RECORD_HEADER);
    memset(copy + result_offset, 0, stride - result_offset);
    return 1;
}


/// Writes the addresses of the lane's first `count` records since its last clear (a count
/// `impostor_lane_count` gave) to `out`.
void impostor_lane_records(impostor_records *_Nonnull records, impostor_lane *_Nonnull lane, size_t count,
                           void *_Nullable *_Nonnull out);
typedef void (*impostor_record_visitor)(void *_Nullable context, void *_Nonnull record);
/// Forgets every record once appends under way end, keeping the chunks (`retire` 0) or freeing them and turning
/// later appends away (1); `visit`, if set, gets each first and must not call their mock. Under the lock.
void impostor_records_reset(impostor_records *_Nonnull records, int retire, impostor_record_visitor _Nullable visit,
                            void *_Nullable context);

/// Which stamps this process uses once a second thread records: "time-stamp counter"
/// (x86-64), "virtual counter" (AArch64) or "shared counter".
const char *_Nonnull impostor_stamp_source(void);
/// How clears reach writers: "membarrier" or "fence per call".
const char *_Nonnull impostor_records_barrier(void);

#ifdef __cplusplus
}
#endif

#endif
