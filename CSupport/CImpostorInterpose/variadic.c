// Variadic functions through their va_list form: a call of `snprintf(buffer, size, format, ...)`
// answered by a mock of `(buffer, size, format, CVaListPointer) -> Int32`.
//
// The dispatcher's chooser picks the mock as for any symbol; for a symbol marked variadic it
// sends the call to `impostor_variadic_common` instead, with the mock kept for this thread.
// That routine saves the argument registers where the System V ABI's va_list expects them (the
// register save area: rdi-r9, then xmm0-7 whole), builds the va_list itself (the offsets past the
// fixed arguments, the caller's stack arguments as the overflow area), passes its address in the
// register after the fixed ones, and calls the mock. A stub block can hand that va_list to
// `vsnprintf`. When the answer asks for the original (`callingOriginal()`), the routine puts
// every argument register back as the caller left it, al included, and jumps to the original:
// the call passes through untouched, its result going straight to the caller.
#include "CImpostorInterpose.h"
#include "got_machine.h"
// From CImpostor, as for the dispatchers (see got_dispatch.c).
#include "impostor_argument_registers.h"

#include <stdatomic.h>
#include <stdint.h>

#if defined(IMPOSTOR_GOT_X86_64)
/// Per dispatcher: the fixed arguments' general and vector register counts, or -1 when the
/// symbol is not variadic.
static _Atomic int32_t general_counts[IMPOSTOR_GOT_DISPATCHER_COUNT];
static _Atomic int32_t vector_counts[IMPOSTOR_GOT_DISPATCHER_COUNT];
static _Atomic int marked[IMPOSTOR_GOT_DISPATCHER_COUNT];
/// How many are marked: when none is, a pass-through asks nothing more.
static _Atomic int marked_count = 0;

/// The mock the chooser picked, from the chooser to `impostor_variadic_begin` on this thread.
static _Thread_local const void *pending_target = NULL;
static _Thread_local uint32_t pending_index = 0;
/// Adapter frames under way on this thread, innermost last; a pass-through asked for by the
/// innermost answer.
#define MOST_NESTED 32
static _Thread_local uint32_t frame_indexes[MOST_NESTED];
static _Thread_local int frame_depth = 0;
static _Thread_local int pass_through_at = 0;

#endif

int impostor_variadic_mark(uint32_t index, int general, int vector) {
#if defined(IMPOSTOR_GOT_X86_64)
    if (index >= IMPOSTOR_GOT_DISPATCHER_COUNT) return 0;
    if (general < 0) {
        // Unmarked once no layer is left: calls in flight through the routine already hold their mock.
        if (atomic_exchange_explicit(&marked[index], 0, memory_order_acq_rel)) atomic_fetch_sub(&marked_count, 1);
        return 1;
    }
    if (general > 5 || vector < 0 || vector > 8) return 0;
    atomic_store(&general_counts[index], general);
    atomic_store(&vector_counts[index], vector);
    if (!atomic_exchange_explicit(&marked[index], 1, memory_order_acq_rel)) atomic_fetch_add(&marked_count, 1);
    return 1;
#else
    (void)index, (void)general, (void)vector;
    return 0;
#endif
}

int64_t impostor_variadic_no_original(void) { return 0; }

__attribute__((visibility("hidden"))) const void *impostor_variadic_route(uint32_t index, const void *target,
                                                                          const void *original);

#if defined(IMPOSTOR_GOT_X86_64)

// The frame, from rsp after `sub`: the va_list at 0 (gp_offset, fp_offset, overflow_arg_area,
// reg_save_area), rax (al: the vector count) at 24, the register save area at 32 (rdi-r9 at
// 32-79, xmm0-7 at 80-207), the mock at 208, the register number for the va_list at 216, the
// results at 224 (rax), 232 (rdx), 240 (xmm0), 256 (xmm1). 288 bytes keep rsp 16-byte aligned.
__asm__(".text\n"
        ".p2align 4\n"
        ".globl impostor_variadic_common\n"
        ".hidden impostor_variadic_common\n"
        "impostor_variadic_common:\n"
        "    endbr64\n"
        "    pushq %rbp\n"
        "    movq %rsp, %rbp\n"
        "    subq $288, %rsp\n"
        IMPOSTOR_SAVE_GENERAL_ARGUMENTS(32)
        "    movq %rax, 24(%rsp)\n"
        IMPOSTOR_SAVE_VECTOR_ARGUMENTS(80)
        "    movq %rsp, %rdi\n"
        "    leaq 16(%rbp), %rsi\n"         // the caller's stack arguments
        "    call impostor_variadic_begin\n"
        IMPOSTOR_RESTORE_GENERAL_ARGUMENTS(32)
        IMPOSTOR_RESTORE_VECTOR_ARGUMENTS(80)
        "    movq %rsp, %r10\n"              // the va_list's address, into the register after the fixed ones
        "    movq 216(%rsp), %r11\n"
        "    cmpq $0, %r11\n    jne 1f\n    movq %r10, %rdi\n    jmp 6f\n"
        "1:  cmpq $1, %r11\n    jne 2f\n    movq %r10, %rsi\n    jmp 6f\n"
        "2:  cmpq $2, %r11\n    jne 3f\n    movq %r10, %rdx\n    jmp 6f\n"
        "3:  cmpq $3, %r11\n    jne 4f\n    movq %r10, %rcx\n    jmp 6f\n"
        "4:  cmpq $4, %r11\n    jne 5f\n    movq %r10, %r8\n    jmp 6f\n"
        "5:  movq %r10, %r9\n"
        "6:  call *208(%rsp)\n"
        "    movq %rax, 224(%rsp)\n"
        "    movq %rdx, 232(%rsp)\n"
        "    movaps %xmm0, 240(%rsp)\n"
        "    movaps %xmm1, 256(%rsp)\n"
        "    call impostor_variadic_end\n"
        "    testq %rax, %rax\n"
        "    jnz 7f\n"
        "    movq 224(%rsp), %rax\n"
        "    movq 232(%rsp), %rdx\n"
        "    movaps 240(%rsp), %xmm0\n"
        "    movaps 256(%rsp), %xmm1\n"
        "    leave\n"
        "    ret\n"
        "7:  movq %rax, %r11\n"              // pass-through: the caller's registers, then the original
        IMPOSTOR_RESTORE_GENERAL_ARGUMENTS(32)
        IMPOSTOR_RESTORE_VECTOR_ARGUMENTS(80)
        "    movq 24(%rsp), %rax\n"
        "    leave\n"
        "    jmp *%r11\n");

extern char impostor_variadic_common[];

struct va_list_record {
    uint32_t gp_offset;
    uint32_t fp_offset;
    void *overflow_arg_area;
    void *reg_save_area;
};

/// Builds the va_list in `frame`, and says where the mock and the va_list's register are.
__attribute__((visibility("hidden"), used)) void impostor_variadic_begin(uint8_t *frame, void *overflow) {
    uint32_t index = pending_index;
    struct va_list_record *list = (struct va_list_record *)frame;
    int32_t general = atomic_load(&general_counts[index]);
    list->gp_offset = 8 * (uint32_t)general;
    list->fp_offset = 48 + 16 * (uint32_t)atomic_load(&vector_counts[index]);
    list->overflow_arg_area = overflow;
    list->reg_save_area = frame + 32;
    *(const void **)(frame + 208) = pending_target;
    *(int64_t *)(frame + 216) = general;
    if (frame_depth < MOST_NESTED) frame_indexes[frame_depth] = index;
    frame_depth++;
}

/// The original to jump to when the answer asked to pass the call through, else NULL.
__attribute__((visibility("hidden"), used)) const void *impostor_variadic_end(void) {
    int depth = frame_depth--;
    int passes = pass_through_at == depth;
    if (passes) pass_through_at = 0;
    if (!passes || depth > MOST_NESTED) return NULL;
    return impostor_got_original(frame_indexes[depth - 1]);
}

const void *impostor_variadic_route(uint32_t index, const void *target, const void *original) {
    if (target == original || !atomic_load_explicit(&marked[index], memory_order_acquire)) return target;
    pending_target = target;
    pending_index = index;
    return impostor_variadic_common;
}

int impostor_variadic_pass_through(const void *original) {
    // The innermost call through the routine first: the answer asking for its own original.
    if (frame_depth > 0 && frame_depth <= MOST_NESTED && impostor_got_original(frame_indexes[frame_depth - 1]) == original) {
        pass_through_at = frame_depth;
        return 1;
    }
    // Otherwise an ordinary pass-through, unless `original` is a variadic symbol's (its mock
    // called some other way): every pass-through of a fixed-argument mock comes here.
    if (atomic_load_explicit(&marked_count, memory_order_acquire) == 0) return 0;
    for (uint32_t i = 0; i < IMPOSTOR_GOT_DISPATCHER_COUNT; i++) {
        if (atomic_load_explicit(&marked[i], memory_order_acquire) && impostor_got_original(i) == original) return -1;
    }
    return 0;
}

#else

const void *impostor_variadic_route(uint32_t index, const void *target, const void *original) {
    (void)index, (void)original;
    return target;
}

int impostor_variadic_pass_through(const void *original) {
    (void)original;
    return 0;
}

#endif
