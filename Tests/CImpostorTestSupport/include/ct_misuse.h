// Types that Impostor must refuse, for the misuse catalog tests.
#ifndef CT_MISUSE_H
#define CT_MISUSE_H
#include <stdbool.h>
#include <stdint.h>

/// Empty structs are a GNU extension with no calling convention.
typedef struct cm_empty {
} cm_empty;

/// Over-aligned with no long double in it: libffi has no such type.
typedef struct cm_overaligned {
    char tag __attribute__((aligned(16)));
} cm_overaligned;

/// A union of four floats whose arm64 declaration the tests get wrong on purpose.
typedef union cm_float_union { float f[4]; float g; } cm_float_union;

/// A C enum, to pass a matcher of the wrong type through its initializer.
typedef enum cm_color { cm_red, cm_green } cm_color;

/// Seven flags: more Bool matchers than a prototype can tell apart.
typedef void (*cm_flags_fn)(bool, bool, bool, bool, bool, bool, bool);

/// An `argv` beside a name: a pointer to pointers, whose copied bytes are an address, not text.
typedef void (*cm_argv_fn)(char *_Nullable *_Nullable argv, const char *_Nullable name);

/// Calls `f` once from C with {"first", "second", NULL} and "argv".
void cm_call_argv(cm_argv_fn _Nonnull f);

/// Reads `length` bytes at 0 of `descriptor` through `pread64`, then through glibc's fortified
/// `__pread64_chk`, as large-file and fortified headers turn a `pread` into: the test
/// executable imports both, and `pread` itself from nowhere.
long cm_read_renamed(int descriptor, void *_Nonnull buffer, unsigned long length);

#endif
