// The functions the test interposes, one per way AAPCS64 (and System V on x86-64) passes
// arguments and results, and the caller library's wrappers for them.
//
// real.c defines the functions (libgotreal.so); caller.c calls them through its GOT
// (libgotlazy.so and libgotnow.so, the same code linked two ways); main.c rebinds those GOT
// slots to Impostor's dispatchers and compares what comes back.
#ifndef SHAPES_H
#define SHAPES_H

#include <stddef.h>

/// 32 bytes: more than 16, so passed by reference (a pointer to a copy, in a general
/// register) and returned through the address the caller gives in x8 (rdi on x86-64).
struct big { long a, b, c, d; };

/// Four doubles: a homogeneous floating-point aggregate, passed and returned in v0-v3 on
/// AArch64 (in memory on x86-64, which the dispatcher must keep as well).
struct quad { double a, b, c, d; };

/// All eight general argument registers, all eight vector ones, then three on the stack
/// (one narrower than a slot).
typedef long weigh_many_function(long, long, long, long, long, long, long, long,
                                 double, double, double, double, double, double, double, double,
                                 long, double, int);
typedef long weigh_big_function(struct big, long);
typedef struct big make_big_function(long);
typedef double dot_quads_function(struct quad, struct quad);
typedef struct quad scale_quad_function(struct quad, double);
/// `long double`: a 128-bit quad in a whole q register on AArch64 (its low 64 bits are not the
/// value), an x87 value on the stack on x86-64.
typedef long double mix_wide_function(long double, long double, double);
/// printf-shaped: writes like `snprintf` and returns its count.
typedef int print_mixed_function(char *, size_t, const char *, ...);

weigh_many_function weigh_many;
weigh_big_function weigh_big;
make_big_function make_big;
dot_quads_function dot_quads;
scale_quad_function scale_quad;
mix_wide_function mix_wide;
print_mixed_function print_mixed;

/// Calls of the functions above so far (real.c's own count, whoever called).
extern int real_calls;

// The caller library's wrappers: each calls its function with fixed arguments, through the
// library's GOT when `direct` is NULL, else `direct` itself with the same arguments (which
// gives the answer to expect). Fixed arguments written once, in caller.c, serve both.
long call_weigh_many(weigh_many_function *direct);
/// Loads the function's address from the GOT (a GLOB_DAT slot) and calls that.
long call_weigh_many_by_pointer(weigh_many_function *direct);
long call_weigh_big(weigh_big_function *direct);
struct big call_make_big(make_big_function *direct);
double call_dot_quads(dot_quads_function *direct);
struct quad call_scale_quad(scale_quad_function *direct);
long double call_mix_wide(mix_wide_function *direct);
int call_print_mixed(print_mixed_function *direct, char *out, size_t size);

#endif
