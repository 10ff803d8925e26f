// CImpostor: the small C layer under Impostor.
//
// Swift cannot touch libffi's closure API or its type globals directly in Swift 6 (mutable C
// globals are rejected as unsafe shared state), and it has no `_Thread_local` and no hook at a
// thread's end. This header gives Swift exactly those things; `impostor_records.h` adds the
// lock-free call records, `impostor_monitor.h` the expectations' monitor,
// `impostor_static_trampolines.h` the entry points that take the place of libffi's closures on
// Linux x86-64, `impostor_stub_keys.h` the stubs their dispatcher matches itself and
// `impostor_guarded_read.h` the reads of a caller's memory that cannot fault.
#ifndef CIMPOSTOR_H
#define CIMPOSTOR_H

#include <ffi.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// For the few helpers every mock call runs: Swift compiles imported `static inline` bodies
/// without optimization and calls them out of line unless told to inline them.
#define IMPOSTOR_HOT static inline __attribute__((always_inline))

/// For a body an entry point runs before or after the stub's answer (recording the call, closing
/// its record): inlined like IMPOSTOR_HOT when optimizing, out of line at -O0 (a debug build of
/// the package). At -O0 every inlined body keeps stack slots of its own, and the entry point's
/// frame, with the records' copies in it, stays on the stack while the answer runs: 2.6 KB of
/// each level of a stub that calls its own mock, where optimized code takes about 100 bytes.
#ifdef __OPTIMIZE__
#define IMPOSTOR_HOT_AROUND_ANSWER IMPOSTOR_HOT
#else
#define IMPOSTOR_HOT_AROUND_ANSWER static __attribute__((noinline))
#endif

#include "impostor_guarded_read.h"
#include "impostor_monitor.h"
#include "impostor_records.h"
#include "impostor_static_trampolines.h"
#include "impostor_stub_keys.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Closures

/// The handler libffi calls for every call through a closure.
typedef void (*impostor_closure_handler)(ffi_cif *_Nonnull cif, void *_Nullable result,
                                         void *_Nullable *_Nullable arguments,
                                         void *_Nullable user_data);

/// Allocates a closure and writes its executable entry point to `*code`; callers must call
/// through `*code`, never through the closure's writable address. NULL when out of memory.
void *_Nullable impostor_closure_allocate(void *_Nullable *_Nonnull code);

/// Prepares (or re-points) a closure to call `handler` with `user_data` for calls of `cif`.
/// Returns FFI_OK (0) on success.
int impostor_closure_prepare(void *_Nonnull closure, ffi_cif *_Nonnull cif,
                             impostor_closure_handler _Nonnull handler, void *_Nullable user_data,
                             void *_Nonnull code);

struct impostor_quiet_calls;

/// Prepares a closure for calls of `cif` that answers them as a static trampoline's dispatcher
/// does, through libffi's argument pointers: while `quiet->open` is set and no prototype or
/// leftover matcher concerns the calling thread, the newest stub key that matches runs through
/// `answer`, and a call none matches is answered with `result_write_size` zero bytes if the
/// mock is nice; the call is then recorded. Every other call goes to `handler`. `quiet` must
/// live as long as calls can arrive; its context is never freed. Returns FFI_OK (0) on success.
int impostor_closure_prepare_answering(void *_Nonnull closure, ffi_cif *_Nonnull cif,
                                       impostor_closure_handler _Nonnull handler,
                                       impostor_static_answer _Nonnull answer, void *_Nullable user_data,
                                       struct impostor_quiet_calls *_Nonnull quiet, uint32_t result_write_size,
                                       void *_Nonnull code);

/// Frees a closure made by `impostor_closure_allocate` (only when preparing it failed:
/// a prepared closure may still be called by C code, so mocks never free theirs).
void impostor_closure_free(void *_Nullable closure);

// MARK: Call interfaces and types

/// Prepares `cif` for the default ABI. Returns FFI_OK (0) on success.
int impostor_prep_cif(ffi_cif *_Nonnull cif, unsigned argument_count, ffi_type *_Nonnull result,
                      ffi_type *_Nullable *_Nullable arguments);

/// Lays out a struct type (filling its size and alignment) and writes its element offsets.
int impostor_struct_offsets(ffi_type *_Nonnull type, size_t *_Nullable offsets);

/// libffi's built-in scalar types. Accessors, because Swift 6 rejects mutable C globals.
ffi_type *_Nonnull impostor_type_void(void);
ffi_type *_Nonnull impostor_type_uint8(void);
ffi_type *_Nonnull impostor_type_sint8(void);
ffi_type *_Nonnull impostor_type_uint16(void);
ffi_type *_Nonnull impostor_type_sint16(void);
ffi_type *_Nonnull impostor_type_uint32(void);
ffi_type *_Nonnull impostor_type_sint32(void);
ffi_type *_Nonnull impostor_type_uint64(void);
ffi_type *_Nonnull impostor_type_sint64(void);
ffi_type *_Nonnull impostor_type_float(void);
ffi_type *_Nonnull impostor_type_double(void);
ffi_type *_Nonnull impostor_type_longdouble(void);
ffi_type *_Nonnull impostor_type_pointer(void);

/// The value of FFI_TYPE_STRUCT, for building struct types.
static inline unsigned short impostor_struct_type_code(void) { return FFI_TYPE_STRUCT; }

// MARK: Thread-local recording state

/// Per-thread state for stubbing and verification. A prototype call (`stub(add(1, 2))`) runs
/// synchronously on the thread that stubs, so thread-local state is exactly the right scope,
/// and reading it through a static inline accessor costs about a nanosecond per call.
typedef struct impostor_thread_state {
    /// Non-zero while this thread evaluates a stub or verify prototype.
    int32_t recording;
    /// Number of matchers pushed on this thread and not yet consumed.
    int32_t pending_matchers;
    /// The Swift recorder of the current prototype (unretained; valid while `recording`).
    void *_Nullable recorder;
    /// This thread's matcher stack (a retained Swift object, created on first use, handed to
    /// the handler of `impostor_on_thread_end` when the thread ends).
    void *_Nullable matcher_stack;
    /// Where failures raised while a stub answers a call on this thread wait: the failure
    /// store of the mock's Mockery (unretained; valid while the answer runs). Read it through
    /// `impostor_answering_failures`, which knows when the answer was left by `longjmp`.
    void *_Nullable answering_failures;
    /// The frame address of the entry point whose answer set `answering_failures`: code that
    /// runs inside the answer has deeper frames (lower addresses), so code whose frame is not
    /// below it runs after an answer that never restored the field (left by `longjmp`).
    uintptr_t answering_stack;
    /// Non-zero while mocks made on this thread must be libffi closures (the benchmarks
    /// measure both kinds of entry point in one run).
    int32_t libffi_only;
} impostor_thread_state;

extern _Thread_local impostor_thread_state impostor_thread_state_storage;

/// This thread's recording state.
static inline impostor_thread_state *_Nonnull impostor_current_thread_state(void) {
    return &impostor_thread_state_storage;
}

/// Runs on a thread that is ending, with what it passed to `impostor_on_thread_end`.
typedef void (*impostor_thread_end_handler)(void *_Nonnull value);

/// Arranges for `handler(value)` to run when the calling thread ends (from a pthread key's
/// destructor, while its thread-local state is still there): a matcher left over on a thread
/// is otherwise reported the next time Impostor is used there, which never comes once the
/// thread ends. Once per thread; every call must pass the same handler. Returns 0 on success.
/// Not run for the main thread, which ends with the process.
int impostor_on_thread_end(void *_Nonnull value, impostor_thread_end_handler _Nonnull handler);

/// What a stub's answer on this thread replaced, put back when it returns.
typedef struct impostor_answering {
    void *_Nullable failures;
    uintptr_t stack;
} impostor_answering;

/// Sends failures raised on this thread to `failures` while a stub answers, from an entry point
/// (or the handler) whose frame is at `stack`; returns what it replaced, for
/// `impostor_end_answering`.
static inline impostor_answering impostor_begin_answering(void *_Nullable failures, uintptr_t stack) {
    impostor_thread_state *state = &impostor_thread_state_storage;
    impostor_answering previous = {state->answering_failures, state->answering_stack};
    state->answering_failures = failures;
    state->answering_stack = stack;
    return previous;
}

static inline void impostor_end_answering(impostor_answering previous) {
    impostor_thread_state *state = &impostor_thread_state_storage;
    state->answering_failures = previous.failures;
    state->answering_stack = previous.stack;
}

/// The address of this function's own frame, for Swift code that calls
/// `impostor_begin_answering`: one level below the caller's frame, so the frames of the answer
/// the caller runs next (its callees' callees) are below it.
uintptr_t impostor_frame_address(void);

/// The failure store of the stub answering a call on this thread, or NULL: NULL as well when
/// the answer that set it never returned (a block left with `longjmp`, so the field was never
/// put back) and the caller runs outside it. Out of line, so that its own frame is below every
/// frame of the code that asks.
void *_Nullable impostor_answering_failures(void);

/// True while this thread evaluates a prototype.
static inline int impostor_is_recording(void) { return impostor_thread_state_storage.recording != 0; }

/// True when this thread evaluates a prototype or has matchers waiting: the one check every
/// mock call makes (one load of the two adjacent 32-bit fields).
IMPOSTOR_HOT int impostor_needs_attention(void) {
    // Both fields at once, as one 8-byte load: only this thread writes them.
    _Static_assert(offsetof(impostor_thread_state, pending_matchers) == offsetof(impostor_thread_state, recording) + 4,
                   "recording and pending_matchers are read as one 8-byte value");
    uint64_t both;
    memcpy(&both, &impostor_thread_state_storage.recording, sizeof both);
    return both != 0;
}

// MARK: Locks

/// A mutex. Impostor locks with pthread mutexes rather than Swift's `Mutex`: ThreadSanitizer
/// understands them, and they sleep instead of spinning when threads outnumber cores.
typedef struct impostor_lock impostor_lock;

/// A new unlocked mutex, or NULL when out of memory.
impostor_lock *_Nullable impostor_lock_create(void);
void impostor_lock_destroy(impostor_lock *_Nonnull lock);
void impostor_lock_acquire(impostor_lock *_Nonnull lock);
void impostor_lock_release(impostor_lock *_Nonnull lock);

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

/// A call recorded before its answer ran: its record, or `impostor_retired_record` when nothing
/// was recorded (the records being retired), whose stamp (0) is no call's.
typedef struct impostor_open_call {
    unsigned char *_Nonnull record;
} impostor_open_call;

/// What `impostor_open_call` holds for a call that was not recorded: zeros, never written.
extern const unsigned char impostor_retired_record[IMPOSTOR_RECORD_HEADER];

/// One argument's place in a record: its `size` bytes at `offset`; and, for a writer that copies
/// straight from a static trampoline's frame, where they are in it (`source`, else 0).
typedef struct impostor_record_step {
    uint32_t offset;
    uint32_t size;
    uint32_t source;
} impostor_record_step;

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
/// dispatcher), or, with `from_frame`, from `frame` at each step's `source` (quiet calls, which
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
/// Callers pass `from_frame` and `eightbytes` as constants, so the choices are made when this
/// inline body is compiled, not per argument.
IMPOSTOR_HOT impostor_open_call impostor_records_append_call(impostor_records *_Nonnull records, uint64_t serial, uint64_t stamp,
                                               uint64_t word,
                                               int from_frame, int eightbytes,
                                               void *_Nullable const *_Nullable arguments,
                                               const unsigned char *_Nullable frame,
                                               const impostor_record_step *_Nonnull steps, uint32_t count,
                                               const void *_Nullable result, uint32_t result_offset,
                                               uint32_t result_size) {
    impostor_lane *lane = impostor_records_lane(records, serial);
    // Only this thread sets its lane busy: finding it set, this is a signal handler that
    // interrupted this thread's own append, which must keep the lane to itself.
    if (__builtin_expect(atomic_load_explicit(&lane->busy, memory_order_relaxed) != 0, 0)) {
        lane = impostor_lane_nested(records, lane);
    }
    unsigned char *record = (unsigned char *)impostor_records_begin(records, lane);
    impostor_open_call call = {record};
    // Sound: a retired call's record is only ever read (its stamp matches no call's).
    if (record == NULL) return (impostor_open_call){(unsigned char *)impostor_retired_record};
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
    impostor_records_commit(records, lane);
    return call;
}

/// Writes the result of a call recorded open (see `impostor_records_append_call`) and closes
/// its record: from then on readers see the call as returned, with this result. `stamp` is the
/// call's; `result` holds `result_size` bytes (NULL for a `void` function, with 0). On the
/// thread that recorded the call, which alone writes records to that lane.
///
/// With `eightbytes` (a constant, as for appending) the result is copied as 8 bytes: only when
/// `result` has 8 readable bytes and the record has 8 bytes from `result_offset` on
/// (`impostor_result_closes_as_eight`), since the calls the answer made are recorded after this
/// one and a copy must not spill into them.
///
/// No busy span: a clear or release that finds an open record keeps its lane's chunks mapped
/// until the records are destroyed (see `keeps_chunks`), and a clear keeps every chunk. A clear
/// since the call was recorded may have let a later call of this thread take the record's
/// place: its stamp is then larger, and the record is left alone. A record a clear emptied and
/// nothing reused is written unseen.
IMPOSTOR_HOT void impostor_records_close_call(impostor_open_call call, uint64_t stamp, int eightbytes,
                                              const void *_Nullable result, uint32_t result_offset,
                                              uint32_t result_size) {
    // This thread's own write: only the lane's writer writes its records.
    uint64_t held;
    __builtin_memcpy(&held, call.record, 8);
    if (__builtin_expect(held != stamp, 0)) return;
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
/// of a call no stub answers ("quiet": a zero result and a record, nothing else).
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
