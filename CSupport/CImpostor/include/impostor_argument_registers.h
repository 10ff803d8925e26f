// The registers a C call passes arguments in (x86-64 System V: rdi, rsi, rdx, rcx, r8, r9, then
// xmm0-7; AArch64: x0-x7, then v0-v7), as assembler text that saves them in a frame at the stack
// pointer and loads them back. Two pieces of top-level assembly build such a frame on each
// architecture: the static trampolines' shared entries (static_entry_x86_64.c,
// static_entry_aarch64.c) and the interposition dispatchers' common entry (CImpostorInterpose's
// got_dispatch.c). Each list is written here once, so that the two cannot disagree about which
// registers carry arguments or in what order.
//
// The text is made by the preprocessor rather than by GNU as `.macro` definitions: a `.macro`
// may be defined only once in a translation unit, and C string macros can be used any number
// of times in any file without that care. Each macro takes the offset of the first slot from
// rsp (a number, or a macro that expands to one) and gives whole lines of instructions, slot k
// at that offset plus k times the slot's size; the assembler folds the sum, so the bytes are
// those of a plain offset.
//
// In include/ only so that CImpostorInterpose, which depends on CImpostor for it, can include
// it; Swift imports nothing from it (function-like macros are not imported).
#ifndef IMPOSTOR_ARGUMENT_REGISTERS_H
#define IMPOSTOR_ARGUMENT_REGISTERS_H

#if defined(__x86_64__)

// The lists: `X(register, base, index)` for each argument register, in argument order.
#define IMPOSTOR_GENERAL_ARGUMENT_REGISTERS(X, base)                                             \
    X("%rdi", base, 0) X("%rsi", base, 1) X("%rdx", base, 2) X("%rcx", base, 3) X("%r8", base, 4) \
    X("%r9", base, 5)
#define IMPOSTOR_VECTOR_ARGUMENT_REGISTERS(X, base)                                                   \
    X("%xmm0", base, 0) X("%xmm1", base, 1) X("%xmm2", base, 2) X("%xmm3", base, 3) X("%xmm4", base, 4) \
    X("%xmm5", base, 5) X("%xmm6", base, 6) X("%xmm7", base, 7)

// One line each: 8-byte slots for general registers and for the low half of a vector register
// (movq), 16-byte slots for a whole vector register (movaps: `base` must keep them aligned).
#define IMPOSTOR_STORE_8(reg, base, index) "    movq " reg ", " #base "+8*" #index "(%rsp)\n"
#define IMPOSTOR_LOAD_8(reg, base, index) "    movq " #base "+8*" #index "(%rsp), " reg "\n"
#define IMPOSTOR_STORE_16(reg, base, index) "    movaps " reg ", " #base "+16*" #index "(%rsp)\n"
#define IMPOSTOR_LOAD_16(reg, base, index) "    movaps " #base "+16*" #index "(%rsp), " reg "\n"

/// rdi, rsi, rdx, rcx, r8, r9 to 8-byte slots from `base`(%rsp).
#define IMPOSTOR_SAVE_GENERAL_ARGUMENTS(base) IMPOSTOR_GENERAL_ARGUMENT_REGISTERS(IMPOSTOR_STORE_8, base)
/// rdi, rsi, rdx, rcx, r8, r9 back from 8-byte slots from `base`(%rsp).
#define IMPOSTOR_RESTORE_GENERAL_ARGUMENTS(base) IMPOSTOR_GENERAL_ARGUMENT_REGISTERS(IMPOSTOR_LOAD_8, base)
/// The low 8 bytes of xmm0-7 to 8-byte slots from `base`(%rsp), for code that reads arguments
/// of at most 8 bytes per vector register and never restores them.
#define IMPOSTOR_SAVE_VECTOR_ARGUMENTS_LOW(base) IMPOSTOR_VECTOR_ARGUMENT_REGISTERS(IMPOSTOR_STORE_8, base)
/// The whole of xmm0-7 to 16-byte slots from `base`(%rsp), a multiple of 16 from an aligned rsp.
#define IMPOSTOR_SAVE_VECTOR_ARGUMENTS(base) IMPOSTOR_VECTOR_ARGUMENT_REGISTERS(IMPOSTOR_STORE_16, base)
/// The whole of xmm0-7 back from 16-byte slots from `base`(%rsp).
#define IMPOSTOR_RESTORE_VECTOR_ARGUMENTS(base) IMPOSTOR_VECTOR_ARGUMENT_REGISTERS(IMPOSTOR_LOAD_16, base)

#elif defined(__aarch64__)

// AArch64 (AAPCS64): x0-x7, then v0-v7, of which an argument may fill all 128 bits (q0-q7: a
// short vector, or one member of a homogeneous aggregate of them). Listed in pairs, as stp and
// ldp move them: `X(first, second, base, index)`, pair k in 2 slots at `base` plus k times
// twice the slot's size. x8 (where a large result goes) is not an argument and not listed.
#define IMPOSTOR_GENERAL_ARGUMENT_PAIRS(X, base) \
    X("x0", "x1", base, 0) X("x2", "x3", base, 1) X("x4", "x5", base, 2) X("x6", "x7", base, 3)
#define IMPOSTOR_VECTOR_ARGUMENT_PAIRS(X, base) \
    X("q0", "q1", base, 0) X("q2", "q3", base, 1) X("q4", "q5", base, 2) X("q6", "q7", base, 3)
/// The low 8 bytes of v0-v7 (d0-d7).
#define IMPOSTOR_VECTOR_ARGUMENT_PAIRS_LOW(X, base) \
    X("d0", "d1", base, 0) X("d2", "d3", base, 1) X("d4", "d5", base, 2) X("d6", "d7", base, 3)

// One line per pair: 8-byte slots for general registers, 16-byte slots for whole vector
// registers. `base` must be a multiple of 8 (16 for vector registers) to fit the encoding.
#define IMPOSTOR_STORE_PAIR_8(a, b, base, index) "    stp " a ", " b ", [sp, #" #base "+16*" #index "]\n"
#define IMPOSTOR_LOAD_PAIR_8(a, b, base, index) "    ldp " a ", " b ", [sp, #" #base "+16*" #index "]\n"
#define IMPOSTOR_STORE_PAIR_16(a, b, base, index) "    stp " a ", " b ", [sp, #" #base "+32*" #index "]\n"
#define IMPOSTOR_LOAD_PAIR_16(a, b, base, index) "    ldp " a ", " b ", [sp, #" #base "+32*" #index "]\n"

/// x0-x7 to 8-byte slots from `base` above sp.
#define IMPOSTOR_SAVE_GENERAL_ARGUMENTS(base) IMPOSTOR_GENERAL_ARGUMENT_PAIRS(IMPOSTOR_STORE_PAIR_8, base)
/// x0-x7 back from 8-byte slots from `base` above sp.
#define IMPOSTOR_RESTORE_GENERAL_ARGUMENTS(base) IMPOSTOR_GENERAL_ARGUMENT_PAIRS(IMPOSTOR_LOAD_PAIR_8, base)
/// The low 8 bytes of v0-v7 to 8-byte slots from `base` above sp, for code that reads arguments
/// of at most 8 bytes per vector register and never restores them.
#define IMPOSTOR_SAVE_VECTOR_ARGUMENTS_LOW(base) IMPOSTOR_VECTOR_ARGUMENT_PAIRS_LOW(IMPOSTOR_STORE_PAIR_8, base)
/// The whole of q0-q7 to 16-byte slots from `base` above sp.
#define IMPOSTOR_SAVE_VECTOR_ARGUMENTS(base) IMPOSTOR_VECTOR_ARGUMENT_PAIRS(IMPOSTOR_STORE_PAIR_16, base)
/// The whole of q0-q7 back from 16-byte slots from `base` above sp.
#define IMPOSTOR_RESTORE_VECTOR_ARGUMENTS(base) IMPOSTOR_VECTOR_ARGUMENT_PAIRS(IMPOSTOR_LOAD_PAIR_16, base)

#endif

#endif
