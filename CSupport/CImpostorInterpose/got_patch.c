// Stores into GOT slots, opening read-only (RELRO) pages for the length of one store.
//
// Each store is made inside `dl_iterate_phdr`, which keeps objects from being unloaded
// meanwhile, and only into an object the dynamic linker has finished relocating: one still
// being relocated has its RELRO pages writable, and making one read-only under it ends the
// process in `dlopen`.
//
// While a page is open nothing may be called that a rebound slot could lead to (the slot
// being written could be the one the call goes through, half-done), so this file calls no
// function at all between opening and closing: `mprotect` is issued as a raw system call and
// the store is a compiler builtin. A spin lock, not a mutex, serializes writers for the same
// reason (two writers must not close a page under each other's store).
#define _GNU_SOURCE
#include "CImpostorInterpose.h"
#include "got_machine.h"

#include <errno.h>
#include <link.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#if defined(IMPOSTOR_GOT_AVAILABLE)

static atomic_flag writing = ATOMIC_FLAG_INIT;
// Per thread, so that a test injecting failures meets them on its own thread only, never in
// a test running in parallel.
static _Thread_local int injected_failures = 0;
static _Thread_local int injected_error = 0;
// The same for a second party's store into a slot (test hook below); NULL: none.
static _Thread_local void **rewritten_slot = NULL;
static _Thread_local void *rewritten_value = NULL;

/// `mprotect` without going through libc (or any GOT slot): returns 0 or an errno value.
static long raw_mprotect(uintptr_t page, uintptr_t length, long protection) {
    long result = impostor_got_syscall(SYS_mprotect, (long)page, (long)length, protection, 0, 0, 0);
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

/// A test hook, declared only in the tests' `ct_probes.h`: the next swap of `slot` on this thread
/// first stores `value` into it, as another rebinder or the dynamic linker would between the
/// scan and the swap, so that the swap finds the slot changed (NULL `slot`: no such store).
void impostor_got_rewrite_before_next_swap(void **slot, void *value);
void impostor_got_rewrite_before_next_swap(void **slot, void *value) {
    rewritten_value = value;
    rewritten_slot = slot;
}

typedef struct swap_request {
    void **slot;
    void *expected;
    void *desired;
    void **found;
    uintptr_t page_size;
    int status;
} swap_request;

/// The store itself, called by `dl_iterate_phdr` for each loaded object while it holds the
/// dynamic linker's lock on the list of objects: no object can be unloaded (nor another mapped
/// where one was) until it returns, so the object found holding the slot stays what it is.
static int swap_in_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    swap_request *request = data;
    if (!impostor_got_in_segments(info, (uintptr_t)request->slot)) return 0;
    uintptr_t relro_start, relro_end;
    impostor_got_relro_range(info, &relro_start, &relro_end);
    // An object still being relocated (loaded again at the slot's place since the scan) has
    // its slots written by the dynamic linker, which makes its RELRO pages read-only when done.
    if (relro_end > relro_start && impostor_got_object_loading(relro_start) == 1) return 1;
    uintptr_t page = (uintptr_t)request->slot & ~(request->page_size - 1);
    int read_only = page >= relro_start && page < relro_end;
    // The test hook's thread-locals are read before the page is opened: in a shared object a
    // thread-local access may be a call.
    int rewrites = rewritten_slot == request->slot;
    void *rewrite = rewritten_value;
    if (rewrites) rewritten_slot = NULL;
    while (atomic_flag_test_and_set_explicit(&writing, memory_order_acquire)) {
        SPIN_PAUSE();
    }
    if (read_only) {
        long error = change_protection(page, request->page_size, PROT_READ | PROT_WRITE);
        if (error != 0) {
            atomic_flag_clear_explicit(&writing, memory_order_release);
            request->status = (int)error;
            return 1;
        }
    }
    if (rewrites) {
        // The test hook's second party (a store, not a call: the page is open).
        __atomic_store_n(request->slot, rewrite, __ATOMIC_SEQ_CST);
    }
    // Sound: the slot lies in this loaded object's segments, found in its relocations by a
    // scan; it is 8-byte aligned, so the compare-and-swap is one atomic store that a
    // concurrent call through the slot sees whole, before or after.
    void *seen = request->expected;
    request->status = 0;
    if (!__atomic_compare_exchange_n(request->slot, &seen, request->desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        *request->found = seen;
        request->status = IMPOSTOR_GOT_CHANGED;
    }
    if (read_only) {
        // Put back as the dynamic linker left RELRO pages: read-only. Failing to is not
        // reported as the store's failure (it happened); the page merely stays writable.
        (void)raw_mprotect(page, request->page_size, PROT_READ);
    }
    atomic_flag_clear_explicit(&writing, memory_order_release);
    return 1;
}

int impostor_got_swap(void **slot, void *expected, void *desired, void **found) {
    // The page size is read first: on AArch64 it is a call (of our own function).
    swap_request request = {slot, expected, desired, found, IMPOSTOR_GOT_PAGE_SIZE, IMPOSTOR_GOT_UNSETTLED};
    dl_iterate_phdr(swap_in_object, &request);
    return request.status;
}

#else

int impostor_got_swap(void **slot, void *expected, void *desired, void **found) {
    (void)slot, (void)expected, (void)desired, (void)found;
    return IMPOSTOR_GOT_UNAVAILABLE;
}

void impostor_got_fail_next_protection_changes(int count, int error);
void impostor_got_fail_next_protection_changes(int count, int error) { (void)count, (void)error; }

void impostor_got_rewrite_before_next_swap(void **slot, void *value);
void impostor_got_rewrite_before_next_swap(void **slot, void *value) { (void)slot, (void)value; }

#endif
