// The static trampolines' code page for Linux x86-64 (see impostor_static_trampolines.h): the
// identical per-mock stubs and the shared entries that build the frame static_context.h
// describes. Copies of this page are mapped by static_code_page.c.
#include "static_context.h"
#include "impostor_argument_registers.h"

#if IMPOSTOR_STATIC_TRAMPOLINES && defined(__x86_64__)

// The code page. Stub k sits at offset 16k; its data word sits at offset 16k of the page
// mapped after the copy, 4,085 bytes past the end of its 11-byte `endbr64; movq` prefix
// (so every stub is the same bytes). The stub jumps to the entry its context names (offset 8):
// the full one, or one for signatures that pass and return nothing in vector registers, which
// saves none of them. Nothing here is relocated at load time, so a copy mapped from the file
// is the same bytes as the original, whose stubs are never called. Each entry keeps rsp
// 16-byte aligned for the call (entry rsp is 8 mod 16; push rbp; 144 bytes of frame) and starts
// with `endbr64`, since it is reached by an indirect jump. The arguments are saved where
// static_context.h's FRAME_GP and FRAME_SSE say the dispatcher reads them.
__asm__(
    ".text\n"
    ".p2align 12, 0xcc\n"
    ".globl impostor_static_page\n"
    ".hidden impostor_static_page\n"
    "impostor_static_page:\n"
    ".rept 240\n"
    "    endbr64\n"
    "    movq 4085(%rip), %r10\n"
    "    jmp *8(%r10)\n"
    "    .p2align 4, 0xcc\n"
    ".endr\n"
    ".globl impostor_static_common\n"
    ".hidden impostor_static_common\n"
    "impostor_static_common:\n"
    "    endbr64\n"
    "    pushq %rbp\n"
    "    movq %rsp, %rbp\n"
    "    subq $144, %rsp\n"
    IMPOSTOR_SAVE_GENERAL_ARGUMENTS(FRAME_GP)
    IMPOSTOR_SAVE_VECTOR_ARGUMENTS_LOW(FRAME_SSE)
    "    movq %r10, %rdi\n"          // the mock's context
    "    movq %rsp, %rsi\n"          // the frame
    "    call *(%r10)\n"             // context->dispatch: the page's copies are too far for a direct call
    "    movq 112(%rsp), %rax\n"
    "    movq 120(%rsp), %rdx\n"
    "    movq 128(%rsp), %xmm0\n"
    "    movq 136(%rsp), %xmm1\n"
    "    leave\n"
    "    ret\n"
    ".globl impostor_static_common_integer\n"
    ".hidden impostor_static_common_integer\n"
    "impostor_static_common_integer:\n"
    "    endbr64\n"
    "    pushq %rbp\n"
    "    movq %rsp, %rbp\n"
    "    subq $144, %rsp\n"
    IMPOSTOR_SAVE_GENERAL_ARGUMENTS(FRAME_GP)
    "    movq %r10, %rdi\n"
    "    movq %rsp, %rsi\n"
    "    call *(%r10)\n"
    "    movq 112(%rsp), %rax\n"
    "    movq 120(%rsp), %rdx\n"
    "    leave\n"
    "    ret\n"
    ".globl impostor_static_page_end\n"
    ".hidden impostor_static_page_end\n"
    "impostor_static_page_end:\n"
    ".p2align 12, 0xcc\n");

#endif
