// Entry patches: writing the jump over a function's first instructions, and putting them back.
//
// Never writable and executable at once: code is written through /proc/self/mem, the kernel's
// view of this process's memory, which writes a page whatever its protection (the first write
// gives this process a private copy of the page, swapped in whole) while every mapping of it
// stays read-only and executable. Nothing is ever mprotect-ed.
//
// Safe while other threads run the function: each write is one that a thread may see at any
// instant. Installing goes in three writes (see entry_threads.c for the wait between them):
//   1. `int3` over the first byte. A thread arriving traps; the SIGTRAP handler below moves it
//      to the landing, as the jump will. One byte is always a whole instruction's start.
//   2. Once no thread can be inside the old instructions, bytes 1 to the end: the jump's
//      displacement, then `int3` padding. Behind the `int3`, no thread runs them.
//   3. The jump's opcode over the `int3`.
// Removing goes backwards: `int3`, the old bytes 1 to the end, the old first byte. No wait is
// needed there: while patched, the bytes hold a single jump, which a thread is either before
// or past. After each write, membarrier makes every core discard instructions it fetched early.
//
// Landings and relocated copies live on pages mapped within a jump's reach of the functions
// (±1 GiB, so every operand a copied instruction reaches from the function stays within a
// 32-bit displacement of the copy), filled the same way, and kept for the life of the process.
#define _GNU_SOURCE  // REG_RIP
#include "entry_machine.h"

#include <errno.h>
#include <stdatomic.h>
#include <string.h>

#if defined(IMPOSTOR_GOT_X86_64)
#include <fcntl.h>
#include <linux/membarrier.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>

__attribute__((visibility("hidden"))) long impostor_entry_wait_for_threads(void);

/// Each prepared function's place, by dispatcher index. `entry` is published last (release),
/// so the trap handler, which reads it (acquire), sees the rest whole.
struct site_record {
    const uint8_t *_Atomic entry;
    uint8_t *landing;
    impostor_entry_site site;
    int installed;
    /// The patch covers one instruction: no thread can be inside it, so no wait.
    int one_instruction;
};
static struct site_record sites[IMPOSTOR_GOT_DISPATCHER_COUNT];

/// Held while preparing, installing or removing (never by the trap handler).
static atomic_flag busy = ATOMIC_FLAG_INIT;
static void lock(void) {
    while (atomic_flag_test_and_set_explicit(&busy, memory_order_acquire)) impostor_got_pause_one_millisecond();
}
static void unlock(void) { atomic_flag_clear_explicit(&busy, memory_order_release); }

// MARK: Writing code

static long memory_file = -1;
static long memory_file_owner = 0;
static int cores_synchronize = -1;

/// Makes every core running this process discard instructions fetched before now.
static void synchronize_cores(void) {
    if (cores_synchronize < 0) {
        cores_synchronize = impostor_got_syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED_SYNC_CORE, 0,
                                                 0, 0, 0, 0) == 0;
    }
    // Without the command (a kernel before 4.16), x86 processors still see stores to code
    // lines other cores execute: the write itself went through the kernel, a serializing path.
    if (cores_synchronize) (void)impostor_got_syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED_SYNC_CORE, 0, 0, 0, 0, 0);
}

/// Writes `length` bytes at `address` through /proc/self/mem, then synchronizes cores; 0 or an errno.
static long write_code(const void *address, const void *bytes, size_t length) {
    long pid = impostor_got_syscall(SYS_getpid, 0, 0, 0, 0, 0, 0);
    if (memory_file < 0 || memory_file_owner != pid) {
        // Opened again after a fork: the old descriptor writes into the parent's memory.
        if (memory_file >= 0) (void)impostor_got_syscall(SYS_close, memory_file, 0, 0, 0, 0, 0);
        memory_file = impostor_got_syscall(SYS_openat, AT_FDCWD, (long)"/proc/self/mem", O_RDWR | O_CLOEXEC, 0, 0, 0);
        memory_file_owner = pid;
        if (memory_file < 0) {
            long error = -memory_file;
            memory_file = -1;
            return error;
        }
    }
    long written = impostor_got_syscall(SYS_pwrite64, memory_file, (long)bytes, (long)length, (long)address, 0, 0);
    if (written < 0) return -written;
    if ((size_t)written != length) return EIO;
    synchronize_cores();
    return 0;
}

// MARK: Near pages

#define SLOT_SIZE 128
#define NEAR_REACH ((intptr_t)1 << 30)
#define MOST_NEAR_PAGES 64

static struct {
    uint8_t *base;
    int used;
} near_pages[MOST_NEAR_PAGES];
static int near_page_count = 0;

/// A 128-byte slot on a page within NEAR_REACH of `entry`, or NULL (errno in `*error`).
static uint8_t *near_slot(uintptr_t entry, long *error) {
    for (int i = 0; i < near_page_count; i++) {
        intptr_t distance = (intptr_t)near_pages[i].base - (intptr_t)entry;
        if (near_pages[i].used < 4096 / SLOT_SIZE && distance > -NEAR_REACH + 8192 && distance < NEAR_REACH - 8192) {
            return near_pages[i].base + SLOT_SIZE * near_pages[i].used++;
        }
    }
    if (near_page_count == MOST_NEAR_PAGES) {
        *error = ENOMEM;
        return NULL;
    }
    // Free addresses nearest the function first, below it then above, 64 KiB apart.
    uintptr_t home = entry & ~(uintptr_t)0xffff;
    *error = ENOMEM;
    for (uintptr_t step = 1; step < (uintptr_t)(NEAR_REACH >> 16) - 1; step++) {
        for (int side = 0; side < 2; side++) {
            uintptr_t hint = side == 0 ? home - (step << 16) : home + (step << 16);
            if (side == 0 && hint > home) continue;
            long mapped = impostor_got_syscall(SYS_mmap, (long)hint, 4096, PROT_READ | PROT_EXEC,
                                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
            if (mapped == (long)hint) {
                near_pages[near_page_count].base = (uint8_t *)mapped;
                near_pages[near_page_count].used = 1;
                return near_pages[near_page_count++].base;
            }
            if (mapped >= 0) (void)impostor_got_syscall(SYS_munmap, mapped, 4096, 0, 0, 0, 0);  // an old kernel's hint
            else if (mapped != -EEXIST) *error = -mapped;
        }
    }
    return NULL;
}

// MARK: Trapping

static struct sigaction previous_trap;
static _Atomic int trap_handler_ours = 0;

/// A thread that ran into an `int3` on a patched entry goes on at its landing, as the jump
/// would have taken it; any other trap goes to the handler there was before.
static void on_trap(int signal, siginfo_t *info, void *context) {
    ucontext_t *machine = context;
    uintptr_t at = (uintptr_t)machine->uc_mcontext.gregs[REG_RIP] - 1;
    for (int i = 0; i < IMPOSTOR_GOT_DISPATCHER_COUNT; i++) {
        if ((uintptr_t)atomic_load_explicit(&sites[i].entry, memory_order_acquire) == at) {
            machine->uc_mcontext.gregs[REG_RIP] = (greg_t)(uintptr_t)sites[i].landing;
            return;
        }
    }
    if (previous_trap.sa_flags & SA_SIGINFO) {
        previous_trap.sa_sigaction(signal, info, context);
    } else if (previous_trap.sa_handler == SIG_DFL) {
        // The default stops the program with a core dump: put it back and let the signal,
        // blocked while this handler runs, arrive again when it returns.
        struct sigaction fallback = {.sa_handler = SIG_DFL};
        sigaction(SIGTRAP, &fallback, NULL);
        raise(SIGTRAP);
    } else if (previous_trap.sa_handler != SIG_IGN) {
        previous_trap.sa_handler(signal);
    }
}

/// Puts `on_trap` in place, keeping what was there to pass other traps on to.
static void ensure_trap_handler(void) {
    struct sigaction current;
    if (sigaction(SIGTRAP, NULL, &current) == 0 && (current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_trap) return;
    struct sigaction ours;
    memset(&ours, 0, sizeof ours);
    ours.sa_sigaction = on_trap;
    ours.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&ours.sa_mask);
    sigaction(SIGTRAP, &ours, &previous_trap);
    atomic_store(&trap_handler_ours, 1);
}

// MARK: The patch

static const uint8_t trap_byte = 0xcc;

/// The bytes the patch writes over the site: the jump to the landing, `int3` to its end.
static void patch_bytes(const struct site_record *record, uint8_t *bytes) {
    memset(bytes, 0xcc, sizeof record->site.saved);
    int32_t rel = (int32_t)((intptr_t)record->landing - (intptr_t)(record->site.entry + IMPOSTOR_ENTRY_JUMP_LENGTH));
    bytes[0] = 0xe9;
    memcpy(bytes + 1, &rel, 4);
}


impostor_entry_status impostor_entry_prepare(const void *entry, size_t size, uint32_t dispatcher, impostor_entry_site *site,
                                             long *detail) {
    *detail = 0;
    if (dispatcher >= IMPOSTOR_GOT_DISPATCHER_COUNT) return IMPOSTOR_ENTRY_DISPATCHER_TAKEN;
    lock();
    struct site_record *record = &sites[dispatcher];
    impostor_entry_status status = IMPOSTOR_ENTRY_DONE;
    const uint8_t *known = atomic_load_explicit(&record->entry, memory_order_relaxed);
    if (known != NULL) {
        if (known == entry) *site = record->site;
        else status = IMPOSTOR_ENTRY_DISPATCHER_TAKEN;
        unlock();
        return status;
    }
    uintptr_t end = impostor_entry_code_end((uintptr_t)entry);
    if (end == 0) {
        unlock();
        return IMPOSTOR_ENTRY_NOT_CODE;
    }
    size_t readable = end - (uintptr_t)entry;
    uint8_t *slot = near_slot((uintptr_t)entry, detail);
    if (slot == NULL) {
        unlock();
        return IMPOSTOR_ENTRY_NO_NEAR_PAGE;
    }
    // The slot: the landing (`jmp *0(%rip)` and the dispatcher's address) at 0, the copy at 16.
    uint8_t bytes[SLOT_SIZE];
    memset(bytes, 0xcc, sizeof bytes);
    const uint8_t landing[6] = {0xff, 0x25, 0, 0, 0, 0};
    memcpy(bytes, landing, sizeof landing);
    void *target = impostor_got_dispatcher(dispatcher);
    memcpy(bytes + 6, &target, 8);
    uint32_t covered = 0, instructions = 0, copied = 0;
    status = impostor_entry_relocate(entry, readable > 64 ? 64 : readable, size, (uintptr_t)(slot + 16), bytes + 16,
                                     &covered, &instructions, &copied, detail);
    if (status == IMPOSTOR_ENTRY_DONE && size > covered) {
        status = impostor_entry_check_branches(entry, size > readable ? readable : size, covered, detail);
    }
    if (status == IMPOSTOR_ENTRY_DONE) {
        long error = write_code(slot, bytes, sizeof bytes);
        if (error != 0) {
            *detail = error;
            status = IMPOSTOR_ENTRY_WRITE_REFUSED;
        }
    }
    if (status != IMPOSTOR_ENTRY_DONE) {
        unlock();  // the slot stays taken, unused: at most one per refused function
        return status;
    }
    record->landing = slot;
    record->site.entry = entry;
    record->site.original = slot + 16;
    record->site.length = covered;
    record->one_instruction = instructions == 1;
    memcpy(record->site.saved, entry, covered);
    atomic_store_explicit(&record->entry, entry, memory_order_release);
    *site = record->site;
    unlock();
    return IMPOSTOR_ENTRY_DONE;
}

impostor_entry_status impostor_entry_install(uint32_t dispatcher, long *detail) {
    *detail = 0;
    if (dispatcher >= IMPOSTOR_GOT_DISPATCHER_COUNT) return IMPOSTOR_ENTRY_DISPATCHER_TAKEN;
    lock();
    struct site_record *record = &sites[dispatcher];
    if (record->installed || record->landing == NULL) {
        unlock();
        return IMPOSTOR_ENTRY_DONE;
    }
    uint8_t *entry = (uint8_t *)record->site.entry;
    if (memcmp(entry, record->site.saved, record->site.length) != 0) {
        unlock();  // not the function prepared: rewritten by something else since
        return IMPOSTOR_ENTRY_CHANGED;
    }
    ensure_trap_handler();
    uint8_t patch[sizeof record->site.saved];
    patch_bytes(record, patch);
    long error = write_code(entry, &trap_byte, 1);
    if (error == 0) {
        long inside = record->one_instruction ? 0 : impostor_entry_wait_for_threads();
        if (inside != 0) {
            (void)write_code(entry, record->site.saved, 1);
            *detail = inside;
            unlock();
            return IMPOSTOR_ENTRY_THREAD_INSIDE;
        }
        error = write_code(entry + 1, patch + 1, record->site.length - 1);
    }
    if (error == 0) error = write_code(entry, patch, 1);
    if (error != 0) {
        // A refused first write changed nothing; a later one cannot be refused once the first
        // went through (the same page, now this process's own copy).
        *detail = error;
        unlock();
        return IMPOSTOR_ENTRY_WRITE_REFUSED;
    }
    record->installed = 1;
    unlock();
    return IMPOSTOR_ENTRY_DONE;
}

impostor_entry_status impostor_entry_remove(uint32_t dispatcher, long *detail) {
    *detail = 0;
    if (dispatcher >= IMPOSTOR_GOT_DISPATCHER_COUNT) return IMPOSTOR_ENTRY_DISPATCHER_TAKEN;
    lock();
    struct site_record *record = &sites[dispatcher];
    if (!record->installed) {
        unlock();
        return IMPOSTOR_ENTRY_DONE;
    }
    uint8_t *entry = (uint8_t *)record->site.entry;
    uint8_t patch[sizeof record->site.saved];
    patch_bytes(record, patch);
    if (memcmp(entry, patch, record->site.length) != 0) {
        record->installed = 0;
        unlock();
        return IMPOSTOR_ENTRY_CHANGED;
    }
    long error = write_code(entry, &trap_byte, 1);
    if (error == 0) error = write_code(entry + 1, record->site.saved + 1, record->site.length - 1);
    if (error == 0) error = write_code(entry, record->site.saved, 1);
    if (error != 0) {
        *detail = error;
        unlock();
        return IMPOSTOR_ENTRY_WRITE_REFUSED;
    }
    record->installed = 0;
    unlock();
    return IMPOSTOR_ENTRY_DONE;
}

int impostor_entry_installed(uint32_t dispatcher) {
    if (dispatcher >= IMPOSTOR_GOT_DISPATCHER_COUNT) return 0;
    lock();
    int installed = sites[dispatcher].installed;
    unlock();
    return installed;
}

int impostor_entry_dispatcher_of(const void *address) {
    int found = -1;
    lock();
    for (int index = 0; index < IMPOSTOR_GOT_DISPATCHER_COUNT && found < 0; index++) {
        const uint8_t *landing = sites[index].landing;
        // The landing jumps to the dispatcher; the relocated copy behind it is the original.
        if (landing != NULL && ((const uint8_t *)address == landing || (const uint8_t *)address == landing + 16)) found = index;
    }
    unlock();
    return found;
}

#else

impostor_entry_status impostor_entry_prepare(const void *entry, size_t size, uint32_t dispatcher, impostor_entry_site *site,
                                             long *detail) {
    (void)entry, (void)size, (void)dispatcher, (void)site;
    *detail = 0;
    return IMPOSTOR_ENTRY_UNAVAILABLE;
}
impostor_entry_status impostor_entry_install(uint32_t dispatcher, long *detail) {
    (void)dispatcher;
    *detail = 0;
    return IMPOSTOR_ENTRY_UNAVAILABLE;
}
int impostor_entry_dispatcher_of(const void *address) {
    (void)address;
    return -1;
}
impostor_entry_status impostor_entry_remove(uint32_t dispatcher, long *detail) {
    (void)dispatcher;
    *detail = 0;
    return IMPOSTOR_ENTRY_UNAVAILABLE;
}
int impostor_entry_installed(uint32_t dispatcher) {
    (void)dispatcher;
    return 0;
}

#endif
