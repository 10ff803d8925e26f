// C callers that pin down the per-call path before it is rewritten: literals compared on every
// byte, narrow results widened as C expects, and struct results of 17 to 64 bytes.
#ifndef CT_GUARDS_H
#define CT_GUARDS_H
#include <stdint.h>

typedef int32_t (*cg_u8_fn)(uint8_t);
typedef int32_t (*cg_u16_fn)(uint16_t);
typedef int32_t (*cg_u32_fn)(uint32_t);
typedef int32_t (*cg_u64_fn)(uint64_t);
/// Each returns f(value).
int32_t cg_pass_u8(cg_u8_fn _Nonnull f, uint8_t value);
int32_t cg_pass_u16(cg_u16_fn _Nonnull f, uint16_t value);
int32_t cg_pass_u32(cg_u32_fn _Nonnull f, uint32_t value);
int32_t cg_pass_u64(cg_u64_fn _Nonnull f, uint64_t value);

/// A signed key and a second argument, for runs of stubs keyed on the first: each returns
/// f(key, other).
typedef int32_t (*cg_i8_key_fn)(int8_t, int32_t);
typedef int32_t (*cg_i16_key_fn)(int16_t, int32_t);
typedef int32_t (*cg_i32_key_fn)(int32_t, int32_t);
typedef int32_t (*cg_i64_key_fn)(int64_t, int32_t);
int32_t cg_pass_i8_key(cg_i8_key_fn _Nonnull f, int8_t key, int32_t other);
int32_t cg_pass_i16_key(cg_i16_key_fn _Nonnull f, int16_t key, int32_t other);
int32_t cg_pass_i32_key(cg_i32_key_fn _Nonnull f, int32_t key, int32_t other);
int32_t cg_pass_i64_key(cg_i64_key_fn _Nonnull f, int64_t key, int32_t other);

typedef int8_t (*cg_i8_result_fn)(void);
typedef uint8_t (*cg_u8_result_fn)(void);
typedef int16_t (*cg_i16_result_fn)(void);
typedef uint16_t (*cg_u16_result_fn)(void);
typedef _Bool (*cg_bool_result_fn)(void);
/// Each returns f() converted to 32 bits by C.
int32_t cg_widen_i8(cg_i8_result_fn _Nonnull f);
int32_t cg_widen_u8(cg_u8_result_fn _Nonnull f);
int32_t cg_widen_i16(cg_i16_result_fn _Nonnull f);
int32_t cg_widen_u16(cg_u16_result_fn _Nonnull f);
int32_t cg_widen_bool(cg_bool_result_fn _Nonnull f);
/// Each calls f through a pointer that returns int32_t, and so returns the whole 32-bit
/// register as f left it. Compilers rely on the callee having sign- or zero-extended a narrow
/// result to 32 bits (clang omits the extension in the caller), so it must hold the widened value.
int32_t cg_register_i8(cg_i8_result_fn _Nonnull f);
int32_t cg_register_u8(cg_u8_result_fn _Nonnull f);
int32_t cg_register_i16(cg_i16_result_fn _Nonnull f);
int32_t cg_register_u16(cg_u16_result_fn _Nonnull f);
int32_t cg_register_bool(cg_bool_result_fn _Nonnull f);

typedef struct cg_s17 { char text[17]; } cg_s17;
typedef struct cg_s24 { int64_t a, b, c; } cg_s24;
typedef struct cg_s40 { double d[4]; int32_t tag; } cg_s40;
typedef struct cg_s64 { uint64_t w[8]; } cg_s64;
typedef cg_s17 (*cg_s17_fn)(void);
typedef cg_s24 (*cg_s24_fn)(void);
typedef cg_s40 (*cg_s40_fn)(void);
typedef cg_s64 (*cg_s64_fn)(void);
/// 1 when f() returns the struct whose every byte / field the function names, else 0.
/// s17: text[i] = 'a' + i; s24: {a, -a, a * 3}; s40: d[i] = a + i, tag = -7; s64: w[i] = a << i.
int cg_check_s17(cg_s17_fn _Nonnull f);
int cg_check_s24(cg_s24_fn _Nonnull f, int64_t a);
int cg_check_s40(cg_s40_fn _Nonnull f, double a);
int cg_check_s64(cg_s64_fn _Nonnull f, uint64_t a);

#endif
