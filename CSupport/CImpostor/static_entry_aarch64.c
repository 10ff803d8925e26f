// The static trampolines' code page for Linux AArch64 (see impostor_static_trampolines.h): the
// identical per-mock stubs and the shared entry that builds the frame static_context.h
// describes. Copies of this page are mapped by static_code_page.c.
#include "static_context.h"
#include "impostor_argument_registers.h"

#if IMPOSTOR_STATIC_TRAMPOLINES && defined(__aarch64__)

// Stub k sits at offset 16k; its data word sits at offset 16k of the page mapped after the
// copy, so 4,096 bytes past the stub and 4,092 past its second instruction, whose pc-relative
// literal load reaches it: every stub is the same bytes, and nothing is relocated at load time,
// so a copy mapped from the file is the same bytes as the original, whose stubs are never
// called. The stub loads the context into x16 and jumps through its offset 8 with x17: x16 and
// x17 are the intra-procedure-call registers, which no caller expects to survive a call, and a
// `br` through either may land on `bti c` when the page is guarded. `hint #34` is `bti c`,
// written as a hint so that any assembler accepts it; it is a no-op on processors without BTI.
//
// The shared entry keeps sp 16-byte aligned (208 bytes of frame), saves x0-x7, the low 8 bytes
// of v0-v7 (d0-d7: floats and doubles, the only vector arguments the layout covers) and x8
// (the address of a result returned through memory) where FRAME_GP, FRAME_FP and FRAME_X8 say,
// and links a frame record (x29, x30) at its top so that debuggers and backtraces walk through
// it. On return it loads x0, x1 and d0-d3 from the result slots, whatever the signature: a
// result the layout put elsewhere leaves them unread by the caller.
__asm__(
    ".text\n"
    ".p2align 12\n"
    ".globl impostor_static_page\n"
    ".hidden impostor_static_page\n"
    "impostor_static_page:\n"
    ".rept 240\n"
    "    hint #34\n"
    "    ldr x16, . + 4092\n"
    "    ldr x17, [x16, #8]\n"
    "    br x17\n"
    ".endr\n"
    ".globl impostor_static_common\n"
    ".hidden impostor_static_common\n"
    "impostor_static_common:\n"
    "    hint #34\n"
    "    sub sp, sp, #208\n"
    "    stp x29, x30, [sp, #192]\n"
    "    add x29, sp, #192\n"
    IMPOSTOR_SAVE_GENERAL_ARGUMENTS(FRAME_GP)
    IMPOSTOR_SAVE_VECTOR_ARGUMENTS_LOW(FRAME_FP)
    "    str x8, [sp, #128]\n"
    "    mov x0, x16\n"                // the mock's context
    "    mov x1, sp\n"                 // the frame
    "    ldr x9, [x16]\n"              // context->dispatch: the page's copies are too far for a direct call
    "    blr x9\n"
    "    ldp x0, x1, [sp, #144]\n"
    "    ldp d0, d1, [sp, #160]\n"
    "    ldp d2, d3, [sp, #176]\n"
    "    ldp x29, x30, [sp, #192]\n"
    "    add sp, sp, #208\n"
    "    ret\n"
    ".globl impostor_static_page_end\n"
    ".hidden impostor_static_page_end\n"
    "impostor_static_page_end:\n"
    ".p2align 12\n");

// The offsets above, checked against the frame the dispatcher reads.
_Static_assert(FRAME_GP == 0 && FRAME_FP == 64 && FRAME_X8 == 128, "the entry saves arguments where the frame says");
_Static_assert(FRAME_RESULT_X0 == 144 && FRAME_RESULT_D0 == 160, "the entry loads results from where the frame says");
_Static_assert(FRAME_STACK == 208, "the caller's stack arguments start where the entry's frame ends");

#endif
