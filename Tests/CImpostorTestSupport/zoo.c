// The struct zoo: each shape built with fixed field values, passed to a mock between two
// scalars, and the returned struct compared field by field with the expected one.
#include "CImpostorTestSupport.h"

#include <string.h>

// MARK: Values

static ct_char1 make_char1(void) { return (ct_char1){-7}; }
static ct_short1 make_short1(void) { return (ct_short1){-12345}; }
static ct_char3 make_char3(void) { return (ct_char3){1, -2, 127}; }
static ct_int2 make_int2(void) { return (ct_int2){-100000, INT32_MAX}; }
static ct_int_float make_int_float(void) { return (ct_int_float){-42, 3.5f}; }
static ct_float2 make_float2(void) { return (ct_float2){1.25f, -2.5f}; }
static ct_float_double make_float_double(void) { return (ct_float_double){0.75f, -1e300}; }
static ct_float3 make_float3(void) { return (ct_float3){1.5f, 2.5f, -3.5f}; }
static ct_double_int make_double_int(void) { return (ct_double_int){6.125, -7}; }
static ct_char_double make_char_double(void) { return (ct_char_double){'q', -3.75}; }
static ct_ptr_int make_ptr_int(void) {
    return (ct_ptr_int){(void *)(uintptr_t)0x00007F0012345678u, 99};
}
static ct_double2 make_double2(void) { return (ct_double2){-0.5, 1e-300}; }
static ct_i64_double make_i64_double(void) { return (ct_i64_double){-1234567890123, 2.75}; }
static ct_tail_pad make_tail_pad(void) { return (ct_tail_pad){-9, 42}; }
static ct_bytes17 make_bytes17(void) {
    ct_bytes17 value;
    for (int i = 0; i < 17; i++) value.b[i] = (char)(i * 7 - 50);
    return value;
}
static ct_long3 make_long3(void) { return (ct_long3){1, -2, 0x7EDCBA9876543210}; }
static ct_big64 make_big64(void) {
    return (ct_big64){{1.5, -2.5, 3.5, -4.5}, {10, -20, 30}, -40, 50.5f};
}
static ct_nest3 make_nest3(void) { return (ct_nest3){{{1.75f, -300}, 8.5}, 'Z'}; }
static ct_nest3_small make_nest3_small(void) { return (ct_nest3_small){{{-1.125f}, 2.0f}, 123456}; }
static ct_int_array3 make_int_array3(void) { return (ct_int_array3){{-1, 65536, 7}}; }
static ct_float_array4 make_float_array4(void) {
    return (ct_float_array4){{0.5f, -1.5f, 2.5f, -3.5f}};
}
static ct_name9 make_name9(void) { return (ct_name9){"impostor"}; }
static ct_union_int_float make_union_int_float(void) {
    return (ct_union_int_float){.i = 0x40490FDB};
}
static ct_union_mixed make_union_mixed(void) { return (ct_union_mixed){.f = {1.5f, 2.5f, 3.5f}}; }
static ct_float_union make_float_union(void) { return (ct_float_union){.f = {1.0f, -2.0f}}; }
static ct_holds_float_union make_holds_float_union(void) {
    return (ct_holds_float_union){{.f = {4.0f, -8.0f}}, 0.125};
}
static ct_anon_union make_anon_union(void) {
    ct_anon_union value = {0};
    value.tag = 3;
    value.f = 1.5f;
    value.after = -0.25f;
    return value;
}
static ct_anon_union_in_padding make_anon_union_in_padding(void) {
    ct_anon_union_in_padding value = {0};
    value.a = 0.5f;
    value.i = -123456;
    value.d = 7.5;
    return value;
}
static ct_bits_only make_bits_only(void) { return (ct_bits_only){5, 17, 0xABCDEF}; }
static ct_bits_mixed make_bits_mixed(void) { return (ct_bits_mixed){-1, -33, 300, true, -2}; }
static ct_bits_wide make_bits_wide(void) { return (ct_bits_wide){0xAB12345678ull, 6, -0.125}; }
static ct_bits_in_padding make_bits_in_padding(void) {
    return (ct_bits_in_padding){1.5f, 0xA5, 2.25};
}
static ct_bits_in_tail make_bits_in_tail(void) { return (ct_bits_in_tail){-0.75, 4.5f, 0x5C}; }
static ct_ldouble_struct make_ldouble_struct(void) { return (ct_ldouble_struct){-12345.6875L}; }

// MARK: Field-by-field comparison
//
// Floating-point fields are compared by bits (memcmp on the field), so a NaN compares equal
// to itself and -0.0 differs from 0.0.

#define SAME(field) (memcmp(&a->field, &b->field, sizeof a->field) == 0)

static int equal_char1(const ct_char1 *a, const ct_char1 *b) { return SAME(c); }
static int equal_short1(const ct_short1 *a, const ct_short1 *b) { return SAME(s); }
static int equal_char3(const ct_char3 *a, const ct_char3 *b) { return SAME(a) && SAME(b) && SAME(c); }
static int equal_int2(const ct_int2 *a, const ct_int2 *b) { return SAME(a) && SAME(b); }
static int equal_int_float(const ct_int_float *a, const ct_int_float *b) { return SAME(i) && SAME(f); }
static int equal_float2(const ct_float2 *a, const ct_float2 *b) { return SAME(x) && SAME(y); }
static int equal_float_double(const ct_float_double *a, const ct_float_double *b) {
    return SAME(f) && SAME(d);
}
static int equal_float3(const ct_float3 *a, const ct_float3 *b) { return SAME(x) && SAME(y) && SAME(z); }
static int equal_double_int(const ct_double_int *a, const ct_double_int *b) { return SAME(d) && SAME(i); }
static int equal_char_double(const ct_char_double *a, const ct_char_double *b) {
    return SAME(c) && SAME(d);
}
static int equal_ptr_int(const ct_ptr_int *a, const ct_ptr_int *b) { return SAME(p) && SAME(i); }
static int equal_double2(const ct_double2 *a, const ct_double2 *b) { return SAME(x) && SAME(y); }
static int equal_i64_double(const ct_i64_double *a, const ct_i64_double *b) { return SAME(l) && SAME(d); }
static int equal_tail_pad(const ct_tail_pad *a, const ct_tail_pad *b) { return SAME(a) && SAME(b); }
static int equal_bytes17(const ct_bytes17 *a, const ct_bytes17 *b) { return SAME(b); }
static int equal_long3(const ct_long3 *a, const ct_long3 *b) { return SAME(a) && SAME(b) && SAME(c); }
static int equal_big64(const ct_big64 *a, const ct_big64 *b) {
    return SAME(d) && SAME(l) && SAME(i) && SAME(f);
}
static int equal_nest3(const ct_nest3 *a, const ct_nest3 *b) {
    return SAME(mid.inner.x) && SAME(mid.inner.y) && SAME(mid.d) && SAME(tag);
}
static int equal_nest3_small(const ct_nest3_small *a, const ct_nest3_small *b) {
    return SAME(l2.l1.a) && SAME(l2.b) && SAME(c);
}
static int equal_int_array3(const ct_int_array3 *a, const ct_int_array3 *b) { return SAME(a); }
static int equal_float_array4(const ct_float_array4 *a, const ct_float_array4 *b) { return SAME(v); }
static int equal_name9(const ct_name9 *a, const ct_name9 *b) { return SAME(name); }
static int equal_union_int_float(const ct_union_int_float *a, const ct_union_int_float *b) {
    return SAME(i);
}
static int equal_union_mixed(const ct_union_mixed *a, const ct_union_mixed *b) { return SAME(f); }
static int equal_float_union(const ct_float_union *a, const ct_float_union *b) { return SAME(d); }
static int equal_holds_float_union(const ct_holds_float_union *a, const ct_holds_float_union *b) {
    return SAME(u.d) && SAME(d);
}
static int equal_anon_union(const ct_anon_union *a, const ct_anon_union *b) {
    return SAME(tag) && SAME(i) && SAME(after);
}
static int equal_anon_union_in_padding(const ct_anon_union_in_padding *a,
                                       const ct_anon_union_in_padding *b) {
    return SAME(a) && SAME(i) && SAME(d);
}
static int equal_bits_only(const ct_bits_only *a, const ct_bits_only *b) {
    return a->a == b->a && a->b == b->b && a->c == b->c;
}
static int equal_bits_mixed(const ct_bits_mixed *a, const ct_bits_mixed *b) {
    return SAME(before) && a->s == b->s && a->u == b->u && a->flag == b->flag && SAME(after);
}
static int equal_bits_wide(const ct_bits_wide *a, const ct_bits_wide *b) {
    return a->big == b->big && a->small == b->small && SAME(d);
}
static int equal_bits_in_padding(const ct_bits_in_padding *a, const ct_bits_in_padding *b) {
    return SAME(f) && a->flags == b->flags && SAME(d);
}
static int equal_bits_in_tail(const ct_bits_in_tail *a, const ct_bits_in_tail *b) {
    return SAME(d) && SAME(f) && a->tail == b->tail;
}
static int equal_ldouble_struct(const ct_ldouble_struct *a, const ct_ldouble_struct *b) {
    // Only the first 10 bytes of a long double are its value; the rest is padding.
    return memcmp(&a->x, &b->x, 10) == 0;
}

#undef SAME

// MARK: Callers

#define CT_ZOO_CALLER(shape)                                                   \
    int ct_zoo_##shape(ct_fn_##shape f, const ct_##shape *expected) {          \
        ct_##shape result = f(CT_ZOO_BEFORE, make_##shape(), CT_ZOO_AFTER);    \
        return equal_##shape(&result, expected);                               \
    }

CT_ZOO_CALLER(char1)
CT_ZOO_CALLER(short1)
CT_ZOO_CALLER(char3)
CT_ZOO_CALLER(int2)
CT_ZOO_CALLER(int_float)
CT_ZOO_CALLER(float2)
CT_ZOO_CALLER(float_double)
CT_ZOO_CALLER(float3)
CT_ZOO_CALLER(double_int)
CT_ZOO_CALLER(char_double)
CT_ZOO_CALLER(ptr_int)
CT_ZOO_CALLER(double2)
CT_ZOO_CALLER(i64_double)
CT_ZOO_CALLER(tail_pad)
CT_ZOO_CALLER(bytes17)
CT_ZOO_CALLER(long3)
CT_ZOO_CALLER(big64)
CT_ZOO_CALLER(nest3)
CT_ZOO_CALLER(nest3_small)
CT_ZOO_CALLER(int_array3)
CT_ZOO_CALLER(float_array4)
CT_ZOO_CALLER(name9)
CT_ZOO_CALLER(union_int_float)
CT_ZOO_CALLER(union_mixed)
CT_ZOO_CALLER(float_union)
CT_ZOO_CALLER(holds_float_union)
CT_ZOO_CALLER(anon_union)
CT_ZOO_CALLER(anon_union_in_padding)
CT_ZOO_CALLER(bits_only)
CT_ZOO_CALLER(bits_mixed)
CT_ZOO_CALLER(bits_wide)
CT_ZOO_CALLER(bits_in_padding)
CT_ZOO_CALLER(bits_in_tail)
CT_ZOO_CALLER(ldouble_struct)

#undef CT_ZOO_CALLER

// MARK: Spilling to the stack

int ct_call_spill_all(ct_fn_spill_all f, const ct_double_int *expected) {
    ct_double_int result = f(-1, 2, -3, 4, -5, 6, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5,
                             make_int_float(), make_double_int(), make_float2(), 77);
    return equal_double_int(&result, expected);
}

int ct_call_spill_int_registers(ct_fn_spill_int_registers f, const ct_ptr_int *expected) {
    ct_ptr_int result = f(10, 20, 30, 40, 50, make_ptr_int(), -60, 0.25);
    return equal_ptr_int(&result, expected);
}

int ct_call_spill_sse_registers(ct_fn_spill_sse_registers f, const ct_float_double *expected) {
    ct_float_double result = f(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, make_float_double(), -8.5f, 9);
    return equal_float_double(&result, expected);
}

// MARK: 24 parameters

int ct_call_many(ct_fn_many f, const ct_nest3 *expected) {
    ct_nest3 result = f(-1, 1.5, -2.5f, "many", make_int_float(), INT64_MIN, make_long3(),
                        (void *)(uintptr_t)0x1000u, -8.25, 200, make_float3(), -1234, 12.125f,
                        make_double_int(), true, UINT64_MAX, 16.5, make_big64(), -18, 19.75f,
                        make_double2(), -21.5L, 0xDEADBEEFu, make_char3());
    return equal_nest3(&result, expected);
}
