// A variadic function of this target and its direct callers (see ct_variadic.h).
#include "ct_variadic.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static char last[256];

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

int ct_hooks_report(const ct_hooks *hooks, int number, double real, const char *text) {
    return hooks->log("report %d %.2f %s", number, real, text);
}

static pthread_mutex_t snprintf_tests = PTHREAD_MUTEX_INITIALIZER;
void ct_snprintf_tests_lock(void) { pthread_mutex_lock(&snprintf_tests); }
void ct_snprintf_tests_unlock(void) { pthread_mutex_unlock(&snprintf_tests); }
