// Variadic callers for the va_list-form tests: a variadic function of this C target, called
// directly by others of it (so an entry patch reaches it), with integer, double and string
// arguments, and more of them than the registers hold.
#ifndef CT_VARIADIC_H
#define CT_VARIADIC_H

/// Formats `format` and its arguments into a buffer `ct_log_last` returns; returns the length.
int ct_log(const char *_Nonnull format, ...);
/// The text the last real `ct_log` call formatted.
const char *_Nonnull ct_log_last(void);
/// Calls ct_log("n=%d x=%.2f s=%s", number, real, text) directly.
int ct_log_event(int number, double real, const char *_Nonnull text);
/// Calls ct_log with 8 integers and 10 doubles after the format: past the registers, on the stack.
int ct_log_many(void);

/// A lock the tests that interpose snprintf take, each in one form (fixed arguments or
/// va_list): one symbol takes one form at a time, and those tests would otherwise overlap.
void ct_snprintf_tests_lock(void);
void ct_snprintf_tests_unlock(void);

/// A struct of hooks, as C libraries take them: a variadic logging function among them.
typedef struct ct_hooks {
    int (*_Nullable log)(const char *_Nonnull format, ...);
} ct_hooks;
/// Calls hooks->log("report %d %.2f %s", number, real, text) and returns what it returned.
int ct_hooks_report(const ct_hooks *_Nonnull hooks, int number, double real, const char *_Nonnull text);

#endif
