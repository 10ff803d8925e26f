// Static trampolines (see impostor_static_trampolines.h): the copies of the code page mapped
// from the file it was loaded from, and the making of one mock's trampoline. The page itself is
// assembled by static_entry_x86_64.c or static_entry_aarch64.c; the frame and the context are
// in static_context.h, the layouts in static_layout_*.c, the dispatcher in static_dispatch.c.
#include "static_context.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if IMPOSTOR_STATIC_TRAMPOLINES

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

// MARK: Pages

static pthread_mutex_t pages_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t pages_once = PTHREAD_ONCE_INIT;
/// Set once, by the first use or by a mapping that fails for a reason other than memory; read
/// without the lock by every mock creation.
static const char *_Atomic unavailable_reason = NULL;
static int page_file = -1;
static off_t page_file_offset = 0;
/// The data page of the newest copy, and how many of its stubs are taken.
static unsigned char *current_data = NULL;
static unsigned current_used = STUBS_PER_PAGE;
static _Atomic unsigned long pages_mapped = 0;
/// The newest context (see `older`). Written under `pages_lock`.
static static_closure *newest_closure = NULL;

/// Finds the file and offset the code page was loaded from, in /proc/self/maps.
static void find_page_file(void) {
    if (sysconf(_SC_PAGESIZE) != PAGE_BYTES) {
        unavailable_reason = "the page size is not 4 KiB";
        return;
    }
    // A copy maps exactly one page: the stubs and the shared entry must fit in it (the
    // assembler cannot check this itself, since it sizes the jumps late).
    if (impostor_static_page_end - impostor_static_page > PAGE_BYTES) {
        unavailable_reason = "the static trampolines' code page was assembled larger than 4 KiB";
        return;
    }
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) {
        unavailable_reason = "/proc/self/maps cannot be read";
        return;
    }
    uintptr_t page = (uintptr_t)impostor_static_page;
    char line[4096 + 128];
    char path[4096];
    int found = 0;
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end, offset;
        char permissions[8];
        path[0] = '\0';
        if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %4095[^\n]", &start, &end, permissions, &offset, path) < 4) continue;
        if (page < start || page >= end) continue;
        found = 1;
        char *text = path;
        while (*text == ' ') text++;
        if (text[0] != '/' || strstr(text, " (deleted)") != NULL) {
            unavailable_reason = "the library holding Impostor's code page is not a file that can be opened";
            break;
        }
        page_file = open(text, O_RDONLY | O_CLOEXEC);
        if (page_file < 0) {
            unavailable_reason = "the library holding Impostor's code page cannot be opened";
            break;
        }
        page_file_offset = (off_t)(offset + (page - start));
        break;
    }
    fclose(maps);
    if (!found && unavailable_reason == NULL) unavailable_reason = "Impostor's code page is not in /proc/self/maps";
}

#if defined(__aarch64__)
#include <sys/auxv.h>
#ifndef PROT_BTI
#define PROT_BTI 0x10  // asm/mman.h on arm64
#endif
#ifndef HWCAP2_BTI
#define HWCAP2_BTI (1 << 17)  // asm/hwcap.h on arm64
#endif
/// AArch64: copies are mapped as guarded pages (PROT_BTI) where the processor has BTI, so an
/// indirect branch into one may land only on a `bti c`, which begins every stub and the shared
/// entry. Decided by the processor's capability, since a kernel ignores PROT_BTI in `mmap`
/// where it cannot honour it; cleared for good when a kernel refuses it. Written under
/// `pages_lock`.
static int code_guard = -1;
#else
static const int code_guard = 0;
#endif

/// Maps one more copy of the code page with a data page after it. Called under `pages_lock`.
static int map_page_pair(void) {
    unsigned char *pair = mmap(NULL, 2 * PAGE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pair == MAP_FAILED) return 0;
    // The code half is replaced by the file's page, read+execute: never writable.
#if defined(__aarch64__)
    if (code_guard < 0) code_guard = (getauxval(AT_HWCAP2) & HWCAP2_BTI) ? PROT_BTI : 0;
#endif
    void *code = mmap(pair, PAGE_BYTES, PROT_READ | PROT_EXEC | code_guard, MAP_PRIVATE | MAP_FIXED, page_file, page_file_offset);
#if defined(__aarch64__)
    if (code == MAP_FAILED && errno == EINVAL && code_guard != 0) {
        // A kernel or processor without BTI refuses the guard: the page goes unguarded, as
        // every page of a program built without branch protection does.
        code_guard = 0;
        code = mmap(pair, PAGE_BYTES, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_FIXED, page_file, page_file_offset);
    }
#endif
    if (code == MAP_FAILED) {
        int error = errno;
        munmap(pair, 2 * PAGE_BYTES);
        // A file system mounted noexec, or a security policy, refuses executable mappings of
        // files: mocks then get libffi closures. Only a shortage of memory fails the mock.
        if (error != ENOMEM) unavailable_reason = "the library holding Impostor's code page cannot be mapped read+execute";
        return 0;
    }
    // The file on disk must still be the file that was loaded (a rebuilt library would not be).
    if (memcmp(pair, impostor_static_page, PAGE_BYTES) != 0) {
        munmap(pair, 2 * PAGE_BYTES);
        unavailable_reason = "the library file on disk no longer matches the loaded code page";
        return 0;
    }
    current_data = pair + PAGE_BYTES;
    current_used = 0;
    atomic_fetch_add_explicit(&pages_mapped, 1, memory_order_relaxed);
    return 1;
}

static void decide_availability(void) { find_page_file(); }

const char *impostor_static_trampolines_unavailable(void) {
    pthread_once(&pages_once, decide_availability);
    return unavailable_reason;
}

int impostor_static_trampolines_guarded(void) {
    pthread_mutex_lock(&pages_lock);
    int guarded = current_data != NULL && code_guard > 0;
    pthread_mutex_unlock(&pages_lock);
    return guarded;
}

unsigned long impostor_static_trampoline_pages(void) {
    return atomic_load_explicit(&pages_mapped, memory_order_relaxed);
}

/// The context of the static trampoline at `code`, or NULL when `code` is not one.
static static_closure *closure_at(const void *code) {
    // A stub is a copy of the page's bytes: compare before reading its data word.
    uintptr_t offset = (uintptr_t)code & (PAGE_BYTES - 1);
    if (offset % STUB_BYTES != 0 || offset >= STUB_BYTES * STUBS_PER_PAGE ||
        memcmp(code, impostor_static_page + offset, STUB_BYTES) != 0) {
        return NULL;
    }
    static_closure *closure;
    memcpy(&closure, (const unsigned char *)code + PAGE_BYTES, sizeof closure);
    return closure;
}

int impostor_static_trampoline_records_on_fast_path(const void *code) {
    static_closure *closure = closure_at(code);
    return closure != NULL && closure->fast != NULL && atomic_load_explicit(&closure->fast->open, memory_order_acquire) &&
           closure->fast->nice;
}

int impostor_static_trampoline_live_keys(const void *code) {
    static_closure *closure = closure_at(code);
    if (closure == NULL || closure->fast == NULL || !atomic_load_explicit(&closure->fast->open, memory_order_acquire)) {
        return -1;
    }
    impostor_stub_keys *keys = &closure->fast->keys;
    uint32_t count = atomic_load_explicit(&keys->count, memory_order_acquire);
    return (int)(count - atomic_load_explicit(&keys->first_live, memory_order_relaxed));
}

int impostor_static_trampoline_lanes(const void *code) {
    static_closure *closure = closure_at(code);
    if (closure == NULL || closure->fast_records == NULL) return -1;
    return (int)impostor_records_lane_count(closure->fast_records);
}

impostor_static_outcome impostor_static_trampoline_create(ffi_cif *cif, impostor_static_handler handler,
                                                          impostor_static_answer answer, void *user_data,
                                                          impostor_fast_path *fast, void **code) {
    if (impostor_static_trampolines_unavailable() != NULL) return IMPOSTOR_STATIC_UNAVAILABLE;
    static_closure *closure = malloc(sizeof(static_closure) + sizeof(argument_source) * (cif->nargs + 1));
    if (closure == NULL) return IMPOSTOR_STATIC_NO_MEMORY;
    if (!impostor_static_lay_out(cif, closure)) {
        free(closure);
        return IMPOSTOR_STATIC_SIGNATURE_NOT_COVERED;
    }
    closure->argument_offsets = NULL;
    if (closure->simple) {
        // A multiple of 4 (SIMPLE_ARGUMENTS is one too), at least 4.
        uint32_t room = (closure->argument_count + 4) / 4 * 4;
        closure->argument_offsets = calloc(room, sizeof(uint64_t));
        if (closure->argument_offsets == NULL) {
            free(closure);
            return IMPOSTOR_STATIC_NO_MEMORY;
        }
        for (uint32_t index = 0; index < closure->argument_count; index++) {
            closure->argument_offsets[index] = closure->sources[index].first;
        }
    }
    closure->dispatch = impostor_static_dispatch;
    closure->handler = handler;
    closure->answer = answer;
    closure->user_data = user_data;
    closure->cif = cif;
    // Only the simple layout takes the fast path, and only with the result in the return
    // registers' slots: 16 bytes of the frame from there are zeroed.
    closure->fast = closure->simple && closure->result_offset <= FRAME_RESULT_VECTOR && cif->rtype->size <= 16 ? fast : NULL;
    closure->fast_steps = NULL;
    closure->fast_records = NULL;
    closure->fast_records_serial = 0;
    if (closure->fast != NULL) {
        closure->fast_records = fast->records;
        closure->fast_records_serial = fast->records_serial;
        // The simple layout has no split argument: each one is `sources[index].first` bytes into
        // the frame. Never freed, like the context.
        closure->fast_steps = malloc(sizeof(impostor_record_step) * (fast->count + 1));
        if (closure->fast_steps == NULL) {
            free(closure->argument_offsets);
            free(closure);
            return IMPOSTOR_STATIC_NO_MEMORY;
        }
        for (uint32_t index = 0; index < fast->count; index++) {
            closure->fast_steps[index] = fast->steps[index];
            closure->fast_steps[index].source = closure->sources[index].first;
        }
    }

    pthread_mutex_lock(&pages_lock);
    if (current_used == STUBS_PER_PAGE && !map_page_pair()) {
        impostor_static_outcome outcome = unavailable_reason != NULL ? IMPOSTOR_STATIC_UNAVAILABLE : IMPOSTOR_STATIC_NO_MEMORY;
        pthread_mutex_unlock(&pages_lock);
        free(closure->fast_steps);
        free(closure->argument_offsets);
        free(closure);
        return outcome;
    }
    unsigned slot = current_used++;
    closure->older = newest_closure;
    newest_closure = closure;
    // The stub reads this word with a plain load; the release store orders the context's
    // fields before it for any thread that got the code address through synchronisation.
    atomic_store_explicit((_Atomic(static_closure *) *)(current_data + STUB_BYTES * slot), closure, memory_order_release);
    *code = current_data - PAGE_BYTES + STUB_BYTES * slot;
    pthread_mutex_unlock(&pages_lock);
    if (fast != NULL) {
        // Every pointer the dispatcher hands over has 8 readable bytes: a register slot of the
        // frame (8 bytes), an 8-byte stack slot of the caller's (arguments take a multiple of 8
        // there on both platforms), a 16-byte scratch pair for a split or gathered argument, a
        // caller's copy of a struct over 16 bytes (AArch64), the 16-byte return slots or a
        // 16-byte local for results in registers (results in memory are larger than 8 bytes, so
        // never copied as 8). Set before the entry point is returned, so before any call.
        fast->eightbytes =
            impostor_eightbyte_copies_fit(fast->steps, fast->count, fast->result_offset, fast->result_size);
        fast->closes_eightbytes = impostor_result_closes_as_eight(fast->eightbytes, fast->result_offset,
                                                                   fast->result_size, fast->records->stride);
        // The context's own offsets (never freed, like the context), when this dispatcher reads
        // the settings; otherwise no key is kept.
        fast->frame_offsets = closure->fast != NULL ? closure->argument_offsets : NULL;
        fast->read_by_entry = closure->fast != NULL;
    }
    return IMPOSTOR_STATIC_MADE;
}

#else

const char *impostor_static_trampolines_unavailable(void) {
    return "static trampolines are built for Linux on x86-64 and AArch64 only";
}

unsigned long impostor_static_trampoline_pages(void) { return 0; }

int impostor_static_trampolines_guarded(void) { return 0; }

int impostor_static_trampoline_records_on_fast_path(const void *code) {
    (void)code;
    return 0;
}

int impostor_static_trampoline_live_keys(const void *code) {
    (void)code;
    return -1;
}

int impostor_static_trampoline_lanes(const void *code) {
    (void)code;
    return -1;
}

impostor_static_outcome impostor_static_trampoline_create(ffi_cif *cif, impostor_static_handler handler,
                                                          impostor_static_answer answer, void *user_data,
                                                          impostor_fast_path *fast, void **code) {
    (void)cif; (void)handler; (void)answer; (void)user_data; (void)fast; (void)code;
    return IMPOSTOR_STATIC_UNAVAILABLE;
}

#endif
