#include "ct_jumps.h"

#include <setjmp.h>
#include <stddef.h>

/// The innermost jump point of this thread.
static _Thread_local jmp_buf *current_point = NULL;

/// Runs `body(context)` under a jump point: 1 when it returned, 0 when it jumped back.
static int run_catching(void (*body)(void *), void *context) {
    jmp_buf point;
    jmp_buf *outer = current_point;
    current_point = &point;
    // Volatile: read after a longjmp back into this frame.
    volatile int returned = 0;
    if (setjmp(point) == 0) {
        body(context);
        returned = 1;
    }
    current_point = outer;
    return returned;
}

typedef struct int_call {
    ctj_int_fn f;
    int32_t value;
    int32_t *result;
} int_call;

static void call_int(void *context) {
    int_call *call = context;
    *call->result = call->f(call->value);
}

int ctj_call_catching(ctj_int_fn f, int32_t value, int32_t *result) {
    int_call call = {f, value, result};
    return run_catching(call_int, &call);
}

typedef struct text_call {
    ctj_text_fn f;
    const char *text;
    int32_t *result;
} text_call;

static void call_text(void *context) {
    text_call *call = context;
    *call->result = call->f(call->text);
}

int ctj_call_text_catching(ctj_text_fn f, const char *text, int32_t *result) {
    text_call call = {f, text, result};
    return run_catching(call_text, &call);
}

void ctj_jump_back(void) { longjmp(*current_point, 1); }
