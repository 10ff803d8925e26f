// The calling thread's state that every mock call reads: whether a prototype is being evaluated
// or matchers wait, where an answer's failures go, and a hook at the thread's end (Swift has no
// `_Thread_local` and no such hook).
#ifndef IMPOSTOR_THREAD_STATE_H
#define IMPOSTOR_THREAD_STATE_H

#include <stdint.h>
#include <string.h>

#include "impostor_hot.h"

#ifdef __cplusplus
extern "C" {
#endif

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
    /// The index among its expectation's calls of the call an expectation key took, for the
    /// expectation's actions (set while its answer runs; see impostor_expectation_keys.h).
    int64_t expectation_index;
    /// Calls the entry points answered from expectation keys on this thread, for the tests.
    uint64_t expectation_keys_taken;
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

/// Sets the calling thread's errno: what a C caller reads after a mock returns.
void impostor_set_errno(int32_t code);

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

#ifdef __cplusplus
}
#endif

#endif
