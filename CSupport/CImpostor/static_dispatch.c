// The dispatcher of static trampolines (see static_context.h): what every call through one runs,
// in one translation unit with the record writer and the stub keys' scan, so that both inline.
#include "static_context.h"
#include "impostor_captured_answers.h"

#include <stdatomic.h>
#include <string.h>

#if IMPOSTOR_STATIC_TRAMPOLINES


/// Records a call the dispatcher answers, its arguments copied straight from the frame: whole
/// (a fast-path call, `word` 0), or open before a stub key's answer runs (`IMPOSTOR_RECORD_OPEN`,
/// `result` NULL), each value copied as 8 bytes when `eight` (a constant) says so (see
/// `impostor_records_append_call`).
IMPOSTOR_HOT_AROUND_ANSWER impostor_open_call record_answered_copying(static_closure *closure,
                                                                      impostor_fast_path *fast,
                                                                      unsigned char *frame, unsigned char *result,
                                                                      uint64_t stamp, uint64_t word, int eight) {
    return impostor_records_append_call(closure->fast_records, closure->fast_records_serial, stamp, word, 1, eight,
                                        NULL, frame, closure->fast_steps, fast->count, result, fast->result_offset,
                                        fast->result_size, fast->captures, NULL);
}

/// `record_answered_copying` with the mock's choice: two inlined bodies.
IMPOSTOR_HOT_AROUND_ANSWER impostor_open_call record_answered(static_closure *closure, impostor_fast_path *fast,
                                                              unsigned char *frame, unsigned char *result,
                                                              uint64_t stamp, uint64_t word) {
    if (fast->eightbytes) return record_answered_copying(closure, fast, frame, result, stamp, word, 1);
    return record_answered_copying(closure, fast, frame, result, stamp, word, 0);
}

/// Closes the record of a call a stub key's answer answered, with the result it wrote: as 8
/// bytes (`eight`, a constant) or by its size.
IMPOSTOR_HOT_AROUND_ANSWER void close_answered(impostor_fast_path *fast, impostor_open_call call,
                                               unsigned char *result, int eight) {
    impostor_records_close_call(call, eight, result, fast->result_offset, fast->result_size);
}

/// Fills `arguments` with one pointer per argument of the simple layout, four at a time: two
/// vector additions of the frame's address to the offsets, instead of a loop over `sources`.
/// `arguments` has room for a multiple of 4; slots past the last argument get pointers that
/// are never read.
static inline __attribute__((always_inline)) void point_at_arguments(const static_closure *closure,
                                                                      unsigned char *frame, void **arguments) {
    typedef uint64_t pair __attribute__((vector_size(16)));
    pair base = {(uint64_t)(uintptr_t)frame, (uint64_t)(uintptr_t)frame};
    // Not unrolled: most calls take one pass, and an unrolled loop's remainder checks cost more.
#pragma clang loop unroll(disable)
    for (uint32_t index = 0; index < closure->argument_count; index += 4) {
        pair low, high;
        memcpy(&low, closure->argument_offsets + index, sizeof low);
        memcpy(&high, closure->argument_offsets + index + 2, sizeof high);
        low += base;
        high += base;
        // Sound: a pointer is a 64-bit address here (x86-64 and AArch64).
        memcpy(arguments + index, &low, sizeof low);
        memcpy(arguments + index + 2, &high, sizeof high);
    }
}

/// What the handler would do for a call a stub key answers: the stamp, the record (open), the
/// stub's answer (in Swift), then the record closed with the result the answer wrote. Inlined:
/// out of line it cost a keyed call 34 instructions more. `eight` is a constant: a body that
/// copies every value as 8 bytes, the result's too when it closes the record, and one that
/// copies them by size.
static inline __attribute__((always_inline)) void answer_from_key_copying(static_closure *closure,
                                                                          impostor_fast_path *fast,
                                                                          const impostor_stub_key *key,
                                                                          unsigned char *frame, unsigned char *result,
                                                                          int eight) {
    uint64_t stamp = impostor_next_stamp();
    // In the log before the answer runs, which may never return (see `impostor_records_append_call`).
    impostor_open_call call = eight ? record_answered_copying(closure, fast, frame, NULL, stamp, IMPOSTOR_RECORD_OPEN, 1)
                                    : record_answered(closure, fast, frame, NULL, stamp, IMPOSTOR_RECORD_OPEN);
    // Failures the answer raises go to the mock's Mockery, as from the handler.
    impostor_answering previous =
        impostor_begin_answering(fast->answering_failures, (uintptr_t)__builtin_frame_address(0));
    // The frame and its offsets rather than pointers: building them cost every keyed call
    // about a dozen instructions, and the answer reads only the arguments its block takes.
    closure->answer(closure->user_data, key->stub, result, frame, closure->argument_offsets, stamp);
    impostor_end_answering(previous);
    close_answered(fast, call, result, eight);
}

static inline __attribute__((always_inline)) void answer_from_key(static_closure *closure, impostor_fast_path *fast,
                                                                  const impostor_stub_key *key, unsigned char *frame,
                                                                  unsigned char *result) {
    // One branch for the common case: results that close as 8 bytes come with 8-byte copies.
    if (fast->closes_eightbytes) answer_from_key_copying(closure, fast, key, frame, result, 1);
    else answer_from_key_copying(closure, fast, key, frame, result, 0);
}

/// The simple layout's call of the handler. Out of line, like `answer_from_key`.
__attribute__((noinline)) static void hand_to_handler(static_closure *closure, unsigned char *frame,
                                                      unsigned char *result) {
    // A fixed array instead of the general path's variable-length ones, and no routing.
    void *arguments[SIMPLE_ARGUMENTS];
    point_at_arguments(closure, frame, arguments);
    closure->handler(closure->cif, result, arguments, closure->user_data);
}

static void dispatch_general(static_closure *closure, unsigned char *frame);

/// A call to a mock that expectations name, answered when one of its published list's keys
/// takes it (see impostor_expectation_keys.h): recorded and answered as from a stub key, the
/// key's tagged cell handed to the answer. 0 when the handler must decide. Out of line: mocks
/// without expectations never come here.
__attribute__((noinline)) static int dispatch_expected(static_closure *closure, impostor_fast_path *fast,
                                                       const impostor_expectation_list *list, unsigned char *frame,
                                                       unsigned char *result) {
    if (!list->answerable || impostor_needs_attention()) return 0;
    int64_t index;
    const impostor_stub_key *key = impostor_expectation_keys_take(list, frame, NULL, 0, &index);
    if (key == NULL) return 0;
    IMPOSTOR_WITH_EXPECTATION_INDEX(index, answer_from_key(closure, fast, key, frame, result));
    return 1;
}

/// The fast path of a mock that copies pointer memory or stands for an interposed symbol (see
/// impostor_captured_answers.h). Out of line: the other mocks' path keeps its frame.
__attribute__((noinline)) static int dispatch_captured(static_closure *closure, impostor_fast_path *fast,
                                                       unsigned char *frame, unsigned char *result) {
    // Both return registers of the route: 16 bytes of the frame.
    return impostor_answer_captured(fast, closure->fast_steps, 1, frame, NULL, result, 16, closure->answer,
                                    closure->user_data, frame, closure->argument_offsets);
}

/// Runs for every call: one pointer per argument, the handler, and the result routed to the
/// return registers. The layout was decided when the mock was made.
void impostor_static_dispatch(static_closure *closure, unsigned char *frame) {
    if (__builtin_expect(!closure->simple, 0)) {
        dispatch_general(closure, frame);
        return;
    }
    unsigned char *result = frame + closure->result_offset;
    impostor_fast_path *fast = closure->fast;
    if (fast != NULL && atomic_load_explicit(&fast->open, memory_order_acquire) && !impostor_needs_attention()) {
        if (__builtin_expect(fast->captures != NULL || fast->symbol >= 0, 0)) {
            if (!dispatch_captured(closure, fast, frame, result)) hand_to_handler(closure, frame, result);
            return;
        }
        const impostor_stub_key *key = impostor_stub_keys_match(&fast->keys, frame, NULL, 0);
        if (key != NULL) {
            answer_from_key(closure, fast, key, frame, result);
            return;
        }
        if (fast->nice) {
            // The whole of what the handler would do for a call nothing answers: a zero result
            // (both return registers of the route, 16 bytes of the frame) and the record.
            memset(result, 0, 16);
            record_answered(closure, fast, frame, result, impostor_next_stamp(), 0);
            return;
        }
    } else if (fast != NULL) {
        const impostor_expectation_list *list = atomic_load_explicit(&fast->expectations, memory_order_acquire);
        if (list != NULL && dispatch_expected(closure, fast, list, frame, result)) return;
    }
    hand_to_handler(closure, frame, result);
}

/// The layouts other than the simple one: arguments copied to scratch space or passed by
/// address, and results routed to other registers or returned through memory.
__attribute__((noinline)) static void dispatch_general(static_closure *closure, unsigned char *frame) {
    // One element at least: a zero-length array is undefined behaviour.
    void *arguments[closure->argument_count + 1];
    uint64_t scratch[2 * closure->copied_count + 2];
    uint64_t *next_copy = scratch;
    for (uint32_t index = 0; index < closure->argument_count; index++) {
        const argument_source *source = &closure->sources[index];
        switch (source->kind) {
        case SOURCE_IN_FRAME:
            arguments[index] = frame + source->first;
            break;
        case SOURCE_SPLIT:
            // Sound: both offsets name 8-byte register slots of the frame.
            memcpy(next_copy, frame + source->first, 8);
            memcpy(next_copy + 1, frame + source->second, 8);
            arguments[index] = next_copy;
            next_copy += 2;
            break;
        case SOURCE_GATHERED_FLOATS:
            // Sound: `second` (2 to 4) consecutive 8-byte vector slots from `first`, each float
            // in the low 4 bytes of its slot, into 16 bytes of scratch.
            for (uint32_t member = 0; member < source->second; member++) {
                memcpy((unsigned char *)next_copy + 4 * member, frame + source->first + 8 * member, 4);
            }
            arguments[index] = next_copy;
            next_copy += 2;
            break;
        case SOURCE_BY_ADDRESS:
            // Sound: the slot holds the address of the caller's copy of the struct, which
            // lives until the call returns.
            memcpy(&arguments[index], frame + source->first, sizeof(void *));
            break;
        }
    }
    switch (closure->route) {
    case RESULT_IN_FRAME:
        closure->handler(closure->cif, frame + closure->result_offset, arguments, closure->user_data);
        return;
    case RESULT_IN_MEMORY: {
        void *target;
        memcpy(&target, frame + FRAME_INDIRECT_RESULT, sizeof target);
#if defined(__x86_64__)
        // System V: the callee returns the buffer's address in rax.
        memcpy(frame + FRAME_RAX, &target, sizeof target);
#endif
        closure->handler(closure->cif, target, arguments, closure->user_data);
        return;
    }
    case RESULT_INTEGER_THEN_SSE:
    case RESULT_SSE_THEN_INTEGER: {
#if defined(__x86_64__)
        uint64_t result[2] = {0, 0};
        closure->handler(closure->cif, result, arguments, closure->user_data);
        int integer_first = closure->route == RESULT_INTEGER_THEN_SSE;
        memcpy(frame + (integer_first ? FRAME_RAX : FRAME_XMM0), &result[0], 8);
        memcpy(frame + (integer_first ? FRAME_XMM0 : FRAME_RAX), &result[1], 8);
#endif
        return;
    }
    case RESULT_SCATTERED_FLOATS: {
        // 2 to 4 floats: each to the low 4 bytes of its own d-register slot.
        uint64_t result[2] = {0, 0};
        closure->handler(closure->cif, result, arguments, closure->user_data);
        uint32_t members = (uint32_t)(closure->cif->rtype->size / 4);
        for (uint32_t member = 0; member < members && member < 4; member++) {
            memcpy(frame + FRAME_RESULT_VECTOR + 8 * member, (unsigned char *)result + 4 * member, 4);
        }
        return;
    }
    }
}

#endif
