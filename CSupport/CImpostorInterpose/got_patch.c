// Stores into GOT slots, opening read-only (RELRO) pages for the length of one store.
//
// While a page is open nothing may be called that a rebound slot could lead to (the slot
// being written could be the one the call goes through, half-done), so this file calls no
// function at all between opening and closing: `mprotect` is issued as a raw system call and
// the store is a compiler builtin. A spin lock, not a mutex, serializes writers for the same
// reason (two writers must not close a page under each other's store).
#include "CImpostorInterpose.h"

#include <errno.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#define PAGE_SIZE_BYTES ((uintptr_t)4096)

static atomic_flag writing = ATOMIC_FLAG_INIT;
// Per thread, so that a test injecting failures meets them on its own thread only, never in
// a test running in parallel.
static _Thread_local int injected_failures = 0;
static _Thread_local int injected_error = 0;

/// `mprotect` without going through libc (or any GOT slot): returns 0 or an errno value.
static long raw_mprotect(uintptr_t page, uintptr_t length, long protection) {
    long result;
    __asm__ volatile("syscall"
                     : "=a"(result)
                     : "0"((long)SYS_mprotect), "D"(page), "S"(length), "d"(protection)
                     : "rcx", "r11", "memory");
    return result < 0 ? -result : 0;
}

static long change_protection(uintptr_t page, long protection) {
    if (injected_failures > 0) {
        injected_failures--;
        return injected_error;
    }
    return raw_mprotect(page, PAGE_SIZE_BYTES, protection);
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
    uintptr_t page = (uintptr_t)slot & ~(PAGE_SIZE_BYTES - 1);
    while (atomic_flag_test_and_set_explicit(&writing, memory_order_acquire)) {
        __builtin_ia32_pause();
    }
    int status = 0;
    if (read_only) {
        long error = change_protection(page, PROT_READ | PROT_WRITE);
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
        (void)raw_mprotect(page, PAGE_SIZE_BYTES, PROT_READ);
    }
    atomic_flag_clear_explicit(&writing, memory_order_release);
    return status;
}
