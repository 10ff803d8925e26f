// Stores into GOT slots, opening read-only (RELRO) pages for the length of one store.
//
// While a page is open nothing may be called that a rebound slot could lead to (the slot
// being written could be the one the call goes through, half-done), so this file calls no
// function at all between opening and closing: `mprotect` is issued as a raw system call and
// the store is a compiler builtin. A spin lock, not a mutex, serializes writers for the same
// reason (two writers must not close a page under each other's store).
#include "CImpostorInterpose.h"
#include "got_machine.h"

#include <errno.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#if defined(IMPOSTOR_GOT_AVAILABLE)

static atomic_flag writing = ATOMIC_FLAG_INIT;
// Per thread, so that a test injecting failures meets them on its own thread only, never in
// a test running in parallel.
static _Thread_local int injected_failures = 0;
static _Thread_local int injected_error = 0;

/// `mprotect` without going through libc (or any GOT slot): returns 0 or an errno value.
static long raw_mprotect(uintptr_t page, uintptr_t length, long protection) {
    long result;
#if defined(IMPOSTOR_GOT_X86_64)
    __asm__ volatile("syscall"
                     : "=a"(result)
                     : "0"((long)SYS_mprotect), "D"(page), "S"(length), "d"(protection)
                     : "rcx", "r11", "memory");
#else
    // AArch64: the number in x8, the arguments in x0-x2, the result in x0; `svc` changes
    // nothing else the compiler could be keeping in a register.
    register long number __asm__("x8") = SYS_mprotect;
    register long x0 __asm__("x0") = (long)page;
    register long x1 __asm__("x1") = (long)length;
    register long x2 __asm__("x2") = protection;
    __asm__ volatile("svc #0" : "+r"(x0) : "r"(number), "r"(x1), "r"(x2) : "memory");
    result = x0;
#endif
    return result < 0 ? -result : 0;
}

/// Waits a moment for the other writer, telling the core it is spinning. A macro, so that
/// even an unoptimized build spins without a call.
#if defined(IMPOSTOR_GOT_X86_64)
#define SPIN_PAUSE() __builtin_ia32_pause()
#else
#define SPIN_PAUSE() __asm__ volatile("yield")
#endif

static long change_protection(uintptr_t page, uintptr_t length, long protection) {
    if (injected_failures > 0) {
        injected_failures--;
        return injected_error;
    }
    return raw_mprotect(page, length, protection);
}

/// A test hook, declared only in the tests' `ct_probes.h`: makes the next `count` page-protection
/// changes on this thread fail with `error`, so that the refusal path runs on a machine where
/// `mprotect` never refuses.
void impostor_got_fail_next_protection_changes(int count, int error);
void impostor_got_fail_next_protection_changes(int count, int error) {
    injected_error = error;
    injected_failures = count;
}

int impostor_got_swap(void **slot, void *expected, void *desired, int read_only, void **found) {
    // The page size is read before the lock: on AArch64 it is a call (of our own function).
    uintptr_t page_size = IMPOSTOR_GOT_PAGE_SIZE;
    uintptr_t page = (uintptr_t)slot & ~(page_size - 1);
    while (atomic_flag_test_and_set_explicit(&writing, memory_order_acquire)) {
        SPIN_PAUSE();
    }
    int status = 0;
    if (read_only) {
        long error = change_protection(page, page_size, PROT_READ | PROT_WRITE);
        if (error != 0) {
            atomic_flag_clear_explicit(&writing, memory_order_release);
            return (int)error;
        }
    }
    // Sound: the caller found `slot` in a loaded object's relocations and checked the object
    // is still loaded under the same bias; it is 8-byte aligned, so the compare-and-swap is
    // one atomic store that a concurrent call through the slot sees whole, before or after.
    void *seen = expected;
    if (!__atomic_compare_exchange_n(slot, &seen, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        *found = seen;
        status = IMPOSTOR_GOT_CHANGED;
    }
    if (read_only) {
        // Put back as the dynamic linker left RELRO pages: read-only. Failing to is not
        // reported as the store's failure (it happened); the page merely stays writable.
        (void)raw_mprotect(page, page_size, PROT_READ);
    }
    atomic_flag_clear_explicit(&writing, memory_order_release);
    return status;
}

#else

int impostor_got_swap(void **slot, void *expected, void *desired, int read_only, void **found) {
    (void)slot, (void)expected, (void)desired, (void)read_only, (void)found;
    return IMPOSTOR_GOT_UNAVAILABLE;
}

void impostor_got_fail_next_protection_changes(int count, int error);
void impostor_got_fail_next_protection_changes(int count, int error) { (void)count, (void)error; }

#endif
