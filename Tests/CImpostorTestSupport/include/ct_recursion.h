// A C caller for stubs that call their own mock again, and what a test needs to see how much
// stack each level takes.
#ifndef CT_RECURSION_H
#define CT_RECURSION_H
#include <stddef.h>
#include <stdint.h>

typedef int32_t (*cr_depth_fn)(int32_t);

/// Returns f(n), as a C library re-entering a callback would.
int32_t cr_call(cr_depth_fn _Nonnull f, int32_t n);

/// The address of this function's frame: a point on the caller's stack, a fixed distance
/// below the caller's own frame.
uintptr_t cr_stack_address(void);

/// The size of the calling thread's stack, and how many bytes of it lie below the caller
/// (0 when the system cannot say).
size_t cr_thread_stack_size(void);
size_t cr_stack_left(void);

/// 1 when this code was built with AddressSanitizer or ThreadSanitizer, whose frames are
/// larger than a plain build's.
int cr_sanitized(void);

#endif
