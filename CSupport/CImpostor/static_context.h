// What the static trampolines' files share (see impostor_static_trampolines.h): the frame the
// shared entry builds, one mock's context, and the hidden functions each file gives the others.
// The code page's assembly is in static_entry_x86_64.c and static_entry_aarch64.c, its copies
// and the making of a trampoline in static_code_page.c, the layouts by each calling convention
// in static_layout_x86_64.c and static_layout_aarch64.c, the per-call dispatcher in
// static_dispatch.c. Private to the target.
#ifndef IMPOSTOR_STATIC_CONTEXT_H
#define IMPOSTOR_STATIC_CONTEXT_H

#include "impostor_static_trampolines.h"
#include "CImpostor.h"

#include <stdint.h>

/// Static trampolines exist for Linux on x86-64 (System V) and on AArch64 (AAPCS64); every
/// other platform keeps libffi's closures.
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
#define IMPOSTOR_STATIC_TRAMPOLINES 1
#else
#define IMPOSTOR_STATIC_TRAMPOLINES 0
#endif

#if IMPOSTOR_STATIC_TRAMPOLINES

#define PAGE_BYTES 4096
#define STUB_BYTES 16
/// 240 stubs fill 3,840 bytes; the shared entry takes the rest of the page.
#define STUBS_PER_PAGE 240

#if defined(__x86_64__)
// The frame the shared entry builds below its saved rbp, as the dispatcher sees it
// (static_entry_x86_64.c).
#define FRAME_GP 0         // rdi, rsi, rdx, rcx, r8, r9: 8 bytes each
#define FRAME_SSE 48       // the low 8 bytes of xmm0-7: 8 bytes each, so that two
                           // eightbytes of one struct in consecutive registers are adjacent
#define FRAME_RAX 112      // what the entry loads into rax, rdx, xmm0 and xmm1 on return
#define FRAME_RDX 120
#define FRAME_XMM0 128
#define FRAME_XMM1 136
#define FRAME_STACK 160    // the caller's stack arguments: past the frame, saved rbp and return address
/// Where an integer result goes (rax, then rdx) and a floating-point one (xmm0, then xmm1).
#define FRAME_RESULT_INTEGER FRAME_RAX
#define FRAME_RESULT_VECTOR FRAME_XMM0
/// The hidden pointer to a result returned through memory arrives in rdi, and goes back in rax.
#define FRAME_INDIRECT_RESULT FRAME_GP
#else
// The frame the shared entry builds at sp, as the dispatcher sees it (static_entry_aarch64.c).
#define FRAME_GP 0           // x0-x7: 8 bytes each
#define FRAME_FP 64          // the low 8 bytes of v0-v7 (d0-d7): 8 bytes each, so that the members
                             // of a double aggregate in consecutive registers are adjacent
#define FRAME_X8 128         // the address of a result returned through memory
#define FRAME_RESULT_X0 144  // what the entry loads into x0, x1 and d0-d3 on return
#define FRAME_RESULT_D0 160
#define FRAME_STACK 208      // the caller's stack arguments: the sp the entry was called with
#define FRAME_RESULT_INTEGER FRAME_RESULT_X0
#define FRAME_RESULT_VECTOR FRAME_RESULT_D0
#define FRAME_INDIRECT_RESULT FRAME_X8
#endif

extern const unsigned char impostor_static_page[];
extern const unsigned char impostor_static_common[];
#if defined(__x86_64__)
extern const unsigned char impostor_static_common_integer[];
#endif
extern const unsigned char impostor_static_page_end[];

/// How the dispatcher finds one argument's bytes.
typedef enum source_kind {
    /// The value is at `frame + first`.
    SOURCE_IN_FRAME = 0,
    /// x86-64: a struct passed in two registers that are not adjacent in the frame (one
    /// general, one vector): its eightbytes are copied from `frame + first` and `frame +
    /// second` into the dispatcher's scratch space.
    SOURCE_SPLIT = 1,
    /// AArch64: a struct of `second` floats passed in consecutive vector registers, one float
    /// in the low 4 bytes of each 8-byte slot from `frame + first`: gathered into scratch space.
    SOURCE_GATHERED_FLOATS = 2,
    /// AArch64: a struct over 16 bytes, which the caller copied and passes by address: the
    /// address is at `frame + first`.
    SOURCE_BY_ADDRESS = 3,
} source_kind;

/// Where one argument's bytes are when the dispatcher runs.
typedef struct argument_source {
    source_kind kind;
    uint32_t first;
    uint32_t second;
} argument_source;

/// How the handler's result reaches the return registers.
typedef enum result_route {
    /// The handler writes at `frame + result_offset`: rax(/rdx), xmm0(/xmm1), x0(/x1),
    /// d0(-d3), or nowhere.
    RESULT_IN_FRAME,
    /// A struct returned through memory: the handler writes to the caller's buffer, whose
    /// address came in rdi (x8 on AArch64), and goes back in rax on x86-64.
    RESULT_IN_MEMORY,
    /// A 16-byte struct whose first eightbyte goes to rax and second to xmm0.
    RESULT_INTEGER_THEN_SSE,
    /// A 16-byte struct whose first eightbyte goes to xmm0 and second to rax.
    RESULT_SSE_THEN_INTEGER,
    /// AArch64: a struct of 2 to 4 floats, one to each of s0-s3 (the low 4 bytes of the
    /// frame's 8-byte result slots from FRAME_RESULT_D0).
    RESULT_SCATTERED_FLOATS,
} result_route;

typedef struct static_closure static_closure;

/// One mock's context, read by its stub through the data page. Never freed.
struct static_closure {
    /// First: the shared entry calls through offset 0.
    void (*dispatch)(static_closure *closure, unsigned char *frame);
    /// Second: the stub jumps through offset 8 to the shared entry that fits the signature.
    const void *entry;
    impostor_static_handler handler;
    /// Runs the answer of a stub the dispatcher matched itself.
    impostor_static_answer answer;
    void *user_data;
    ffi_cif *cif;
    /// NULL, or how to answer and record calls without the handler.
    impostor_fast_path *fast;
    /// With `fast`: its steps, each with the argument's offset in the frame as its source, so
    /// that a fast-path call copies its arguments straight from the frame.
    impostor_record_step *fast_steps;
    /// With `fast`: its records and their serial, which never change, copied here so that a
    /// call finds its lane without first loading `fast` (one dependent load fewer before the
    /// record's address is known).
    impostor_records *fast_records;
    uint64_t fast_records_serial;
    /// The context made before this one: every context stays reachable from `newest_closure`,
    /// a global, since leak checkers do not scan the data pages that point at them.
    static_closure *older;
    /// For the simple layout: each argument's offset in the frame, as 64 bits, with room for a
    /// multiple of 4 (see `point_at_arguments`). Never freed, like the context.
    uint64_t *argument_offsets;
    uint32_t argument_count;
    /// Arguments the dispatcher copies into scratch space (split or gathered), 16 bytes each.
    uint32_t copied_count;
    /// True when every argument is in the frame, the result goes to the frame and there are at
    /// most `SIMPLE_ARGUMENTS` arguments: the dispatcher's simple layout.
    int simple;
    result_route route;
    uint32_t result_offset;
    argument_source sources[];
};

/// Arguments the dispatcher's simple layout has room for.
#define SIMPLE_ARGUMENTS 16

/// Runs for every call through a static trampoline (static_dispatch.c): the context's
/// `dispatch`.
__attribute__((visibility("hidden"))) void impostor_static_dispatch(static_closure *closure, unsigned char *frame);

/// Lays out `cif`'s arguments and result in the entry's frame, once per mock, by the platform's
/// calling convention (static_layout_x86_64.c, static_layout_aarch64.c): false for a signature
/// the static path does not cover.
__attribute__((visibility("hidden"))) int impostor_static_lay_out(ffi_cif *cif, static_closure *closure);

/// How many lanes the records have. Takes the lock.
__attribute__((visibility("hidden"))) size_t impostor_records_lane_count(impostor_records *records);

#endif

// Probes for Impostor's own tests, declared for them in CImpostorTestSupport's ct_probes.h.
int impostor_static_trampoline_records_on_fast_path(const void *code);
int impostor_static_trampoline_lanes(const void *code);
int impostor_static_trampoline_live_keys(const void *code);
unsigned long impostor_static_trampoline_pages(void);
/// 1 when the copies made so far are guarded pages (AArch64 with BTI), 0 otherwise.
int impostor_static_trampolines_guarded(void);

#endif
