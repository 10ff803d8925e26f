// The one writer of call records, for the Swift handler and the entry points that answer calls
// themselves: a call recorded whole, or open before its answer runs and closed after.
#ifndef IMPOSTOR_RECORD_WRITER_H
#define IMPOSTOR_RECORD_WRITER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "impostor_captures.h"
#include "impostor_hot.h"
#include "impostor_records.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Memory

/// Copies `count` bytes. The sizes of C scalars get a single move each instead of a call to
/// memcpy: this runs for every argument of every recorded call.
IMPOSTOR_HOT void impostor_copy(void *_Nonnull to, const void *_Nonnull from, size_t count) {
    // The two commonest sizes first, as predicted branches that fall through to their copy:
    // the switch's table jump was two taken branches per value.
    if (__builtin_expect(count == 4, 1)) {
        __builtin_memcpy(to, from, 4);
        return;
    }
    if (__builtin_expect(count == 8, 1)) {
        __builtin_memcpy(to, from, 8);
        return;
    }
    switch (count) {
    case 1: __builtin_memcpy(to, from, 1); break;
    case 2: __builtin_memcpy(to, from, 2); break;
    case 4: __builtin_memcpy(to, from, 4); break;
    case 8: __builtin_memcpy(to, from, 8); break;
    case 16: __builtin_memcpy(to, from, 16); break;
    default: __builtin_memcpy(to, from, count); break;
    }
}

// MARK: Recording a call

/// A call recorded before its answer ran: its record, or NULL when nothing was recorded (the
/// records being retired).
typedef struct impostor_open_call {
    unsigned char *_Nullable record;
} impostor_open_call;

/// One argument's place in a record: its `size` bytes at `offset`; and, for a writer that copies
/// straight from a static trampoline's frame, where they are in it (`source`, else 0).
typedef struct impostor_record_step {
    uint32_t offset;
    uint32_t size;
    uint32_t source;
} impostor_record_step;

/// Describes a capturing call's copies in `copies` and copies the bytes they describe into the
/// lane's capture area. Inside the append's busy span: a clear waits for it, and a signal
/// handler's call goes to another lane. Inlined into its callers, which are themselves out of
/// line (most calls of most mocks capture nothing), so that `from_frame` is a constant here.
static inline __attribute__((always_inline)) void impostor_record_captures(impostor_lane *_Nonnull lane,
                                                                      impostor_capture_descriptor *_Nonnull copies,
                                                               const impostor_capture_plan *_Nonnull captures,
                                                               const impostor_capture_descriptor *_Nullable given,
                                                               int from_frame, void *_Nullable const *_Nullable arguments,
                                                               const unsigned char *_Nullable frame,
                                                               const impostor_record_step *_Nonnull steps) {
    for (uint32_t index = 0; index < captures->count; index++) {
        impostor_capture_descriptor *descriptor = &copies[index];
        if (given != NULL) {
            impostor_capture_keep_given(lane, &given[index], descriptor);
        } else {
            // Sound: each argument's place holds its value (see `IMPOSTOR_ARGUMENT_AT`), and the
            // rule's arguments are the mock's pointer and integer parameters.
            const impostor_capture_rule *rule = &captures->rules[index];
            impostor_capture_apply(lane, rule, IMPOSTOR_ARGUMENT_AT(rule->argument),
                                   rule->count.present ? IMPOSTOR_ARGUMENT_AT(rule->count.argument) : NULL,
                                   rule->times.present ? IMPOSTOR_ARGUMENT_AT(rule->times.argument) : NULL, descriptor);
        }
    }
}

/// The calling thread's lane of `records` (whose serial is `serial`) for a new record: its own,
/// or, when its own is busy, a nested one (only this thread sets its lane busy: finding it set,
/// this is a signal handler that interrupted this thread's own append, which must keep the lane
/// to itself).
IMPOSTOR_HOT impostor_lane *_Nonnull impostor_records_writing_lane(impostor_records *_Nonnull records, uint64_t serial) {
    impostor_lane *lane = impostor_records_lane(records, serial);
    if (__builtin_expect(atomic_load_explicit(&lane->busy, memory_order_relaxed) != 0, 0)) {
        lane = impostor_lane_nested(records, lane);
    }
    return lane;
}

/// Writes and publishes a record in `lane`, whose busy span `impostor_records_enter` started
/// (see `impostor_records_append_call` for the arguments): the stamp, the word, the values, the
/// result unless NULL, and `copies` (the descriptors of the call's copies, made in the same span)
/// for a mock whose `captures` are not NULL.
IMPOSTOR_HOT impostor_open_call impostor_records_fill(impostor_records *_Nonnull records, impostor_lane *_Nonnull lane,
                                                      uint64_t stamp, uint64_t word, int from_frame, int eightbytes,
                                                      void *_Nullable const *_Nullable arguments,
                                                      const unsigned char *_Nullable frame,
                                                      const impostor_record_step *_Nonnull steps, uint32_t count,
                                                      const void *_Nullable result, uint32_t result_offset,
                                                      uint32_t result_size,
                                                      const impostor_capture_plan *_Nullable captures,
                                                      const impostor_capture_descriptor *_Nullable copies) {
    impostor_open_call call = {NULL};
    unsigned char *record = (unsigned char *)impostor_records_place(records, lane);
    call.record = record;
    // The record is `stride` unused bytes of this thread's own lane: no other thread writes it,
    // and readers read it only once the commit publishes it.
    __builtin_memcpy(record, &stamp, 8);
    __builtin_memcpy(record + 8, &word, 8);
#define IMPOSTOR_COPY_EIGHT(index)                                                                           \
    __builtin_memcpy(record + steps[index].offset,                                                           \
                     from_frame ? (const void *)(frame + steps[index].source) : arguments[index], 8)
    // Up to four values of 8 copied bytes without a loop (most signatures): one branch on the
    // count, then the copies in order up the record, as the spills require.
    switch (eightbytes ? count : UINT32_MAX) {
    case 0: break;
    case 1: IMPOSTOR_COPY_EIGHT(0); break;
    case 2: IMPOSTOR_COPY_EIGHT(0); IMPOSTOR_COPY_EIGHT(1); break;
    case 3: IMPOSTOR_COPY_EIGHT(0); IMPOSTOR_COPY_EIGHT(1); IMPOSTOR_COPY_EIGHT(2); break;
    case 4: IMPOSTOR_COPY_EIGHT(0); IMPOSTOR_COPY_EIGHT(1); IMPOSTOR_COPY_EIGHT(2); IMPOSTOR_COPY_EIGHT(3); break;
    default:
        for (uint32_t index = 0; index < count; index++) {
            // Each argument pointer points at a value of its parameter's size (libffi's closure
            // and the static dispatcher both give one per parameter), as does each source offset
            // in the dispatcher's frame; and each step lies in the record.
            const void *from = from_frame ? frame + steps[index].source : arguments[index];
            if (eightbytes) __builtin_memcpy(record + steps[index].offset, from, 8);
            else impostor_copy(record + steps[index].offset, from, steps[index].size);
        }
    }
#undef IMPOSTOR_COPY_EIGHT
    if (result_size > 0 && result != NULL) {
        if (eightbytes) __builtin_memcpy(record + result_offset, result, 8);
        else impostor_copy(record + result_offset, result, result_size);
    }
    if (captures != NULL && copies != NULL) {
        // After the values, whose 8-byte copies may spill into the descriptors' place.
        // One 24-byte copy each (most mocks copy one argument), not a call of memcpy.
        for (uint32_t index = 0; index < captures->count; index++) {
            __builtin_memcpy(record + captures->descriptors_offset + index * sizeof copies[0], &copies[index], sizeof copies[0]);
        }
    }
    impostor_records_commit(records, lane);
    return call;
}


/// `impostor_records_append_call` for a mock that copies pointer memory: the handler's path
/// (entry points answer such calls in impostor_captured_answers.h), with room for the call's
/// descriptors. Out of line, so that the hot path of mocks that copy nothing keeps a fixed frame.
static inline __attribute__((noinline)) impostor_open_call impostor_records_append_captured(
    impostor_records *_Nonnull records, uint64_t serial, uint64_t stamp, uint64_t word, int from_frame, int eightbytes,
    void *_Nullable const *_Nullable arguments, const unsigned char *_Nullable frame,
    const impostor_record_step *_Nonnull steps, uint32_t count, const void *_Nullable result, uint32_t result_offset,
    uint32_t result_size, const impostor_capture_plan *_Nonnull captures,
    const impostor_capture_descriptor *_Nullable given) {
    impostor_capture_descriptor copies[captures->count + 1];
    impostor_lane *lane = impostor_records_writing_lane(records, serial);
    if (!impostor_records_enter(records, lane)) return (impostor_open_call){NULL};
    // The copies first, the record's place after: a pointer into memory the caller unmapped
    // just before the call must not be read in a chunk this call maps for its record.
    impostor_record_captures(lane, copies, captures, given, from_frame, arguments, frame, steps);
    return impostor_records_fill(records, lane, stamp, word, from_frame, eightbytes, arguments, frame, steps, count, result,
                                 result_offset, result_size, captures, copies);
}

/// Records one call in the calling thread's lane of `records`: its ordering stamp, `word`
/// (the first capture's index, and `IMPOSTOR_RECORD_OPEN` for a call whose answer is yet to
/// run), each argument's bytes at its step, and the result's `result_size` bytes at
/// `result_offset` (none for an open call: pass NULL). Nothing when the records are retired
/// (the mock was released). The one writer of records, for the Swift handler and for the
/// entry points' own answers. Returns where the record went, for `impostor_records_close_call`.
///
/// A call whose answer runs code (a stub's block or action) is recorded open, before the
/// answer runs, and closed with its result once the answer returns: a block that leaves with
/// `longjmp` (the way C libraries such as libjpeg and Lua let a callback fail) still leaves the
/// call in the log, open ("did not return").
///
/// The arguments come from `arguments`, one pointer each (the handler's, from libffi or the
/// dispatcher), or, with `from_frame`, from `frame` at each step's `source` (fast-path calls, which
/// skip building the pointers).
///
/// With `eightbytes`, every argument and the result are copied as 8 bytes, whatever their
/// size, instead of through a switch on it: only when each source holds 8 readable bytes (a
/// register or stack slot of the frame) and the values have at most 8 bytes each, in order up
/// the record (see `impostor_eightbyte_copies_fit`). A copy then spills past its value into
/// the next value's place, which the next copy overwrites, into padding, which no reader looks
/// at, or past the record, into the next one, which is not yet published and will be written
/// whole, or into the chunk's `IMPOSTOR_RECORD_SPILL` bytes after its last record.
///
/// A capturing mock's record also holds what the call copied from its pointer arguments (see
/// impostor_captures.h): `given` (the handler's copies, one per rule of `captures`), or, when
/// `given` is NULL, what `captures`' rules copy now. NULL `captures` for a mock that copies
/// nothing.
///
/// Callers pass `from_frame` and `eightbytes` as constants, so the choices are made when this
/// inline body is compiled, not per argument.
IMPOSTOR_HOT impostor_open_call impostor_records_append_call(impostor_records *_Nonnull records, uint64_t serial, uint64_t stamp,
                                               uint64_t word,
                                               int from_frame, int eightbytes,
                                               void *_Nullable const *_Nullable arguments,
                                               const unsigned char *_Nullable frame,
                                               const impostor_record_step *_Nonnull steps, uint32_t count,
                                               const void *_Nullable result, uint32_t result_offset,
                                               uint32_t result_size,
                                               const impostor_capture_plan *_Nullable captures,
                                               const impostor_capture_descriptor *_Nullable given) {
    if (__builtin_expect(captures != NULL, 0)) {
        return impostor_records_append_captured(records, serial, stamp, word, from_frame, eightbytes, arguments, frame,
                                                steps, count, result, result_offset, result_size, captures, given);
    }
    impostor_lane *lane = impostor_records_writing_lane(records, serial);
    if (!impostor_records_enter(records, lane)) return (impostor_open_call){NULL};
    return impostor_records_fill(records, lane, stamp, word, from_frame, eightbytes, arguments, frame, steps, count, result,
                                 result_offset, result_size, NULL, NULL);
}

/// Writes the result of a call recorded open (see `impostor_records_append_call`) and closes
/// its record: from then on readers see the call as returned, with this result. `result` holds
/// `result_size` bytes (NULL for a `void` function, with 0). On the thread that recorded the
/// call, which alone writes records to that lane.
///
/// With `eightbytes` (a constant, as for appending) the result is copied as 8 bytes: only when
/// `result` has 8 readable bytes and the record has 8 bytes from `result_offset` on
/// (`impostor_result_closes_as_eight`), since the calls the answer made are recorded after this
/// one and a copy must not spill into them.
///
/// No busy span and no check: the record is still this call's. A clear or release that finds an
/// open record in a lane neither reuses the lane's places nor unmaps its chunks (see `base`); a
/// record a clear hid is written unseen.
IMPOSTOR_HOT void impostor_records_close_call(impostor_open_call call, int eightbytes, const void *_Nullable result,
                                              uint32_t result_offset, uint32_t result_size) {
    if (__builtin_expect(call.record == NULL, 0)) return;
    if (eightbytes) __builtin_memcpy(call.record + result_offset, result, 8);
    else if (result_size != 0) impostor_copy(call.record + result_offset, result, result_size);
    // Release, and the close's last write: a reader or release that reads it as 0 has the result.
    atomic_store_explicit((_Atomic(unsigned char) *)(call.record + IMPOSTOR_RECORD_OPEN_BYTE), 0, memory_order_release);
}

/// True when closing a call of this signature may copy its result as 8 bytes (see
/// `impostor_records_close_call`): appends copy 8 bytes a value (`eightbytes`), the result
/// has bytes, and 8 from its place stay inside the `stride`-byte record.
static inline int impostor_result_closes_as_eight(int eightbytes, uint32_t result_offset, uint32_t result_size,
                                                  size_t stride) {
    return eightbytes && result_size > 0 && result_offset + 8 <= stride;
}

/// True when copying 8 bytes at each of the `count` steps in turn, then at `result_offset`
/// (unless `result_size` is 0), leaves each value whole: every value has at most 8 bytes, and
/// each starts at or after the end of the one before, so a copy spills only into places
/// written after it or never read (see `impostor_records_append_call`).
static inline int impostor_eightbyte_copies_fit(const impostor_record_step *_Nonnull steps, uint32_t count,
                                                uint32_t result_offset, uint32_t result_size) {
    uint32_t end = 0;
    for (uint32_t index = 0; index < count; index++) {
        if (steps[index].size > 8 || steps[index].offset < end) return 0;
        end = steps[index].offset + steps[index].size;
    }
    return result_size == 0 || (result_size <= 8 && result_offset >= end);
}

/// What a static trampoline's dispatcher needs to answer and record a call itself, without
/// entering Swift's handler: the stubs compiled to keys (see `impostor_stub_keys.h`), whose
/// answers it runs through the trampoline's answer function, and for a nice mock the record

#ifdef __cplusplus
}
#endif

#endif
