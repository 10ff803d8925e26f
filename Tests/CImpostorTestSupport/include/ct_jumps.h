// C callers for answers that never return: a caller that sets a jump point with setjmp and
// calls a callback, and the longjmp a stub's block or an expectation's action makes back to it,
// as libjpeg's error_exit or Lua's lua_error do.
#ifndef CT_JUMPS_H
#define CT_JUMPS_H
#include <stdint.h>

typedef int32_t (*ctj_int_fn)(int32_t);
typedef int32_t (*ctj_text_fn)(const char *_Nullable);

/// Calls `f(value)` under a jump point: 1 when it returned (its result in `*result`), 0 when
/// the callback jumped back with `ctj_jump_back` (`*result` untouched).
int ctj_call_catching(ctj_int_fn _Nonnull f, int32_t value, int32_t *_Nonnull result);
/// The same for a callback that takes text.
int ctj_call_text_catching(ctj_text_fn _Nonnull f, const char *_Nullable text, int32_t *_Nonnull result);

/// Jumps back to the innermost `ctj_call_catching` on this thread. Never returns.
_Noreturn void ctj_jump_back(void);

#endif
