// What an entry point needs to answer and record a mock's calls itself, without Swift's handler.
#ifndef IMPOSTOR_ENTRY_ANSWERS_H
#define IMPOSTOR_ENTRY_ANSWERS_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "impostor_record_writer.h"
#include "impostor_records.h"
#include "impostor_stub_keys.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct impostor_quiet_calls {
    /// 1 while the dispatcher may answer the mock's calls. The mock's interceptor sets it when
    /// the mock is made, unless it captures pointer memory or stands for an interposed symbol,
    /// and clears it, for good, before a stub that does not compile to a key or the first
    /// expectation is published, and when the mock is released (release/acquire: a call that
    /// happens after those sees it cleared).
    _Atomic(int) open;
    /// 1 when a call no key answers is recorded quietly; 0 (a naggy or strict mock, which
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
    /// short path, or a libffi closure made by `impostor_closure_prepare_answering`), before any
    /// stub: only then are keys kept.
    int read_by_entry;
    /// The stubs the dispatcher checks, newest last.
    impostor_stub_keys keys;
} impostor_quiet_calls;

/// New closed quiet-call settings for `records`, or NULL when out of memory. `steps` (`count`
/// of them) must outlive them; `impostor_quiet_calls_destroy` frees them.
static inline impostor_quiet_calls *_Nullable impostor_quiet_calls_create(
    impostor_records *_Nonnull records, const impostor_record_step *_Nonnull steps, uint32_t count,
    uint32_t result_offset, uint32_t result_size) {
    impostor_quiet_calls *quiet = (impostor_quiet_calls *)calloc(1, sizeof *quiet);
    if (quiet == NULL) return NULL;
    atomic_init(&quiet->open, 0);
    atomic_init(&quiet->keys.count, 0);
    atomic_init(&quiet->keys.first_live, 0);
    atomic_init(&quiet->keys.block, NULL);
    quiet->count = count;
    quiet->records = records;
    quiet->records_serial = records->serial;
    quiet->steps = steps;
    quiet->result_offset = result_offset;
    quiet->result_size = result_size;
    return quiet;
}

static inline void impostor_quiet_calls_destroy(impostor_quiet_calls *_Nonnull quiet) {
    impostor_stub_keys_destroy(&quiet->keys);
    free(quiet);
}

/// Sets or clears `quiet->open` (a release store).
static inline void impostor_quiet_calls_set_open(impostor_quiet_calls *_Nonnull quiet, int open) {
    atomic_store_explicit(&quiet->open, open, memory_order_release);
}

/// Adds a stub's key (see `impostor_stub_keys_append`); true as well when no entry point reads
/// keys for this mock (a static trampoline's layout off the short path), so nothing is kept.
static inline int impostor_quiet_calls_add_key(impostor_quiet_calls *_Nonnull quiet, const void *_Nonnull stub,
                                               const uint32_t *_Nullable arguments, const uint32_t *_Nullable sizes,
                                               const uint64_t *_Nullable bits, uint32_t test_count) {
    if (!quiet->read_by_entry) return 1;
    return impostor_stub_keys_append(&quiet->keys, stub, quiet->frame_offsets, arguments, sizes, bits, test_count);
}

#ifdef __cplusplus
}
#endif

#endif
