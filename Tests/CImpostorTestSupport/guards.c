#include "ct_guards.h"

int32_t cg_pass_u8(cg_u8_fn f, uint8_t value) { return f(value); }
int32_t cg_pass_u16(cg_u16_fn f, uint16_t value) { return f(value); }
int32_t cg_pass_u32(cg_u32_fn f, uint32_t value) { return f(value); }
int32_t cg_pass_u64(cg_u64_fn f, uint64_t value) { return f(value); }
int32_t cg_pass_i8_key(cg_i8_key_fn f, int8_t key, int32_t other) { return f(key, other); }
int32_t cg_pass_i16_key(cg_i16_key_fn f, int16_t key, int32_t other) { return f(key, other); }
int32_t cg_pass_i32_key(cg_i32_key_fn f, int32_t key, int32_t other) { return f(key, other); }
int32_t cg_pass_i64_key(cg_i64_key_fn f, int64_t key, int32_t other) { return f(key, other); }

int32_t cg_widen_i8(cg_i8_result_fn f) { return f(); }
int32_t cg_widen_u8(cg_u8_result_fn f) { return f(); }
int32_t cg_widen_i16(cg_i16_result_fn f) { return f(); }
int32_t cg_widen_u16(cg_u16_result_fn f) { return f(); }
int32_t cg_widen_bool(cg_bool_result_fn f) { return f(); }

typedef int32_t (*cg_register_fn)(void);
int32_t cg_register_i8(cg_i8_result_fn f) { return ((cg_register_fn)f)(); }
int32_t cg_register_u8(cg_u8_result_fn f) { return ((cg_register_fn)f)(); }
int32_t cg_register_i16(cg_i16_result_fn f) { return ((cg_register_fn)f)(); }
int32_t cg_register_u16(cg_u16_result_fn f) { return ((cg_register_fn)f)(); }
int32_t cg_register_bool(cg_bool_result_fn f) { return ((cg_register_fn)f)(); }

int cg_check_s17(cg_s17_fn f) {
    cg_s17 s = f();
    for (int i = 0; i < 17; i++) if (s.text[i] != 'a' + i) return 0;
    return 1;
}

int cg_check_s24(cg_s24_fn f, int64_t a) {
    cg_s24 s = f();
    return s.a == a && s.b == -a && s.c == a * 3;
}

int cg_check_s40(cg_s40_fn f, double a) {
    cg_s40 s = f();
    for (int i = 0; i < 4; i++) if (s.d[i] != a + i) return 0;
    return s.tag == -7;
}

int cg_check_s64(cg_s64_fn f, uint64_t a) {
    cg_s64 s = f();
    for (int i = 0; i < 8; i++) if (s.w[i] != a << i) return 0;
    return 1;
}
