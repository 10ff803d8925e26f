// The copy of a patched function's first instructions that runs as its original: decoded by
// capstone (Debian's libcapstone-dev), a maintained decoder that knows every x86-64 encoding
// and reports where each operand's displacement sits, and rewritten here for a new address.
//
// What moves with an instruction: a RIP-relative operand (its 32-bit displacement adjusted so
// it reaches the same address from the copy), a relative jump or call (re-encoded with a 32-bit
// displacement, a short conditional jump widened to its near form). What cannot move is refused
// with the instruction's offset: `loop` and `jrcxz` (no 32-bit form), a branch whose target
// would fall inside the patched bytes, a displacement out of reach from the copy.
#include "entry_machine.h"

#if defined(IMPOSTOR_GOT_X86_64)
#include <capstone/capstone.h>
#include <string.h>

/// The condition (0-15) of a conditional jump, from its opcode bytes (capstone strips
/// prefixes): 0x70+cc in the short form, 0x0f 0x80+cc in the near one; -1 otherwise.
static int condition_of(const cs_x86 *x86) {
    if (x86->opcode[0] >= 0x70 && x86->opcode[0] <= 0x7f) return x86->opcode[0] - 0x70;
    if (x86->opcode[0] == 0x0f && x86->opcode[1] >= 0x80 && x86->opcode[1] <= 0x8f) return x86->opcode[1] - 0x80;
    return -1;
}

/// The 32-bit displacement from the end of an instruction at `from`, `length` bytes long, to
/// `target`; 0 in `*ok` when it does not fit.
static int32_t displacement(uintptr_t from, uint32_t length, uintptr_t target, int *ok) {
    int64_t distance = (int64_t)target - (int64_t)(from + length);
    *ok = distance >= INT32_MIN && distance <= INT32_MAX;
    return (int32_t)distance;
}

/// The absolute target of a relative branch, or 0 when `insn` is none.
static uintptr_t relative_target(csh handle, const cs_insn *insn) {
    if (!cs_insn_group(handle, insn, X86_GRP_BRANCH_RELATIVE)) return 0;
    const cs_x86 *x86 = &insn->detail->x86;
    for (uint8_t i = 0; i < x86->op_count; i++) {
        if (x86->operands[i].type == X86_OP_IMM) return (uintptr_t)x86->operands[i].imm;
    }
    return 0;
}

static int open_decoder(csh *handle) {
    if (cs_open(CS_ARCH_X86, CS_MODE_64, handle) != CS_ERR_OK) return 0;
    cs_option(*handle, CS_OPT_DETAIL, CS_OPT_ON);
    return 1;
}

impostor_entry_status impostor_entry_relocate(const uint8_t *entry, size_t readable, size_t size, uintptr_t destination,
                                              uint8_t *out, uint32_t *covered, uint32_t *instructions, uint32_t *copied,
                                              long *detail) {
    if (size != 0 && size < IMPOSTOR_ENTRY_JUMP_LENGTH) {
        *detail = (long)size;
        return IMPOSTOR_ENTRY_TOO_SHORT;
    }
    csh handle;
    if (!open_decoder(&handle)) {
        *detail = 0;
        return IMPOSTOR_ENTRY_UNDECODABLE;
    }
    cs_insn *insn = cs_malloc(handle);
    const uint8_t *code = entry;
    size_t left = readable;
    uint64_t address = (uint64_t)(uintptr_t)entry;
    uint32_t offset = 0, written = 0;
    *instructions = 0;
    impostor_entry_status status = IMPOSTOR_ENTRY_DONE;
    while (offset < IMPOSTOR_ENTRY_JUMP_LENGTH) {
        if (insn == NULL || !cs_disasm_iter(handle, &code, &left, &address, insn)) {
            status = IMPOSTOR_ENTRY_UNDECODABLE;
            break;
        }
        const cs_x86 *x86 = &insn->detail->x86;
        uintptr_t at = (uintptr_t)entry + offset;
        uintptr_t to = destination + written;
        uintptr_t target = relative_target(handle, insn);
        int ok = 1;
        if (insn->id == X86_INS_LOOP || insn->id == X86_INS_LOOPE || insn->id == X86_INS_LOOPNE ||
            insn->id == X86_INS_JRCXZ || insn->id == X86_INS_JECXZ || insn->id == X86_INS_JCXZ) {
            status = IMPOSTOR_ENTRY_UNRELOCATABLE;
        } else if (target != 0 && target > (uintptr_t)entry && target < (uintptr_t)entry + IMPOSTOR_ENTRY_JUMP_LENGTH) {
            status = IMPOSTOR_ENTRY_BRANCH_INTO_PATCH;
        } else if (target != 0 && insn->id == X86_INS_CALL) {
            out[written] = 0xe8;
            int32_t rel = displacement(to, 5, target, &ok);
            memcpy(out + written + 1, &rel, 4);
            written += 5;
        } else if (target != 0 && insn->id == X86_INS_JMP) {
            out[written] = 0xe9;
            int32_t rel = displacement(to, 5, target, &ok);
            memcpy(out + written + 1, &rel, 4);
            written += 5;
        } else if (target != 0 && condition_of(x86) >= 0) {
            out[written] = 0x0f;
            out[written + 1] = (uint8_t)(0x80 + condition_of(x86));
            int32_t rel = displacement(to, 6, target, &ok);
            memcpy(out + written + 2, &rel, 4);
            written += 6;
        } else if (target != 0) {
            status = IMPOSTOR_ENTRY_UNRELOCATABLE;  // a relative branch of a form not known here
        } else {
            memcpy(out + written, insn->bytes, insn->size);
            for (uint8_t i = 0; i < x86->op_count; i++) {
                const cs_x86_op *operand = &x86->operands[i];
                if (operand->type != X86_OP_MEM || operand->mem.base != X86_REG_RIP) continue;
                // The operand's address, from the original, then the displacement that gives it
                // from the copy; capstone says where the 4 displacement bytes are.
                if (x86->encoding.disp_size != 4) {
                    ok = 0;
                    break;
                }
                uintptr_t operand_address = at + insn->size + (intptr_t)operand->mem.disp;
                int32_t rel = displacement(to, insn->size, operand_address, &ok);
                memcpy(out + written + x86->encoding.disp_offset, &rel, 4);
            }
            written += insn->size;
        }
        if (!ok) status = IMPOSTOR_ENTRY_UNRELOCATABLE;
        if (status != IMPOSTOR_ENTRY_DONE) break;
        offset += insn->size;
        *instructions += 1;
    }
    if (status != IMPOSTOR_ENTRY_DONE) {
        *detail = (long)offset;
    } else if (size != 0 && offset > size) {
        // The function's last instruction ends before the patch does: the rest would overwrite
        // whatever follows it.
        *detail = (long)size;
        status = IMPOSTOR_ENTRY_TOO_SHORT;
    } else {
        int ok = 1;
        out[written] = 0xe9;
        int32_t rel = displacement(destination + written, 5, (uintptr_t)entry + offset, &ok);
        memcpy(out + written + 1, &rel, 4);
        written += 5;
        *covered = offset;
        *copied = written;
        if (!ok) {
            *detail = (long)offset;
            status = IMPOSTOR_ENTRY_UNRELOCATABLE;
        }
    }
    if (insn != NULL) cs_free(insn, 1);
    cs_close(&handle);
    return status;
}

impostor_entry_status impostor_entry_check_branches(const uint8_t *entry, size_t size, uint32_t covered, long *detail) {
    csh handle;
    if (!open_decoder(&handle)) return IMPOSTOR_ENTRY_DONE;
    cs_insn *insn = cs_malloc(handle);
    const uint8_t *code = entry;
    size_t left = size;
    uint64_t address = (uint64_t)(uintptr_t)entry;
    impostor_entry_status status = IMPOSTOR_ENTRY_DONE;
    // A linear sweep: it stops at the first bytes that do not decode (data in the text, such as
    // a jump table), having checked every instruction before them.
    while (insn != NULL && left > 0 && cs_disasm_iter(handle, &code, &left, &address, insn)) {
        uintptr_t target = relative_target(handle, insn);
        if (target > (uintptr_t)entry && target < (uintptr_t)entry + covered) {
            *detail = (long)(insn->address - (uintptr_t)entry);
            status = IMPOSTOR_ENTRY_BRANCH_INTO_PATCH;
            break;
        }
    }
    if (insn != NULL) cs_free(insn, 1);
    cs_close(&handle);
    return status;
}

#endif
