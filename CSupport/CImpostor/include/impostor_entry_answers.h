// What an entry point needs to answer and record a mock's calls itself, without Swift's handler.
#ifndef IMPOSTOR_ENTRY_ANSWERS_H
#define IMPOSTOR_ENTRY_ANSWERS_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "impostor_record_writer.h"
#include "impostor_records.h"
#include "impostor_expectation_keys.h"
#include "impostor_stub_keys.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct impostor_fast_path {
    /// 1 while the dispatcher may answer the mock's calls. The mock's interceptor sets it when
    /// the mock is made, unless it stands for an interposed symbol,
    /// and clears it, for good, before a stub that does not compile to a key or the first
    /// expectation is published, and when the mock is released (release/acquire: a call that
    /// happens after those sees it cleared).
    _Atomic(int) open;
    /// 1 when a call no key answers is recorded on the fast path; 0 (a naggy or strict mock, which
    /// reports such calls) when it goes to the handler. Set before `open`, never changed.
    int nice;
    /// Where failures raised while a key's answer runs go (the mock's Mockery's failure store,
    /// unretained: the mock keeps it): the thread's `answering_failures` for that time. Set
    /// before `open`, never changed.
    void *_Nullable answering_failures;
    /// 1 when the records' writers may copy each value as 8 bytes (see
    /// `impostor_records_append_call`): the mock's entry point is a static trampoline, which
    /// gives every argument and the result 8 readable bytes, and the values fit
    /// (`impostor_eightbyte_copies_fit`). Set by `impostor_static_trampoline_create` before it
    /// returns the entry point, never changed after; 0 for a libffi closure.
    int eightbytes;
    /// 1 when a call recorded open may be closed with its result copied as 8 bytes
    /// (`impostor_result_closes_as_eight`). Set with `eightbytes`.
    int closes_eightbytes;
    uint32_t count;
    impostor_records *_Nonnull records;
    /// `records->serial`, kept here so that finding the calling thread's lane does not wait
    /// for the records to be loaded first.
    uint64_t records_serial;
    const impostor_record_step *_Nonnull steps;
    uint32_t result_offset;
    uint32_t result_size;
    /// Each argument's offset in the dispatcher's frame, `count` of them (the trampoline
    /// context's `argument_offsets`, which live as long as the process): set by
    /// `impostor_static_trampoline_create` when its dispatcher reads these settings, before it
    /// returns the entry point; NULL otherwise.
    const uint64_t *_Nullable frame_offsets;
    /// 1 once an entry point that reads these settings is made (a static trampoline on its
    /// simple layout, or a libffi closure made by `impostor_closure_prepare_answering`), before any
    /// stub: only then are keys kept.
    int read_by_entry;
    /// The stubs the dispatcher checks, newest last.
    impostor_stub_keys keys;
    /// What each call copies from its pointer arguments into its record, NULL for a mock that
    /// copies nothing. Set before `open`, never changed; the mock's store owns it.
    const impostor_capture_plan *_Nullable captures;
    /// For the mock of an interposed symbol, its dispatcher's index (else -1): while a key's
    /// answer runs, the thread is marked as answering the symbol, so that the answer's own calls
    /// of it by name reach the real function (see `impostor_symbol_answering`). Set before `open`.
    int32_t symbol;
    /// The mock's expectations as its entry point meets them, the list published last (NULL
    /// while none names the mock, and once it is released). Read when `open` is clear: an
    /// expectation closes it, since stub keys no longer answer first.
    _Atomic(impostor_expectation_list *) expectations;
} impostor_fast_path;

/// Marks the calling thread as answering interposed symbol `index` (`on` 1) or not (0), and says
/// whether it was. CImpostorInterpose's `impostor_got_set_answering`, installed by Swift with the
/// first interposition (this target cannot call it directly); NULL before.
typedef int (*impostor_symbol_answering_fn)(uint32_t index, int on);
extern _Atomic(impostor_symbol_answering_fn) impostor_symbol_answering;
void impostor_set_symbol_answering(impostor_symbol_answering_fn _Nonnull function);

/// New closed fast-path settings for `records`, or NULL when out of memory. `steps` (`count`
/// of them) and `captures` must outlive them; `impostor_fast_path_destroy` frees them.
static inline impostor_fast_path *_Nullable impostor_fast_path_create(
    impostor_records *_Nonnull records, const impostor_record_step *_Nonnull steps, uint32_t count,
    uint32_t result_offset, uint32_t result_size, const impostor_capture_plan *_Nullable captures) {
    impostor_fast_path *fast = (impostor_fast_path *)calloc(1, sizeof *fast);
    if (fast == NULL) return NULL;
    atomic_init(&fast->open, 0);
    atomic_init(&fast->keys.count, 0);
    atomic_init(&fast->keys.first_live, 0);
    atomic_init(&fast->keys.block, NULL);
    fast->count = count;
    fast->records = records;
    fast->records_serial = records->serial;
    fast->steps = steps;
    fast->result_offset = result_offset;
    fast->result_size = result_size;
    fast->captures = captures;
    fast->symbol = -1;
    atomic_init(&fast->expectations, NULL);
    return fast;
}

static inline void impostor_fast_path_destroy(impostor_fast_path *_Nonnull fast) {
    impostor_stub_keys_destroy(&fast->keys);
    free(fast);
}

/// Sets or clears `fast->open` (a release store).
static inline void impostor_fast_path_set_open(impostor_fast_path *_Nonnull fast, int open) {
    atomic_store_explicit(&fast->open, open, memory_order_release);
}

/// Adds a stub's key (see `impostor_stub_keys_append`); true as well when no entry point reads
/// keys for this mock (a static trampoline's layout other than the simple one), so nothing is kept.
/// Memory tests (see `impostor_stub_keys_append`) only for a mock that copies pointer memory.
static inline int impostor_fast_path_add_key(impostor_fast_path *_Nonnull fast, const void *_Nonnull stub,
                                               const uint32_t *_Nullable arguments, const uint32_t *_Nullable sizes,
                                               const uint64_t *_Nullable bits, uint32_t test_count,
                                               const uint32_t *_Nullable memory_arguments,
                                               const uint32_t *_Nullable memory_places,
                                               const uint32_t *_Nullable memory_kinds,
                                               const uint32_t *_Nullable memory_lengths,
                                               const unsigned char *_Nullable const *_Nullable memory_bytes,
                                               uint32_t memory_count) {
    if (!fast->read_by_entry) return 1;
    if (memory_count > 0 && fast->captures == NULL) return 0;
    return impostor_stub_keys_append(&fast->keys, stub, fast->frame_offsets, arguments, sizes, bits, test_count,
                                     memory_arguments, memory_places, memory_kinds, memory_lengths, memory_bytes,
                                     memory_count);
}

/// Adds a key to `list` for expectation `cell` (see `impostor_stub_keys_append`: scalar literals
/// only), read as this mock's entry point reads arguments; on failure (no entry point reads keys,
/// too many literals, no memory) the list stops being answerable.
static inline void impostor_fast_path_add_expectation(impostor_fast_path *_Nonnull fast,
                                                      impostor_expectation_list *_Nonnull list,
                                                      impostor_expectation_cell *_Nonnull cell,
                                                      const uint32_t *_Nullable arguments,
                                                      const uint32_t *_Nullable sizes,
                                                      const uint64_t *_Nullable bits, uint32_t test_count) {
    if (!list->answerable) return;
    const void *tagged = (const void *)((uintptr_t)cell | 1);
    if (!fast->read_by_entry || !impostor_stub_keys_append(&list->keys, tagged, fast->frame_offsets, arguments, sizes, bits,
                                                           test_count, NULL, NULL, NULL, NULL, NULL, 0)) {
        list->answerable = 0;
    }
}

/// Publishes `list` (NULL: none) as the expectations the mock's entry point meets (a release
/// store: the list is written whole before).
static inline void impostor_fast_path_publish_expectations(impostor_fast_path *_Nonnull fast,
                                                           impostor_expectation_list *_Nullable list) {
    atomic_store_explicit(&fast->expectations, list, memory_order_release);
}

#ifdef __cplusplus
}
#endif

#endif
