// The real functions. Each folds every argument into its result with a weight for its
// position, so that an argument lost, moved or cut short on the way changes the answer.
#include "shapes.h"

#include <stdarg.h>
#include <stdio.h>

int real_calls = 0;

/// The running fold: every value shifts what came before it.
static long fold(long sum, long value) { return sum * 31 + value; }

/// A double as a whole number the fold can take (the test's values are exact in binary).
static long whole(double value) { return (long)(value * 1024); }

long weigh_many(long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7,
                double d0, double d1, double d2, double d3, double d4, double d5, double d6, double d7,
                long s0, double s1, int s2) {
    real_calls++;
    long sum = 0;
    long general[] = {a0, a1, a2, a3, a4, a5, a6, a7, s0, s2};
    double vector[] = {d0, d1, d2, d3, d4, d5, d6, d7, s1};
    for (size_t i = 0; i < sizeof general / sizeof general[0]; i++) sum = fold(sum, general[i]);
    for (size_t i = 0; i < sizeof vector / sizeof vector[0]; i++) sum = fold(sum, whole(vector[i]));
    return sum;
}

long weigh_big(struct big value, long weight) {
    real_calls++;
    return fold(fold(fold(fold(weight, value.a), value.b), value.c), value.d);
}

struct big make_big(long seed) {
    real_calls++;
    return (struct big){seed, seed * 3, -seed, seed + 0x1234567890};
}

double dot_quads(struct quad p, struct quad q) {
    real_calls++;
    return p.a * q.a + 2 * p.b * q.b + 4 * p.c * q.c + 8 * p.d * q.d;
}

struct quad scale_quad(struct quad p, double k) {
    real_calls++;
    return (struct quad){p.a * k, p.b * k * 2, p.c * k * 4, p.d * k * 8};
}

long double mix_wide(long double a, long double b, double c) {
    real_calls++;
    return a * 3 - b + c;
}

int print_mixed(char *out, size_t size, const char *format, ...) {
    real_calls++;
    va_list arguments;
    va_start(arguments, format);
    int count = vsnprintf(out, size, format, arguments);
    va_end(arguments);
    return count;
}
