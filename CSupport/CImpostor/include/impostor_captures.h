// What a call copies from the memory its pointer arguments point to, done by the record writer
// in C: the one place a record's captures are written, whether the call came through the Swift
// handler (which hands over what it copied for its matchers) or was answered by an entry point
// on its own (which copies by the mock's rules here, so that a callback that carries a buffer or
// a C string stays on the fast path).
//
// A capturing mock's record holds one descriptor per capturing parameter; the bytes live in the
// calling thread's lane, in a capture area of their own (see `impostor_lane`), written inside the
// append's busy span and published with the record. The rules are Swift's `CaptureRule`, decided
// once per mock; the reads never fault (impostor_guarded_read.h).
#ifndef IMPOSTOR_CAPTURES_H
#define IMPOSTOR_CAPTURES_H

#include <stdint.h>
#include <string.h>

#include "impostor_guarded_read.h"
#include "impostor_hot.h"
#include "impostor_records.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A rule's kinds (Swift's `CaptureRule` cases that copy something).
#define IMPOSTOR_CAPTURE_C_STRING 1
#define IMPOSTOR_CAPTURE_TEXT_UP_TO 2
#define IMPOSTOR_CAPTURE_BUFFER 3
#define IMPOSTOR_CAPTURE_BYTES 4

/// A descriptor's states: nothing read (a matcher's placeholder), a NULL pointer, bytes copied,
/// memory that could not be read.
#define IMPOSTOR_CAPTURE_NOT_READ 0
#define IMPOSTOR_CAPTURE_NULL 1
#define IMPOSTOR_CAPTURE_MEMORY 2
#define IMPOSTOR_CAPTURE_UNREADABLE 3

/// The most bytes one capture copies (Swift's `PointerCapture.limit`).
#define IMPOSTOR_CAPTURE_LIMIT ((uint64_t)1 << 20)
/// Copies up to this many bytes go by aligned blocks (`impostor_guarded_copy_blocks`), text
/// up to this long in one pass (`impostor_guarded_copy_text`).
#define IMPOSTOR_CAPTURE_BLOCKS 1024

/// The first address past user memory: a pointer at or above it is never read, and no buffer
/// may reach past it (Swift's `CaptureRule.userSpaceEnd`).
#if defined(__x86_64__)
#define IMPOSTOR_USER_SPACE_END ((uint64_t)1 << 47)
#else
#define IMPOSTOR_USER_SPACE_END ((uint64_t)1 << 48)
#endif

/// An integer argument that gives a length: its index, size in bytes, and signedness.
typedef struct impostor_capture_length {
    uint32_t argument;
    uint32_t size;
    uint32_t is_signed;
    /// 1 when the rule has this length (a buffer's second factor is optional).
    uint32_t present;
} impostor_capture_length;

/// How one pointer parameter's memory is copied.
typedef struct impostor_capture_rule {
    uint32_t argument;
    uint32_t kind;
    /// The length of `TEXT_UP_TO`, the element count of `BUFFER`.
    impostor_capture_length count;
    /// The second factor of a `BUFFER` (`fwrite`'s size × nmemb).
    impostor_capture_length times;
    /// A `BUFFER`'s element size, or the byte count of `BYTES`.
    uint64_t size;
} impostor_capture_rule;

/// One capture in a record: 24 bytes.
typedef struct impostor_capture_descriptor {
    /// `MEMORY`: the copied bytes (in the lane's capture area, or, handed to the writer, the
    /// handler's own copy); `UNREADABLE`: the pointer.
    uint64_t data;
    /// How many bytes the caller handed over (more than `copied` when the copy was cut at the
    /// limit).
    uint64_t handed_over;
    uint32_t copied;
    uint32_t state;
} impostor_capture_descriptor;

/// A mock's rules, one per capturing parameter in order, and where their descriptors go in
/// each record (after the result's 8 bytes, so that closing a call never writes over them).
typedef struct impostor_capture_plan {
    uint32_t count;
    uint32_t descriptors_offset;
    impostor_capture_rule rules[];
} impostor_capture_plan;

/// New rules for `count` parameters (fill `rules`), or NULL when out of memory. Never freed
/// while calls can arrive: a mock keeps them as long as its records.
impostor_capture_plan *_Nullable impostor_capture_plan_create(uint32_t count, uint32_t descriptors_offset);
void impostor_capture_plan_destroy(impostor_capture_plan *_Nullable plan);
/// Empties the lane's capture area, keeping its chunks for reuse (a clear).
void impostor_lane_rewind_captures(impostor_lane *_Nonnull lane);
/// Frees the lane's capture area (a release, or the records' end).
void impostor_lane_free_captures(impostor_lane *_Nonnull lane);
/// Sets rule `index` (below the plan's count), before the plan is handed to an entry point.
void impostor_capture_plan_set_rule(impostor_capture_plan *_Nonnull plan, uint32_t index, impostor_capture_rule rule);

/// Where argument `index`'s value is: the dispatcher's frame slot (8 readable bytes) when
/// `from_frame`, else libffi's pointer to a value of the argument's size.
#define IMPOSTOR_ARGUMENT_AT(index)                                                                                    \
    (from_frame ? (const void *)(frame + steps[(index)].source) : (const void *)arguments[(index)])

/// A length argument's value, 0 when negative, clamped to INT64_MAX (Swift's
/// `LengthArgument.value`).
static inline __attribute__((always_inline)) int64_t impostor_capture_length_value(const void *_Nonnull at,
                                                                                    const impostor_capture_length *_Nonnull length) {
    int64_t value;
    switch (length->size) {
    case 1: value = length->is_signed ? (int64_t)*(const int8_t *)at : (int64_t)*(const uint8_t *)at; break;
    case 2: {
        uint16_t bits;
        memcpy(&bits, at, 2);
        value = length->is_signed ? (int64_t)(int16_t)bits : (int64_t)bits;
        break;
    }
    case 4: {
        uint32_t bits;
        memcpy(&bits, at, 4);
        value = length->is_signed ? (int64_t)(int32_t)bits : (int64_t)bits;
        break;
    }
    default: {
        uint64_t bits;
        memcpy(&bits, at, 8);
        value = length->is_signed ? (int64_t)bits : (bits > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)bits);
        break;
    }
    }
    return value < 0 ? 0 : value;
}

/// Makes the lane's capture area hold at least `bytes` more: the next chunk of its list when it
/// is large enough, else a new one linked in before it. 0 when memory ran out (the capture is
/// then recorded as unreadable). Out of line: once per chunk. Inside the owner's busy span.
int impostor_lane_grow_captures(impostor_lane *_Nonnull lane, size_t bytes);

/// Room for `bytes` in the lane's capture area, or NULL when memory ran out.
static inline __attribute__((always_inline)) unsigned char *_Nullable impostor_capture_room(impostor_lane *_Nonnull lane,
                                                                                             size_t bytes) {
    if (__builtin_expect(lane->capture_free < bytes, 0) && !impostor_lane_grow_captures(lane, bytes)) return NULL;
    return lane->capture_next;
}

/// Keeps the `bytes` just written at `impostor_capture_room`.
static inline __attribute__((always_inline)) void impostor_capture_keep(impostor_lane *_Nonnull lane, size_t bytes) {
    // 8-byte steps keep every capture's start aligned.
    size_t step = (bytes + 7) & ~(size_t)7;
    if (step > lane->capture_free) step = lane->capture_free;
    lane->capture_next += step;
    lane->capture_free -= step;
}

/// Copies `count` bytes at `source` into the lane's capture area; 0 when a byte could not be
/// read (or memory ran out), and nothing is kept.
static inline __attribute__((always_inline)) int impostor_capture_copy(impostor_lane *_Nonnull lane,
                                                                       const void *_Nonnull source, size_t count,
                                                                       impostor_capture_descriptor *_Nonnull out) {
    out->state = IMPOSTOR_CAPTURE_MEMORY;
    out->copied = (uint32_t)count;
    if (count == 0) {
        out->data = 0;
        return 1;
    }
    if (count <= IMPOSTOR_CAPTURE_BLOCKS) {
        // Short copies by aligned blocks, with the 16 bytes of room on either side they need.
        unsigned char *room = impostor_capture_room(lane, count + 32);
        if (room == NULL) return 0;
        // Sound: the room holds `count` + 32 bytes and the copy writes from 16 before `room` + 16
        // to 16 after its `count` bytes; it reads only the blocks holding the source's bytes, and
        // survives a page that cannot be read.
        if (impostor_guarded_copy_blocks(room + 16, source, count) != 0) return 0;
        impostor_capture_keep(lane, count + 32);
        out->data = (uint64_t)(uintptr_t)(room + 16);
        return 1;
    }
    unsigned char *room = impostor_capture_room(lane, count);
    if (room == NULL) return 0;
    // Sound: the room holds `count` bytes; the reader reads at most `count` bytes at `source`
    // and survives a page that cannot be read.
    if (impostor_guarded_copy(room, source, count) != 0) return 0;
    impostor_capture_keep(lane, count);
    out->data = (uint64_t)(uintptr_t)room;
    return 1;
}

/// Copies the text at `text`, at most `bound` bytes and its NUL when one comes first, into the
/// lane's capture area in one pass while it looks for the NUL (within a first window; text
/// longer than that is measured, then copied). 0 when a byte could not be read (or memory ran
/// out), and nothing is kept; else `out` holds the copy and `*length` the text's length (as
/// strnlen's, at most `bound`).
static inline __attribute__((always_inline)) int impostor_capture_text(impostor_lane *_Nonnull lane,
                                                                       const char *_Nonnull text, size_t bound,
                                                                       size_t *_Nonnull length,
                                                                       impostor_capture_descriptor *_Nonnull out) {
    size_t window = bound < IMPOSTOR_CAPTURE_BLOCKS ? bound : IMPOSTOR_CAPTURE_BLOCKS;
    unsigned char *room = impostor_capture_room(lane, window + 32);
    if (room == NULL) return 0;
    // Sound: the room holds `window` + 32 bytes, and the scan writes from 16 bytes before
    // `room` + 16 to 16 after its `window` bytes; it reads nothing past the NUL or the window
    // (beyond the 16-byte blocks they lie in, which share their page).
    size_t found = window == 0 ? 0 : impostor_guarded_copy_text(room + 16, text, window);
    if (found == SIZE_MAX) return 0;
    if (found < window || window == bound) {
        size_t count = found < bound ? found + 1 : bound;
        impostor_capture_keep(lane, count + 32);
        out->state = IMPOSTOR_CAPTURE_MEMORY;
        out->copied = (uint32_t)count;
        out->data = count == 0 ? 0 : (uint64_t)(uintptr_t)(room + 16);
        *length = found;
        return 1;
    }
    // Longer than the window: its length, then its bytes.
    size_t scanned = impostor_guarded_strnlen(text, bound);
    if (scanned == SIZE_MAX) return 0;
    *length = scanned;
    return impostor_capture_copy(lane, text, scanned < bound ? scanned + 1 : bound, out);
}

/// Applies one rule to a call: the pointer argument's memory, copied into the lane's capture
/// area and described in `out`. What Swift's `CaptureRule.capture` and `CapturePlan.capture`
/// do, read for read: a NULL pointer is `NULL`; a pointer that cannot point into user memory,
/// memory that cannot be read before the NUL or the buffer's end, and a length that runs past
/// user memory are `UNREADABLE`; text keeps its NUL, and is cut at the limit.
IMPOSTOR_HOT void impostor_capture_apply(impostor_lane *_Nonnull lane, const impostor_capture_rule *_Nonnull rule,
                                         const void *_Nonnull pointer_at, const void *_Nullable count_at,
                                         const void *_Nullable times_at, impostor_capture_descriptor *_Nonnull out) {
    uint64_t address;
    memcpy(&address, pointer_at, 8);
    out->data = address;
    out->handed_over = 0;
    out->copied = 0;
    if (address == 0) {
        out->state = IMPOSTOR_CAPTURE_NULL;
        return;
    }
    out->state = IMPOSTOR_CAPTURE_UNREADABLE;
    // A small integer, a matcher's placeholder or a kernel address is never dereferenced.
    if (address < 4096 || address >= IMPOSTOR_USER_SPACE_END) return;
    const void *pointer = (const void *)(uintptr_t)address;
    if (rule->kind == IMPOSTOR_CAPTURE_C_STRING || rule->kind == IMPOSTOR_CAPTURE_TEXT_UP_TO) {
        // A C string (the copy keeps its NUL) or text bounded by a length argument, which only
        // bounds the copy: a length no process could own is no reason to refuse text.
        uint64_t bound = IMPOSTOR_CAPTURE_LIMIT;
        uint64_t length = 0;
        if (rule->kind == IMPOSTOR_CAPTURE_TEXT_UP_TO) {
            length = (uint64_t)impostor_capture_length_value(count_at, &rule->count);
            if (length < bound) bound = length;
        }
        size_t scanned;
        if (!impostor_capture_text(lane, (const char *)pointer, bound, &scanned, out)) {
            out->data = address;
            out->state = IMPOSTOR_CAPTURE_UNREADABLE;
            return;
        }
        size_t count = out->copied;
        const unsigned char *copy = (const unsigned char *)(uintptr_t)out->data;
        int ends_in_nul = count > 0 && copy[count - 1] == 0;
        uint64_t cut = rule->kind == IMPOSTOR_CAPTURE_C_STRING
                           ? IMPOSTOR_CAPTURE_LIMIT + 1
                           : (length < IMPOSTOR_CAPTURE_LIMIT + 1 ? length : IMPOSTOR_CAPTURE_LIMIT + 1);
        out->handed_over = ends_in_nul ? count : cut;
        return;
    }
    uint64_t handed_over;
    int overflow = 0;
    if (rule->kind == IMPOSTOR_CAPTURE_BUFFER) {
        int64_t elements = impostor_capture_length_value(count_at, &rule->count);
        if (rule->times.present) {
            overflow |= __builtin_mul_overflow(elements, impostor_capture_length_value(times_at, &rule->times), &elements);
        }
        int64_t total;
        overflow |= __builtin_mul_overflow(elements, (int64_t)rule->size, &total);
        handed_over = overflow ? (uint64_t)INT64_MAX : (uint64_t)total;
    } else {
        handed_over = rule->size;
    }
    // A length that would run past the end of user memory is one no caller can have handed over
    // (a garbage or misread length): refused before anything is read.
    uint64_t end;
    if (__builtin_add_overflow(address, handed_over, &end) || end > IMPOSTOR_USER_SPACE_END) return;
    size_t count = (size_t)(handed_over < IMPOSTOR_CAPTURE_LIMIT ? handed_over : IMPOSTOR_CAPTURE_LIMIT);
    if (!impostor_capture_copy(lane, pointer, count, out)) {
        out->data = address;
        out->state = IMPOSTOR_CAPTURE_UNREADABLE;
        return;
    }
    out->handed_over = handed_over;
}

/// Copies a capture the handler made (`given`, whose `data` points at its own bytes) into the
/// lane's capture area, described in `out`.
IMPOSTOR_HOT void impostor_capture_keep_given(impostor_lane *_Nonnull lane,
                                              const impostor_capture_descriptor *_Nonnull given,
                                              impostor_capture_descriptor *_Nonnull out) {
    *out = *given;
    if (given->state != IMPOSTOR_CAPTURE_MEMORY || given->copied == 0) return;
    unsigned char *room = impostor_capture_room(lane, given->copied);
    if (room == NULL) {
        // Out of memory: the bytes are lost, which the record says rather than hold a pointer
        // into the handler's copy.
        out->state = IMPOSTOR_CAPTURE_NOT_READ;
        out->copied = 0;
        return;
    }
    // Sound: the handler's copy holds `copied` bytes, and the room as many.
    memcpy(room, (const void *)(uintptr_t)given->data, given->copied);
    impostor_capture_keep(lane, given->copied);
    out->data = (uint64_t)(uintptr_t)room;
}

#ifdef __cplusplus
}
#endif

#endif
