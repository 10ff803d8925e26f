// pthread_getattr_np is a GNU extension.
#define _GNU_SOURCE
#include "ct_recursion.h"

#include <pthread.h>

int32_t cr_call(cr_depth_fn f, int32_t n) { return f(n); }

// Not inlined, so that the frame address is this call's and not the caller's.
__attribute__((noinline)) uintptr_t cr_stack_address(void) { return (uintptr_t)__builtin_frame_address(0); }

/// The lowest address of the calling thread's stack and its size.
static int stack_bounds(uintptr_t *low, size_t *size) {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
    void *address = NULL;
    int known = pthread_attr_getstack(&attributes, &address, size) == 0;
    pthread_attr_destroy(&attributes);
    *low = (uintptr_t)address;
    return known;
}

size_t cr_thread_stack_size(void) {
    uintptr_t low = 0;
    size_t size = 0;
    return stack_bounds(&low, &size) ? size : 0;
}

__attribute__((noinline)) size_t cr_stack_left(void) {
    uintptr_t low = 0;
    size_t size = 0;
    if (!stack_bounds(&low, &size)) return 0;
    uintptr_t here = (uintptr_t)__builtin_frame_address(0);
    return here > low ? here - low : 0;
}

int cr_sanitized(void) {
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    return 1;
#endif
#endif
    return 0;
}
