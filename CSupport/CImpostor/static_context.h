// What the static trampolines' files share (see impostor_static_trampolines.h): the frame the
// shared entry builds, one mock's context, and the hidden functions each file gives the others.
// The code page and creation are in static_code_page.c, the System V layout in
// static_layout.c, the per-call dispatcher in static_dispatch.c. Private to the target.
#ifndef IMPOSTOR_STATIC_CONTEXT_H
#define IMPOSTOR_STATIC_CONTEXT_H

#include "impostor_static_trampolines.h"
#include "CImpostor.h"

#include <stdint.h>

#if defined(__x86_64__) && defined(__linux__)

#define PAGE_BYTES 4096
#define STUB_BYTES 16
/// 240 stubs fill 3,840 bytes; the shared entry takes the rest of the page.
#define STUBS_PER_PAGE 240

// The frame the shared entry builds below its saved rbp, as the dispatcher sees it.
#define FRAME_GP 0         // rdi, rsi, rdx, rcx, r8, r9: 8 bytes each
#define FRAME_SSE 48       // the low 8 bytes of xmm0-7: 8 bytes each, so that two
                           // eightbytes of one struct in consecutive registers are adjacent
#define FRAME_RAX 112      // what the entry loads into rax, rdx, xmm0 and xmm1 on return
#define FRAME_RDX 120
#define FRAME_XMM0 128
#define FRAME_XMM1 136
#define FRAME_STACK 160    // the caller's stack arguments: past the frame, saved rbp and return address

extern const unsigned char impostor_static_page[];
extern const unsigned char impostor_static_common[];
extern const unsigned char impostor_static_common_integer[];
extern const unsigned char impostor_static_page_end[];

/// Where one argument's bytes are when the dispatcher runs.
typedef struct argument_source {
    /// 0: the value is at `frame + first`. 1: a struct passed in two registers that are not
    /// adjacent in the frame (one general, one vector): its eightbytes are copied from
    /// `frame + first` and `frame + second` into the dispatcher's scratch space.
    uint32_t split;
    uint32_t first;
    uint32_t second;
} argument_source;

/// How the handler's result reaches the return registers.
typedef enum result_route {
    /// The handler writes at `frame + result_offset`: rax(/rdx), xmm0(/xmm1), or nowhere.
    RESULT_IN_FRAME,
    /// A struct returned through memory: the handler writes to the caller's buffer, whose
    /// address came in rdi and goes back in rax.
    RESULT_IN_MEMORY,
    /// A 16-byte struct whose first eightbyte goes to rax and second to xmm0.
    RESULT_INTEGER_THEN_SSE,
    /// A 16-byte struct whose first eightbyte goes to xmm0 and second to rax.
    RESULT_SSE_THEN_INTEGER,
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
    uint32_t split_count;
    /// True when no argument is split, the result goes to the frame and there are at most
    /// `SIMPLE_ARGUMENTS` arguments: the dispatcher's simple layout.
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

/// Lays out `cif`'s arguments and result in the entry's frame, once per mock
/// (static_layout.c): false for a signature the static path does not cover.
__attribute__((visibility("hidden"))) int impostor_static_lay_out(ffi_cif *cif, static_closure *closure);

/// How many lanes the records have. Takes the lock.
__attribute__((visibility("hidden"))) size_t impostor_records_lane_count(impostor_records *records);

#endif

// Probes for Impostor's own tests, declared for them in CImpostorTestSupport's ct_probes.h.
int impostor_static_trampoline_records_on_fast_path(const void *code);
int impostor_static_trampoline_lanes(const void *code);
int impostor_static_trampoline_live_keys(const void *code);
unsigned long impostor_static_trampoline_pages(void);

#endif
