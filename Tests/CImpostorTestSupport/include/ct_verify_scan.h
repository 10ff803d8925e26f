// C threads that call a mock with pseudo-random arguments, for the tests of verifies counted
// in place (InPlaceVerifyTests).
#ifndef CT_VERIFY_SCAN_H
#define CT_VERIFY_SCAN_H
#include <stdint.h>

/// A 1-byte, an 8-byte and a 4-byte argument.
typedef void (*cvs_mixed_fn)(uint8_t flag, int64_t wide, int32_t middle);

/// One call's arguments, as a caller made it.
typedef struct {
    uint8_t flag;
    int64_t wide;
    int32_t middle;
} cvs_call;

/// Starts `threads` pthreads (at most 16); once all run, each calls `f` `calls` times with
/// arguments drawn from small sets, so that literals match often: `flag` in 0...3, `wide` one
/// of 0, 1, -1, 2^40 and 2^40 + 1, `middle` in 0...4 (a generator seeded with `seed` and the
/// thread's number). With `garbage`, the registers of `flag` and `middle` carry random bits
/// above the value, which the callee must ignore (both ABIs leave them unspecified). Joins
/// them, and writes call `i` of thread `t` to `out[t * calls + i]`. Returns 0, or an error
/// number when a thread could not start.
int cvs_call_mixed(cvs_mixed_fn _Nonnull f, int32_t threads, int32_t calls, uint64_t seed, int32_t garbage,
                   cvs_call *_Nonnull out);

#endif
