#include "ct_jumps.h"

#include <setjmp.h>
#include <stddef.h>

/// The innermost jump point of this thread.
static _Thread_local jmp_buf *current_point = NULL;

int ctj_call_catching(ctj_int_fn f, int32_t value, int32_t *result) {
    jmp_buf point;
    jmp_buf *outer = current_point;
    current_point = &point;
    // Volatile: read after a longjmp back into this frame.
    volatile int returned = 0;
    if (setjmp(point) == 0) {
        *result = f(value);
        returned = 1;
    }
    current_point = outer;
    return returned;
}

int ctj_call_text_catching(ctj_text_fn f, const char *text, int32_t *result) {
    jmp_buf point;
    jmp_buf *outer = current_point;
    current_point = &point;
    volatile int returned = 0;
    if (setjmp(point) == 0) {
        *result = f(text);
        returned = 1;
    }
    current_point = outer;
    return returned;
}

void ctj_jump_back(void) { longjmp(*current_point, 1); }
