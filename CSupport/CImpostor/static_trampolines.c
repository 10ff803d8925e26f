// Static trampolines (see impostor_static_trampolines.h): the code page, its copies, the
// System V x86-64 classification that lays out each signature once, and the dispatcher.
#include "impostor_static_trampolines.h"
#include "CImpostor.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__linux__)

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGE_BYTES 4096
#define STUB_BYTES 16
/// 240 stubs fill 3,840 bytes; the shared entry takes the rest of the page.
#define STUBS_PER_PAGE 240

// The frame the shared entry builds below its saved rbp, as the dispatcher sees it.
#define FRAME_GP 0         // rdi, rsi, rdx, rcx, r8, r9: 8 bytes each
#define FRAME_SSE 48       // the low 8 bytes of xmm0-7: 8 bytes each, so that two
                           // eightbytes of one struct in consecutive registers are adjacent
#define FRAME_RAX 112      // what the entry loads into rax, rdx, xmm0 and xmm1 on return
#define FRAME_RDX 120
#define FRAME_XMM0 128
#define FRAME_XMM1 136
#define FRAME_STACK 160    // the caller's stack arguments: past the frame, saved rbp and return address

// The code page. Stub k sits at offset 16k; its data word sits at offset 16k of the page
// mapped after the copy, 4,085 bytes past the end of its 11-byte `endbr64; movq` prefix
// (so every stub is the same bytes). The stub jumps to the entry its context names (offset 8):
// the full one, or one for signatures that pass and return nothing in vector registers, which
// saves none of them. Nothing here is relocated at load time, so a copy mapped from the file
// is the same bytes as the original, whose stubs are never called. Each entry keeps rsp
// 16-byte aligned for the call (entry rsp is 8 mod 16; push rbp; 144 bytes of frame) and starts
// with `endbr64`, since it is reached by an indirect jump.
__asm__(
    // Both entries save the general argument registers at the bottom of the frame.
    ".macro impostor_save_general_arguments\n"
    "    movq %rdi, 0(%rsp)\n"
    "    movq %rsi, 8(%rsp)\n"
    "    movq %rdx, 16(%rsp)\n"
    "    movq %rcx, 24(%rsp)\n"
    "    movq %r8, 32(%rsp)\n"
    "    movq %r9, 40(%rsp)\n"
    ".endm\n"
    ".text\n"
    ".p2align 12, 0xcc\n"
    ".globl impostor_static_page\n"
    ".hidden impostor_static_page\n"
    "impostor_static_page:\n"
    ".rept 240\n"
    "    endbr64\n"
    "    movq 4085(%rip), %r10\n"
    "    jmp *8(%r10)\n"
    "    .p2align 4, 0xcc\n"
    ".endr\n"
    ".globl impostor_static_common\n"
    ".hidden impostor_static_common\n"
    "impostor_static_common:\n"
    "    endbr64\n"
    "    pushq %rbp\n"
    "    movq %rsp, %rbp\n"
    "    subq $144, %rsp\n"
    "    impostor_save_general_arguments\n"
    "    movq %xmm0, 48(%rsp)\n"
    "    movq %xmm1, 56(%rsp)\n"
    "    movq %xmm2, 64(%rsp)\n"
    "    movq %xmm3, 72(%rsp)\n"
    "    movq %xmm4, 80(%rsp)\n"
    "    movq %xmm5, 88(%rsp)\n"
    "    movq %xmm6, 96(%rsp)\n"
    "    movq %xmm7, 104(%rsp)\n"
    "    movq %r10, %rdi\n"          // the mock's context
    "    movq %rsp, %rsi\n"          // the frame
    "    call *(%r10)\n"             // context->dispatch: the page's copies are too far for a direct call
    "    movq 112(%rsp), %rax\n"
    "    movq 120(%rsp), %rdx\n"
    "    movq 128(%rsp), %xmm0\n"
    "    movq 136(%rsp), %xmm1\n"
    "    leave\n"
    "    ret\n"
    ".globl impostor_static_common_integer\n"
    ".hidden impostor_static_common_integer\n"
    "impostor_static_common_integer:\n"
    "    endbr64\n"
    "    pushq %rbp\n"
    "    movq %rsp, %rbp\n"
    "    subq $144, %rsp\n"
    "    impostor_save_general_arguments\n"
    "    movq %r10, %rdi\n"
    "    movq %rsp, %rsi\n"
    "    call *(%r10)\n"
    "    movq 112(%rsp), %rax\n"
    "    movq 120(%rsp), %rdx\n"
    "    leave\n"
    "    ret\n"
    ".globl impostor_static_page_end\n"
    ".hidden impostor_static_page_end\n"
    "impostor_static_page_end:\n"
    ".p2align 12, 0xcc\n");

extern const unsigned char impostor_static_page[];
extern const unsigned char impostor_static_common[];
extern const unsigned char impostor_static_common_integer[];
extern const unsigned char impostor_static_page_end[];

/// Where one argument's bytes are when the dispatcher runs.
typedef struct argument_source {
    /// 0: the value is at `frame + first`. 1: a struct passed in two registers that are not
    /// adjacent in the frame (one general, one vector): its eightbytes are copied from
    /// `frame + first` and `frame + second` into the dispatcher's scratch space.
    uint32_t split;
    uint32_t first;
    uint32_t second;
} argument_source;

/// How the handler's result reaches the return registers.
typedef enum result_route {
    /// The handler writes at `frame + result_offset`: rax(/rdx), xmm0(/xmm1), or nowhere.
    RESULT_IN_FRAME,
    /// A struct returned through memory: the handler writes to the caller's buffer, whose
    /// address came in rdi and goes back in rax.
    RESULT_IN_MEMORY,
    /// A 16-byte struct whose first eightbyte goes to rax and second to xmm0.
    RESULT_INTEGER_THEN_SSE,
    /// A 16-byte struct whose first eightbyte goes to xmm0 and second to rax.
    RESULT_SSE_THEN_INTEGER,
} result_route;

typedef struct static_closure static_closure;

/// One mock's context, read by its stub through the data page. Never freed.
struct static_closure {
    /// First: the shared entry calls through offset 0.
    void (*dispatch)(static_closure *closure, unsigned char *frame);
    /// Second: the stub jumps through offset 8 to the shared entry that fits the signature.
    const void *entry;
    impostor_static_handler handler;
    /// Runs the answer of a stub the dispatcher matched itself.
    impostor_static_answer answer;
    void *user_data;
    ffi_cif *cif;
    /// NULL, or how to answer and record calls without the handler.
    impostor_quiet_calls *quiet;
    /// With `quiet`: its steps, each with the argument's offset in the frame as its source, so
    /// that a quiet call copies its arguments straight from the frame.
    impostor_record_step *quiet_steps;
    /// With `quiet`: its records and their serial, which never change, copied here so that a
    /// call finds its lane without first loading `quiet` (one dependent load fewer before the
    /// record's address is known).
    impostor_records *quiet_records;
    uint64_t quiet_records_serial;
    /// The context made before this one: every context stays reachable from `newest_closure`,
    /// a global, since leak checkers do not scan the data pages that point at them.
    static_closure *older;
    /// For the short path: each argument's offset in the frame, as 64 bits, with room for a
    /// multiple of 4 (see `point_at_arguments`). Never freed, like the context.
    uint64_t *argument_offsets;
    uint32_t argument_count;
    uint32_t split_count;
    /// True when no argument is split, the result goes to the frame and there are at most
    /// `SIMPLE_ARGUMENTS` arguments: the dispatcher's short path.
    int simple;
    result_route route;
    uint32_t result_offset;
    argument_source sources[];
};

// MARK: The dispatcher

/// Arguments the dispatcher's short path has room for.
#define SIMPLE_ARGUMENTS 16

/// Records a call the dispatcher answers, its arguments copied straight from the frame: whole
/// (a quiet call, `word` 0), or open before a stub key's answer runs (`IMPOSTOR_RECORD_OPEN`,
/// `result` NULL), each value copied as 8 bytes when `eight` (a constant) says so (see
/// `impostor_records_append_call`).
IMPOSTOR_HOT_AROUND_ANSWER impostor_open_call record_answered_copying(static_closure *closure,
                                                                      impostor_quiet_calls *quiet,
                                                                      unsigned char *frame, unsigned char *result,
                                                                      uint64_t stamp, uint64_t word, int eight) {
    return impostor_records_append_call(closure->quiet_records, closure->quiet_records_serial, stamp, word, 1, eight,
                                        NULL, frame, closure->quiet_steps, quiet->count, result, quiet->result_offset,
                                        quiet->result_size);
}

/// `record_answered_copying` with the mock's choice: two inlined bodies.
IMPOSTOR_HOT_AROUND_ANSWER impostor_open_call record_answered(static_closure *closure, impostor_quiet_calls *quiet,
                                                              unsigned char *frame, unsigned char *result,
                                                              uint64_t stamp, uint64_t word) {
    if (quiet->eightbytes) return record_answered_copying(closure, quiet, frame, result, stamp, word, 1);
    return record_answered_copying(closure, quiet, frame, result, stamp, word, 0);
}

/// Closes the record of a call a stub key's answer answered, with the result it wrote: as 8
/// bytes (`eight`, a constant) or by its size.
IMPOSTOR_HOT_AROUND_ANSWER void close_answered(impostor_quiet_calls *quiet, impostor_open_call call, uint64_t stamp,
                                               unsigned char *result, int eight) {
    impostor_records_close_call(call, stamp, eight, result, quiet->result_offset, quiet->result_size);
}

/// Fills `arguments` with one pointer per argument of the short path, four at a time: two
/// vector additions of the frame's address to the offsets, instead of a loop over `sources`.
/// `arguments` has room for a multiple of 4; slots past the last argument get pointers that
/// are never read.
static inline __attribute__((always_inline)) void point_at_arguments(const static_closure *closure,
                                                                      unsigned char *frame, void **arguments) {
    typedef uint64_t pair __attribute__((vector_size(16)));
    pair base = {(uint64_t)(uintptr_t)frame, (uint64_t)(uintptr_t)frame};
    // Not unrolled: most calls take one pass, and an unrolled loop's remainder checks cost more.
#pragma clang loop unroll(disable)
    for (uint32_t index = 0; index < closure->argument_count; index += 4) {
        pair low, high;
        memcpy(&low, closure->argument_offsets + index, sizeof low);
        memcpy(&high, closure->argument_offsets + index + 2, sizeof high);
        low += base;
        high += base;
        // Sound: a pointer is a 64-bit address here (x86-64).
        memcpy(arguments + index, &low, sizeof low);
        memcpy(arguments + index + 2, &high, sizeof high);
    }
}

/// What the handler would do for a call a stub key answers: the stamp, the record (open), the
/// stub's answer (in Swift), then the record closed with the result the answer wrote. Inlined:
/// out of line it cost a keyed call 34 instructions more. `eight` is a constant: a body that
/// copies every value as 8 bytes, the result's too when it closes the record, and one that
/// copies them by size.
static inline __attribute__((always_inline)) void answer_from_key_copying(static_closure *closure,
                                                                          impostor_quiet_calls *quiet,
                                                                          const impostor_stub_key *key,
                                                                          unsigned char *frame, unsigned char *result,
                                                                          int eight) {
    uint64_t stamp = impostor_next_stamp();
    // In the log before the answer runs, which may never return (see `impostor_records_append_call`).
    impostor_open_call call = eight ? record_answered_copying(closure, quiet, frame, NULL, stamp, IMPOSTOR_RECORD_OPEN, 1)
                                    : record_answered(closure, quiet, frame, NULL, stamp, IMPOSTOR_RECORD_OPEN);
    // Failures the answer raises go to the mock's Mockery, as from the handler.
    impostor_answering previous =
        impostor_begin_answering(quiet->answering_failures, (uintptr_t)__builtin_frame_address(0));
    // The frame and its offsets rather than pointers: building them cost every keyed call
    // about a dozen instructions, and the answer reads only the arguments its block takes.
    closure->answer(closure->user_data, key->stub, result, frame, closure->argument_offsets, stamp);
    impostor_end_answering(previous);
    close_answered(quiet, call, stamp, result, eight);
}

static inline __attribute__((always_inline)) void answer_from_key(static_closure *closure, impostor_quiet_calls *quiet,
                                                                  const impostor_stub_key *key, unsigned char *frame,
                                                                  unsigned char *result) {
    // One branch for the common case: results that close as 8 bytes come with 8-byte copies.
    if (quiet->closes_eightbytes) answer_from_key_copying(closure, quiet, key, frame, result, 1);
    else answer_from_key_copying(closure, quiet, key, frame, result, 0);
}

/// The short path's call of the handler. Out of line, like `answer_from_key`.
__attribute__((noinline)) static void hand_to_handler(static_closure *closure, unsigned char *frame,
                                                      unsigned char *result) {
    // A fixed array instead of the general path's variable-length ones, and no routing.
    void *arguments[SIMPLE_ARGUMENTS];
    point_at_arguments(closure, frame, arguments);
    closure->handler(closure->cif, result, arguments, closure->user_data);
}

static void dispatch_general(static_closure *closure, unsigned char *frame);

/// Runs for every call: one pointer per argument, the handler, and the result routed to the
/// return registers. The layout was decided when the mock was made.
static void dispatch(static_closure *closure, unsigned char *frame) {
    if (__builtin_expect(!closure->simple, 0)) {
        dispatch_general(closure, frame);
        return;
    }
    unsigned char *result = frame + closure->result_offset;
    impostor_quiet_calls *quiet = closure->quiet;
    if (quiet != NULL && atomic_load_explicit(&quiet->open, memory_order_acquire) && !impostor_needs_attention()) {
        const impostor_stub_key *key = impostor_stub_keys_match(&quiet->keys, frame, NULL, 0);
        if (key != NULL) {
            answer_from_key(closure, quiet, key, frame, result);
            return;
        }
        if (quiet->nice) {
            // The whole of what the handler would do for a call nothing answers: a zero result
            // (both return registers of the route, 16 bytes of the frame) and the record.
            memset(result, 0, 16);
            record_answered(closure, quiet, frame, result, impostor_next_stamp(), 0);
            return;
        }
    }
    hand_to_handler(closure, frame, result);
}

/// The layouts off the short path: split arguments, and results routed to other registers or
/// returned through memory.
__attribute__((noinline)) static void dispatch_general(static_closure *closure, unsigned char *frame) {
    // One element at least: a zero-length array is undefined behaviour.
    void *arguments[closure->argument_count + 1];
    uint64_t scratch[2 * closure->split_count + 2];
    uint64_t *next_split = scratch;
    for (uint32_t index = 0; index < closure->argument_count; index++) {
        const argument_source *source = &closure->sources[index];
        if (__builtin_expect(source->split == 0, 1)) {
            arguments[index] = frame + source->first;
        } else {
            // Sound: both offsets name 8-byte register slots of the frame.
            memcpy(next_split, frame + source->first, 8);
            memcpy(next_split + 1, frame + source->second, 8);
            arguments[index] = next_split;
            next_split += 2;
        }
    }
    switch (closure->route) {
    case RESULT_IN_FRAME:
        closure->handler(closure->cif, frame + closure->result_offset, arguments, closure->user_data);
        return;
    case RESULT_IN_MEMORY: {
        void *target;
        memcpy(&target, frame + FRAME_GP, sizeof target);
        memcpy(frame + FRAME_RAX, &target, sizeof target);
        closure->handler(closure->cif, target, arguments, closure->user_data);
        return;
    }
    case RESULT_INTEGER_THEN_SSE:
    case RESULT_SSE_THEN_INTEGER: {
        uint64_t result[2] = {0, 0};
        closure->handler(closure->cif, result, arguments, closure->user_data);
        int integer_first = closure->route == RESULT_INTEGER_THEN_SSE;
        memcpy(frame + (integer_first ? FRAME_RAX : FRAME_XMM0), &result[0], 8);
        memcpy(frame + (integer_first ? FRAME_XMM0 : FRAME_RAX), &result[1], 8);
        return;
    }
    }
}

// MARK: Classification (System V x86-64 ABI, section 3.2.3)

typedef enum eightbyte_class { CLASS_NONE, CLASS_INTEGER, CLASS_SSE } eightbyte_class;

/// Classifies the fields of `type` at `offset` into `classes` (one per eightbyte of a value of
/// at most 16 bytes). False for what the static path does not cover.
static int classify_into(const ffi_type *type, size_t offset, eightbyte_class classes[2]) {
    eightbyte_class class;
    switch (type->type) {
    case FFI_TYPE_UINT8: case FFI_TYPE_SINT8: case FFI_TYPE_UINT16: case FFI_TYPE_SINT16:
    case FFI_TYPE_UINT32: case FFI_TYPE_SINT32: case FFI_TYPE_UINT64: case FFI_TYPE_SINT64:
    case FFI_TYPE_INT: case FFI_TYPE_POINTER:
        class = CLASS_INTEGER;
        break;
    case FFI_TYPE_FLOAT: case FFI_TYPE_DOUBLE:
        class = CLASS_SSE;
        break;
    case FFI_TYPE_STRUCT: {
        size_t cursor = offset;
        for (ffi_type **element = type->elements; element != NULL && *element != NULL; element++) {
            size_t alignment = (*element)->alignment;
            if (alignment == 0 || alignment > 8) return 0;
            cursor = (cursor + alignment - 1) / alignment * alignment;
            if (!classify_into(*element, cursor, classes)) return 0;
            cursor += (*element)->size;
        }
        return 1;
    }
    default:  // long double (x87), complex, void
        return 0;
    }
    // A scalar never straddles eightbytes: fields are naturally aligned (libffi lays them out).
    size_t eightbyte = offset / 8;
    if (eightbyte > 1 || (offset + type->size - 1) / 8 != eightbyte) return 0;
    // INTEGER wins over SSE within one eightbyte (rule 4 of the merge).
    if (classes[eightbyte] != CLASS_INTEGER) classes[eightbyte] = class;
    return 1;
}

/// How a value travels: in registers (with one class per eightbyte), or in memory.
typedef struct value_class {
    int covered;
    int in_memory;
    int eightbytes;
    eightbyte_class classes[2];
} value_class;

static value_class classify(const ffi_type *type) {
    value_class result = {1, 0, 0, {CLASS_NONE, CLASS_NONE}};
    if (type->size == 0 || type->alignment == 0 || type->alignment > 8) {
        result.covered = 0;
        return result;
    }
    if (type->size > 16) {
        // Passed in memory, but still not covered when it holds a type that is not (a long
        // double inside, a field aligned to more than 8 bytes).
        if (type->type != FFI_TYPE_STRUCT) { result.covered = 0; return result; }
        for (ffi_type **element = type->elements; element != NULL && *element != NULL; element++) {
            if (!classify(*element).covered) { result.covered = 0; return result; }
        }
        result.in_memory = 1;
        return result;
    }
    result.eightbytes = (int)((type->size + 7) / 8);
    if (!classify_into(type, 0, result.classes)) { result.covered = 0; return result; }
    for (int index = 0; index < result.eightbytes; index++) {
        if (result.classes[index] == CLASS_NONE) { result.covered = 0; return result; }
    }
    return result;
}

/// Lays out `cif` into `closure` (whose `sources` hold `cif->nargs` entries). False when a type
/// is not covered.
static int lay_out(ffi_cif *cif, static_closure *closure) {
    unsigned general = 0, vector = 0;
    size_t stack = 0;
    if (cif->rtype->type == FFI_TYPE_VOID) {
        closure->route = RESULT_IN_FRAME;
        closure->result_offset = FRAME_RAX;
    } else {
        value_class result = classify(cif->rtype);
        if (!result.covered) return 0;
        if (result.in_memory) {
            closure->route = RESULT_IN_MEMORY;
            general = 1;  // the hidden pointer takes rdi
        } else if (result.eightbytes == 1 || result.classes[0] == result.classes[1]) {
            closure->route = RESULT_IN_FRAME;
            closure->result_offset = result.classes[0] == CLASS_INTEGER ? FRAME_RAX : FRAME_XMM0;
        } else {
            closure->route = result.classes[0] == CLASS_INTEGER ? RESULT_INTEGER_THEN_SSE : RESULT_SSE_THEN_INTEGER;
        }
    }
    closure->argument_count = cif->nargs;
    closure->split_count = 0;
    for (unsigned index = 0; index < cif->nargs; index++) {
        const ffi_type *type = cif->arg_types[index];
        value_class argument = classify(type);
        if (!argument.covered) return 0;
        argument_source *source = &closure->sources[index];
        source->split = 0;
        if (!argument.in_memory) {
            unsigned needed_general = 0, needed_vector = 0;
            for (int eightbyte = 0; eightbyte < argument.eightbytes; eightbyte++) {
                if (argument.classes[eightbyte] == CLASS_INTEGER) needed_general++; else needed_vector++;
            }
            // A value takes registers only when all of its eightbytes fit; otherwise the
            // whole value goes on the stack.
            if (general + needed_general <= 6 && vector + needed_vector <= 8) {
                uint32_t offsets[2];
                for (int eightbyte = 0; eightbyte < argument.eightbytes; eightbyte++) {
                    offsets[eightbyte] = argument.classes[eightbyte] == CLASS_INTEGER
                        ? FRAME_GP + 8 * general++
                        : FRAME_SSE + 8 * vector++;
                }
                source->first = offsets[0];
                if (argument.eightbytes == 2 && offsets[1] != offsets[0] + 8) {
                    source->split = 1;
                    source->second = offsets[1];
                    closure->split_count++;
                }
                continue;
            }
        }
        // On the stack, in 8-byte slots (alignments above 8 are not covered).
        source->first = (uint32_t)(FRAME_STACK + stack);
        stack += (type->size + 7) / 8 * 8;
    }
    closure->simple = closure->split_count == 0 && closure->route == RESULT_IN_FRAME && cif->nargs <= SIMPLE_ARGUMENTS;
    // No argument in a vector register and no result in one: the entry that saves and loads
    // none of them (the frame's vector slots are then never read).
    int result_in_vector = (closure->route == RESULT_IN_FRAME && closure->result_offset == FRAME_XMM0) ||
                           closure->route == RESULT_INTEGER_THEN_SSE || closure->route == RESULT_SSE_THEN_INTEGER;
    closure->entry = vector == 0 && !result_in_vector ? impostor_static_common_integer : impostor_static_common;
    return 1;
}

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

/// Maps one more copy of the code page with a data page after it. Called under `pages_lock`.
static int map_page_pair(void) {
    unsigned char *pair = mmap(NULL, 2 * PAGE_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pair == MAP_FAILED) return 0;
    // The code half is replaced by the file's page, read+execute: never writable.
    if (mmap(pair, PAGE_BYTES, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_FIXED, page_file, page_file_offset) == MAP_FAILED) {
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

int impostor_static_trampoline_records_quietly(const void *code) {
    static_closure *closure = closure_at(code);
    return closure != NULL && closure->quiet != NULL && atomic_load_explicit(&closure->quiet->open, memory_order_acquire) &&
           closure->quiet->nice;
}

int impostor_static_trampoline_live_keys(const void *code) {
    static_closure *closure = closure_at(code);
    if (closure == NULL || closure->quiet == NULL || !atomic_load_explicit(&closure->quiet->open, memory_order_acquire)) {
        return -1;
    }
    impostor_stub_keys *keys = &closure->quiet->keys;
    uint32_t count = atomic_load_explicit(&keys->count, memory_order_acquire);
    return (int)(count - atomic_load_explicit(&keys->first_live, memory_order_relaxed));
}

int impostor_static_trampoline_lanes(const void *code) {
    static_closure *closure = closure_at(code);
    if (closure == NULL || closure->quiet_records == NULL) return -1;
    return (int)impostor_records_lane_count(closure->quiet_records);
}

impostor_static_outcome impostor_static_trampoline_create(ffi_cif *cif, impostor_static_handler handler,
                                                          impostor_static_answer answer, void *user_data,
                                                          impostor_quiet_calls *quiet, void **code) {
    if (impostor_static_trampolines_unavailable() != NULL) return IMPOSTOR_STATIC_UNAVAILABLE;
    static_closure *closure = malloc(sizeof(static_closure) + sizeof(argument_source) * (cif->nargs + 1));
    if (closure == NULL) return IMPOSTOR_STATIC_NO_MEMORY;
    if (!lay_out(cif, closure)) {
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
    closure->dispatch = dispatch;
    closure->handler = handler;
    closure->answer = answer;
    closure->user_data = user_data;
    closure->cif = cif;
    // Only the short path records quiet calls, and only with the result in the return
    // registers' slots: 16 bytes of the frame from there are zeroed.
    closure->quiet = closure->simple && closure->result_offset <= FRAME_XMM0 ? quiet : NULL;
    closure->quiet_steps = NULL;
    closure->quiet_records = NULL;
    closure->quiet_records_serial = 0;
    if (closure->quiet != NULL) {
        closure->quiet_records = quiet->records;
        closure->quiet_records_serial = quiet->records_serial;
        // The short path has no split argument: each one is `sources[index].first` bytes into
        // the frame. Never freed, like the context.
        closure->quiet_steps = malloc(sizeof(impostor_record_step) * (quiet->count + 1));
        if (closure->quiet_steps == NULL) {
            free(closure->argument_offsets);
            free(closure);
            return IMPOSTOR_STATIC_NO_MEMORY;
        }
        for (uint32_t index = 0; index < quiet->count; index++) {
            closure->quiet_steps[index] = quiet->steps[index];
            closure->quiet_steps[index].source = closure->sources[index].first;
        }
    }

    pthread_mutex_lock(&pages_lock);
    if (current_used == STUBS_PER_PAGE && !map_page_pair()) {
        impostor_static_outcome outcome = unavailable_reason != NULL ? IMPOSTOR_STATIC_UNAVAILABLE : IMPOSTOR_STATIC_NO_MEMORY;
        pthread_mutex_unlock(&pages_lock);
        free(closure->quiet_steps);
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
    if (quiet != NULL) {
        // Every pointer the dispatcher hands over has 8 readable bytes: a register slot of the
        // frame (8 bytes, 16 for xmm), an 8-byte stack slot of the caller's (arguments take a
        // multiple of 8 there), a 16-byte scratch pair for a split argument, the 16-byte return
        // slots or a 16-byte local for results in registers (results in memory are larger than
        // 8 bytes, so never copied as 8). Set before the entry point is returned, so before
        // any call.
        quiet->eightbytes =
            impostor_eightbyte_copies_fit(quiet->steps, quiet->count, quiet->result_offset, quiet->result_size);
        quiet->closes_eightbytes = impostor_result_closes_as_eight(quiet->eightbytes, quiet->result_offset,
                                                                   quiet->result_size, quiet->records->stride);
        // The context's own offsets (never freed, like the context), when this dispatcher reads
        // the settings; otherwise no key is kept.
        quiet->frame_offsets = closure->quiet != NULL ? closure->argument_offsets : NULL;
        quiet->read_by_entry = closure->quiet != NULL;
    }
    return IMPOSTOR_STATIC_MADE;
}

#else

const char *impostor_static_trampolines_unavailable(void) {
    return "static trampolines are built for Linux on x86-64 only";
}

unsigned long impostor_static_trampoline_pages(void) { return 0; }

int impostor_static_trampoline_records_quietly(const void *code) {
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
                                                          impostor_quiet_calls *quiet, void **code) {
    (void)cif; (void)handler; (void)answer; (void)user_data; (void)quiet; (void)code;
    return IMPOSTOR_STATIC_UNAVAILABLE;
}

#endif
