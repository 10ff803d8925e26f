// The library whose GOT the test rebinds: each wrapper calls a function of libgotreal.so by
// name (through a JUMP_SLOT, or a GLOB_DAT slot when it takes the address), with fixed
// arguments. Built with -fno-optimize-sibling-calls: a tail call would leave with the test's
// return address, and the chooser checks that calls come from this library.
#include "shapes.h"

#define MANY_ARGUMENTS                                                                  \
    1, -2, 3, -4, 5, -6, 7, -8, 0.5, -1.25, 2.75, -3.5, 4.125, -5.0625, 6.25, -7.75, \
    0x7fffffff0001, -9.5, -11

long call_weigh_many(weigh_many_function *direct) {
    if (direct != NULL) return direct(MANY_ARGUMENTS);
    return weigh_many(MANY_ARGUMENTS);
}

long call_weigh_many_by_pointer(weigh_many_function *direct) {
    // volatile: the compiler must load the address (from the GOT) and call through it,
    // rather than call by name.
    weigh_many_function *volatile function = weigh_many;
    if (direct != NULL) function = direct;
    return function(MANY_ARGUMENTS);
}

static const struct big a_big = {101, -202, 303, -404};

long call_weigh_big(weigh_big_function *direct) {
    if (direct != NULL) return direct(a_big, 17);
    return weigh_big(a_big, 17);
}

struct big call_make_big(make_big_function *direct) {
    if (direct != NULL) return direct(4242);
    return make_big(4242);
}

static const struct quad one_quad = {1.5, -2.25, 3.125, -4.0625};
static const struct quad other_quad = {-0.5, 0.75, -8.0, 16.25};

double call_dot_quads(dot_quads_function *direct) {
    if (direct != NULL) return direct(one_quad, other_quad);
    return dot_quads(one_quad, other_quad);
}

struct quad call_scale_quad(scale_quad_function *direct) {
    if (direct != NULL) return direct(one_quad, -3.0);
    return scale_quad(one_quad, -3.0);
}

// Bits far below a double's precision: they survive only if the high halves of q0 and q1
// (AArch64's quad) arrive whole.
long double call_mix_wide(mix_wide_function *direct) {
    long double a = 1.0L + 0x1p-100L, b = -2.5L + 0x1p-90L;
    if (direct != NULL) return direct(a, b, 0.125);
    return mix_wide(a, b, 0.125);
}

// Variadic: integers and doubles interleaved, more of each than there are registers for
// them after the fixed arguments, so that some arrive on the stack.
#define MIXED_ARGUMENTS                                                                  \
    "%d %g %ld %g %d %g %d %g %d %g %d %g %d %g %d %g %d %g %d %s", 1, 0.5, -2L, 1.25, 3, \
    -2.5, 4, 3.75, 5, -4.125, 6, 5.5, 7, -6.75, 8, 7.875, 9, -9.0625, 10, "end"

int call_print_mixed(print_mixed_function *direct, char *out, size_t size) {
    if (direct != NULL) return direct(out, size, MIXED_ARGUMENTS);
    return print_mixed(out, size, MIXED_ARGUMENTS);
}
