// A variadic function of this target and its direct callers (see ct_variadic.h).
#include "ct_variadic.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

// Per thread: the tests that read these run in parallel, each test's calls on its own thread.
static _Thread_local char last[256];

__attribute__((noinline)) int ct_log(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(last, sizeof last, format, arguments);
    va_end(arguments);
    return length;
}

const char *ct_log_last(void) { return last; }

int ct_log_event(int number, double real, const char *text) { return ct_log("n=%d x=%.2f s=%s", number, real, text); }

int ct_log_many(void) {
    return ct_log("%d %d %d %d %d %d %d %d | %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f", 1, 2, 3, 4, 5, 6, 7, 8,
                  0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5);
}

static _Thread_local char weighed[256];

double ct_vweigh(double scale, double offset, int count, va_list arguments) {
    double sum = 0;
    int length = 0;
    weighed[0] = 0;
    for (int i = 0; i < count; i++) {
        double value = va_arg(arguments, double);
        sum += value;
        if (length < (int)sizeof weighed) {
            length += snprintf(weighed + length, sizeof weighed - (size_t)length, i == 0 ? "%.2f" : " %.2f", value);
        }
    }
    return scale * sum + offset;
}

__attribute__((noinline)) double ct_weigh(double scale, double offset, int count, ...) {
    va_list arguments;
    va_start(arguments, count);
    double result = ct_vweigh(scale, offset, count, arguments);
    va_end(arguments);
    return result;
}

const char *ct_weigh_last(void) { return weighed; }

double ct_weigh_three(void) { return ct_weigh(2.0, 0.5, 3, 1.25, 2.5, 4.0); }

double ct_weigh_eight(void) { return ct_weigh(0.5, 0.25, 8, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0); }

double ct_weigh_in_c(double scale, double offset, int count, void *arguments) {
    // The address of the va_list record the routine built: on x86-64 a va_list is an array of
    // one such record, so the array at that address decays back to the address when passed on.
    return ct_vweigh(scale, offset, count, *(va_list *)arguments) + 100;
}

double ct_hooks_weigh(const ct_hooks *hooks) { return hooks->weigh(3.0, -1.0, 2, 0.5, 0.25); }

int ct_hooks_report(const ct_hooks *hooks, int number, double real, const char *text) {
    return hooks->log("report %d %.2f %s", number, real, text);
}

static pthread_mutex_t snprintf_tests = PTHREAD_MUTEX_INITIALIZER;
void ct_snprintf_tests_lock(void) { pthread_mutex_lock(&snprintf_tests); }
void ct_snprintf_tests_unlock(void) { pthread_mutex_unlock(&snprintf_tests); }
