// Test-only C callers: call mocked function pointers the way a C library would, so the tests
// can prove that every argument arrives intact and every return value comes back intact.
//
// Conventions, used by every `ct_call_*` and `ct_zoo_*` function below:
// - The caller builds its arguments itself, from fixed values documented next to it; the
//   Swift tests check each recorded argument against the same values.
// - It returns 1 when the value the mock returned equals `expected` (compared field by field
//   for structs), 0 otherwise. Unstubbed mocks return zero, so today `expected` is the zero
//   value; stubbing tests can pass other values to the same callers.
#ifndef CIMPOSTOR_TEST_SUPPORT_H
#define CIMPOSTOR_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Clang attributes the Swift importer reads; other compilers get plain C equivalents.
#if defined(__has_attribute)
#if __has_attribute(enum_extensibility)
#define CT_OPEN_ENUM __attribute__((enum_extensibility(open)))
#endif
#if __has_attribute(ext_vector_type)
#define CT_VECTOR(count) __attribute__((ext_vector_type(count)))
#endif
#endif
#ifndef CT_OPEN_ENUM
#define CT_OPEN_ENUM
#endif
#ifndef CT_VECTOR
#define CT_VECTOR(count) __attribute__((vector_size(count * sizeof(float))))
#endif

// MARK: - Smoke

typedef int32_t (*ct_binary_i32)(int32_t, int32_t);
/// Returns f(a, b).
int32_t ct_call_binary_i32(ct_binary_i32 f, int32_t a, int32_t b);

// MARK: - Scalars: each type as argument and as return
//
// Every mock takes three arguments of one type and returns that type. The values passed:
//   i8     INT8_MIN, INT8_MAX, -1             u8     0, UINT8_MAX, 0x5A
//   i16    INT16_MIN, INT16_MAX, -2           u16    0, UINT16_MAX, 0xA55A
//   i32    INT32_MIN, INT32_MAX, -3           u32    0, UINT32_MAX, 0xDEADBEEF
//   i64    INT64_MIN, INT64_MAX, -4           u64    0, UINT64_MAX, 0x0123456789ABCDEF
//   long   LONG_MIN, LONG_MAX, -5             ulong  0, ULONG_MAX, 0xFEEDFACECAFEBEEF
//   bool   true, false, true
//   float  -1.5f, FLT_MAX, FLT_TRUE_MIN       double -2.25, DBL_MAX, DBL_TRUE_MIN
//   ldouble -3.125L, LDBL_MAX, LDBL_TRUE_MIN
//   cstr   "hello", "quote \" backslash \\ newline \n tab \t", NULL    (compared with strcmp)
//   ptr    NULL, (void *)0x0000123456789ABC, (void *)UINTPTR_MAX
//   fnptr  ct_negate, NULL, ct_twice
//   color  CT_COLOR_RED, CT_COLOR_BLUE, CT_COLOR_GREEN
//   mode   CT_MODE_NEGATIVE, CT_MODE_BIG, (ct_mode)77 (a value the open enum does not name)

typedef int8_t (*ct_fn_i8)(int8_t, int8_t, int8_t);
typedef uint8_t (*ct_fn_u8)(uint8_t, uint8_t, uint8_t);
typedef int16_t (*ct_fn_i16)(int16_t, int16_t, int16_t);
typedef uint16_t (*ct_fn_u16)(uint16_t, uint16_t, uint16_t);
typedef int32_t (*ct_fn_i32)(int32_t, int32_t, int32_t);
typedef uint32_t (*ct_fn_u32)(uint32_t, uint32_t, uint32_t);
typedef int64_t (*ct_fn_i64)(int64_t, int64_t, int64_t);
typedef uint64_t (*ct_fn_u64)(uint64_t, uint64_t, uint64_t);
typedef long (*ct_fn_long)(long, long, long);
typedef unsigned long (*ct_fn_ulong)(unsigned long, unsigned long, unsigned long);
typedef bool (*ct_fn_bool)(bool, bool, bool);
typedef float (*ct_fn_float)(float, float, float);
typedef double (*ct_fn_double)(double, double, double);
typedef long double (*ct_fn_ldouble)(long double, long double, long double);
typedef const char *(*ct_fn_cstr)(const char *, const char *, const char *);
typedef void *(*ct_fn_ptr)(void *, void *, void *);

/// A plain function pointer type, and two real functions of it to pass around.
typedef int32_t (*ct_unary_i32)(int32_t);
int32_t ct_negate(int32_t value);
int32_t ct_twice(int32_t value);
typedef ct_unary_i32 (*ct_fn_fnptr)(ct_unary_i32, ct_unary_i32, ct_unary_i32);

/// A plain C enum (Swift imports it as a struct with a `rawValue`).
typedef enum ct_color { CT_COLOR_RED = 0, CT_COLOR_GREEN = 5, CT_COLOR_BLUE = 100 } ct_color;
/// An open enum with a negative value (Swift imports it as an enum with `Int32` raw values).
enum CT_OPEN_ENUM ct_mode {
    CT_MODE_NEGATIVE = -3,
    CT_MODE_ZERO = 0,
    CT_MODE_BIG = 1000,
};
typedef enum ct_mode ct_mode;
typedef ct_color (*ct_fn_color)(ct_color, ct_color, ct_color);
typedef ct_mode (*ct_fn_mode)(ct_mode, ct_mode, ct_mode);

int ct_call_i8(ct_fn_i8 f, int8_t expected);
int ct_call_u8(ct_fn_u8 f, uint8_t expected);
int ct_call_i16(ct_fn_i16 f, int16_t expected);
int ct_call_u16(ct_fn_u16 f, uint16_t expected);
int ct_call_i32(ct_fn_i32 f, int32_t expected);
int ct_call_u32(ct_fn_u32 f, uint32_t expected);
int ct_call_i64(ct_fn_i64 f, int64_t expected);
int ct_call_u64(ct_fn_u64 f, uint64_t expected);
int ct_call_long(ct_fn_long f, long expected);
int ct_call_ulong(ct_fn_ulong f, unsigned long expected);
int ct_call_bool(ct_fn_bool f, bool expected);
int ct_call_float(ct_fn_float f, float expected);
int ct_call_double(ct_fn_double f, double expected);
int ct_call_ldouble(ct_fn_ldouble f, long double expected);
int ct_call_cstr(ct_fn_cstr f, const char *expected);
int ct_call_ptr(ct_fn_ptr f, void *expected);
int ct_call_fnptr(ct_fn_fnptr f, ct_unary_i32 expected);
int ct_call_color(ct_fn_color f, ct_color expected);
int ct_call_mode(ct_fn_mode f, ct_mode expected);

/// Every scalar type in one call, so the narrow ones also travel on the stack:
/// (INT8_MIN, UINT8_MAX, INT16_MIN, UINT16_MAX, INT32_MIN, UINT32_MAX, INT64_MIN, UINT64_MAX,
///  LONG_MIN, ULONG_MAX, true, -1.5f, -2.25, -3.125L, "all", (void *)0x0000123456789ABC,
///  ct_negate, CT_COLOR_BLUE, CT_MODE_NEGATIVE, -7 as int8_t, 0xBEEF as uint16_t, true).
typedef void (*ct_fn_all_scalars)(int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                                  uint64_t, long, unsigned long, bool, float, double, long double,
                                  const char *, void *, ct_unary_i32, ct_color, ct_mode, int8_t,
                                  uint16_t, bool);
void ct_call_all_scalars(ct_fn_all_scalars f);

// MARK: - Narrow integer returns, checked from C
//
// No arguments: only the return path. The result is widened to a 64-bit integer in C before
// the comparison, so a value that came back with the wrong width or sign shows.

typedef int8_t (*ct_ret_i8)(void);
typedef uint8_t (*ct_ret_u8)(void);
typedef int16_t (*ct_ret_i16)(void);
typedef uint16_t (*ct_ret_u16)(void);
typedef int32_t (*ct_ret_i32)(void);
typedef uint32_t (*ct_ret_u32)(void);
typedef bool (*ct_ret_bool)(void);
int ct_check_ret_i8(ct_ret_i8 f, int8_t expected);
int ct_check_ret_u8(ct_ret_u8 f, uint8_t expected);
int ct_check_ret_i16(ct_ret_i16 f, int16_t expected);
int ct_check_ret_u16(ct_ret_u16 f, uint16_t expected);
int ct_check_ret_i32(ct_ret_i32 f, int32_t expected);
int ct_check_ret_u32(ct_ret_u32 f, uint32_t expected);
int ct_check_ret_bool(ct_ret_bool f, bool expected);

// MARK: - C string snapshots

typedef void (*ct_fn_log)(const char *);
/// Calls f with a stack buffer holding "first", overwrites the buffer with "second!", calls f
/// again, then clears the buffer: arguments recorded as strings must keep their call-time text.
void ct_call_log_reusing_buffer(ct_fn_log f);

// MARK: - Struct zoo
//
// Every shape is used as an argument and as a return type, through a mock of
//     ct_<shape> (*)(int32_t before, ct_<shape> value, double after)
// called by `ct_zoo_<shape>(f, &expected)` with before = CT_ZOO_BEFORE, after = CT_ZOO_AFTER
// and the value documented on the shape. The scalars around the struct make a struct that
// is classified wrongly (wrong registers, or registers instead of the stack) move them too.

#define CT_ZOO_BEFORE 19088743
#define CT_ZOO_AFTER (-6.5)

/// 1 byte. c = -7
typedef struct ct_char1 { char c; } ct_char1;
/// 2 bytes. s = -12345
typedef struct ct_short1 { int16_t s; } ct_short1;
/// 3 bytes, odd size. {1, -2, 127}
typedef struct ct_char3 { char a; char b; char c; } ct_char3;
/// Two ints. {-100000, INT32_MAX}
typedef struct ct_int2 { int32_t a; int32_t b; } ct_int2;
/// int and float sharing one eightbyte (INTEGER). {-42, 3.5f}
typedef struct ct_int_float { int32_t i; float f; } ct_int_float;
/// Two floats in one eightbyte (SSE). {1.25f, -2.5f}
typedef struct ct_float2 { float x; float y; } ct_float2;
/// float, then double in the second eightbyte. {0.75f, -1e300}
typedef struct ct_float_double { float f; double d; } ct_float_double;
/// Three floats, 12 bytes. {1.5f, 2.5f, -3.5f}
typedef struct ct_float3 { float x; float y; float z; } ct_float3;
/// double, then int (SSE, INTEGER). {6.125, -7}
typedef struct ct_double_int { double d; int32_t i; } ct_double_int;
/// char, padding, double (INTEGER, SSE). {'q', -3.75}
typedef struct ct_char_double { char c; double d; } ct_char_double;
/// Pointer and int. {(void *)0x00007F0012345678, 99}
typedef struct ct_ptr_int { void *p; int32_t i; } ct_ptr_int;
/// Exactly 16 bytes, two SSE eightbytes. {-0.5, 1e-300}
typedef struct ct_double2 { double x; double y; } ct_double2;
/// Exactly 16 bytes, INTEGER then SSE. {-1234567890123, 2.75}
typedef struct ct_i64_double { int64_t l; double d; } ct_i64_double;
/// 16 bytes, 7 of them trailing padding. {-9, 42}
typedef struct ct_tail_pad { int64_t a; char b; } ct_tail_pad;
/// 17 bytes, in memory. b[i] = i * 7 - 50
typedef struct ct_bytes17 { char b[17]; } ct_bytes17;
/// 24 bytes, in memory, returned through a hidden pointer. {1, -2, 0x7EDCBA9876543210}
typedef struct ct_long3 { int64_t a; int64_t b; int64_t c; } ct_long3;
/// 64 bytes. d = {1.5, -2.5, 3.5, -4.5}, l = {10, -20, 30}, i = -40, f = 50.5f
typedef struct ct_big64 { double d[4]; int64_t l[3]; int32_t i; float f; } ct_big64;
/// Nested three deep, 24 bytes (memory). {{{1.75f, -300}, 8.5}, 'Z'}
typedef struct ct_inner { float x; int16_t y; } ct_inner;
typedef struct ct_mid { ct_inner inner; double d; } ct_mid;
typedef struct ct_nest3 { ct_mid mid; char tag; } ct_nest3;
/// Nested three deep, 12 bytes (registers: SSE, INTEGER). {{{-1.125f}, 2.0f}, 123456}
typedef struct ct_level1 { float a; } ct_level1;
typedef struct ct_level2 { ct_level1 l1; float b; } ct_level2;
typedef struct ct_nest3_small { ct_level2 l2; int32_t c; } ct_nest3_small;
/// Fixed int array. {-1, 65536, 7}
typedef struct ct_int_array3 { int32_t a[3]; } ct_int_array3;
/// Fixed float array, 16 bytes (SSE, SSE). {0.5f, -1.5f, 2.5f, -3.5f}
typedef struct ct_float_array4 { float v[4]; } ct_float_array4;
/// Fixed char array, 9 bytes. "impostor" and its NUL.
typedef struct ct_name9 { char name[9]; } ct_name9;
/// Union of int and float (INTEGER). i = 0x40490FDB (the bits of (float)M_PI)
typedef union ct_union_int_float { int32_t i; float f; } ct_union_int_float;
/// Union whose first eightbyte is INTEGER and second SSE: the Swift tests declare it with
/// CRegisterLayout [.integer, .floatingPoint]. f = {1.5f, 2.5f, 3.5f}
typedef union ct_union_mixed { float f[3]; int32_t i; } ct_union_mixed;
/// All-float union (SSE): the Swift tests declare it with CRegisterLayout [.floatingPoint].
/// f = {1.0f, -2.0f}
typedef union ct_float_union { float f[2]; double d; } ct_float_union;
/// An all-float union nested in a struct (SSE, SSE). {{f = {4.0f, -8.0f}}, 0.125}
typedef struct ct_holds_float_union { ct_float_union u; double d; } ct_holds_float_union;
/// A struct containing an anonymous union. {3, {.f = 1.5f}, -0.25f}
typedef struct ct_anon_union {
    int32_t tag;
    union {
        int32_t i;
        float f;
    };
    float after;
} ct_anon_union;
/// An anonymous union lying where a double's alignment padding would be: the first
/// eightbyte holds a float and an int, so it is INTEGER. {0.5f, {.i = -123456}, 7.5}
typedef struct ct_anon_union_in_padding {
    float a;
    union {
        int32_t i;
        float g;
    };
    double d;
} ct_anon_union_in_padding;
/// Bitfields only, 4 bytes. {5, 17, 0xABCDEF}
typedef struct ct_bits_only { unsigned a : 3; unsigned b : 5; unsigned c : 24; } ct_bits_only;
/// Bitfields between ints, signed and _Bool ones included. {-1, -33, 300, true, -2}
typedef struct ct_bits_mixed {
    int32_t before;
    signed int s : 7;
    unsigned u : 9;
    bool flag : 1;
    int16_t after;
} ct_bits_mixed;
/// A 40-bit bitfield, then a double. {0xAB12345678, 6, -0.125}
typedef struct ct_bits_wide { unsigned long long big : 40; unsigned small : 3; double d; } ct_bits_wide;
/// A bitfield lying where a double's alignment padding would be: the first eightbyte holds a
/// float and an int bitfield, so it is INTEGER. {1.5f, 0xA5, 2.25}
typedef struct ct_bits_in_padding { float f; unsigned flags : 8; double d; } ct_bits_in_padding;
/// A bitfield in what would be trailing padding: the second eightbyte is INTEGER.
/// {-0.75, 4.5f, 0x5C}
typedef struct ct_bits_in_tail { double d; float f; unsigned tail : 8; } ct_bits_in_tail;
/// Floats beside a bitfield Swift cannot see: on arm64 the hidden member decides whether C passes
/// it in vector registers (it does not: a bitfield is an integer), and Impostor cannot tell.
typedef struct ct_floats_beside_bits { float x; float y; unsigned flags : 8; } ct_floats_beside_bits;
/// long double alone: passed in memory, returned in st(0). x = -12345.6875L
typedef struct ct_ldouble_struct { long double x; } ct_ldouble_struct;

#define CT_ZOO_SHAPE(shape)                                                                 \
    typedef ct_##shape (*ct_fn_##shape)(int32_t before, ct_##shape value, double after);    \
    int ct_zoo_##shape(ct_fn_##shape f, const ct_##shape *expected);

CT_ZOO_SHAPE(char1)
CT_ZOO_SHAPE(short1)
CT_ZOO_SHAPE(char3)
CT_ZOO_SHAPE(int2)
CT_ZOO_SHAPE(int_float)
CT_ZOO_SHAPE(float2)
CT_ZOO_SHAPE(float_double)
CT_ZOO_SHAPE(float3)
CT_ZOO_SHAPE(double_int)
CT_ZOO_SHAPE(char_double)
CT_ZOO_SHAPE(ptr_int)
CT_ZOO_SHAPE(double2)
CT_ZOO_SHAPE(i64_double)
CT_ZOO_SHAPE(tail_pad)
CT_ZOO_SHAPE(bytes17)
CT_ZOO_SHAPE(long3)
CT_ZOO_SHAPE(big64)
CT_ZOO_SHAPE(nest3)
CT_ZOO_SHAPE(nest3_small)
CT_ZOO_SHAPE(int_array3)
CT_ZOO_SHAPE(float_array4)
CT_ZOO_SHAPE(name9)
CT_ZOO_SHAPE(union_int_float)
CT_ZOO_SHAPE(union_mixed)
CT_ZOO_SHAPE(float_union)
CT_ZOO_SHAPE(holds_float_union)
CT_ZOO_SHAPE(anon_union)
CT_ZOO_SHAPE(anon_union_in_padding)
CT_ZOO_SHAPE(bits_only)
CT_ZOO_SHAPE(bits_mixed)
CT_ZOO_SHAPE(bits_wide)
CT_ZOO_SHAPE(bits_in_padding)
CT_ZOO_SHAPE(bits_in_tail)
CT_ZOO_SHAPE(ldouble_struct)

#undef CT_ZOO_SHAPE

// MARK: - Arguments that spill to the stack

/// Six integer and eight SSE registers used up, so every struct after them is on the stack:
/// (-1, 2, -3, 4, -5, 6, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5,
///  ct_int_float {-42, 3.5f}, ct_double_int {6.125, -7}, ct_float2 {1.25f, -2.5f}, 77)
typedef ct_double_int (*ct_fn_spill_all)(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,
                                         double, double, double, double, double, double, double,
                                         double, ct_int_float, ct_double_int, ct_float2, int32_t);
int ct_call_spill_all(ct_fn_spill_all f, const ct_double_int *expected);

/// One integer register left for a two-register struct: the struct goes on the stack and the
/// int after it still takes the last register (r9), the double takes xmm0:
/// (10, 20, 30, 40, 50, ct_ptr_int {(void *)0x00007F0012345678, 99}, -60, 0.25)
typedef ct_ptr_int (*ct_fn_spill_int_registers)(int64_t, int64_t, int64_t, int64_t, int64_t,
                                                ct_ptr_int, int32_t, double);
int ct_call_spill_int_registers(ct_fn_spill_int_registers f, const ct_ptr_int *expected);

/// One SSE register left for a two-register struct: the struct goes on the stack and the float
/// after it still takes xmm7, the int takes rdi:
/// (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, ct_float_double {0.75f, -1e300}, -8.5f, 9)
typedef ct_float_double (*ct_fn_spill_sse_registers)(double, double, double, double, double,
                                                     double, double, ct_float_double, float,
                                                     int32_t);
int ct_call_spill_sse_registers(ct_fn_spill_sse_registers f, const ct_float_double *expected);

// MARK: - 24 parameters

/// (-1, 1.5, -2.5f, "many", ct_int_float {-42, 3.5f}, INT64_MIN,
///  ct_long3 {1, -2, 0x7EDCBA9876543210}, (void *)0x1000, -8.25, 200,
///  ct_float3 {1.5f, 2.5f, -3.5f}, -1234, 12.125f, ct_double_int {6.125, -7}, true, UINT64_MAX,
///  16.5, ct_big64 (the zoo value), -18, 19.75f, ct_double2 {-0.5, 1e-300}, -21.5L,
///  0xDEADBEEF, ct_char3 {1, -2, 127}), returning a ct_nest3 through a hidden pointer.
typedef ct_nest3 (*ct_fn_many)(int32_t, double, float, const char *, ct_int_float, int64_t,
                               ct_long3, void *, double, uint8_t, ct_float3, int16_t, float,
                               ct_double_int, bool, uint64_t, double, ct_big64, int8_t, float,
                               ct_double2, long double, uint32_t, ct_char3);
int ct_call_many(ct_fn_many f, const ct_nest3 *expected);

// MARK: - Calls from many threads

typedef void (*ct_fn_thread_call)(int32_t thread, int32_t i);
/// Starts `thread_count` threads (at most 64); once all of them run, each calls f(thread, i)
/// for i in 0..<calls_per_thread. Joins them all. Returns 0, or an error number when a thread
/// could not be started.
int ct_call_from_threads(ct_fn_thread_call f, int32_t thread_count, int32_t calls_per_thread);

// MARK: - Function pointers in a struct (a vtable)

typedef struct ct_ops {
    int32_t (*read)(void *context, int32_t count);
    void (*close)(void *context);
} ct_ops;
/// Calls ops->read(context, 5) then ops->close(context); 1 when read returned `expected`.
int ct_use_ops(const ct_ops *ops, void *context, int32_t expected);

// MARK: - Types that cannot be mocked

/// A packed struct: `i` is at offset 1, misaligned.
typedef struct __attribute__((packed)) ct_packed { char c; int32_t i; } ct_packed;
typedef int32_t (*ct_fn_packed_parameter)(int32_t, ct_packed);
typedef ct_packed (*ct_fn_packed_result)(void);
/// Calls f(1, {2, 3}); 1 when it returned `expected`.
int ct_call_packed_parameter(ct_fn_packed_parameter f, int32_t expected);

/// A struct holding a vector (Swift sees a SIMD4<Float> field).
typedef float ct_float4_vector CT_VECTOR(4);
typedef struct ct_vector_holder { ct_float4_vector v; } ct_vector_holder;
typedef void (*ct_fn_vector_holder)(ct_vector_holder);

/// A struct aligned to 16 bytes with no long double in it.
typedef struct ct_overaligned { _Alignas(16) int32_t x; } ct_overaligned;
typedef void (*ct_fn_overaligned)(int32_t, int32_t, ct_overaligned);

#endif
