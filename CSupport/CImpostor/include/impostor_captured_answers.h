// What an entry point does on its own for a call of a mock that copies pointer memory, or that
// stands for an interposed symbol: the copies first, then the stub keys (whose memory tests read
// them), then the record, in one busy span of the calling thread's lane, which a release waits
// for (so that a call racing the release of an interposed symbol's mock reaches the handler,
// which passes it on to the real function, rather than a zero answer). Shared by the static
// dispatcher and libffi closures.
#ifndef IMPOSTOR_CAPTURED_ANSWERS_H
#define IMPOSTOR_CAPTURED_ANSWERS_H

#include <string.h>

#include "impostor_entry_answers.h"
#include "impostor_static_trampolines.h"
#include "impostor_thread_state.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The most pointer parameters a call answered here copies through.
#define IMPOSTOR_CAPTURES_IN_FRAME 8

/// Answers and records a call of such a mock whose fast path is open, as the handler would: 1
/// when done, 0 when the call must go to the handler (a key only Swift can decide, no key and a
/// mock that is not nice, or records retired), with nothing copied or recorded.
///
/// The arguments are read from `frame` at each of `steps`' sources (`from_frame`, a constant)
/// or through libffi's `arguments`; `answer` runs a matched key's stub with `base` and `offsets`
/// (see `impostor_static_answer`); a call no key answers gets `zero_bytes` zero bytes of result.
static inline __attribute__((always_inline)) int impostor_answer_captured(
    impostor_fast_path *_Nonnull fast, const impostor_record_step *_Nonnull steps, int from_frame,
    unsigned char *_Nullable frame, void *_Nullable *_Nullable arguments, unsigned char *_Nullable result,
    uint32_t zero_bytes, impostor_static_answer _Nonnull answer, void *_Nullable user_data, const void *_Nullable base,
    const void *_Nonnull offsets) {
    const impostor_capture_plan *plan = fast->captures;
    // A fixed frame: a mock copying through more pointers than this (rare) is the handler's.
    if (plan != NULL && plan->count > IMPOSTOR_CAPTURES_IN_FRAME) return 0;
    impostor_records *records = fast->records;
    impostor_lane *lane = impostor_records_writing_lane(records, fast->records_serial);
    if (!impostor_records_enter(records, lane)) return 0;
    // Where the lane's capture area was, to give back what this call copied if the handler
    // answers it instead (the handler copies again, for its matchers).
    impostor_chunk *chunk = lane->capture_current;
    unsigned char *next = lane->capture_next;
    size_t free_bytes = lane->capture_free;
    impostor_capture_descriptor copies[IMPOSTOR_CAPTURES_IN_FRAME];
    if (plan != NULL) impostor_record_captures(lane, copies, plan, NULL, from_frame, arguments, frame, steps);
    int undecided;
    const impostor_stub_key *key = impostor_stub_keys_match_copies(&fast->keys, frame, arguments, !from_frame, copies, &undecided);
    if (undecided || (key == NULL && !fast->nice)) {
        lane->capture_current = chunk;
        lane->capture_next = next;
        lane->capture_free = free_bytes;
        atomic_store_explicit(&lane->busy, 0, memory_order_release);
        return 0;
    }
    uint64_t stamp = impostor_next_stamp();
    // Values copied as 8 bytes where the entry point allows it (a static trampoline's frame; see
    // `impostor_records_append_call`): two inlined bodies, each with a constant choice.
#define IMPOSTOR_FILL(word, from)                                                                                      \
    (fast->eightbytes && from_frame                                                                                   \
         ? impostor_records_fill(records, lane, stamp, word, from_frame, 1, arguments, frame, steps, fast->count, from, \
                                 fast->result_offset, fast->result_size, plan, copies)                                  \
         : impostor_records_fill(records, lane, stamp, word, from_frame, 0, arguments, frame, steps, fast->count, from, \
                                 fast->result_offset, fast->result_size, plan, copies))
    if (key == NULL) {
        // The whole of what the handler does for a call nothing answers: a zero result and the record.
        if (result != NULL && zero_bytes > 0) memset(result, 0, zero_bytes);
        IMPOSTOR_FILL(0, result);
        return 1;
    }
    // In the log before the answer runs, which may never return (see `impostor_records_append_call`).
    impostor_open_call call = IMPOSTOR_FILL(IMPOSTOR_RECORD_OPEN, NULL);
#undef IMPOSTOR_FILL
    impostor_answering previous = impostor_begin_answering(fast->answering_failures, (uintptr_t)__builtin_frame_address(0));
    // An interposed symbol's answer calling the symbol by name reaches the real function, as
    // from the handler (installed before any such mock can be made).
    impostor_symbol_answering_fn mark = atomic_load_explicit(&impostor_symbol_answering, memory_order_acquire);
    int was = fast->symbol >= 0 && mark != NULL ? mark((uint32_t)fast->symbol, 1) : 1;
    answer(user_data, key->stub, result, base, offsets, stamp);
    if (!was) mark((uint32_t)fast->symbol, 0);
    impostor_end_answering(previous);
    if (fast->closes_eightbytes && from_frame) impostor_records_close_call(call, 1, result, fast->result_offset, fast->result_size);
    else impostor_records_close_call(call, 0, result, fast->result_offset, fast->result_size);
    return 1;
}

#ifdef __cplusplus
}
#endif

#endif
