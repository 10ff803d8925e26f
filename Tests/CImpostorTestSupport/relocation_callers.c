// The relocator's instruction classes, each at the start of a function (see ct_relocation.h).
#include "ct_relocation.h"

#include <stdint.h>

// What the RIP-relative instructions read and write: hidden, so that each reaches it with a
// plain 32-bit displacement, as a function does its own object's data.
__attribute__((visibility("hidden"), used)) long ct_reloc_word_value = 100;
__attribute__((visibility("hidden"), used)) const long ct_reloc_table[4] = {10, 20, 30, 40};
__attribute__((visibility("hidden"), used)) int ct_reloc_flag_value = 0;
__attribute__((visibility("hidden"), used)) long ct_reloc_cell_value = 0;
__attribute__((visibility("hidden"), used)) unsigned int ct_reloc_mark_value = 0;

void ct_reloc_set_word(long word) { ct_reloc_word_value = word; }
void ct_reloc_set_flag(int flag) { ct_reloc_flag_value = flag; }
long ct_reloc_cell(void) { return ct_reloc_cell_value; }
unsigned int ct_reloc_mark(void) { return ct_reloc_mark_value; }
void ct_reloc_clear_mark(void) { ct_reloc_mark_value = 0; }

#if defined(__x86_64__)
/// Where `ct_reloc_rip_jump` goes: value + 9.
__attribute__((visibility("hidden"))) long ct_reloc_jumped(long value);
__attribute__((visibility("hidden"), used)) long (*ct_reloc_pointer)(long) = ct_reloc_jumped;

// Each function's symbol has its size (`.size`), as a compiler gives it: the patch reads it to
// know where the function ends. A near form is spelled in bytes (`.byte 0x0f, 0x84` and its
// 32-bit displacement), since an assembler would otherwise pick the short form for a target
// this close.
#define CT_FUNCTION(name) ".p2align 4, 0xcc\n.globl " #name "\n.type " #name ", @function\n" #name ":\n"
#define CT_END(name) ".size " #name ", . - " #name "\n"
__asm__(".text\n"
        CT_FUNCTION(ct_reloc_short_jcc)
        "    testq %rdi, %rdi\n"                 // bytes 0-2
        "    je 1f\n"                            // 3-4: the patch's 5 bytes, exactly
        "    leaq 1(%rdi,%rdi,2), %rax\n"
        "    ret\n"
        "1:  movq $-1, %rax\n"
        "    ret\n"
        CT_END(ct_reloc_short_jcc)
        CT_FUNCTION(ct_reloc_short_js)
        "    testq %rdi, %rdi\n"
        "    js 1f\n"
        "    leaq 11(%rdi), %rax\n"
        "    ret\n"
        "1:  movq $-11, %rax\n"
        "    ret\n"
        CT_END(ct_reloc_short_js)
        CT_FUNCTION(ct_reloc_near_jcc)
        "    cmpq $0, %rdi\n"                    // 0-3
        "    .byte 0x0f, 0x84\n"                 // 4-9: je rel32
        "    .long 1f - . - 4\n"
        "    leaq 2(%rdi,%rdi,2), %rax\n"
        "    ret\n"
        "1:  movq $-2, %rax\n"
        "    ret\n"
        CT_END(ct_reloc_near_jcc)
        CT_FUNCTION(ct_reloc_short_jmp)
        "    testl %edi, %edi\n"                 // 0-1
        "    jne 2f\n"                           // 2-3, past the jump
        "    jmp 1f\n"                           // 4-5: jmp rel8
        "2:  leaq 3(%rdi), %rax\n"
        "    ret\n"
        "1:  movq $-3, %rax\n"
        "    ret\n"
        CT_END(ct_reloc_short_jmp)
        CT_FUNCTION(ct_reloc_near_jmp)
        "    testl %edi, %edi\n"                 // 0-1
        "    jne 2f\n"                           // 2-3
        "    .byte 0xe9\n"                       // 4-8: jmp rel32
        "    .long 1f - . - 4\n"
        "2:  leaq 4(%rdi), %rax\n"
        "    ret\n"
        "1:  movq $-4, %rax\n"
        "    ret\n"
        CT_END(ct_reloc_near_jmp)
        CT_FUNCTION(ct_reloc_call)
        "    testl %edi, %edi\n"                 // 0-1
        "    je 1f\n"                            // 2-3
        "    call ct_reloc_callee\n"             // 4-8: the return address is in the copy
        "    addq $1000, %rax\n"
        "    ret\n"
        "1:  movq $-5, %rax\n"
        "    ret\n"
        CT_END(ct_reloc_call)
        ".p2align 4, 0xcc\n"
        ".type ct_reloc_callee, @function\n"
        "ct_reloc_callee:\n"
        "    leaq 1(%rdi,%rdi), %rax\n"
        "    ret\n"
        CT_END(ct_reloc_callee)
        CT_FUNCTION(ct_reloc_rip_load)
        "    movq ct_reloc_word_value(%rip), %rax\n" // 0-6
        "    testq %rdi, %rdi\n"
        "    je 1f\n"
        "    addq %rdi, %rax\n"
        "1:  ret\n"
        CT_END(ct_reloc_rip_load)
        CT_FUNCTION(ct_reloc_rip_lea)
        "    leaq ct_reloc_table(%rip), %rax\n"  // 0-6
        "    movq (%rax,%rdi,8), %rax\n"
        "    ret\n"
        CT_END(ct_reloc_rip_lea)
        CT_FUNCTION(ct_reloc_rip_compare)
        "    cmpl $7, ct_reloc_flag_value(%rip)\n" // 0-6: the displacement at 2-5, the 7 at 6
        "    je 1f\n"
        "    leaq 6(%rdi), %rax\n"
        "    ret\n"
        "1:  movq $-6, %rax\n"
        "    ret\n"
        CT_END(ct_reloc_rip_compare)
        CT_FUNCTION(ct_reloc_rip_store)
        "    movq %rdi, ct_reloc_cell_value(%rip)\n" // 0-6
        "    leaq 7(%rdi), %rax\n"
        "    ret\n"
        CT_END(ct_reloc_rip_store)
        CT_FUNCTION(ct_reloc_rip_store_immediate)
        "    movl $0x5a5a5a5a, ct_reloc_mark_value(%rip)\n" // 0-9: the displacement at 2-5
        "    leaq 8(%rdi), %rax\n"
        "    ret\n"
        CT_END(ct_reloc_rip_store_immediate)
        CT_FUNCTION(ct_reloc_rip_jump)
        "    jmpq *ct_reloc_pointer(%rip)\n"     // 0-5
        CT_END(ct_reloc_rip_jump)
        CT_FUNCTION(ct_reloc_jumped)
        ".hidden ct_reloc_jumped\n"
        "    leaq 9(%rdi), %rax\n"
        "    ret\n"
        CT_END(ct_reloc_jumped)
        // No padding between these two: ct_reloc_exact's 5 bytes end where its neighbor starts.
        CT_FUNCTION(ct_reloc_exact)
        "    leal 1(%rdi,%rdi), %eax\n"          // 0-3
        "    ret\n"                              // 4
        CT_END(ct_reloc_exact)
        ".globl ct_reloc_exact_neighbor\n"
        ".type ct_reloc_exact_neighbor, @function\n"
        "ct_reloc_exact_neighbor:\n"
        "    leaq 2(%rdi), %rax\n"
        "    ret\n"
        CT_END(ct_reloc_exact_neighbor)
        CT_FUNCTION(ct_reloc_loop_at_entry)
        "1:  decq %rdi\n"                       // 0-2: a loop whose head is the first byte
        "    jnz 1b\n"                           // 3-4: back to byte 0, which the patch holds
        "    movq $42, %rax\n"
        "    ret\n"
        CT_END(ct_reloc_loop_at_entry)
        CT_FUNCTION(ct_reloc_loop)
        "    movl %edi, %ecx\n"                  // 0-1
        "    xorl %eax, %eax\n"                  // 2-3
        "    loop 1f\n"                          // 4-5
        "    ret\n"
        "1:  movl $1, %eax\n"
        "    ret\n"
        CT_END(ct_reloc_loop)
        CT_FUNCTION(ct_reloc_loope)
        "    movl %edi, %ecx\n"                  // 0-1
        "    testl %edi, %edi\n"                 // 2-3
        "    loope 1f\n"                         // 4-5
        "    xorl %eax, %eax\n"
        "    ret\n"
        "1:  movl $1, %eax\n"
        "    ret\n"
        CT_END(ct_reloc_loope)
        CT_FUNCTION(ct_reloc_loopne)
        "    movl %edi, %ecx\n"                  // 0-1
        "    testl %edi, %edi\n"                 // 2-3
        "    loopne 1f\n"                        // 4-5
        "    xorl %eax, %eax\n"
        "    ret\n"
        "1:  movl $1, %eax\n"
        "    ret\n"
        CT_END(ct_reloc_loopne)
        CT_FUNCTION(ct_reloc_jrcxz)
        "    movl %edi, %ecx\n"                  // 0-1
        "    jrcxz 1f\n"                         // 2-3
        "    xorl %eax, %eax\n"
        "    ret\n"
        "1:  movl $1, %eax\n"
        "    ret\n"
        CT_END(ct_reloc_jrcxz)
        CT_FUNCTION(ct_reloc_jecxz)
        "    movq %rdi, %rcx\n"                  // 0-2
        "    jecxz 1f\n"                         // 3-5 (0x67 0xe3)
        "    xorl %eax, %eax\n"
        "    ret\n"
        "1:  movl $1, %eax\n"
        "    ret\n"
        CT_END(ct_reloc_jecxz));
#else
long ct_reloc_short_jcc(long value) { return value == 0 ? -1 : value * 3 + 1; }
long ct_reloc_short_js(long value) { return value < 0 ? -11 : value + 11; }
long ct_reloc_near_jcc(long value) { return value == 0 ? -2 : value * 3 + 2; }
long ct_reloc_short_jmp(long value) { return (int)value == 0 ? -3 : value + 3; }
long ct_reloc_near_jmp(long value) { return (int)value == 0 ? -4 : value + 4; }
long ct_reloc_call(long value) { return (int)value == 0 ? -5 : value * 2 + 1001; }
long ct_reloc_rip_load(long value) { return ct_reloc_word_value + value; }
long ct_reloc_rip_lea(long index) { return ct_reloc_table[index]; }
long ct_reloc_rip_compare(long value) { return ct_reloc_flag_value == 7 ? -6 : value + 6; }
long ct_reloc_rip_store(long value) {
    ct_reloc_cell_value = value;
    return value + 7;
}
long ct_reloc_rip_store_immediate(long value) {
    ct_reloc_mark_value = 0x5a5a5a5a;
    return value + 8;
}
long ct_reloc_rip_jump(long value) { return value + 9; }
long ct_reloc_exact(long value) { return (long)(uint32_t)(value * 2 + 1); }
long ct_reloc_exact_neighbor(long value) { return value + 2; }
long ct_reloc_loop_at_entry(long value) {
    while (--value != 0) {
    }
    return 42;
}
long ct_reloc_loop(long value) { return (uint64_t)(uint32_t)value - 1 != 0; }
long ct_reloc_loope(long value) { return (int)value == 0; }
long ct_reloc_loopne(long value) { return (int)value != 0 && (uint32_t)value != 1; }
long ct_reloc_jrcxz(long value) { return (uint32_t)value == 0; }
long ct_reloc_jecxz(long value) { return (uint32_t)value == 0; }
#endif
