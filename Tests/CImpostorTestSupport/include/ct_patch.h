// Callers for the entry-patching tests: functions of this C target called directly by other
// functions of it (never through a GOT slot), a static one, and shapes a patch must refuse.
#ifndef CT_PATCH_H
#define CT_PATCH_H

/// Returns value * 3 + 1: called directly by `ct_patch_call_helper` and by Swift.
int ct_patch_helper(int value);
/// Calls `ct_patch_helper(value)` directly, as a function of the same C target would.
int ct_patch_call_helper(int value);

/// Calls the static function `ct_patch_static_helper` (value - 7) directly.
int ct_patch_call_static_helper(int value);

/// Calls the static function named `ct_patch_twin` defined in this file (value + 100).
int ct_patch_call_twin_here(int value);
/// Calls the other static `ct_patch_twin`, of patch_twin.c (value + 200).
int ct_patch_call_twin_there(int value);

/// A function of 3 bytes (`xor eax, eax; ret`), shorter than a patch.
int ct_patch_tiny(void);
/// Counts to `limit` in a loop whose head is at byte 2, inside the first 5 bytes.
int ct_patch_count_to(int limit);
/// Starts with `jrcxz`, which has no form that reaches far: answers 1 when rcx is not zero.
int ct_patch_jrcxz_first(void);
/// Starts with a byte no x86-64 instruction begins with (0x06, `push es` outside 64-bit mode);
/// never called.
void ct_patch_undecodable(void);
/// Returns value + 1: patched by the parameterized test's cases only.
int ct_patch_case_target(int value);
int ct_patch_call_case_target(int value);
/// Returns value * 2: interposed by the typed form's test only.
int ct_patch_typed(int value);
int ct_patch_call_typed(int value);
/// Returns value: the test of an entry rewritten by another tool patches it, and no other.
int ct_patch_rewritten(int value);
/// Rewrites the first byte of `function` through /proc/self/mem, as another tool would; 0 or an errno.
int ct_patch_overwrite_first_byte(const void *_Nonnull function, unsigned char byte);
/// Calls each.
int ct_patch_call_tiny(void);
int ct_patch_call_count_to(int limit);

/// Copies the first `length` bytes of the function at `function` into `bytes`.
void ct_patch_read_code(const void *_Nonnull function, unsigned char *_Nonnull bytes, int length);

/// Returns value * 3 + 1, like ct_patch_helper: the stress test's own, so that no other test
/// patches it meanwhile.
int ct_patch_spun(int value);
int ct_patch_call_spun(int value);

/// Threads that call `ct_patch_call_spun(5)` (16 unmocked) in a loop until stopped, sorting the
/// answers into the real one, `mocked`, zero (a mock not stubbed yet), and anything else.
typedef struct ct_patch_threads ct_patch_threads;
ct_patch_threads *_Nullable ct_patch_threads_start(int count, int mocked);
void ct_patch_threads_stop(ct_patch_threads *_Nonnull threads, long *_Nonnull real, long *_Nonnull mocked,
                           long *_Nonnull unstubbed, long *_Nonnull other);

#endif
