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

#endif
