// Functions of this target called directly by others of it: no GOT slot carries these calls,
// so only a patched entry reaches them.
#include "ct_patch.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <unistd.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) int ct_patch_helper(int value) { return value * 3 + 1; }

int ct_patch_call_helper(int value) { return ct_patch_helper(value); }

__attribute__((noinline)) int ct_patch_spun(int value) { return value * 3 + 1; }

int ct_patch_call_spun(int value) { return ct_patch_spun(value); }

__attribute__((noinline, used)) static int ct_patch_static_helper(int value) { return value - 7; }

int ct_patch_call_static_helper(int value) { return ct_patch_static_helper(value); }

__attribute__((noinline, used)) static int ct_patch_twin(int value) { return value + 100; }

int ct_patch_call_twin_here(int value) { return ct_patch_twin(value); }

#if defined(__x86_64__)
// Written in assembly so that their first bytes are exactly these, whatever the compiler.
__asm__(".text\n"
        ".globl ct_patch_tiny\n"
        ".type ct_patch_tiny, @function\n"
        "ct_patch_tiny:\n"
        "    xorl %eax, %eax\n"
        "    ret\n"
        ".size ct_patch_tiny, . - ct_patch_tiny\n"
        ".p2align 4, 0xcc\n"
        ".globl ct_patch_count_to\n"
        ".type ct_patch_count_to, @function\n"
        "ct_patch_count_to:\n"
        "    xorl %eax, %eax\n"
        "1:  incl %eax\n"
        "    cmpl %edi, %eax\n"
        "    jl 1b\n"
        "    ret\n"
        ".size ct_patch_count_to, . - ct_patch_count_to\n"
        ".p2align 4, 0xcc\n"
        ".globl ct_patch_jrcxz_first\n"
        ".type ct_patch_jrcxz_first, @function\n"
        "ct_patch_jrcxz_first:\n"
        "    jrcxz 1f\n"
        "    movl $1, %eax\n"
        "    ret\n"
        "1:  xorl %eax, %eax\n"
        "    ret\n"
        ".size ct_patch_jrcxz_first, . - ct_patch_jrcxz_first\n"
        ".p2align 4, 0xcc\n"
        ".globl ct_patch_undecodable\n"
        ".type ct_patch_undecodable, @function\n"
        "ct_patch_undecodable:\n"
        "    .byte 0x06\n"
        "    nop; nop; nop; nop; nop\n"
        "    ret\n"
        ".size ct_patch_undecodable, . - ct_patch_undecodable\n");
#else
int ct_patch_tiny(void) { return 0; }
int ct_patch_jrcxz_first(void) { return 1; }
void ct_patch_undecodable(void) {}
int ct_patch_count_to(int limit) {
    int count = 0;
    while (++count < limit) {
    }
    return count;
}
#endif

int ct_patch_call_tiny(void) { return ct_patch_tiny(); }
int ct_patch_call_count_to(int limit) { return ct_patch_count_to(limit); }

__attribute__((noinline)) int ct_patch_rewritten(int value) { return value; }

__attribute__((noinline)) int ct_patch_case_target(int value) { return value + 1; }

__attribute__((noinline)) int ct_patch_typed(int value) { return value * 2; }
int ct_patch_call_typed(int value) { return ct_patch_typed(value); }
int ct_patch_call_case_target(int value) { return ct_patch_case_target(value); }

int ct_patch_overwrite_first_byte(const void *function, unsigned char byte) {
    int fd = open("/proc/self/mem", O_RDWR | O_CLOEXEC);
    if (fd < 0) return errno;
    int error = pwrite(fd, &byte, 1, (off_t)(uintptr_t)function) == 1 ? 0 : errno;
    close(fd);
    return error;
}

void ct_patch_read_code(const void *function, unsigned char *bytes, int length) { memcpy(bytes, function, (size_t)length); }

struct ct_patch_threads {
    int count;
    int mocked;
    atomic_int stop;
    atomic_long real, mocked_calls, unstubbed, other;
    pthread_t threads[16];
};

static void *loop(void *context) {
    ct_patch_threads *state = context;
    while (!atomic_load_explicit(&state->stop, memory_order_relaxed)) {
        int answer = ct_patch_call_spun(5);
        if (answer == 16) atomic_fetch_add(&state->real, 1);
        else if (answer == state->mocked) atomic_fetch_add(&state->mocked_calls, 1);
        else if (answer == 0) atomic_fetch_add(&state->unstubbed, 1);
        else atomic_fetch_add(&state->other, 1);
    }
    return NULL;
}

ct_patch_threads *ct_patch_threads_start(int count, int mocked) {
    if (count > 16) return NULL;
    ct_patch_threads *state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->count = count;
    state->mocked = mocked;
    for (int i = 0; i < count; i++) {
        if (pthread_create(&state->threads[i], NULL, loop, state) != 0) {
            atomic_store(&state->stop, 1);
            for (int j = 0; j < i; j++) pthread_join(state->threads[j], NULL);
            free(state);
            return NULL;
        }
    }
    return state;
}

void ct_patch_threads_stop(ct_patch_threads *state, long *real, long *mocked, long *unstubbed, long *other) {
    atomic_store(&state->stop, 1);
    for (int i = 0; i < state->count; i++) pthread_join(state->threads[i], NULL);
    *real = atomic_load(&state->real);
    *mocked = atomic_load(&state->mocked_calls);
    *unstubbed = atomic_load(&state->unstubbed);
    *other = atomic_load(&state->other);
    free(state);
}
