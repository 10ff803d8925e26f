// Which interposed calls are the test framework's own: calls made by Swift Testing or XCTest, by
// Impostor itself, or by the Swift runtime and Foundation on their behalf. They are not the code
// under test, so they reach the real function whatever task or thread makes them (a clock that
// a test fakes must not be the clock Swift Testing times its issues with: a `Duration` made from
// a stub's answer traps).
//
// A call is recognised by where it returns to, read off the stack at the dispatcher:
// - into a framework object (libTesting, libXCTest and their companions): the framework's;
// - into a runtime object (the Swift runtime libraries, Foundation, libdispatch): the frame
//   chain is walked up past runtime frames to the first frame that is neither; the call is the
//   framework's when that frame is a framework object's, the code under test's otherwise
//   (`Date()` called by a test: Foundation's frames, then the test's);
// - anywhere, while Impostor marks the thread as running its own code (its reports and waits).
//
// The objects' code ranges are kept in a sorted, immutable table, made anew when objects are
// loaded (under the interposition registry's lock) and never freed, so the per-call check reads
// it with one acquire load and no lock. A call whose caller is in none of them costs a binary
// search over a dozen ranges.
#define _GNU_SOURCE
#include "CImpostorInterpose.h"
// From CImpostor: frame reads that survive a frame pointer that is not one.
#include "impostor_guarded_read.h"

#include <link.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

enum { KIND_FRAMEWORK = 1, KIND_RUNTIME = 2 };

/// The most code ranges kept: the toolchain's libraries have one executable segment each.
#define MAX_RANGES 64
/// The most frames walked above a runtime caller before the call is taken as the code under
/// test's (the runtime's own threads have no frame but the runtime's).
#define MAX_FRAMES 32
/// The largest step between two frame records taken as a real one: a saved frame pointer
/// further up is not a frame record of this stack (a Swift async frame has bit 60 set).
#define MAX_FRAME_STEP ((uintptr_t)8 << 20)

typedef struct {
    uintptr_t start, end;
    int kind;
} code_range;

typedef struct range_table {
    int count;
    code_range ranges[MAX_RANGES];
    struct range_table *previous;  // keeps every table reachable for leak checkers
} range_table;

static range_table *_Atomic table = NULL;
/// Depth of Impostor's own code on this thread (see `impostor_got_enter_own_code`).
static _Thread_local int own_code = 0;
/// One bit per dispatcher: set when a layer of that symbol names a framework library in its
/// scope, so that the framework's calls are the ones it asked for.
static _Atomic uint64_t framework_named[IMPOSTOR_GOT_DISPATCHER_COUNT / 64];

static int starts_with(const char *text, const char *prefix) {
    while (*prefix != 0 && *prefix == *text) { prefix++; text++; }
    return *prefix == 0;
}

/// The kind of the object at `path`, by its file name, or 0 for the code under test's.
static int kind_of(const char *path) {
    const char *name = path;
    for (const char *p = path; *p != 0; p++) {
        if (*p == '/') name = p + 1;
    }
    static const char *const frameworks[] = {"libTesting.", "lib_TestingInterop.", "lib_Testing_", "libXCTest."};
    static const char *const runtimes[] = {"libswift", "libFoundation", "lib_Foundation", "libdispatch.",
                                           "libBlocksRuntime."};
    for (size_t i = 0; i < sizeof frameworks / sizeof *frameworks; i++) {
        if (starts_with(name, frameworks[i])) return KIND_FRAMEWORK;
    }
    for (size_t i = 0; i < sizeof runtimes / sizeof *runtimes; i++) {
        if (starts_with(name, runtimes[i])) return KIND_RUNTIME;
    }
    return 0;
}

static int collect_ranges(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    range_table *made = data;
    int kind = kind_of(info->dlpi_name != NULL ? info->dlpi_name : "");
    if (kind == 0) return 0;
    for (int i = 0; i < info->dlpi_phnum && made->count < MAX_RANGES; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || (header->p_flags & PF_X) == 0) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        made->ranges[made->count++] = (code_range){start, start + header->p_memsz, kind};
    }
    return 0;
}

static int by_start(const void *a, const void *b) {
    uintptr_t x = ((const code_range *)a)->start, y = ((const code_range *)b)->start;
    return x < y ? -1 : x > y;
}

int impostor_got_refresh_framework_objects(void) {
    impostor_guarded_read_prepare();
    range_table *made = calloc(1, sizeof *made);
    if (made == NULL) return 0;
    dl_iterate_phdr(collect_ranges, made);
    qsort(made->ranges, (size_t)made->count, sizeof *made->ranges, by_start);
    made->previous = atomic_load_explicit(&table, memory_order_relaxed);
    atomic_store_explicit(&table, made, memory_order_release);
    return made->count;
}

static int kind_at(const range_table *ranges, uintptr_t address) {
    int low = 0, high = ranges->count;
    while (low < high) {
        int middle = (low + high) / 2;
        if (address < ranges->ranges[middle].start) {
            high = middle;
        } else if (address >= ranges->ranges[middle].end) {
            low = middle + 1;
        } else {
            return ranges->ranges[middle].kind;
        }
    }
    return 0;
}

int impostor_got_is_framework_call(uint32_t index, const void *return_address, uintptr_t caller_frame) {
    if (own_code > 0) return 1;
    const range_table *ranges = atomic_load_explicit(&table, memory_order_acquire);
    if (ranges == NULL || ranges->count == 0) return 0;
    if (index < IMPOSTOR_GOT_DISPATCHER_COUNT &&
        (atomic_load_explicit(&framework_named[index / 64], memory_order_relaxed) >> (index % 64) & 1)) {
        return 0;
    }
    int kind = kind_at(ranges, (uintptr_t)return_address);
    uintptr_t frame = caller_frame;
    for (int walked = 0; kind == KIND_RUNTIME && walked < MAX_FRAMES; walked++) {
        // A frame record is two words, the caller's frame pointer and the return address into
        // it, on both machines. Sound: a guarded copy stops at memory that cannot be read, and
        // any value read is only compared, never followed without the same guard.
        uintptr_t record[2];
        if (frame == 0 || (frame & (sizeof(uintptr_t) - 1)) != 0) return 0;
        if (impostor_guarded_copy(record, (const void *)frame, sizeof record) != 0) return 0;
        kind = kind_at(ranges, record[1]);
        if (record[0] <= frame || record[0] - frame > MAX_FRAME_STEP) {
            // The chain ends here: the last return address still says whose call it was.
            return kind == KIND_FRAMEWORK;
        }
        frame = record[0];
    }
    return kind == KIND_FRAMEWORK;
}

void impostor_got_set_framework_named(uint32_t index, int named) {
    if (index >= IMPOSTOR_GOT_DISPATCHER_COUNT) return;
    uint64_t bit = (uint64_t)1 << (index % 64);
    if (named) {
        atomic_fetch_or_explicit(&framework_named[index / 64], bit, memory_order_relaxed);
    } else {
        atomic_fetch_and_explicit(&framework_named[index / 64], ~bit, memory_order_relaxed);
    }
}

void impostor_got_enter_own_code(void) { own_code++; }

void impostor_got_leave_own_code(void) { own_code--; }

int impostor_got_in_own_code(void) { return own_code > 0; }
