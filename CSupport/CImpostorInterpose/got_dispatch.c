// Dispatchers: one fixed 16-byte stub per interposed symbol, assembled into this object's
// text (no code is written at run time, and no page is ever writable and executable).
//
// A stub loads its index into a scratch register and jumps to a common entry that saves every
// register a C call can pass arguments in, calls `impostor_got_choose`, restores them, unwinds
// its frame and jumps to the chosen target. The target then runs with the caller's registers,
// stack arguments and return address exactly as the caller left them, whatever the signature.
//
// x86-64: the index in r11; saved are rdi, rsi, rdx, rcx, r8, r9, rax (the vector count of
// variadic calls) and xmm0-7.
//
// AArch64: the index in w16; saved are x0-x7, x8 (the address a large result is returned at)
// and q0-q7 whole, under a frame record (x29, x30). x16 and x17 are the intra-procedure-call
// registers: PLT entries and linker veneers clobber them between a caller and its callee, so
// no caller expects them kept, and the target is reached by `br x16`, which a `bti c` landing
// pad accepts. Each stub starts with `bti c` itself, being reached by `br x17` from a PLT entry
// or by `blr` from code that loaded a GOT slot. Not kept: the bits of z0-z7 above q0-q7 and
// p0-p3, so functions taking SVE vectors or predicates cannot be interposed.
#include "CImpostorInterpose.h"
#include "got_machine.h"
// From CImpostor, whose static trampolines save the same registers (see Package.swift).
#include "impostor_argument_registers.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>

/// Bit 63 of a route: ask the chooser. No code or heap address has it: user space ends below
/// 2^47 on x86-64 and below 2^52 on AArch64 Linux (2^48 unless a program asks for more).
/// Below it, a route that asks holds its `impostor_got_choosing_route`'s address, or 0 (made by
/// `impostor_got_route`).
#define CHOOSE_BIT ((uint64_t)1 << 63)

static _Atomic uint64_t routes[IMPOSTOR_GOT_DISPATCHER_COUNT];
static const void *_Atomic originals[IMPOSTOR_GOT_DISPATCHER_COUNT];
static _Atomic impostor_got_chooser chooser = NULL;
static _Thread_local int choosing = 0;
static _Thread_local const void *thread_owner = NULL;
/// One bit per dispatcher: set while a mock of that symbol answers a call on this thread.
static _Thread_local uint64_t answering[IMPOSTOR_GOT_DISPATCHER_COUNT / 64];
/// For each bit set, the frame address of `impostor_got_set_answering` when it set it: the
/// answer's own calls of the symbol come from deeper frames (lower addresses). A call from a
/// frame not below it comes after an answer that never cleared its bit (left by `longjmp`).
static _Thread_local uintptr_t answering_stack[IMPOSTOR_GOT_DISPATCHER_COUNT];

__attribute__((visibility("hidden"))) const void *impostor_got_choose(uint32_t index, const void *return_address,
                                                                      uintptr_t caller_frame);

#if defined(IMPOSTOR_GOT_X86_64)

__asm__(
    ".text\n"
    ".p2align 4\n"
    ".globl impostor_got_dispatchers\n"
    ".hidden impostor_got_dispatchers\n"
    "impostor_got_dispatchers:\n"
    ".set impostor_got_stub_index, 0\n"
    ".rept 256\n"
    "    endbr64\n"
    "    movl $impostor_got_stub_index, %r11d\n"
    "    jmp impostor_got_common\n"
    "    .p2align 4, 0xcc\n"
    "    .set impostor_got_stub_index, impostor_got_stub_index + 1\n"
    ".endr\n"
    "impostor_got_common:\n"
    "    pushq %rbp\n"                      // rsp is now 16-byte aligned
    "    movq %rsp, %rbp\n"
    // The frame: rdi-r9 at 0-40, rax at 48, xmm0-7 at 64-176 (16-byte aligned for movaps).
    "    subq $192, %rsp\n"
    IMPOSTOR_SAVE_GENERAL_ARGUMENTS(0)
    "    movq %rax, 48(%rsp)\n"            // a variadic call's count of vector registers
    IMPOSTOR_SAVE_VECTOR_ARGUMENTS(64)
    "    movl %r11d, %edi\n"
    "    movq 8(%rbp), %rsi\n"              // the caller's return address
    "    movq 0(%rbp), %rdx\n"              // the caller's frame pointer (got_framework.c)
    "    call impostor_got_choose\n"
    "    movq %rax, %r11\n"
    IMPOSTOR_RESTORE_GENERAL_ARGUMENTS(0)
    "    movq 48(%rsp), %rax\n"
    IMPOSTOR_RESTORE_VECTOR_ARGUMENTS(64)
    "    leave\n"
    "    jmp *%r11\n");

#elif defined(IMPOSTOR_GOT_AARCH64)

__asm__(
    ".text\n"
    ".p2align 4\n"
    ".globl impostor_got_dispatchers\n"
    ".hidden impostor_got_dispatchers\n"
    "impostor_got_dispatchers:\n"
    ".set impostor_got_stub_index, 0\n"
    ".rept 256\n"
    "    hint #34\n"                       // bti c, in a spelling every assembler takes
    "    mov w16, #impostor_got_stub_index\n"
    "    b impostor_got_common\n"
    "    .p2align 4, 0\n"                  // a zero word is `udf`: a trap, never run
    "    .set impostor_got_stub_index, impostor_got_stub_index + 1\n"
    ".endr\n"
    "impostor_got_common:\n"
    // The frame, sp staying 16-byte aligned: the frame record (x29, x30) at 0, where x29 then
    // points so that a backtrace from the chooser walks on to the caller; x0-x7 at 16-72, x8
    // at 80, q0-q7 at 96-208.
    "    stp x29, x30, [sp, #-224]!\n"
    "    mov x29, sp\n"
    IMPOSTOR_SAVE_GENERAL_ARGUMENTS(16)
    "    str x8, [sp, #80]\n"
    IMPOSTOR_SAVE_VECTOR_ARGUMENTS(96)
    "    mov w0, w16\n"
    "    mov x1, x30\n"                     // the caller's return address
    "    ldr x2, [sp]\n"                    // the caller's frame pointer (got_framework.c)
    "    bl impostor_got_choose\n"
    "    mov x16, x0\n"
    IMPOSTOR_RESTORE_GENERAL_ARGUMENTS(16)
    "    ldr x8, [sp, #80]\n"
    IMPOSTOR_RESTORE_VECTOR_ARGUMENTS(96)
    "    ldp x29, x30, [sp], #224\n"        // x30 the caller's return address again
    "    br x16\n");

#endif

#if defined(IMPOSTOR_GOT_AVAILABLE)

extern char impostor_got_dispatchers[];

void *impostor_got_dispatcher(uint32_t index) {
    return impostor_got_dispatchers + 16 * (size_t)index;
}

int impostor_got_dispatcher_index(const void *address) {
    uintptr_t offset = (uintptr_t)address - (uintptr_t)impostor_got_dispatchers;
    if ((uintptr_t)address < (uintptr_t)impostor_got_dispatchers || offset >= 16 * (uintptr_t)IMPOSTOR_GOT_DISPATCHER_COUNT ||
        offset % 16 != 0) {
        return impostor_entry_dispatcher_of(address);
    }
    return (int)(offset / 16);
}

#else

/// Every dispatcher's address on a machine without them: a call there stops the program at
/// once rather than run anything. Nothing should call it: scans find no slot to rebind.
static void no_dispatcher(void) { __builtin_trap(); }

void *impostor_got_dispatcher(uint32_t index) {
    (void)index;
    return (void *)no_dispatcher;
}

int impostor_got_dispatcher_index(const void *address) {
    (void)address;
    return -1;
}

#endif

__attribute__((visibility("hidden"))) const void *impostor_variadic_route(uint32_t index, const void *target,
                                                                          const void *original);

const void *impostor_got_original(uint32_t index) { return atomic_load_explicit(&originals[index], memory_order_acquire); }

static const void *choose_target(uint32_t index, const void *return_address);

/// Called by the common entry for every call through a dispatcher. A mock of a variadic symbol
/// in its va_list form is reached through the routine that builds the va_list (variadic.c).
/// A call the test framework makes (got_framework.c) reaches the original, whatever the route
/// says: it is checked only when a mock would answer, so the original's path pays nothing.
const void *impostor_got_choose(uint32_t index, const void *return_address, uintptr_t caller_frame) {
    const void *target = choose_target(index, return_address);
    const void *original = atomic_load_explicit(&originals[index], memory_order_acquire);
    if (target != original && impostor_got_is_framework_call(index, return_address, caller_frame)) target = original;
    return impostor_variadic_route(index, target, original);
}

static const void *choose_target(uint32_t index, const void *return_address) {
    // The symbol called by name from inside its own mock's answer (a stub calling getenv):
    // the real function, or the call would come back to the mock without end.
    if (answering[index / 64] & ((uint64_t)1 << (index % 64))) {
        if ((uintptr_t)__builtin_frame_address(0) < answering_stack[index]) {
            return atomic_load_explicit(&originals[index], memory_order_acquire);
        }
        // The answer that set the bit was left by longjmp: this call is not inside it.
        answering[index / 64] &= ~((uint64_t)1 << (index % 64));
    }
    uint64_t route = atomic_load_explicit(&routes[index], memory_order_acquire);
    if ((route & CHOOSE_BIT) == 0) return (const void *)(uintptr_t)route;
    // One acquire load gave the route and its record, made before the release store that
    // published it; records are immutable and never freed. If the layers change meanwhile,
    // this call still decides by the route it read, whole: its target is a mock's trampoline,
    // never freed either, which passes a call to the original once its Mockery is released.
    const impostor_got_choosing_route *decided = (const impostor_got_choosing_route *)(uintptr_t)(route & ~CHOOSE_BIT);
    // The owning test's own thread, when the newest layer answers that test over every object:
    // the chooser would answer the same (the newest layer is tried first, and a thread's claim
    // is the test it stands for, before the running test), so it is not asked.
    if (decided != NULL && decided->owner != NULL && decided->owner == thread_owner) return decided->target;
    const void *original = atomic_load_explicit(&originals[index], memory_order_acquire);
    impostor_got_chooser choose = atomic_load_explicit(&chooser, memory_order_acquire);
    // A call made while choosing (the Swift runtime calling the very symbol) goes to the
    // original: answering it would need the chooser again.
    if (choosing || choose == NULL) return original;
    choosing = 1;
    const void *target = choose(index, return_address, decided != NULL ? decided->table : NULL);
    choosing = 0;
    return target != NULL ? target : original;
}

void impostor_got_set_chooser(impostor_got_chooser function) {
    atomic_store_explicit(&chooser, function, memory_order_release);
}

void impostor_got_route(uint32_t index, const void *original, const void *target, int choose) {
    atomic_store_explicit(&originals[index], original, memory_order_release);
    uint64_t route = (uint64_t)(uintptr_t)target | (choose ? CHOOSE_BIT : 0);
    atomic_store_explicit(&routes[index], route, memory_order_release);
}

/// Every choosing route made, newest first: reachable, so leak checkers do not count them, nor
/// the tables they hold. One per change of a symbol's layers (two per interposition, 32 bytes
/// and the table), kept for the life of the process like each layer's trampoline.
struct choosing_route_record {
    impostor_got_choosing_route route;  // first: its address is the record's
    struct choosing_route_record *next;
};
static struct choosing_route_record *_Atomic choosing_routes = NULL;

const impostor_got_choosing_route *impostor_got_choosing_route_make(const void *owner, const void *target,
                                                                    const void *table) {
    struct choosing_route_record *record = malloc(sizeof *record);
    if (record == NULL) return NULL;
    record->route = (impostor_got_choosing_route){.owner = owner, .target = target, .table = table};
    record->next = atomic_load_explicit(&choosing_routes, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&choosing_routes, &record->next, record, memory_order_release,
                                                  memory_order_relaxed)) {
    }
    return &record->route;
}

void impostor_got_route_choosing(uint32_t index, const void *original, const impostor_got_choosing_route *route) {
    atomic_store_explicit(&originals[index], original, memory_order_release);
    // Release: a call that reads this route sees the record's fields, and the table they
    // point at, as they were written.
    atomic_store_explicit(&routes[index], (uint64_t)(uintptr_t)route | CHOOSE_BIT, memory_order_release);
}

int impostor_got_set_answering(uint32_t index, int on) {
    uint64_t bit = (uint64_t)1 << (index % 64);
    int was = (answering[index / 64] & bit) != 0;
    if (on && !was) answering_stack[index] = (uintptr_t)__builtin_frame_address(0);
    answering[index / 64] = on ? (answering[index / 64] | bit) : (answering[index / 64] & ~bit);
    return was;
}

const void *impostor_got_thread_owner(void) { return thread_owner; }

void impostor_got_set_thread_owner(const void *owner) { thread_owner = owner; }

// MARK: dlopen

static void *(*_Atomic real_dlopen)(const char *, int) = NULL;
static void (*_Atomic loaded_callback)(void) = NULL;

void impostor_got_set_dlopen(void *function, void (*loaded)(void)) {
    atomic_store(&loaded_callback, loaded);
    atomic_store(&real_dlopen, (void *(*)(const char *, int))function);
}

void *impostor_got_dlopen(const char *file, int mode) {
    void *(*open)(const char *, int) = atomic_load(&real_dlopen);
    void *handle = open(file, mode);
    void (*loaded)(void) = atomic_load(&loaded_callback);
    if (handle != NULL && loaded != NULL) loaded();
    return handle;
}

// MARK: Calling the original

void impostor_got_call(ffi_cif *cif, const void *function, void *result, void **arguments) {
    ffi_call(cif, FFI_FN(function), result, arguments);
}
