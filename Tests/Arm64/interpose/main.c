// Rebinds the GOT slots of libgotlazy.so and libgotnow.so (the same caller code, linked for
// lazy binding and for RELRO with immediate binding) to Impostor's dispatchers, and checks
// that every shape of call arrives intact wherever a route sends it, then that putting the
// slots back restores them byte for byte. One line per check; exits 1 if any failed.
//
// Usage: gottest <folder holding the three libraries>
#define _GNU_SOURCE
#include "CImpostorInterpose.h"
#include "shapes.h"

#include <dlfcn.h>
#include <elf.h>
#include <float.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__aarch64__)
#define JUMP_SLOT R_AARCH64_JUMP_SLOT
#define GLOB_DAT R_AARCH64_GLOB_DAT
#else
#define JUMP_SLOT R_X86_64_JUMP_SLOT
#define GLOB_DAT R_X86_64_GLOB_DAT
#endif

// MARK: Reporting

static int failures = 0;

static void check(int ok, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    printf("%s ", ok ? "ok  " : "FAIL");
    vprintf(format, arguments);
    printf("\n");
    va_end(arguments);
    if (!ok) failures++;
}

// MARK: The real functions, and mocks that answer differently with what they were given

static struct {
    weigh_many_function *weigh_many;
    weigh_big_function *weigh_big;
    make_big_function *make_big;
    dot_quads_function *dot_quads;
    scale_quad_function *scale_quad;
    mix_wide_function *mix_wide;
    int *calls;
} real;

/// Calls that reached a mock.
static int mock_calls = 0;

// Each mock asks the real function with the arguments it received and changes the answer in
// a way no real answer has: right only if every argument arrived whole.
static long mock_weigh_many(long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7,
                            double d0, double d1, double d2, double d3, double d4, double d5, double d6,
                            double d7, long s0, double s1, int s2) {
    mock_calls++;
    return real.weigh_many(a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7, s0, s1, s2) ^ 0x5a5a;
}

static long mock_weigh_big(struct big value, long weight) {
    mock_calls++;
    return real.weigh_big(value, weight) ^ 0x5a5a;
}

static struct big mock_make_big(long seed) {
    mock_calls++;
    struct big made = real.make_big(seed);
    made.d ^= 0x5a5a;
    return made;
}

static double mock_dot_quads(struct quad p, struct quad q) {
    mock_calls++;
    return real.dot_quads(p, q) + 1000;
}

static struct quad mock_scale_quad(struct quad p, double k) {
    mock_calls++;
    struct quad scaled = real.scale_quad(p, k);
    scaled.d += 1000;
    return scaled;
}

static long double mock_mix_wide(long double a, long double b, double c) {
    mock_calls++;
    return real.mix_wide(a, b, c) + 1000;
}

/// A variadic mock cannot hand its arguments on, so it formats them itself, marked.
static int mock_print_mixed(char *out, size_t size, const char *format, ...) {
    mock_calls++;
    va_list arguments;
    va_start(arguments, format);
    int count = vsnprintf(out + 5, size - 5, format, arguments);
    va_end(arguments);
    memcpy(out, "mock ", 5);
    return count + 5;
}

// MARK: Calling through a library, reduced to one number to compare

/// FNV-1a over some bytes: results of any type become one comparable number.
static uint64_t digest(const void *bytes, size_t count, uint64_t hash) {
    for (size_t i = 0; i < count; i++) hash = (hash ^ ((const unsigned char *)bytes)[i]) * 0x100000001b3;
    return hash;
}
#define DIGEST(value) digest(&(value), sizeof(value), 0xcbf29ce484222325)

// One per wrapper: calls it with `direct` (NULL: through the library's GOT) and digests the
// result. `wrapper` is the wrapper's address in the library under test.
static uint64_t run_weigh_many(void *wrapper, void *direct) {
    long result = ((long (*)(weigh_many_function *))wrapper)(direct);
    return DIGEST(result);
}
static uint64_t run_weigh_big(void *wrapper, void *direct) {
    long result = ((long (*)(weigh_big_function *))wrapper)(direct);
    return DIGEST(result);
}
static uint64_t run_make_big(void *wrapper, void *direct) {
    struct big result = ((struct big (*)(make_big_function *))wrapper)(direct);
    return DIGEST(result);
}
static uint64_t run_dot_quads(void *wrapper, void *direct) {
    double result = ((double (*)(dot_quads_function *))wrapper)(direct);
    return DIGEST(result);
}
static uint64_t run_scale_quad(void *wrapper, void *direct) {
    struct quad result = ((struct quad (*)(scale_quad_function *))wrapper)(direct);
    return DIGEST(result);
}
static uint64_t run_mix_wide(void *wrapper, void *direct) {
    long double result = ((long double (*)(mix_wide_function *))wrapper)(direct);
    // The value's bytes only: x86-64's 80-bit value leaves 6 bytes of padding undefined.
    return digest(&result, LDBL_MANT_DIG == 64 ? 10 : sizeof result, 0xcbf29ce484222325);
}
static uint64_t run_print_mixed(void *wrapper, void *direct) {
    char text[256] = {0};
    int count = ((int (*)(print_mixed_function *, char *, size_t))wrapper)(direct, text, sizeof text);
    return digest(text, sizeof text, DIGEST(count));
}

typedef struct test_case {
    const char *symbol;
    const char *wrapper;
    uint64_t (*run)(void *wrapper, void *direct);
    void *mock;
    const char *shape;
    /// Whether the caller library takes the symbol's address, which gives it a GLOB_DAT slot.
    int address_taken;
} test_case;

static const test_case cases[] = {
    {"weigh_many", "call_weigh_many", run_weigh_many, (void *)mock_weigh_many,
     "x0-x7, v0-v7 and stack arguments (PLT call)", 1},
    {"weigh_many", "call_weigh_many_by_pointer", run_weigh_many, (void *)mock_weigh_many,
     "the same through a pointer loaded from the GOT", 1},
    {"weigh_big", "call_weigh_big", run_weigh_big, (void *)mock_weigh_big, "a 32-byte struct by reference", 0},
    {"make_big", "call_make_big", run_make_big, (void *)mock_make_big, "a 32-byte struct returned through x8", 0},
    {"dot_quads", "call_dot_quads", run_dot_quads, (void *)mock_dot_quads, "two 4-double HFAs in v0-v7", 0},
    {"scale_quad", "call_scale_quad", run_scale_quad, (void *)mock_scale_quad, "a 4-double HFA returned", 0},
    {"mix_wide", "call_mix_wide", run_mix_wide, (void *)mock_mix_wide,
     "long doubles (whole q registers on AArch64)", 0},
    {"print_mixed", "call_print_mixed", run_print_mixed, (void *)mock_print_mixed,
     "variadic ints and doubles, some on the stack", 0},
};
#define CASE_COUNT (sizeof cases / sizeof cases[0])

// MARK: The chooser

static struct {
    const void *answer;       // what the chooser answers: a mock, or NULL for the original
    uintptr_t library_base;   // the load bias of the library the calls must come from
    uint32_t index;           // the dispatcher they must arrive at
    int calls;
    int from_library;         // calls whose return address lay in that library, at that index
} chooser;

/// Overwrites every register a call may pass arguments in, all of each, as a chooser written
/// in Swift may well do: only a dispatcher that saves and restores them all survives it. (The
/// chooser above is small enough to leave most of them alone otherwise.)
static void scramble_argument_registers(void) {
#if defined(__aarch64__)
    __asm__ volatile("mov x0, #0x5a5a\n mov x1, x0\n mov x2, x0\n mov x3, x0\n mov x4, x0\n"
                     "mov x5, x0\n mov x6, x0\n mov x7, x0\n mov x8, x0\n"
                     "movi v0.16b, #0xa5\n movi v1.16b, #0xa5\n movi v2.16b, #0xa5\n movi v3.16b, #0xa5\n"
                     "movi v4.16b, #0xa5\n movi v5.16b, #0xa5\n movi v6.16b, #0xa5\n movi v7.16b, #0xa5\n"
                     ::: "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8",
                         "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "memory");
#elif defined(__x86_64__)
    __asm__ volatile("mov $0x5a5a, %%eax\n mov %%rax, %%rdi\n mov %%rax, %%rsi\n mov %%rax, %%rdx\n"
                     "mov %%rax, %%rcx\n mov %%rax, %%r8\n mov %%rax, %%r9\n"
                     "pcmpeqb %%xmm0, %%xmm0\n pcmpeqb %%xmm1, %%xmm1\n pcmpeqb %%xmm2, %%xmm2\n"
                     "pcmpeqb %%xmm3, %%xmm3\n pcmpeqb %%xmm4, %%xmm4\n pcmpeqb %%xmm5, %%xmm5\n"
                     "pcmpeqb %%xmm6, %%xmm6\n pcmpeqb %%xmm7, %%xmm7\n"
                     ::: "rax", "rdi", "rsi", "rdx", "rcx", "r8", "r9",
                         "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "memory");
#endif
}

static const void *choose(uint32_t index, const void *return_address, const void *table) {
    (void)table;
    chooser.calls++;
    if (index == chooser.index && impostor_got_object_base(return_address, NULL) == chooser.library_base) {
        chooser.from_library++;
    }
    scramble_argument_registers();
    return chooser.answer;
}

// MARK: Pages

/// Whether the page holding `address` is writable, as the kernel says in /proc/self/maps.
static int writable(const void *address) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (maps == NULL) return -1;
    char line[512];
    int answer = -1;
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end;
        char permissions[5];
        if (sscanf(line, "%lx-%lx %4s", &start, &end, permissions) != 3) continue;
        if ((uintptr_t)address >= start && (uintptr_t)address < end) {
            answer = permissions[1] == 'w';
            break;
        }
    }
    fclose(maps);
    return answer;
}

// MARK: One case in one library

#define MAX_SLOTS 8

/// `unbound`: no call by name has been made yet, and the library binds lazily.
static void run_case(const char *library, void *handle, const test_case *test, uint32_t index, int unbound) {
    char where[160];
    snprintf(where, sizeof where, "%s %s [dispatcher %u]", library, test->wrapper, index);
    void *wrapper = dlsym(handle, test->wrapper);
    void *original = dlsym(handle, test->symbol);
    if (wrapper == NULL || original == NULL) {
        check(0, "%s: dlsym found the wrapper and the real function", where);
        return;
    }
    // The answers to expect, from the wrapper calling the real function and the mock itself.
    uint64_t real_answer = test->run(wrapper, original);
    uint64_t mock_answer = test->run(wrapper, test->mock);
    check(real_answer != mock_answer, "%s: the mock answers %s differently", where, test->shape);

    // Scan: the library's slots for the symbol.
    impostor_got_slot slots[MAX_SLOTS];
    impostor_got_scan_result scan;
    int status = impostor_got_scan(test->symbol, IMPOSTOR_GOT_NAMED_LIBRARY, library, slots, MAX_SLOTS, NULL, 0, &scan);
    size_t count = scan.slot_count < MAX_SLOTS ? scan.slot_count : MAX_SLOTS;
    int jump_slots = 0, glob_dats = 0, read_only = 0, pages_agree = 1, lazy_seen = 0;
    for (size_t i = 0; i < count; i++) {
        jump_slots += slots[i].relocation == JUMP_SLOT;
        glob_dats += slots[i].relocation == GLOB_DAT;
        read_only += slots[i].read_only;
        lazy_seen += slots[i].lazy;
        // The scan's RELRO reckoning must match what the kernel actually protects.
        pages_agree &= writable(slots[i].address) == !slots[i].read_only;
    }
    // Calls by name use a JUMP_SLOT, a pointer taken a GLOB_DAT slot. With both, the x86-64
    // linker's PLT entry jumps through the GLOB_DAT slot (.plt.got) and makes no JUMP_SLOT.
    int slots_expected = test->address_taken ? glob_dats == 1 && jump_slots <= 1 : glob_dats == 0 && jump_slots == 1;
    check(status == 0 && scan.objects_matched == 1 && slots_expected && scan.slot_count == count,
          "%s: scan finds %s's slots (status %d: %d JUMP_SLOT, %d GLOB_DAT)", where, test->symbol, status,
          jump_slots, glob_dats);
    if (count == 0) return;
    check(pages_agree, "%s: slots said read-only lie on pages the kernel has read-only, and no others", where);
    // Lazy binding leaves a JUMP_SLOT pointing into the library's PLT until the first call
    // by name; a GLOB_DAT slot is always bound at load.
    int expect_lazy = unbound ? jump_slots : 0;
    check(lazy_seen == expect_lazy, "%s: %d slot(s) still lazily bound (expected %d)", where, lazy_seen, expect_lazy);
    if (strcmp(library, "libgotnow") == 0) {
        check(read_only == (int)count, "%s: every slot is on a RELRO page (%d of %zu)", where, read_only, count);
    }

    // Swap every slot to the dispatcher, which routes to the real function at first.
    void *dispatcher = impostor_got_dispatcher(index);
    impostor_got_route(index, original, original, 0);
    int swapped = 1;
    for (size_t i = 0; i < count; i++) {
        void *found = NULL;
        swapped &= impostor_got_swap(slots[i].address, slots[i].value, dispatcher, &found) == 0;
        swapped &= *(void *volatile *)slots[i].address == dispatcher;
        swapped &= writable(slots[i].address) == !slots[i].read_only;
    }
    check(swapped, "%s: every slot now holds the dispatcher, RELRO pages read-only again", where);

    int real_before = *real.calls, mock_before = mock_calls;
    check(test->run(wrapper, NULL) == real_answer && *real.calls == real_before + 1 && mock_calls == mock_before,
          "%s: routed to the original, %s arrive and the answer returns", where, test->shape);

    impostor_got_route(index, original, test->mock, 0);
    mock_before = mock_calls;
    check(test->run(wrapper, NULL) == mock_answer && mock_calls == mock_before + 1,
          "%s: routed to the mock, it gets the same arguments", where);

    impostor_got_route(index, original, original, 1);
    chooser = (typeof(chooser)){.answer = test->mock, .library_base = slots[0].object_base, .index = index};
    mock_before = mock_calls;
    check(test->run(wrapper, NULL) == mock_answer && mock_calls == mock_before + 1 && chooser.calls == 1 &&
              chooser.from_library == 1,
          "%s: the chooser, asked once with a return address in %s, sends the call to the mock", where, library);

    chooser = (typeof(chooser)){.answer = NULL, .library_base = slots[0].object_base, .index = index};
    real_before = *real.calls, mock_before = mock_calls;
    check(test->run(wrapper, NULL) == real_answer && *real.calls == real_before + 1 && mock_calls == mock_before &&
              chooser.calls == 1 && chooser.from_library == 1,
          "%s: the chooser answering NULL sends the call to the original", where);

    // A route whose newest layer belongs to one test: that test's claimed thread goes to the
    // mock without the chooser, with the same arguments; any other thread asks it.
    static const char owner, another;
    const impostor_got_choosing_route *claimed = impostor_got_choosing_route_make(&owner, test->mock, NULL);
    check(claimed != NULL, "%s: a choosing route is made", where);
    impostor_got_route_choosing(index, original, claimed);
    impostor_got_set_thread_owner(&owner);
    chooser = (typeof(chooser)){.answer = NULL, .library_base = slots[0].object_base, .index = index};
    mock_before = mock_calls;
    check(test->run(wrapper, NULL) == mock_answer && mock_calls == mock_before + 1 && chooser.calls == 0,
          "%s: a thread its test claims goes straight to the mock, %s intact", where, test->shape);
    impostor_got_set_thread_owner(&another);
    real_before = *real.calls, mock_before = mock_calls;
    check(test->run(wrapper, NULL) == real_answer && *real.calls == real_before + 1 && mock_calls == mock_before &&
              chooser.calls == 1,
          "%s: a thread another test claims asks the chooser", where);
    impostor_got_set_thread_owner(NULL);

    // Swap back, and find the slots exactly as the dynamic linker left them.
    int restored = 1;
    for (size_t i = 0; i < count; i++) {
        void *found = NULL;
        restored &= impostor_got_swap(slots[i].address, dispatcher, slots[i].value, &found) == 0;
        restored &= memcmp((const void *)slots[i].address, &slots[i].value, sizeof(void *)) == 0;
        restored &= writable(slots[i].address) == !slots[i].read_only;
    }
    check(restored, "%s: swapped back, every slot holds its original bytes", where);

    chooser = (typeof(chooser)){.answer = test->mock};
    real_before = *real.calls, mock_before = mock_calls;
    check(test->run(wrapper, NULL) == real_answer && *real.calls == real_before + 1 && mock_calls == mock_before &&
              chooser.calls == 0,
          "%s: calls reach the real function again, past no dispatcher", where);
}

/// The dispatchers are in this program's own text, which is a guarded page only where the whole
/// program is built with BTI (Debian's arm64 start-up files are not): with IMPOSTOR_EXPECT_BTI
/// the test guards their pages itself, so that a stub or the entry without its `bti c` stops
/// the first call made through the PLT (`br x17`). Those pages hold other functions too, reached
/// by indirect calls: only a build with -mbranch-protection=standard may guard them.
static void guard_the_dispatchers(void) {
#if defined(__aarch64__)
    if (getenv("IMPOSTOR_EXPECT_BTI") == NULL) {
        printf("note the dispatchers' pages are not guarded (IMPOSTOR_EXPECT_BTI is not set)\n");
        return;
    }
    const long page = sysconf(_SC_PAGESIZE);
    uintptr_t first = (uintptr_t)impostor_got_dispatcher(0) & ~(uintptr_t)(page - 1);
    // The last stub, and the common entry after it (well under a page).
    uintptr_t end = (uintptr_t)impostor_got_dispatcher(IMPOSTOR_GOT_DISPATCHER_COUNT - 1) + 16 + 512;
    int guarded = mprotect((void *)first, end - first, PROT_READ | PROT_EXEC | 0x10 /* PROT_BTI */) == 0;
    printf("%s the dispatchers' pages are guarded\n", guarded ? "ok  " : "note");
    check(guarded, "IMPOSTOR_EXPECT_BTI is set and the dispatchers' pages can be guarded");
#endif
}

int main(int argc, char **argv) {
    guard_the_dispatchers();
    if (argc != 2) {
        fprintf(stderr, "usage: %s <folder with libgotreal.so, libgotlazy.so, libgotnow.so>\n", argv[0]);
        return 2;
    }
    // Line by line, so that the checks passed before a crash are still seen.
    setvbuf(stdout, NULL, _IOLBF, 0);
    check(impostor_got_supported(), "this machine has GOT interposition");
    impostor_got_set_chooser(choose);

    char path[1024];
    snprintf(path, sizeof path, "%s/libgotreal.so", argv[1]);
    void *real_library = dlopen(path, RTLD_NOW);
    check(real_library != NULL, "dlopen %s: %s", path, real_library != NULL ? "loaded" : dlerror());
    if (real_library == NULL) return 1;
    real.weigh_many = (weigh_many_function *)dlsym(real_library, "weigh_many");
    real.weigh_big = (weigh_big_function *)dlsym(real_library, "weigh_big");
    real.make_big = (make_big_function *)dlsym(real_library, "make_big");
    real.dot_quads = (dot_quads_function *)dlsym(real_library, "dot_quads");
    real.scale_quad = (scale_quad_function *)dlsym(real_library, "scale_quad");
    real.mix_wide = (mix_wide_function *)dlsym(real_library, "mix_wide");
    real.calls = (int *)dlsym(real_library, "real_calls");

    // Lazy first: its JUMP_SLOTs still point into its PLT until first called, and the
    // dispatcher must work from such a slot and put it back for the lazy resolver.
    const struct { const char *name; int mode; } libraries[] = {
        {"libgotlazy", RTLD_LAZY},
        {"libgotnow", RTLD_NOW},
    };
    for (size_t l = 0; l < 2; l++) {
        snprintf(path, sizeof path, "%s/%s.so", argv[1], libraries[l].name);
        void *handle = dlopen(path, libraries[l].mode);
        check(handle != NULL, "dlopen %s: %s", path, handle != NULL ? "loaded" : dlerror());
        if (handle == NULL) continue;
        for (size_t c = 0; c < CASE_COUNT; c++) {
            // Dispatchers spread over the whole range, the last one included.
            uint32_t index = l == 0 ? (uint32_t)(c * 31) : (uint32_t)(255 - c * 29);
            _Static_assert((CASE_COUNT - 1) * 31 < IMPOSTOR_GOT_DISPATCHER_COUNT && (CASE_COUNT - 1) * 29 <= 255,
                           "the indexes stay within the dispatchers");
            // A symbol's first case makes the first call by name.
            int unbound = l == 0 && (c == 0 || strcmp(cases[c].symbol, cases[c - 1].symbol) != 0);
            run_case(libraries[l].name, handle, &cases[c], index, unbound);
        }
    }
    printf("%s: %d failed\n", failures == 0 ? "PASS" : "FAIL", failures);
    return failures == 0 ? 0 : 1;
}
