// Whether this layer works where it runs, and (on AArch64) the page size it works in.
#include "CImpostorInterpose.h"
#include "got_machine.h"

int impostor_got_supported(void) {
#if defined(IMPOSTOR_GOT_AVAILABLE)
    return 1;
#else
    return 0;
#endif
}

#if defined(IMPOSTOR_GOT_AARCH64)
#include <stdatomic.h>
#include <sys/auxv.h>

static _Atomic uintptr_t page_size = 0;

/// Read once, when the program loads: `getauxval` is a libc function, and by the time Swift
/// rebinds anything (possibly `getauxval` itself) the value is already here.
__attribute__((constructor)) static void read_page_size(void) {
    atomic_store_explicit(&page_size, (uintptr_t)getauxval(AT_PAGESZ), memory_order_relaxed);
}

uintptr_t impostor_got_page_size(void) {
    uintptr_t size = atomic_load_explicit(&page_size, memory_order_relaxed);
    if (size == 0) {
        // Asked from another constructor that ran before ours. The kernel always passes
        // AT_PAGESZ; 4 KiB is the smallest page AArch64 has, should it ever be missing.
        size = (uintptr_t)getauxval(AT_PAGESZ);
        if (size == 0) size = 4096;
        atomic_store_explicit(&page_size, size, memory_order_relaxed);
    }
    return size;
}
#endif
