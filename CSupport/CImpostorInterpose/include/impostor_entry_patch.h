// Entry patching: reaching a C function's every call by rewriting its first instructions, for
// calls no GOT slot carries (a function called directly inside its own object, a static one).
//
// The patch is a 5-byte `jmp rel32` over the function's first whole instructions, to a landing
// near it that jumps on to one of the dispatchers (`impostor_got_dispatcher`): from there a
// call is routed exactly as one through a rebound GOT slot. The instructions overwritten are
// copied, relocated by capstone's decoding, to memory beside the landing and followed by a jump
// back: that copy is the function's original, which `callingOriginal()` reaches.
//
// x86-64 Linux only; elsewhere every call answers IMPOSTOR_ENTRY_UNAVAILABLE.
#ifndef IMPOSTOR_ENTRY_PATCH_H
#define IMPOSTOR_ENTRY_PATCH_H

#include <stddef.h>
#include <stdint.h>

/// What preparing, installing or removing an entry patch came to; `detail` says more where noted.
typedef enum impostor_entry_status {
    IMPOSTOR_ENTRY_DONE = 0,
    /// Not built for this machine (entry patching is written for x86-64).
    IMPOSTOR_ENTRY_UNAVAILABLE = 1,
    /// The address lies in no executable segment of a loaded object.
    IMPOSTOR_ENTRY_NOT_CODE = 2,
    /// capstone could not decode the instruction at byte `detail` of the function.
    IMPOSTOR_ENTRY_UNDECODABLE = 3,
    /// The function is `detail` bytes long, shorter than the patch's 5 bytes.
    IMPOSTOR_ENTRY_TOO_SHORT = 4,
    /// The instruction at byte `detail` of the function branches into the bytes the patch
    /// overwrites: it would land inside the jump.
    IMPOSTOR_ENTRY_BRANCH_INTO_PATCH = 5,
    /// The instruction at byte `detail` cannot run from another address (`loop`, `jrcxz`, or an
    /// operand out of a 32-bit displacement's reach).
    IMPOSTOR_ENTRY_UNRELOCATABLE = 6,
    /// No page could be mapped within a jump's reach of the function (errno in `detail`).
    IMPOSTOR_ENTRY_NO_NEAR_PAGE = 7,
    /// The kernel refused the write through /proc/self/mem (errno in `detail`).
    IMPOSTOR_ENTRY_WRITE_REFUSED = 8,
    /// Thread `detail` was still inside the bytes being overwritten after a second; the entry
    /// was put back as it was.
    IMPOSTOR_ENTRY_THREAD_INSIDE = 9,
    /// On removal: the entry no longer holds the patch (something else rewrote it); left alone.
    IMPOSTOR_ENTRY_CHANGED = 10,
    /// This dispatcher was prepared for another function.
    IMPOSTOR_ENTRY_DISPATCHER_TAKEN = 11,
} impostor_entry_status;

/// A function prepared for patching, once per dispatcher; kept for the life of the process.
typedef struct impostor_entry_site {
    /// The function's first instruction.
    const void *_Nullable entry;
    /// The relocated copy of the overwritten instructions followed by a jump back: calling it
    /// runs the real function.
    const void *_Nullable original;
    /// Bytes the patch overwrites: whole instructions, 5 or more.
    uint32_t length;
    /// The function's bytes before any patch.
    uint8_t saved[24];
} impostor_entry_site;

/// Prepares patching the function at `entry` (`size` bytes long by its symbol, 0 when unknown)
/// through dispatcher `dispatcher`: decodes and relocates its first instructions and checks
/// that no instruction of the function branches into them. Changes nothing in the function.
/// Preparing the same function again answers the same site.
impostor_entry_status impostor_entry_prepare(const void *_Nonnull entry, size_t size, uint32_t dispatcher,
                                             impostor_entry_site *_Nonnull site, long *_Nonnull detail);

/// Patches the prepared function's entry, while other threads may be running it (see
/// entry_patch.c for how). Installing an installed patch does nothing.
impostor_entry_status impostor_entry_install(uint32_t dispatcher, long *_Nonnull detail);

/// Puts the function's first bytes back as they were. Removing a removed patch does nothing.
impostor_entry_status impostor_entry_remove(uint32_t dispatcher, long *_Nonnull detail);

/// Whether dispatcher `dispatcher`'s function is patched now (its first byte is the jump).
int impostor_entry_installed(uint32_t dispatcher);

/// The dispatcher whose prepared patch lands at `address` (the landing, or the relocated copy
/// of the first instructions behind it), or -1.
int impostor_entry_dispatcher_of(const void *_Nullable address);

/// The size of the exported function at `address` by its dynamic symbol, 0 when unknown.
size_t impostor_entry_dynamic_size(const void *_Nonnull address);

// MARK: Functions by the symbol table

/// A function definition found in an object's symbol table (`.symtab`).
typedef struct impostor_symtab_function {
    const void *_Nonnull address;
    uint64_t size;
    /// Non-zero for a local (`static`) function.
    int32_t local;
    /// The object's name, in the caller's `names` ("" for the main executable).
    const char *_Nonnull object;
    /// For a local function, the source file the symbol table lists it under (its last
    /// STT_FILE entry before it), cut to fit; "" when it lists none.
    char file[64];
} impostor_symtab_function;

/// What a symbol-table search saw besides the functions.
typedef struct impostor_symtab_result {
    /// Functions found; may exceed the capacity given.
    size_t function_count;
    /// Objects looked at, and those of them with no `.symtab` (stripped).
    int32_t objects_matched;
    int32_t objects_stripped;
    /// The first stripped object's name, cut to fit ("" for the main executable).
    char stripped_object[128];
    /// The function name nearest `name` (at most 2 letters added, removed or changed) when no
    /// function is named so, else ""; and its object's name.
    char nearest[128];
    char nearest_object[128];
} impostor_symtab_result;

/// Writes to `name` the name of the function that starts at `address`: its dynamic symbol's,
/// else its symbol-table entry's, as `file.c:name` for a local (static) one. Returns 0 when no
/// table names a function there.
int impostor_entry_name_at(const void *_Nonnull address, char *_Nonnull name, size_t capacity);

/// Finds the functions named `name` in the symbol tables of the selected loaded objects (an
/// `impostor_got_selection`), reading each object's file.
void impostor_symtab_find(const char *_Nonnull name, int selection, const char *_Nullable library,
                          impostor_symtab_function *_Nullable functions, size_t capacity, char *_Nullable names,
                          size_t names_capacity, impostor_symtab_result *_Nonnull result);

#endif
