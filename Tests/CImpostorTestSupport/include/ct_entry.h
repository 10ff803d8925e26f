// What a mock's function pointer enters, read from the outside: the bytes at the address and
// the mapping that holds it in /proc/self/maps. For the tests of the two trampoline paths.
#ifndef CT_ENTRY_H
#define CT_ENTRY_H

#include <stdbool.h>
#include <stdint.h>

/// 1 when `code` is a static trampoline: its first bytes are `endbr64; movq 4085(%rip), %r10`
/// (the stub that reads its context from the page after it) and the mapping that holds it is
/// read+execute, not writable, and backed by a file. 0 otherwise.
int ct_is_static_trampoline(const void *_Nonnull code);

/// 1 when the mapping holding `address` is both writable and executable, 0 when it is not,
/// -1 when no mapping holds it.
int ct_is_in_writable_executable_mapping(const void *_Nonnull address);

/// How many mappings of this process are both writable and executable, or -1 when
/// /proc/self/maps cannot be read.
int ct_writable_executable_mappings(void);

/// Four C calls through `f`, an `int32_t (*)(int32_t, int32_t)`, with (i, 2i) for i in
/// 0..<4; the sum of what they returned.
int ct_call_four_times(int (*_Nonnull f)(int, int));

/// Every narrow width next to each other: six in integer registers, a float and a double in
/// SSE registers, five on the stack. A record holds them packed (1, 1, 2, 2, 4, 4, 4, 8, 8, 1,
/// 1, 2, 4 bytes), so a copy of 8 bytes from one spills into the next ones.
typedef int16_t (*ct_fn_widths)(int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, float, double, int64_t,
                                bool, int8_t, uint16_t, int32_t);

/// `count` C calls through `f`, call `i` with `ct_widths_argument(i, k)` as argument `k` (cast
/// to its type); the sum of what they returned.
int64_t ct_call_widths(ct_fn_widths _Nonnull f, int32_t count);

/// Argument `k` of call `i` of `ct_call_widths`, before the cast to the parameter's type: high
/// bits set in odd calls, low ones in even calls, different in every call.
int64_t ct_widths_argument(int32_t i, int32_t k);

/// Five arguments of different widths, for stubs with more literals than a stub key holds.
typedef int64_t (*ct_fn_five)(int8_t, int16_t, int32_t, int64_t, const void *_Nullable);
/// f(a, b, c, d, p).
int64_t ct_call_five(ct_fn_five _Nonnull f, int8_t a, int16_t b, int32_t c, int64_t d, const void *_Nullable p);

#endif
