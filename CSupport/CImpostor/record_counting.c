// Counting records where they lie (see impostor_record_counting.h).

#include "impostor_record_counting.h"

#include <stdlib.h>
#include <string.h>

/// The `size` bytes at `offset` in the record, zero-extended. Exactly `size` bytes: the bytes
/// after a value in its slot may be garbage (a static trampoline writes values as 8 bytes), and
/// past the arguments lies the result, which the writer of an open call may still be writing.
static inline __attribute__((always_inline)) uint64_t record_bits(const unsigned char *record,
                                                                  const impostor_record_test *test) {
    switch (test->size) {
    case 1: return record[test->offset];
    case 2: { uint16_t bits; memcpy(&bits, record + test->offset, 2); return bits; }
    case 4: { uint32_t bits; memcpy(&bits, record + test->offset, 4); return bits; }
    default: { uint64_t bits; memcpy(&bits, record + test->offset, 8); return bits; }
    }
}

/// Whether the record holds every test. `count` is a constant in each of the walks below, so
/// that the usual patterns (no literal, one, two) test without a loop.
static inline __attribute__((always_inline)) int record_holds(const unsigned char *record,
                                                              const impostor_record_test *tests, uint32_t count) {
    for (uint32_t index = 0; index < count; index++) {
        if (record_bits(record, &tests[index]) != tests[index].bits) return 0;
    }
    return 1;
}

/// The first record of `lane` after its hidden ones (the lane's `base`), the chunk it is in and
/// how many records that chunk has from it on: whole chunks are skipped first, then the rest of
/// the chunk the hidden records end in. Only for a lane with a record after them, so that no
/// link the count does not cover is followed.
static unsigned char *first_visible(impostor_records *records, impostor_lane *lane, impostor_chunk **chunk,
                                    size_t *left_in_chunk) {
    size_t skip = lane->base;
    impostor_chunk *current = lane->first_chunk;
    while (skip >= current->capacity) {
        skip -= current->capacity;
        current = current->next;
    }
    *chunk = current;
    *left_in_chunk = current->capacity - skip;
    return (unsigned char *)(current + 1) + skip * records->stride;
}

/// Walks `counted->counts[lane]` records of each lane and counts those that hold every test,
/// marking them verified when `mark` is set; `test_count` (the tests' number) and `mark` are
/// constants where it is inlined.
static inline __attribute__((always_inline)) size_t walk(impostor_records *records,
                                                         const impostor_counted_records *counted, uint32_t test_count,
                                                         int mark) {
    const impostor_record_test *tests = counted->tests;
    size_t matching = 0;
    size_t stride = records->stride;
    impostor_lane *lane = counted->head;
    for (size_t index = 0; index < counted->lane_total; index++, lane = lane->next_lane) {
        size_t left = counted->counts[index];
        if (left == 0) continue;
        impostor_chunk *chunk;
        size_t in_chunk;
        unsigned char *record = first_visible(records, lane, &chunk, &in_chunk);
        for (;;) {
            size_t run = in_chunk < left ? in_chunk : left;
            for (size_t i = 0; i < run; i++, record += stride) {
                if (!record_holds(record, tests, test_count)) continue;
                matching++;
                // A record marked already is not written again, so that verifying calls again
                // leaves their cache lines clean.
                unsigned char *flags = record + IMPOSTOR_RECORD_FLAGS_BYTE;
                if (mark && !(*flags & IMPOSTOR_RECORD_VERIFIED)) *flags |= IMPOSTOR_RECORD_VERIFIED;
            }
            left -= run;
            if (left == 0) break;
            // Only follow a link the count covers: the owner may be writing the next one.
            chunk = chunk->next;
            record = (unsigned char *)(chunk + 1);
            in_chunk = chunk->capacity;
        }
    }
    return matching;
}

/// `walk` with the usual patterns (no literal, one, two) made without a loop over the tests.
static size_t walk_counted(impostor_records *records, const impostor_counted_records *counted, int mark) {
    switch (counted->test_count * 2 + (mark != 0)) {
    case 0: return walk(records, counted, 0, 0);
    case 1: return walk(records, counted, 0, 1);
    case 2: return walk(records, counted, 1, 0);
    case 3: return walk(records, counted, 1, 1);
    case 4: return walk(records, counted, 2, 0);
    case 5: return walk(records, counted, 2, 1);
    default: return mark ? walk(records, counted, counted->test_count, 1) : walk(records, counted, counted->test_count, 0);
    }
}

size_t impostor_records_count_matching(impostor_records *records, const impostor_record_test *tests, uint32_t test_count,
                                       impostor_counted_records *counted) {
    // Each lane's count is read once, here: a call published after it is neither counted nor
    // marked, and the count and the marks cover exactly the same records. A lane added later
    // goes before `head`, out of the walk.
    impostor_lane *head = impostor_records_first_lane(records);
    size_t lanes = 0;
    for (impostor_lane *lane = head; lane != NULL; lane = lane->next_lane) lanes++;
    counted->head = head;
    counted->lane_total = 0;
    counted->tests = tests;
    counted->test_count = test_count;
    counted->counts = lanes == 0 ? NULL : malloc(lanes * sizeof(size_t));
    if (lanes > 0 && counted->counts == NULL) return SIZE_MAX;
    counted->lane_total = lanes;
    size_t index = 0;
    for (impostor_lane *lane = head; lane != NULL; lane = lane->next_lane, index++) {
        counted->counts[index] = impostor_lane_count(lane);
    }
    return walk_counted(records, counted, 0);
}

void impostor_records_finish_count(impostor_records *records, impostor_counted_records *counted, int mark) {
    if (mark) (void)walk_counted(records, counted, 1);
    free(counted->counts);
    counted->counts = NULL;
    counted->lane_total = 0;
}
