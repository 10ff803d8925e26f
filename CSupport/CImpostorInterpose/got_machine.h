// The machines this layer is built for, named in one place: Linux on x86-64 and on AArch64
// (ELF64, RELA relocations, GOT slots of 8 bytes). The three sources pick their instructions
// and relocation numbers from these names; on any other machine they compile to stubs that
// do nothing (`impostor_got_supported` answers 0), so that the package still builds there.
//
// Private to the target (not in include/): Swift asks `impostor_got_supported` instead.
#ifndef IMPOSTOR_GOT_MACHINE_H
#define IMPOSTOR_GOT_MACHINE_H

#include <stdint.h>

#if defined(__linux__) && defined(__x86_64__)
#define IMPOSTOR_GOT_X86_64 1
#elif defined(__linux__) && defined(__aarch64__)
#define IMPOSTOR_GOT_AARCH64 1
#endif

#if defined(IMPOSTOR_GOT_X86_64) || defined(IMPOSTOR_GOT_AARCH64)
#define IMPOSTOR_GOT_AVAILABLE 1
#endif

// The unit RELRO pages are protected in, and `mprotect` works in. x86-64 Linux always maps
// base pages of 4 KiB; an AArch64 kernel is built for 4 KiB, 16 KiB or 64 KiB pages, so
// there it is the running kernel's (the auxiliary vector's AT_PAGESZ).
#if defined(IMPOSTOR_GOT_AARCH64)
__attribute__((visibility("hidden"))) uintptr_t impostor_got_page_size(void);
#define IMPOSTOR_GOT_PAGE_SIZE impostor_got_page_size()
#else
#define IMPOSTOR_GOT_PAGE_SIZE ((uintptr_t)4096)
#endif

struct dl_phdr_info;

/// Whether `address` lies in one of the object's loaded segments.
__attribute__((visibility("hidden"))) int impostor_got_in_segments(const struct dl_phdr_info *info, uintptr_t address);

/// The whole pages the dynamic linker makes read-only after relocating the object (its
/// PT_GNU_RELRO segment): [*start, *end), empty when it has none.
__attribute__((visibility("hidden"))) void impostor_got_relro_range(const struct dl_phdr_info *info, uintptr_t *start,
                                                                    uintptr_t *end);

#if defined(IMPOSTOR_GOT_AVAILABLE)
/// A Linux system call made by the instruction itself, not through libc (or any GOT slot,
/// which could be one being rebound): returns the kernel's result, a negated errno on failure.
static inline long impostor_got_syscall(long number, long a, long b, long c, long d, long e, long f) {
#if defined(IMPOSTOR_GOT_X86_64)
    register long r10 __asm__("r10") = d;
    register long r8 __asm__("r8") = e;
    register long r9 __asm__("r9") = f;
    long result;
    __asm__ volatile("syscall"
                     : "=a"(result)
                     : "0"(number), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return result;
#else
    // AArch64: the number in x8, the arguments in x0-x5, the result in x0; `svc` changes
    // nothing else the compiler could be keeping in a register.
    register long x8 __asm__("x8") = number;
    register long x0 __asm__("x0") = a;
    register long x1 __asm__("x1") = b;
    register long x2 __asm__("x2") = c;
    register long x3 __asm__("x3") = d;
    register long x4 __asm__("x4") = e;
    register long x5 __asm__("x5") = f;
    __asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5) : "memory");
    return x0;
#endif
}

/// Whether the dynamic linker is still relocating the object whose first RELRO page is
/// `relro_page`: 1 when that page is writable (it makes the page read-only only once the
/// object is relocated), 0 when it is read-only, -1 when the kernel cannot say.
__attribute__((visibility("hidden"))) int impostor_got_object_loading(uintptr_t relro_page);
#endif

#endif
