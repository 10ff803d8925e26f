// Whether this layer works where it runs, (on AArch64) the page size it works in, and
// whether an object is still being relocated.
#include "CImpostorInterpose.h"
#include "got_machine.h"

#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>

int impostor_got_supported(void) {
#if defined(IMPOSTOR_GOT_AVAILABLE)
    return 1;
#else
    return 0;
#endif
}

#if defined(IMPOSTOR_GOT_AVAILABLE)
// `dlopen` maps an object, makes it visible to `dl_iterate_phdr`, relocates it with its RELRO
// pages writable, and only then makes them read-only. A slot stored into meanwhile may be
// overwritten by the relocation, and a page made read-only again under the relocation ends
// the process in the dynamic linker: so objects still being relocated are left alone.
//
// Linux has no call that reports a page's protection short of reading /proc/self/maps. But
// FUTEX_WAKE_OP applies an atomic operation to a second word before waking anyone, and needs
// write access to it: adding 0 to a word of the page changes nothing, wakes nobody (both wake
// counts are 0), and fails with EFAULT exactly when the page is not writable. The caller holds
// the registry's lock, so no page of Impostor's own is open at the time.
int impostor_got_object_loading(uintptr_t relro_page) {
    static int nobody_waits;
    long result = impostor_got_syscall(SYS_futex, (long)&nobody_waits, FUTEX_WAKE_OP | FUTEX_PRIVATE_FLAG, 0, 0,
                                       (long)relro_page, FUTEX_OP(FUTEX_OP_ADD, 0, FUTEX_OP_CMP_EQ, 0));
    if (result >= 0) return 1;
    return result == -EFAULT ? 0 : -1;
}
#endif

void impostor_got_pause_one_millisecond(void) {
#if defined(IMPOSTOR_GOT_AVAILABLE)
    struct timespec pause = {0, 1000000};
    (void)impostor_got_syscall(SYS_nanosleep, (long)&pause, 0, 0, 0, 0, 0);
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
