// Probes into Impostor's C layers for Impostor's own tests, so that no test imports a production
// module (CImpostor, CImpostorInterpose). Each is defined in that layer, except the one
// probes.c defines here over it. Those that a production header also declares, for Impostor
// itself or the benchmarks, are repeated here as they are there; probes.c includes this header
// with those, so that a declaration here that drifts from its original does not compile.
#ifndef CT_PROBES_H
#define CT_PROBES_H

#include <stddef.h>
#include <stdint.h>

// MARK: - CImpostor: static trampolines (static_code_page.c)
//
// The first four are declared here only, so that no production header carries them.

/// True when `code` is a static trampoline whose dispatcher records a call no stub key answers
/// itself right now: it reads quiet-call settings, they are open, and the mock is nice (for
/// tests). Reads the context through the stub's data word, so `code` must be a trampoline's
/// entry point or another address whose page is readable.
int impostor_static_trampoline_records_on_fast_path(const void *_Nonnull code);

/// How many lanes the records of the static trampoline at `code` have (one per thread that
/// recorded, less those taken over from threads that ended); -1 when its dispatcher records
/// no call itself (for tests; `code` as above).
int impostor_static_trampoline_lanes(const void *_Nonnull code);

/// How many live stub keys the static trampoline at `code` checks itself right now; -1 when it
/// checks none because every call goes to the handler (for tests; `code` as above).
int impostor_static_trampoline_live_keys(const void *_Nonnull code);

/// How many code pages of static trampolines this process has mapped (for tests).
unsigned long impostor_static_trampoline_pages(void);

/// NULL when static trampolines can be made in this process; otherwise why not (as
/// impostor_static_trampolines.h declares it).
const char *_Nullable impostor_static_trampolines_unavailable(void);

// MARK: - CImpostor: call records (record_memory.c)

/// Bytes of record chunks mapped now (as impostor_records.h declares it).
size_t impostor_records_mapped_bytes(void);
/// Bytes mapped for lanes so far (as impostor_records.h declares it).
size_t impostor_records_lane_bytes(void);

// MARK: - CImpostor: guarded reads (guarded_read.c)
//
// The readers Impostor copies a caller's memory with, called directly (as
// impostor_guarded_read.h declares them, where what each returns is described).

void impostor_guarded_read_prepare(void);
size_t impostor_guarded_copy(void *_Nonnull destination, const void *_Nonnull source, size_t count);
size_t impostor_guarded_strnlen(const char *_Nonnull text, size_t max);
size_t impostor_guarded_copy_text(void *_Nonnull destination, const char *_Nonnull text, size_t max);
int impostor_guarded_copy_blocks(void *_Nonnull destination, const void *_Nonnull source, size_t count);

// MARK: - CImpostorInterpose: GOT slots (got_scan.c, got_patch.c)
//
// As CImpostorInterpose.h declares them.

/// Makes the next `count` page-protection changes made on this thread fail with `error` (a test
/// hook: the refusal path, on a machine where `mprotect` never refuses).
void impostor_got_fail_next_protection_changes(int count, int error);

/// Makes the next swap of `slot` on this thread (by `impostor_got_swap`, as an interposition
/// makes it) first store `value` into the slot, as a second party would between Impostor's scan
/// and its swap (a test hook: the changed-slot retry, made deterministic). NULL `slot`: none.
void impostor_got_rewrite_before_next_swap(void *_Nullable *_Nullable slot, void *_Nullable value);

/// The load bias of the object containing `address`, or UINTPTR_MAX when none does; its name
/// in `*name` when `name` is not NULL.
uintptr_t impostor_got_object_base(const void *_Nullable address, const char *_Nullable *_Nullable name);

/// The load bias of the main executable.
uintptr_t impostor_got_executable_base(void);

/// Replaces the value of `slot` with `desired` if it still holds `expected`, making a read-only
/// slot's page writable for the store. 0 on success, -1 (and the value found in `*found`) when
/// the slot held something else, -2 when its object is gone or still being relocated, or the
/// errno `mprotect` failed with.
int impostor_got_swap(void *_Nullable *_Nonnull slot, void *_Nullable expected,
                      void *_Nullable desired, void *_Nullable *_Nonnull found);

/// Claims the current thread for the test whose identity `owner` is (NULL: no test), as
/// `Mockery.withCurrent` does; a prologue for C threads that stand in for a test's.
void impostor_got_set_thread_owner(const void *_Nullable owner);

/// One GOT slot as CImpostorInterpose's scan reports it, with the fields the tests read.
typedef struct ct_got_slot {
    /// The slot itself.
    void *_Nullable *_Nonnull address;
    /// What the slot held when it was scanned.
    void *_Nullable value;
    /// Non-zero when the slot lies on a read-only (RELRO) page.
    int32_t read_only;
} ct_got_slot;

/// The main executable's GOT slots for `symbol`, as Impostor's own scan finds them: writes up
/// to `capacity` of them (at most CT_GOT_SLOTS_MAX) to `slots` and returns how many there are
/// (defined in probes.c).
#define CT_GOT_SLOTS_MAX 64
size_t ct_main_executable_got_slots(const char *_Nonnull symbol, ct_got_slot *_Nullable slots, size_t capacity);

/// Whether Impostor's scan reports the first GOT slot of `symbol` in `library` as lazy (still
/// holding a PLT entry): 1 or 0, writing what the slot holds to `*value`; -1 when it has none
/// (defined in probes.c).
int ct_library_got_slot_lazy(const char *_Nonnull library, const char *_Nonnull symbol, const void *_Nullable *_Nonnull value);

/// How many calls the entry points answered from expectation keys on this thread: a test reads
/// it before and after a call to tell whether the entry point or the handler took the call
/// (defined in probes.c).
uint64_t ct_expectation_keys_taken(void);

#endif
