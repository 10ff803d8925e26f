// What entry_patch.c and entry_relocate.c share, private to the target.
#ifndef IMPOSTOR_ENTRY_MACHINE_H
#define IMPOSTOR_ENTRY_MACHINE_H

#include "CImpostorInterpose.h"
#include "got_machine.h"

#include <stddef.h>
#include <stdint.h>

/// The patch: `jmp rel32`, 5 bytes.
#define IMPOSTOR_ENTRY_JUMP_LENGTH 5

/// Room for a relocated copy: at most 5 instructions start in the patch's 5 bytes, each
/// 15 bytes at most and none growing past that, then the 5-byte jump back.
#define IMPOSTOR_ENTRY_COPY_CAPACITY 96

/// Copies the whole instructions that start in the first 5 bytes of the function at `entry`
/// (`readable` bytes of it may be read; `size` bytes long by its symbol, 0 when unknown) into
/// `out`, rewritten to run at `destination`, followed by a jump back to the first byte not
/// copied. Writes the bytes covered to `*covered`, the instructions among them to
/// `*instructions`, and the copy's length to `*copied`.
__attribute__((visibility("hidden"))) impostor_entry_status
impostor_entry_relocate(const uint8_t *entry, size_t readable, size_t size, uintptr_t destination, uint8_t *out,
                        uint32_t *covered, uint32_t *instructions, uint32_t *copied, long *detail);

/// Checks that no instruction in the function's `size` bytes branches into bytes 1 to
/// `covered` - 1 of it, where the patch's jump would be found instead of instructions.
__attribute__((visibility("hidden"))) impostor_entry_status
impostor_entry_check_branches(const uint8_t *entry, size_t size, uint32_t covered, long *detail);

/// The end of the executable segment of a loaded object holding `address`, or 0 when none does.
__attribute__((visibility("hidden"))) uintptr_t impostor_entry_code_end(uintptr_t address);

#endif
