// Expectation keys: a C mock's expectations, when each names its calls with `any()` and
// literals only and none holds or moves a state or stands in a sequence, compiled so that the
// mock's entry point finds the expectation that takes a call and counts it there, without
// entering Swift's handler or the Mockery's monitor. Only the expectation's actions run in
// Swift. A call no key takes (none matches, or every match is saturated) goes to the handler,
// which tries the expectations again, then the stubs, and reports what is left.
#ifndef IMPOSTOR_EXPECTATION_KEYS_H
#define IMPOSTOR_EXPECTATION_KEYS_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "impostor_stub_keys.h"
#include "impostor_thread_state.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One expectation's count of calls taken, shared by the entry points and Swift (which owns it
/// and never frees it while a call may read it).
typedef struct impostor_expectation_cell {
    _Atomic(int64_t) taken;
    /// The most calls it takes; -1 for no maximum. Set before the cell is published.
    int64_t maximum;
    /// The Swift expectation (unretained; its mock's lists keep it).
    const void *_Nullable expectation;
} impostor_expectation_cell;

/// A new cell taking at most `maximum` calls (-1: any number), or NULL when out of memory.
static inline impostor_expectation_cell *_Nullable impostor_expectation_cell_create(int64_t maximum) {
    impostor_expectation_cell *cell = (impostor_expectation_cell *)calloc(1, sizeof *cell);
    if (cell == NULL) return NULL;
    atomic_init(&cell->taken, 0);
    cell->maximum = maximum;
    return cell;
}

/// Frees a cell; only once no list that names it can be read.
static inline void impostor_expectation_cell_free(impostor_expectation_cell *_Nonnull cell) { free(cell); }

/// Takes one call: its index (from 0), or -1 when the expectation is saturated. A
/// compare-and-exchange, so threads answered at once never take more than the maximum
/// between them, whichever path (entry point or handler) each takes.
static inline int64_t impostor_expectation_take(impostor_expectation_cell *_Nonnull cell) {
    int64_t current = atomic_load_explicit(&cell->taken, memory_order_relaxed);
    for (;;) {
        if (cell->maximum >= 0 && current >= cell->maximum) return -1;
        if (atomic_compare_exchange_weak_explicit(&cell->taken, &current, current + 1, memory_order_acq_rel,
                                                  memory_order_relaxed)) {
            return current;
        }
    }
}

/// The calls taken so far.
static inline int64_t impostor_expectation_taken(impostor_expectation_cell *_Nonnull cell) {
    return atomic_load_explicit(&cell->taken, memory_order_acquire);
}

/// One published list of a mock's expectations: a key per expectation, in declaration order,
/// each key's `stub` its cell with the low bit set (cells are 8-byte aligned; a stub key's
/// `stub` is a Swift object, whose low bit is clear). Written whole before it is published;
/// never changed or freed after.
typedef struct impostor_expectation_list {
    impostor_stub_keys keys;
    /// 1 when every expectation of the list has a key; 0 sends every call to the handler.
    int answerable;
} impostor_expectation_list;

/// A new empty list, answerable until a key cannot be added; NULL when out of memory.
static inline impostor_expectation_list *_Nullable impostor_expectation_list_create(void) {
    impostor_expectation_list *list = (impostor_expectation_list *)calloc(1, sizeof *list);
    if (list == NULL) return NULL;
    atomic_init(&list->keys.count, 0);
    atomic_init(&list->keys.first_live, 0);
    atomic_init(&list->keys.block, NULL);
    list->answerable = 1;
    return list;
}

/// The cell a key of a list stands for.
static inline impostor_expectation_cell *_Nonnull impostor_expectation_key_cell(const impostor_stub_key *_Nonnull key) {
    return (impostor_expectation_cell *)((uintptr_t)key->stub & ~(uintptr_t)1);
}

/// Whether a key's `stub` stands for an expectation's cell rather than a stub.
static inline int impostor_key_is_expectation(const void *_Nonnull stub) { return ((uintptr_t)stub & 1) != 0; }

/// The first key in declaration order whose literals the call's arguments all equal and whose
/// expectation takes the call, with the call's index among that expectation's in `*index`;
/// NULL when none takes it. Arguments are read as `impostor_stub_keys_match` reads them.
static inline __attribute__((always_inline)) const impostor_stub_key *_Nullable impostor_expectation_keys_take(
    const impostor_expectation_list *_Nonnull list, const unsigned char *_Nullable frame,
    void *_Nullable const *_Nullable arguments, int through_pointers, int64_t *_Nonnull index) {
#define IMPOSTOR_KEY_VALUE(test) (through_pointers ? impostor_key_pointee(arguments, (test)) : impostor_key_value(frame, (test)))
    uint32_t count = atomic_load_explicit(&((impostor_expectation_list *)list)->keys.count, memory_order_acquire);
    if (count == 0) return NULL;
    // Sound: the list was written whole before it was published, and is never freed.
    const impostor_stub_key *keys =
        atomic_load_explicit(&((impostor_expectation_list *)list)->keys.block, memory_order_acquire)->keys;
    for (uint32_t at = 0; at < count; at++) {
        const impostor_stub_key *key = &keys[at];
        uint32_t test = 0;
        while (test < key->test_count && IMPOSTOR_KEY_VALUE(&key->tests[test]) == key->tests[test].bits) test++;
        if (test < key->test_count) continue;
        int64_t taken = impostor_expectation_take(impostor_expectation_key_cell(key));
        if (taken < 0) continue;
        *index = taken;
        return key;
    }
    return NULL;
#undef IMPOSTOR_KEY_VALUE
}

/// The index `impostor_expectation_keys_take` gave the call this thread is answering.
static inline int64_t impostor_expectation_index(void) { return impostor_thread_state_storage.expectation_index; }

/// Runs `answer` with the thread's `expectation_index` set to `index`, then puts back what it
/// held: a call a signal handler makes meanwhile (answered from a key too) puts back this one's
/// index before the interrupted answer reads it. Also counts the call in
/// `expectation_keys_taken`, which the tests read to tell the entry point's calls from the
/// handler's.
#define IMPOSTOR_WITH_EXPECTATION_INDEX(index, answer)                                    \
    do {                                                                                  \
        impostor_thread_state *state_ = &impostor_thread_state_storage;                  \
        int64_t saved_ = state_->expectation_index;                                       \
        state_->expectation_index = (index);                                              \
        state_->expectation_keys_taken++;                                                 \
        answer;                                                                           \
        state_->expectation_index = saved_;                                               \
    } while (0)

#ifdef __cplusplus
}
#endif

#endif
