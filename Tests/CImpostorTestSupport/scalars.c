// Scalar callers: every supported scalar type as argument and as return.
#include "CImpostorTestSupport.h"

#include <float.h>
#include <limits.h>
#include <string.h>

int32_t ct_call_binary_i32(ct_binary_i32 f, int32_t a, int32_t b) { return f(a, b); }

int32_t ct_negate(int32_t value) { return -value; }
int32_t ct_twice(int32_t value) { return value * 2; }

int ct_call_i8(ct_fn_i8 f, int8_t expected) { return f(INT8_MIN, INT8_MAX, -1) == expected; }
int ct_call_u8(ct_fn_u8 f, uint8_t expected) { return f(0, UINT8_MAX, 0x5A) == expected; }
int ct_call_i16(ct_fn_i16 f, int16_t expected) { return f(INT16_MIN, INT16_MAX, -2) == expected; }
int ct_call_u16(ct_fn_u16 f, uint16_t expected) { return f(0, UINT16_MAX, 0xA55A) == expected; }
int ct_call_i32(ct_fn_i32 f, int32_t expected) { return f(INT32_MIN, INT32_MAX, -3) == expected; }
int ct_call_u32(ct_fn_u32 f, uint32_t expected) { return f(0, UINT32_MAX, 0xDEADBEEFu) == expected; }
int ct_call_i64(ct_fn_i64 f, int64_t expected) { return f(INT64_MIN, INT64_MAX, -4) == expected; }
int ct_call_u64(ct_fn_u64 f, uint64_t expected) {
    return f(0, UINT64_MAX, UINT64_C(0x0123456789ABCDEF)) == expected;
}
int ct_call_long(ct_fn_long f, long expected) { return f(LONG_MIN, LONG_MAX, -5) == expected; }
int ct_call_ulong(ct_fn_ulong f, unsigned long expected) {
    return f(0, ULONG_MAX, 0xFEEDFACECAFEBEEFul) == expected;
}
int ct_call_bool(ct_fn_bool f, bool expected) { return f(true, false, true) == expected; }

// Floating-point results are compared by bits, so -0.0 and 0.0 differ and NaN equals itself.
int ct_call_float(ct_fn_float f, float expected) {
    float result = f(-1.5f, FLT_MAX, FLT_TRUE_MIN);
    return memcmp(&result, &expected, sizeof result) == 0;
}
int ct_call_double(ct_fn_double f, double expected) {
    double result = f(-2.25, DBL_MAX, DBL_TRUE_MIN);
    return memcmp(&result, &expected, sizeof result) == 0;
}
int ct_call_ldouble(ct_fn_ldouble f, long double expected) {
    long double result = f(-3.125L, LDBL_MAX, LDBL_TRUE_MIN);
    // Only the first 10 bytes of a long double are its value; the rest is padding.
    return memcmp(&result, &expected, 10) == 0;
}

int ct_call_cstr(ct_fn_cstr f, const char *expected) {
    const char *result = f("hello", "quote \" backslash \\ newline \n tab \t", NULL);
    if (result == NULL || expected == NULL) return result == expected;
    return strcmp(result, expected) == 0;
}
int ct_call_ptr(ct_fn_ptr f, void *expected) {
    return f(NULL, (void *)(uintptr_t)0x0000123456789ABCu, (void *)UINTPTR_MAX) == expected;
}
int ct_call_fnptr(ct_fn_fnptr f, ct_unary_i32 expected) {
    return f(ct_negate, NULL, ct_twice) == expected;
}
int ct_call_color(ct_fn_color f, ct_color expected) {
    return f(CT_COLOR_RED, CT_COLOR_BLUE, CT_COLOR_GREEN) == expected;
}
int ct_call_mode(ct_fn_mode f, ct_mode expected) {
    return f(CT_MODE_NEGATIVE, CT_MODE_BIG, (ct_mode)77) == expected;
}

void ct_call_all_scalars(ct_fn_all_scalars f) {
    f(INT8_MIN, UINT8_MAX, INT16_MIN, UINT16_MAX, INT32_MIN, UINT32_MAX, INT64_MIN, UINT64_MAX,
      LONG_MIN, ULONG_MAX, true, -1.5f, -2.25, -3.125L, "all", (void *)(uintptr_t)0x0000123456789ABCu,
      ct_negate, CT_COLOR_BLUE, CT_MODE_NEGATIVE, -7, 0xBEEF, true);
}

int ct_check_ret_i8(ct_ret_i8 f, int8_t expected) { int64_t wide = f(); return wide == (int64_t)expected; }
int ct_check_ret_u8(ct_ret_u8 f, uint8_t expected) { int64_t wide = f(); return wide == (int64_t)expected; }
int ct_check_ret_i16(ct_ret_i16 f, int16_t expected) { int64_t wide = f(); return wide == (int64_t)expected; }
int ct_check_ret_u16(ct_ret_u16 f, uint16_t expected) { int64_t wide = f(); return wide == (int64_t)expected; }
int ct_check_ret_i32(ct_ret_i32 f, int32_t expected) { int64_t wide = f(); return wide == (int64_t)expected; }
int ct_check_ret_u32(ct_ret_u32 f, uint32_t expected) { int64_t wide = f(); return wide == (int64_t)expected; }
int ct_check_ret_bool(ct_ret_bool f, bool expected) { int64_t wide = f(); return wide == (int64_t)expected; }

void ct_call_log_reusing_buffer(ct_fn_log f) {
    char buffer[16];
    strcpy(buffer, "first");
    f(buffer);
    strcpy(buffer, "second!");
    f(buffer);
    memset(buffer, 'x', sizeof buffer - 1);
    buffer[sizeof buffer - 1] = '\0';
}

int ct_use_ops(const ct_ops *ops, void *context, int32_t expected) {
    int32_t result = ops->read(context, 5);
    ops->close(context);
    return result == expected;
}

int ct_call_packed_parameter(ct_fn_packed_parameter f, int32_t expected) {
    ct_packed packed = {2, 3};
    return f(1, packed) == expected;
}
