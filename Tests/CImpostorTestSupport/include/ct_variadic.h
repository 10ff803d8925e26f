// Variadic callers for the va_list-form tests: a variadic function of this C target, called
// directly by others of it (so an entry patch reaches it), with integer, double and string
// arguments, and more of them than the registers hold.
#ifndef CT_VARIADIC_H
#define CT_VARIADIC_H

#include <stdarg.h>

/// Formats `format` and its arguments into a buffer `ct_log_last` returns; returns the length.
int ct_log(const char *_Nonnull format, ...);
/// The text the last real `ct_log` call formatted.
const char *_Nonnull ct_log_last(void);
/// Calls ct_log("n=%d x=%.2f s=%s", number, real, text) directly.
int ct_log_event(int number, double real, const char *_Nonnull text);
/// Calls ct_log with 8 integers and 10 doubles after the format: past the registers, on the stack.
int ct_log_many(void);

/// Fixed doubles before double varargs: `scale * (the sum of the `count` doubles) + offset`,
/// each double also written "%.2f" (separated by spaces) into a buffer `ct_weigh_last`
/// returns. The fixed doubles take xmm0 and xmm1, so the va_list's first double is in xmm2
/// (its fp_offset is 80, not 48).
double ct_weigh(double scale, double offset, int count, ...);
/// The same over a va_list, which `ct_weigh` calls: the real `v` function a mock of
/// `ct_weigh`'s va_list form passes its arguments on to.
double ct_vweigh(double scale, double offset, int count, va_list arguments);
/// The text the last real `ct_vweigh` call wrote.
const char *_Nonnull ct_weigh_last(void);
/// Calls ct_weigh(2.0, 0.5, 3, 1.25, 2.5, 4.0) directly: 16.0 unmocked, "1.25 2.50 4.00".
double ct_weigh_three(void);
/// Calls ct_weigh(0.5, 0.25, 8, 1.0, ..., 8.0) directly: 18.25 unmocked; xmm2-7 hold the first
/// six doubles and the stack the last two.
double ct_weigh_eight(void);
/// The answer a C mock gives: hands `arguments` (the va_list's address, as the mock receives it)
/// on to `ct_vweigh`, and adds 100.
double ct_weigh_in_c(double scale, double offset, int count, void *_Nullable arguments);

/// A lock the tests that interpose snprintf take, each in one form (fixed arguments or
/// va_list): one symbol takes one form at a time, and those tests would otherwise overlap.
void ct_snprintf_tests_lock(void);
void ct_snprintf_tests_unlock(void);

/// A struct of hooks, as C libraries take them: a variadic logging function among them.
typedef struct ct_hooks {
    int (*_Nullable log)(const char *_Nonnull format, ...);
    double (*_Nullable weigh)(double scale, double offset, int count, ...);
} ct_hooks;
/// Calls hooks->log("report %d %.2f %s", number, real, text) and returns what it returned.
int ct_hooks_report(const ct_hooks *_Nonnull hooks, int number, double real, const char *_Nonnull text);
/// Calls hooks->weigh(3.0, -1.0, 2, 0.5, 0.25) and returns what it returned.
double ct_hooks_weigh(const ct_hooks *_Nonnull hooks);

#endif
