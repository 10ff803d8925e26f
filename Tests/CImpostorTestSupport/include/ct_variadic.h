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

#endif
