#include "impostor_records.h"
#include "impostor_captures.h"
#include "record_memory.h"

#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

_Thread_local impostor_record_thread impostor_record_thread_storage;
int impostor_records_writers_fence = 1;
int impostor_stamps_use_clock = 0;
_Atomic(uint64_t) impostor_stamp_counter = 0;
_Atomic(int) impostor_stamps_across_threads = 0;
uint64_t impostor_stamp_base = 0;

static _Atomic(uint64_t) next_serial = 0;
static _Atomic(uint64_t) next_token = 0;
/// The token of the first thread to take one.
static _Atomic(uint64_t) first_token = 0;
static long membarrier(int command) { return syscall(SYS_membarrier, command, 0, 0); }

/// Reads the processor's clock once, for `impostor_stamp_base`.
static uint64_t clock_now(void) {
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t ticks;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks) : : "memory");
    return ticks;
#else
    return 0;
#endif
}

/// True when the processor's clock orders calls across threads (see `impostor_next_stamp`).
static int clock_orders_calls(void) {
#if defined(__x86_64__)
    // The kernel keeps the time-stamp counter as its clock only when the counter is invariant
    // and no CPU's counter was seen behind another's.
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx) || !(edx & (1u << 8))) return 0;
    FILE *file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");
    if (file == NULL) return 0;
    char name[32] = {0};
    int trusted = fgets(name, sizeof name, file) != NULL && strncmp(name, "tsc", 3) == 0 &&
                  (name[3] == '\n' || name[3] == '\0');
    fclose(file);
    return trusted;
#elif defined(__aarch64__)
    // The virtual counter is the architected timer, common to every core; only its frequency
    // varies (often 25 to 100 MHz before Armv8.6, whose 1 GHz is fine enough). The frequency is
    // what firmware wrote, and Armv8.6 lets a 1 GHz counter advance in larger steps at a lower
    // rate: it must also move between any two reads in a row, each of which takes a few
    // nanoseconds, or two calls ordered through a lock could read the same value.
    uint64_t frequency;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(frequency));
    if (frequency < 1000000000u) return 0;
    uint64_t previous = clock_now();
    for (int read = 0; read < 1000; read++) {
        uint64_t now = clock_now();
        if (now == previous) return 0;
        previous = now;
    }
    return 1;
#else
    return 0;
#endif
}

/// Decides, once per process, how writers and clearers synchronize and where stamps come
/// from. IMPOSTOR_CALL_ORDER=counter forces the shared counter (a machine whose clock the
/// kernel trusts wrongly, or a test of the fallback); IMPOSTOR_CALL_ORDER=clock forces the
/// processor's clock where there is one (a test of its reading on an emulated processor, whose
/// clock is too coarse to be chosen).
static void choose_schemes(void) {
    const char *order = getenv("IMPOSTOR_CALL_ORDER");
    int forced_counter = order != NULL && strcmp(order, "counter") == 0;
    int forced_clock = order != NULL && strcmp(order, "clock") == 0;
#if defined(__x86_64__) || defined(__aarch64__)
    impostor_stamps_use_clock = !forced_counter && (forced_clock || clock_orders_calls());
#else
    (void)forced_clock;
    impostor_stamps_use_clock = !forced_counter && clock_orders_calls();
#endif
    if (impostor_stamps_use_clock) impostor_stamp_base = clock_now();
    long supported = membarrier(MEMBARRIER_CMD_QUERY);
    impostor_records_writers_fence =
        !(supported > 0 && (supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
          membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0);
}

static pthread_key_t life_key;
static int life_key_made = 0;
static void thread_ended(void *value);

// Before main, so that every thread reads settled values: nothing records a call earlier. The
// life key is made here too, so that no writer runs pthread_once (a lock) or makes a key.
__attribute__((constructor)) static void impostor_records_init(void) {
    choose_schemes();
    life_key_made = pthread_key_create(&life_key, thread_ended) == 0;
}

const char *impostor_stamp_source(void) {
#if defined(__aarch64__)
    if (impostor_stamps_use_clock) return "virtual counter";
#else
    if (impostor_stamps_use_clock) return "time-stamp counter";
#endif
    return "shared counter";
}
const char *impostor_records_barrier(void) { return impostor_records_writers_fence ? "fence per call" : "membarrier"; }

impostor_records *impostor_records_create(size_t stride) {
    impostor_records *records = calloc(1, sizeof *records);
    if (records == NULL) return NULL;
    pthread_mutex_init(&records->lock, NULL);
    atomic_init(&records->lanes, NULL);
    records->stride = stride;
    records->serial = atomic_fetch_add_explicit(&next_serial, 1, memory_order_relaxed) + 1;
    atomic_init(&records->gate, IMPOSTOR_GATE_OPEN);
    return records;
}

static void free_chunks(impostor_lane *lane) {
    for (impostor_chunk *chunk = lane->first_chunk, *next; chunk != NULL; chunk = next) {
        next = chunk->next;
        impostor_unmap_chunk(chunk);
    }
    lane->first_chunk = NULL;
    lane->current_chunk = NULL;
    lane->chunk_bytes = 0;
    impostor_lane_free_captures(lane);
}

/// Runs when a thread that took a token exits: it forgets its token and its cached lanes
/// before it marks its life ended, so that nothing it runs later (another key's destructor
/// calling a mock) can reach a lane another thread may now take over; such a call takes a new
/// token and a lane of its own.
static void thread_ended(void *value) {
    impostor_thread_life *life = value;
    impostor_record_thread *thread = &impostor_record_thread_storage;
    thread->token = 0;
    thread->first = 0;
    thread->life = NULL;
    memset(thread->cache, 0, sizeof thread->cache);
    // Release: the thread's last appends happen before a taker's acquire load of `ended`.
    atomic_store_explicit(&life->ended, 1, memory_order_release);
}

/// This thread's token and stamp tag, assigned on its first call. The first thread to take a
/// token counts its own stamps; any later one ends that, before it takes a stamp itself.
void impostor_claim_thread(void) {
    impostor_record_thread *thread = &impostor_record_thread_storage;
    if (thread->token != 0) return;
    // Without a life (no memory, no key), the thread's lanes are never taken over: nothing
    // is lost but their reuse. A life whose key could not be set is simply never ended. The
    // key was made before main, among the process's first, so setting it takes glibc's
    // per-thread array and allocates nothing.
    impostor_thread_life *life = life_key_made ? impostor_slab_take_life() : NULL;
    if (life != NULL && pthread_setspecific(life_key, life) != 0) life = NULL;
    thread->life = life;
    uint64_t token = atomic_fetch_add_explicit(&next_token, 1, memory_order_relaxed) + 1;
    uint64_t none = 0;
    if (atomic_compare_exchange_strong_explicit(&first_token, &none, token, memory_order_relaxed, memory_order_relaxed)) {
        thread->first = 1;
    } else {
        atomic_store_explicit(&impostor_stamps_across_threads, 1, memory_order_relaxed);
    }
    thread->tag = token & ((1u << IMPOSTOR_STAMP_TAG_BITS) - 1);
    thread->token = token;
}

void impostor_records_destroy(impostor_records *records) {
    // The lanes' chunks go, then their slots, to later lanes (see `impostor_slab_take_lane`).
    impostor_lane *lanes = atomic_load_explicit(&records->lanes, memory_order_acquire);
    for (impostor_lane *lane = lanes; lane != NULL; lane = lane->next_lane) free_chunks(lane);
    impostor_slab_give_lanes(lanes);
    pthread_mutex_destroy(&records->lock);
    free(records);
}

void impostor_records_lock(impostor_records *records) { pthread_mutex_lock(&records->lock); }
void impostor_records_unlock(impostor_records *records) { pthread_mutex_unlock(&records->lock); }

/// A new lane owned by the calling thread, added to `records` without the lock.
static impostor_lane *add_lane(impostor_records *records, int is_nested) {
    impostor_record_thread *thread = &impostor_record_thread_storage;
    impostor_lane *lane = impostor_slab_take_lane();
    if (lane == NULL) {
        // fputs may lock stdio; the process is about to end anyway.
        static const char message[] = "Impostor: out of memory recording a call\n";
        (void)!write(2, message, sizeof message - 1);
        abort();
    }
    // The slot is zeroed: every count, flag and pointer starts at 0.
    lane->thread = (uintptr_t)pthread_self();
    atomic_store_explicit(&lane->owner, thread->token, memory_order_relaxed);
    lane->life = thread->life;
    lane->is_nested = is_nested;
    // Newest first is fine: readers order records by stamp, not by lane. Release: a reader or
    // clearer that finds the lane sees it made.
    impostor_lane *head = atomic_load_explicit(&records->lanes, memory_order_relaxed);
    do {
        lane->next_lane = head;
    } while (!atomic_compare_exchange_weak_explicit(&records->lanes, &head, lane, memory_order_release,
                                                    memory_order_relaxed));
    return lane;
}

impostor_lane *impostor_records_find_lane(impostor_records *records) {
    impostor_record_thread *thread = &impostor_record_thread_storage;
    impostor_claim_thread();
    uint64_t token = thread->token;
    // Without the lock: lanes are only ever added, each fully made before it is published.
    // (Issue #51: taking a nested lane here is seen by no test; records are read by stamp.)
    impostor_lane *lane = atomic_load_explicit(&records->lanes, memory_order_acquire);
    while (lane != NULL && (lane->is_nested || atomic_load_explicit(&lane->owner, memory_order_relaxed) != token)) {
        lane = lane->next_lane;
    }
    // A lane whose owner has ended and that a clear emptied holds no record and is written by
    // no one: take it over with its chunks rather than fill fresh memory. A lane that still
    // holds records keeps them, and its owner, until a clear or release. Under the lock, as
    // are clears and readers, who read `thread` and `count` only there; only when the lock is
    // free, since this may be a signal handler that interrupted a holder of it on this thread.
    if (lane == NULL && pthread_mutex_trylock(&records->lock) == 0) {
        for (impostor_lane *candidate = atomic_load_explicit(&records->lanes, memory_order_acquire); candidate != NULL;
             candidate = candidate->next_lane) {
            // Acquire: the ended owner's last writes to the lane happen before this thread's.
            if (!candidate->is_nested && candidate->life != NULL &&
                atomic_load_explicit(&candidate->life->ended, memory_order_acquire) &&
                atomic_load_explicit(&candidate->count, memory_order_relaxed) == 0 && candidate->written == 0) {
                lane = candidate;
                lane->thread = (uintptr_t)pthread_self();
                lane->life = thread->life;
                atomic_store_explicit(&lane->owner, token, memory_order_relaxed);
                break;
            }
        }
        pthread_mutex_unlock(&records->lock);
    }
    if (lane == NULL) lane = add_lane(records, 0);
    // Lanes are never freed while the records live, and records are only freed when no thread
    // can call the mock: the entry can only ever be matched by this records object's serial.
    // The serial is cleared first and set last, so that a signal handler arriving in between
    // never pairs this serial with another records object's lane.
    impostor_lane_cache_entry *entry = &thread->cache[records->serial & (IMPOSTOR_LANE_CACHE - 1)];
    entry->serial = 0;
    atomic_signal_fence(memory_order_seq_cst);
    entry->lane = lane;
    atomic_signal_fence(memory_order_seq_cst);
    entry->serial = records->serial;
    return lane;
}

impostor_lane *impostor_lane_nested(impostor_records *records, impostor_lane *lane) {
    // Each level is busy only while its own thread appends to it, so a handler interrupting a
    // handler's append goes one level deeper: the depth is that of the signals nested at once.
    while (atomic_load_explicit(&lane->busy, memory_order_relaxed) != 0) {
        impostor_lane *nested = atomic_load_explicit(&lane->nested, memory_order_acquire);
        if (nested == NULL) {
            nested = add_lane(records, 1);
            // Only this thread (and its handlers, which finish before it resumes) sets it.
            atomic_store_explicit(&lane->nested, nested, memory_order_release);
        }
        lane = nested;
    }
    return lane;
}

int impostor_records_wait_gate(impostor_records *records) {
    for (;;) {
        int gate = atomic_load_explicit(&records->gate, memory_order_acquire);
        if (gate == IMPOSTOR_GATE_OPEN) return 1;
        if (gate == IMPOSTOR_GATE_RETIRED) return 0;
        sched_yield();
    }
}

void impostor_lane_grow(impostor_records *records, impostor_lane *lane) {
    impostor_chunk *current = lane->current_chunk;
    // After a clear the chunks are still linked: fill them again before allocating.
    impostor_chunk *chunk = current == NULL ? lane->first_chunk : current->next;
    if (chunk == NULL) {
        // Twice the last chunk, up to the limit (one page first), but always room for a record.
        size_t bytes = current == NULL ? IMPOSTOR_LANE_FIRST_CHUNK_BYTES : current->mapped * 2;
        if (bytes > IMPOSTOR_LANE_CHUNK_BYTES) bytes = IMPOSTOR_LANE_CHUNK_BYTES;
        size_t least = sizeof(impostor_chunk) + records->stride + IMPOSTOR_RECORD_SPILL;
        if (bytes < least) bytes = least;
        chunk = NULL;
        if (lane->chunk_bytes >= IMPOSTOR_LANE_HUGE_AFTER && records->stride <= IMPOSTOR_LANE_HUGE_BYTES / 64) {
            chunk = impostor_map_huge_chunk(IMPOSTOR_LANE_HUGE_BYTES);
        }
        if (chunk == NULL) chunk = impostor_map_chunk(bytes);
        if (chunk == NULL) {
            static const char message[] = "Impostor: out of memory recording a call\n";
            (void)!write(2, message, sizeof message - 1);
            abort();
        }
        size_t capacity = (chunk->mapped - sizeof(impostor_chunk) - IMPOSTOR_RECORD_SPILL) / records->stride;
        lane->chunk_bytes += chunk->mapped;
        chunk->next = NULL;
        chunk->capacity = capacity;
        // Readers follow this link only below a count published after it.
        if (current == NULL) lane->first_chunk = chunk;
        else current->next = chunk;
    }
    lane->current_chunk = chunk;
    lane->next = (unsigned char *)(chunk + 1);
    lane->free_in_chunk = chunk->capacity;
}

size_t impostor_records_lane_count(impostor_records *records) {
    pthread_mutex_lock(&records->lock);
    size_t count = 0;
    for (impostor_lane *lane = impostor_records_first_lane(records); lane != NULL; lane = lane->next_lane) count++;
    pthread_mutex_unlock(&records->lock);
    return count;
}

void impostor_lane_records(impostor_records *records, impostor_lane *lane, size_t count, void **out) {
    size_t written = 0;
    // Skip the records a clear hid: whole chunks first, then the rest of the chunk they end in.
    size_t skip = lane->base;
    impostor_chunk *chunk = lane->first_chunk;
    while (count > 0 && skip >= chunk->capacity) {
        skip -= chunk->capacity;
        chunk = chunk->next;
    }
    while (written < count) {
        unsigned char *record = (unsigned char *)(chunk + 1) + skip * records->stride;
        for (size_t i = skip; i < chunk->capacity && written < count; i++, record += records->stride) out[written++] = record;
        skip = 0;
        // Only follow a link the count covers: the owner may be writing the next one.
        if (written < count) chunk = chunk->next;
    }
}

/// Whether a published record of `lane` is open (its answer has not returned). Acquire: a
/// record read as closed has had its last write (the open byte is the close's last store).
static int lane_has_open_call(impostor_records *records, impostor_lane *lane) {
    size_t count = atomic_load_explicit(&lane->count, memory_order_relaxed);
    size_t seen = 0;
    for (impostor_chunk *chunk = lane->first_chunk; seen < count && chunk != NULL; chunk = chunk->next) {
        unsigned char *record = (unsigned char *)(chunk + 1);
        for (size_t i = 0; i < chunk->capacity && seen < count; i++, seen++, record += records->stride) {
            if (impostor_record_is_open(record)) return 1;
        }
    }
    return 0;
}

void impostor_records_reset(impostor_records *records, int retire, impostor_record_visitor visit, void *context) {
    if (atomic_load_explicit(&records->gate, memory_order_relaxed) == IMPOSTOR_GATE_RETIRED) return;
    atomic_store_explicit(&records->gate, retire ? IMPOSTOR_GATE_RETIRED : IMPOSTOR_GATE_CLEARING, memory_order_seq_cst);
    // The closed gate is ordered before the busy marks are read (a writer's fence pairs with it).
    atomic_thread_fence(memory_order_seq_cst);
    // Every thread passes a full barrier: a writer that has not yet seen the closed gate has
    // its busy mark visible below.
    if (!impostor_records_writers_fence) membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED);
    for (impostor_lane *lane = impostor_records_first_lane(records); lane != NULL; lane = lane->next_lane) {
        // Acquire: the writer's last append happens before the reset below.
        while (atomic_load_explicit(&lane->busy, memory_order_acquire) != 0) sched_yield();
        // A call still open (its answer running, or left by longjmp) may yet write its result
        // into its record: the lane keeps its chunks until the records are destroyed, and its
        // records are hidden rather than emptied, so that no later call takes that place. Once
        // a clear finds every call of the lane closed, nothing writes to its records any more.
        if (lane_has_open_call(records, lane)) {
            lane->base = lane->written;
            continue;
        }
        size_t seen = 0;  // The visitor gets every record since the last clear: none is being written.
        for (impostor_chunk *chunk = lane->first_chunk; visit != NULL && seen < lane->written; chunk = chunk->next) {
            unsigned char *record = (unsigned char *)(chunk + 1);
            for (size_t i = 0; i < chunk->capacity && seen < lane->written; i++, seen++, record += records->stride) {
                if (seen >= lane->base) visit(context, record);
            }
        }
        if (retire) free_chunks(lane);
        lane->base = 0;
        lane->current_chunk = NULL;
        lane->next = NULL;
        lane->free_in_chunk = 0;
        lane->written = 0;
        impostor_lane_rewind_captures(lane);
        atomic_store_explicit(&lane->count, 0, memory_order_relaxed);
    }
    // Release: writers that see the gate open see their lane reset.
    if (!retire) atomic_store_explicit(&records->gate, IMPOSTOR_GATE_OPEN, memory_order_release);
}
