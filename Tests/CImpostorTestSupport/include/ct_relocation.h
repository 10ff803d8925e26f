// Functions whose first instructions are each instruction class the entry relocator rewrites
// (relocation_callers.c, in assembly so that no compiler reorders or re-encodes them): a short
// and a near conditional jump, a short and a near jump, a call, RIP-relative loads, stores and
// an indirect jump through memory, a function exactly as long as the patch, and the branches
// with no 32-bit form that it refuses (loop, loope, loopne, jrcxz, jecxz). Each takes its
// branch for some arguments and not for others; what each returns says which way it went.
#ifndef CT_RELOCATION_H
#define CT_RELOCATION_H

/// `test rdi, rdi; je` (the early null check of many prologues, 5 bytes): -1 for 0 (taken),
/// else value * 3 + 1.
long ct_reloc_short_jcc(long value);
/// `test rdi, rdi; js` (a short jump on another condition): -11 for a negative value (taken),
/// else value + 11.
long ct_reloc_short_js(long value);
/// `cmp rdi, 0; je rel32` (the near form, ending at byte 10): -2 for 0 (taken), else value * 3 + 2.
long ct_reloc_near_jcc(long value);
/// `test edi, edi; jne; jmp rel8` (the jump at byte 4): -3 for 0 (the jump taken), else value + 3.
long ct_reloc_short_jmp(long value);
/// `test edi, edi; jne; jmp rel32` (the jump at byte 4): -4 for 0 (the jump taken), else value + 4.
long ct_reloc_near_jmp(long value);
/// `test edi, edi; je; call` (the call at byte 4, of a function that returns value * 2 + 1):
/// -5 for 0 (no call), else value * 2 + 1001.
long ct_reloc_call(long value);

/// `mov rax, [rip + word]` (7 bytes): the word, plus value unless value is 0.
long ct_reloc_rip_load(long value);
/// `lea rax, [rip + table]`, then the table's entry `index` (0 to 3): 10, 20, 30, 40.
long ct_reloc_rip_lea(long index);
/// `cmp dword [rip + flag], 7; je` (an immediate after the displacement): -6 when the flag is
/// 7 (taken), else value + 6.
long ct_reloc_rip_compare(long value);
/// `mov [rip + cell], rdi`: stores value in the cell, returns value + 7.
long ct_reloc_rip_store(long value);
/// `mov dword [rip + mark], 0x5a5a5a5a` (an immediate after the displacement): sets the mark,
/// returns value + 8.
long ct_reloc_rip_store_immediate(long value);
/// `jmp [rip + pointer]` (a PLT entry's shape): jumps to what the pointer holds, a function
/// that returns value + 9.
long ct_reloc_rip_jump(long value);

/// The word `ct_reloc_rip_load` reads (100 at first), the flag `ct_reloc_rip_compare` compares,
/// the cell `ct_reloc_rip_store` writes, the mark `ct_reloc_rip_store_immediate` sets.
void ct_reloc_set_word(long word);
void ct_reloc_set_flag(int flag);
long ct_reloc_cell(void);
unsigned int ct_reloc_mark(void);
void ct_reloc_clear_mark(void);

/// `lea eax, [rdi + rdi + 1]; ret`: 5 bytes by its symbol, as long as the patch, so its first
/// whole instructions end exactly at its end. Returns value * 2 + 1 (value from 0 to 2^30).
long ct_reloc_exact(long value);
/// Starts at the byte after `ct_reloc_exact`, with no padding between: value + 2. A patch that
/// wrote past `ct_reloc_exact`'s end would break it.
long ct_reloc_exact_neighbor(long value);

/// `1: dec rdi; jnz 1b`: a loop whose head is byte 0, counting `value` (at least 1) down, then
/// 42. Its branch back goes to the function's first byte, where the patch's jump is.
long ct_reloc_loop_at_entry(long value);

/// Refused by the relocator (no 32-bit form): `loop`, `loope`, `loopne`, `jrcxz`, `jecxz`, each
/// within the first 5 bytes, after instructions that set rcx from the argument. 1 when the
/// branch is taken, 0 when not: loop unless value is 1, loope for 0 (rcx wraps past 0), loopne
/// for value > 1, jrcxz for 0, jecxz when the low 32 bits are 0 (rcx need not be).
long ct_reloc_loop(long value);
long ct_reloc_loope(long value);
long ct_reloc_loopne(long value);
long ct_reloc_jrcxz(long value);
long ct_reloc_jecxz(long value);

#endif
