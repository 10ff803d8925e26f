// The generated ABI suite's signatures as libffi sees them, for C programs that run the suite
// without Swift (AArch64 Linux under qemu: Tests/Arm64/abi/run.sh). C has no reflection, so
// Tests/ABIGenerator/generate.py writes the descriptions (abi_cases.c) next to the signatures.
//
// The descriptions are exact for AArch64 (AAPCS64, Linux) only: a composite is described by
// what decides how it is passed there (its size, its alignment and whether it is a homogeneous
// floating-point aggregate), not member by member. An HFA is a struct of 1 to 4 floats or
// doubles; any other composite a struct of size/alignment unsigned integers as wide as its
// alignment. On x86-64, which classifies each eightbyte by the members in it, such a
// description is wrong wherever floating-point and integer data share a composite.
//
// Build with -I Tests/CImpostorABISuite/include and libffi's headers for the target.
#ifndef ABI_CASES_H
#define ABI_CASES_H

#include <CImpostorABISuite.h>
#include <ffi.h>
#include <stddef.h>

/// One signature of the suite: `R abi_fn_N(T0, T1, ...)`.
typedef struct abi_case {
    int number;                 // N
    ffi_type *result;           // &ffi_type_void for void; NULL when skipped
    unsigned argument_count;
    ffi_type **arguments;       // argument_count types, then NULL; NULL when skipped
    void (*check)(void);        // abi_check_N: call it through ffi_call (its cif returns sint)
    void (*make_result)(void);  // abi_result_N, to ffi_call with no arguments; NULL for void
    int (*call)(void *function);// abi_call_N((abi_fn_N)function): 1 when the value returned was right
    const char *description;    // the C signature as text, for failure lines
    const char *skip;           // NULL, or why the case cannot be described for the trampolines
                                // under test (long double, alignment above 8, size 0)
} abi_case;

/// Every signature of the suite, in order (case i has number i).
const abi_case *abi_cases(unsigned *count);

/// One described pool type: its description and the size and alignment the compiler gives it,
/// for checking what libffi lays out from the description.
typedef struct abi_case_type {
    const char *name;           // abi_sK or abi_uK
    ffi_type *type;             // size and alignment filled by libffi on first use
    size_t size;                // sizeof
    unsigned alignment;         // _Alignof
} abi_case_type;

/// Every pool type with a description (the skipped ones are left out).
const abi_case_type *abi_case_types(unsigned *count);

#endif
