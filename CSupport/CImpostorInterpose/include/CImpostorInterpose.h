// CImpostorInterpose: the C half of rebinding C symbols at run time (Impostor's Interposition).
//
// Swift owns the policy (which symbol, which objects, when to restore, every message); this
// layer does what Swift cannot do safely: walk the ELF tables of loaded objects, store into a
// GOT slot on a read-only (RELRO) page without calling anything that may itself be rebound,
// and dispatch a call of any C signature to a target chosen at call time. It returns status
// codes, never strings. Linux on x86-64 and on AArch64 (ELF64, RELA relocations); on any
// other machine it compiles, `impostor_got_supported` answers 0, and nothing is rebound.
#ifndef CIMPOSTOR_INTERPOSE_H
#define CIMPOSTOR_INTERPOSE_H

#include <ffi.h>
#include <stddef.h>
#include <stdint.h>

#include "impostor_entry_patch.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Non-zero when this layer works on the machine it was built for (Linux on x86-64 or
/// AArch64). When 0, scans and swaps return IMPOSTOR_GOT_UNAVAILABLE and change nothing, and
/// every dispatcher address is a trap.
int impostor_got_supported(void);

/// Returned by `impostor_got_scan` and `impostor_got_swap` where `impostor_got_supported` is 0.
#define IMPOSTOR_GOT_UNAVAILABLE (-2)

// MARK: Scanning loaded objects

/// Which loaded objects a scan looks at.
typedef enum impostor_got_selection {
    IMPOSTOR_GOT_ALL_OBJECTS = 0,
    IMPOSTOR_GOT_MAIN_EXECUTABLE = 1,
    IMPOSTOR_GOT_SHARED_LIBRARIES = 2,
    /// The libraries whose file name is `library` or starts with `library` then `.` or `-`.
    IMPOSTOR_GOT_NAMED_LIBRARY = 3,
} impostor_got_selection;

/// One GOT slot that holds the address of the symbol scanned for.
typedef struct impostor_got_slot {
    /// The slot itself: 8 aligned bytes in the object's data.
    void *_Nullable *_Nonnull address;
    /// What the slot held when it was scanned.
    void *_Nullable value;
    /// The object's name as the dynamic linker has it ("" for the main executable): in the
    /// scan's `names`, or, when it was given none, the dynamic linker's own copy, valid only
    /// while the object stays loaded.
    const char *_Nonnull object;
    /// The object's load bias (`dlpi_addr`), which with `object` identifies it.
    uintptr_t object_base;
    /// The slot's relocation type, in the machine's numbering: x86-64 R_X86_64_JUMP_SLOT (7)
    /// or R_X86_64_GLOB_DAT (6); AArch64 R_AARCH64_JUMP_SLOT (1026) or R_AARCH64_GLOB_DAT (1025).
    int32_t relocation;
    /// Non-zero when the slot lies on a page that the dynamic linker made read-only (RELRO).
    int32_t read_only;
    /// Non-zero when the slot still holds the object's own PLT stub (lazy binding not done
    /// yet): that value must be put back on restore and never called as the original.
    int32_t lazy;
    /// Non-zero when the object itself defines the symbol (its GLOB_DAT slot points home).
    int32_t defined_here;
} impostor_got_slot;

/// What a scan saw besides the slots.
typedef struct impostor_got_scan_result {
    /// Slots found; may exceed the capacity given, in which case only that many were written.
    size_t slot_count;
    /// Bytes of object names the slots need in `names`; may exceed the room given, in which
    /// case names that did not fit read "".
    size_t names_bytes;
    /// Absolute 64-bit relocations naming the symbol (x86-64 R_X86_64_64, AArch64
    /// R_AARCH64_ABS64): its address stored in an object's data (a table of function
    /// pointers), which is not rebound.
    size_t data_references;
    /// Objects looked at (after the selection).
    int32_t objects_matched;
    /// Non-zero when the main executable has no dynamic section (statically linked).
    int32_t static_executable;
    /// Non-zero when the main executable is not position independent (loaded at bias 0).
    int32_t executable_not_pie;
    /// Non-zero when a non-PIE executable imports the symbol with a non-zero value: it exports
    /// a canonical PLT entry, which every library's pointer to the symbol resolves to.
    int32_t canonical_plt;
    /// Objects with slots for the symbol that the dynamic linker was still relocating (another
    /// thread's `dlopen` under way): their slots are left out, to be rebound at a later scan.
    int32_t objects_loading;
    /// The first of those objects' names, cut to fit ("" for the main executable).
    char loading_object[128];
    /// `dl_iterate_phdr`'s counts of objects ever loaded and unloaded, at the scan.
    uint64_t adds;
    uint64_t subs;
} impostor_got_scan_result;

/// Finds every JUMP_SLOT and GLOB_DAT slot for `symbol` in the selected loaded objects, and
/// copies their objects' names into `names` while no object can be unloaded. Allocates
/// nothing and calls no libc string function. Returns 0 (IMPOSTOR_GOT_UNAVAILABLE, having
/// found nothing, where `impostor_got_supported` is 0).
int impostor_got_scan(const char *_Nonnull symbol, impostor_got_selection selection,
                      const char *_Nullable library, impostor_got_slot *_Nullable slots,
                      size_t capacity, char *_Nullable names, size_t names_capacity,
                      impostor_got_scan_result *_Nonnull result);

/// Which of `names` (`count` of them, at most 32) the objects `selection` picks have a
/// JUMP_SLOT or GLOB_DAT slot for, in one walk of the objects: bit i is set when `names[i]` has
/// one (in an object still being relocated too). What a failed interpose asks about the names a
/// header may have turned its symbol into, at the cost of one scan rather than one per name.
/// 0 where `impostor_got_supported` is 0.
uint32_t impostor_got_imported_names(const char *_Nonnull const *_Nonnull names, int count,
                                     impostor_got_selection selection, const char *_Nullable library);

/// Sleeps one millisecond by a raw `nanosleep` system call (libc's could be interposed).
void impostor_got_pause_one_millisecond(void);

/// `dl_iterate_phdr`'s load and unload counters, cheaply (the first object only).
void impostor_got_generation(uint64_t *_Nonnull adds, uint64_t *_Nonnull subs);

/// Whether `address` lies in a segment of the loaded object with load bias `base`.
int impostor_got_object_contains(uintptr_t base, const void *_Nullable address);

/// The load bias of the object containing `address`, or UINTPTR_MAX when none does; its
/// name (as in `impostor_got_slot.object`) in `*name` when `name` is not NULL.
uintptr_t impostor_got_object_base(const void *_Nullable address, const char *_Nullable *_Nullable name);

/// The load bias of the main executable.
uintptr_t impostor_got_executable_base(void);

/// Whether `path` names `library` the way IMPOSTOR_GOT_NAMED_LIBRARY selects objects.
int impostor_got_names_library(const char *_Nonnull path, const char *_Nonnull library);

// MARK: Writing slots

/// Replaces the value of `slot` with `desired` if it still holds `expected`, in one atomic
/// 8-byte compare-and-swap, inside `dl_iterate_phdr` (no object is unloaded meanwhile). When
/// the slot lies on a RELRO page, the page is made writable for the store and put back
/// read-only right after, with raw system calls: nothing called while the page is open can be
/// a function some GOT slot was rebound to. Returns 0 on success, IMPOSTOR_GOT_CHANGED (and
/// the value found in `*found`) when the slot held something else, IMPOSTOR_GOT_UNSETTLED
/// (nothing stored) when no loaded object holds the slot or the dynamic linker is still
/// relocating the one that does, the errno `mprotect` failed with, or
/// IMPOSTOR_GOT_UNAVAILABLE where `impostor_got_supported` is 0.
int impostor_got_swap(void *_Nullable *_Nonnull slot, void *_Nullable expected,
                      void *_Nullable desired, void *_Nullable *_Nonnull found);

/// Returned by `impostor_got_swap` when the slot no longer held the expected value.
#define IMPOSTOR_GOT_CHANGED (-1)
/// Returned by `impostor_got_swap` when the slot's object is gone or still being relocated.
#define IMPOSTOR_GOT_UNSETTLED (-2)

// MARK: Dispatchers

/// How many symbols can be interposed over the life of the process (one dispatcher each).
#define IMPOSTOR_GOT_DISPATCHER_COUNT 256

/// The code address of dispatcher `index`: a 16-byte stub that keeps every argument register
/// and the stack as the caller left them, asks `impostor_got_choose` where to go, and jumps
/// there. It fits any C signature, variadic ones included.
void *_Nonnull impostor_got_dispatcher(uint32_t index);

/// The index of the dispatcher at `address`, or of the entry patch that lands there, or -1:
/// Swift takes an interposed function's address from a GOT slot that holds its dispatcher.
int impostor_got_dispatcher_index(const void *_Nullable address);

/// Swift's chooser: the target for a call that arrived at dispatcher `index` from code that
/// returns to `return_address`, or NULL for the original. `table` is the route's (see
/// `impostor_got_choosing_route`), NULL for a route made by `impostor_got_route`.
typedef const void *_Nullable (*impostor_got_chooser)(uint32_t index, const void *_Nullable return_address,
                                                      const void *_Nullable table);

/// Installs the chooser called for routes marked `choose`.
void impostor_got_set_chooser(impostor_got_chooser _Nonnull chooser);

/// Routes dispatcher `index`: calls go to `target` (the original when no mock is installed),
/// or, when `choose` is non-zero, to whatever the chooser answers. `original` is where a call
/// goes when the chooser answers NULL or is re-entered on the same thread. One atomic store
/// each: a call in flight sees the old route or the new one, never a mix.
void impostor_got_route(uint32_t index, const void *_Nonnull original, const void *_Nonnull target, int choose);

/// A route through the chooser, as one set of layers decides it. A call from a thread claimed
/// by `owner` (see `impostor_got_thread_owner`) goes straight to `target` without asking, when
/// `owner` is not NULL; every other call asks the chooser, which gets `table`. Immutable once
/// made and never freed, so a call that read it just before the route changed still decides
/// by it whole (see `impostor_got_route_choosing`).
typedef struct impostor_got_choosing_route {
    const void *_Nullable owner;
    const void *_Nullable target;
    const void *_Nullable table;
} impostor_got_choosing_route;

/// Makes a choosing route (kept reachable for the life of the process), or NULL when out of memory.
const impostor_got_choosing_route *_Nullable impostor_got_choosing_route_make(const void *_Nullable owner,
                                                                              const void *_Nullable target,
                                                                              const void *_Nullable table);

/// Routes dispatcher `index` by `route`: one atomic store, like `impostor_got_route`, so a call
/// in flight decides by the old route or by this one, whole.
void impostor_got_route_choosing(uint32_t index, const void *_Nonnull original,
                                 const impostor_got_choosing_route *_Nonnull route);

/// Marks (or unmarks) the current thread as answering a call of dispatcher `index`'s symbol
/// with a mock: calls of the same symbol made meanwhile on this thread go to the original.
/// Returns whether it was marked before, to put back.
int impostor_got_set_answering(uint32_t index, int on);

/// The test identity claimed by the current thread (an unretained, never-freed Swift object),
/// or NULL. Set by `Mockery.withCurrent` so that threads a test starts count as the test's.
const void *_Nullable impostor_got_thread_owner(void);
void impostor_got_set_thread_owner(const void *_Nullable owner);

/// Where calls of dispatcher `index`'s symbol go when no mock answers: the real function, or
/// the relocated copy of its first instructions when its entry is patched.
const void *_Nullable impostor_got_original(uint32_t index);

// MARK: The test framework's own calls (got_framework.c)

/// Reads anew where the test framework's code and the Swift runtime's are loaded (Swift Testing,
/// XCTest; the Swift runtime libraries, Foundation, libdispatch): calls that return into the
/// first, or into the second on the first's behalf, reach the original. Call it when objects
/// may have been loaded, under the lock that orders rebinding. Returns how many code ranges it
/// found.
int impostor_got_refresh_framework_objects(void);

/// 1 when a call of dispatcher `index` returning to `return_address`, from a caller whose frame
/// pointer was `caller_frame`, is the test framework's (or Impostor's own), 0 when it is the
/// code under test's. Never faults: frames are read with guarded reads.
int impostor_got_is_framework_call(uint32_t index, const void *_Nullable return_address, uintptr_t caller_frame);

/// Marks dispatcher `index`'s symbol as interposed in a scope that names a framework library
/// itself: then the framework's calls reach its mock (Impostor's own still do not).
void impostor_got_set_framework_named(uint32_t index, int named);

/// Marks the current thread as running Impostor's own code (a report, a wait) until the
/// matching `impostor_got_leave_own_code`: interposed calls made meanwhile reach the original.
/// Nests.
void impostor_got_enter_own_code(void);
void impostor_got_leave_own_code(void);
/// 1 while the current thread runs Impostor's own code.
int impostor_got_in_own_code(void);

// MARK: Variadic symbols in their va_list form

/// Marks dispatcher `index`'s symbol as variadic, answered by mocks of its va_list form whose
/// fixed arguments take `general` general registers (0 to 5: the va_list's address goes in the
/// next) and `vector` vector registers (0 to 8); a negative `general` unmarks it. Returns 0
/// where this is not built (all but x86-64) or the counts do not fit.
int impostor_variadic_mark(uint32_t index, int general, int vector);

/// Asks the innermost variadic call in flight on this thread, when its symbol's original is
/// `original`, to pass the call through to it untouched once the answer returns: 1 then; 0 when
/// `original` is no variadic symbol's (call it as usual); -1 when it is one's, but no call of
/// it is in flight here (the va_list form's mock was called some other way: nothing to pass on).
int impostor_variadic_pass_through(const void *_Nonnull original);

/// Returns 0, whatever it is called with: where a variadic function pointer's mock sends calls
/// once its Mockery is released (it has no original).
int64_t impostor_variadic_no_original(void);

// MARK: dlopen

/// Installs the callback run after every successful `dlopen` made through a slot rebound to
/// `impostor_got_dlopen`, and the real `dlopen` that function calls.
void impostor_got_set_dlopen(void *_Nonnull real_dlopen, void (*_Nonnull loaded)(void));

/// A `dlopen` that calls the real one, then the callback, so objects it loads are rescanned.
void *_Nullable impostor_got_dlopen(const char *_Nullable file, int mode);

// MARK: Calling the original

/// Calls `function` with the arguments and result buffer of a call in flight, described by
/// `cif` (a mock's own call interface): pass-through to the real function.
void impostor_got_call(ffi_cif *_Nonnull cif, const void *_Nonnull function, void *_Nullable result,
                       void *_Nullable *_Nullable arguments);

#ifdef __cplusplus
}
#endif

#endif
