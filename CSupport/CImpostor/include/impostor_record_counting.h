// Counting a mock's call records where they lie, for a verify whose pattern is `any()` and
// literals of 1, 2, 4 or 8 bytes: no record is copied out (see InvocationStore+Counting). A
// reader's work, under the records' lock (`impostor_records.h`), with the caller keeping clears
// out; the writer's path is untouched.
#ifndef IMPOSTOR_RECORD_COUNTING_H
#define IMPOSTOR_RECORD_COUNTING_H

#include <stddef.h>
#include <stdint.h>

#include "impostor_records.h"

#ifdef __cplusplus
extern "C" {
#endif

/// One literal a record must hold: the `size` bytes (1, 2, 4 or 8) at `offset` in the record,
/// read as a little-endian number, equal `bits`. Exactly `size` bytes are read: a static
/// trampoline's writer copies values as 8 bytes, so the bytes after a value may be anything.
typedef struct impostor_record_test {
    uint32_t offset;
    uint32_t size;
    uint64_t bits;
} impostor_record_test;

/// The records `impostor_records_count_matching` counted, for `impostor_records_finish_count`
/// to mark. Caller-owned.
typedef struct impostor_counted_records {
    /// The newest lane when counting began; the walk went from it down, so lanes added later
    /// (which come before it in the list) are left out.
    impostor_lane *_Nullable head;
    /// How many lanes were walked, and each one's count when the count began (after its hidden
    /// records): the records counted, a call published later excluded.
    size_t lane_total;
    size_t *_Nullable counts;
    /// The tests counted, which must stay valid until the count is finished.
    const impostor_record_test *_Nullable tests;
    uint32_t test_count;
} impostor_counted_records;

/// Counts the published records that hold every one of `tests` (none: every record), without
/// copying them, and remembers in `counted` which records it looked at, so that
/// `impostor_records_finish_count` can mark exactly the ones it counted. Hidden records (a
/// clear's `base`) are skipped; nested lanes are counted like any other. Under the lock, which
/// must stay held until `impostor_records_finish_count`, with no clear able to run (the
/// caller's own lock keeps clears out). Returns the count, or SIZE_MAX when memory ran out
/// (`counted` still needs finishing).
size_t impostor_records_count_matching(impostor_records *_Nonnull records, const impostor_record_test *_Nullable tests,
                                       uint32_t test_count, impostor_counted_records *_Nonnull counted);
/// Marks verified the records `impostor_records_count_matching` counted (`mark` 1; a call
/// published since is left alone), or nothing (0), and frees what `counted` holds. Under the
/// same hold of the lock.
void impostor_records_finish_count(impostor_records *_Nonnull records, impostor_counted_records *_Nonnull counted, int mark);

#ifdef __cplusplus
}
#endif

#endif
