// Impostor's static trampolines, called from C through every shape of signature the layout
// covers, into a handler that checks each argument's bytes and writes a known result; run for
// AArch64 under qemu-aarch64 by .ci/arm64 (and natively on x86-64, which proves the test).
//
// Each case is a real C call through a typed function pointer, so the compiler, not this file,
// decides which registers and stack slots the arguments take: a layout that disagrees with the
// platform's calling convention hands the handler the wrong bytes, or the caller the wrong
// result.
#include "impostor_static_trampolines.h"
// The target's private header, for the layout's own verdict (see `exhausted_registers_layout`).
#include "static_context.h"
#include "impostor_entry_answers.h"

#include <ffi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(condition, ...)                         \
    do {                                              \
        checks++;                                     \
        if (!(condition)) {                           \
            failures++;                               \
            printf("FAIL %s:%d: ", __FILE__, __LINE__); \
            printf(__VA_ARGS__);                      \
            printf("\n");                             \
        }                                             \
    } while (0)

/// What the handler expects of one call, and answers.
typedef struct expectation {
    const char *name;
    unsigned count;
    const void *arguments[24];
    const void *result;
    int calls;
} expectation;

/// The handler every trampoline here calls: the same contract as a libffi closure's (and
/// Impostor's Swift handler), so an integer result narrower than a register is written as a
/// whole ffi_arg, extended by its type.
static void check_and_answer(ffi_cif *cif, void *result, void **arguments, void *user_data) {
    expectation *expected = user_data;
    expected->calls++;
    CHECK(cif->nargs == expected->count, "%s: %u arguments, expected %u", expected->name, cif->nargs, expected->count);
    for (unsigned index = 0; index < cif->nargs && index < expected->count; index++) {
        size_t size = cif->arg_types[index]->size;
        int same = memcmp(arguments[index], expected->arguments[index], size) == 0;
        CHECK(same, "%s: argument %u (%zu bytes) arrived changed", expected->name, index, size);
        if (!same) {
            printf("    got      ");
            for (size_t byte = 0; byte < size; byte++) printf("%02x", ((const unsigned char *)arguments[index])[byte]);
            printf("\n    expected ");
            for (size_t byte = 0; byte < size; byte++) printf("%02x", ((const unsigned char *)expected->arguments[index])[byte]);
            printf("\n");
        }
    }
    ffi_type *type = cif->rtype;
    if (type->type == FFI_TYPE_VOID) return;
    if (type->size < sizeof(ffi_arg) && type->type != FFI_TYPE_STRUCT && type->type != FFI_TYPE_FLOAT) {
        ffi_arg wide = 0;
        switch (type->type) {
        case FFI_TYPE_SINT8: wide = (ffi_arg)(ffi_sarg)*(const int8_t *)expected->result; break;
        case FFI_TYPE_UINT8: wide = *(const uint8_t *)expected->result; break;
        case FFI_TYPE_SINT16: wide = (ffi_arg)(ffi_sarg)*(const int16_t *)expected->result; break;
        case FFI_TYPE_UINT16: wide = *(const uint16_t *)expected->result; break;
        case FFI_TYPE_SINT32: wide = (ffi_arg)(ffi_sarg)*(const int32_t *)expected->result; break;
        default: wide = *(const uint32_t *)expected->result; break;
        }
        memcpy(result, &wide, sizeof wide);
    } else {
        memcpy(result, expected->result, type->size);
    }
}

/// Never called here: no trampoline of this test is given stub keys.
static void unused_answer(void *user_data, const void *stub, void *result, const void *base, const void *offsets,
                          uint64_t stamp) {
    (void)user_data; (void)stub; (void)result; (void)base; (void)offsets; (void)stamp;
    failures++;
    printf("FAIL: the fast path's answer ran without a fast path\n");
}

/// A trampoline for `count` arguments of `types` returning `result`, calling the handler with
/// `expected`; NULL (and a failure) when it could not be made.
static void *make(expectation *expected, ffi_type *result, unsigned count, ffi_type **types) {
    ffi_cif *cif = calloc(1, sizeof *cif);
    ffi_type **kept = calloc(count + 1, sizeof *kept);
    memcpy(kept, types, count * sizeof *kept);
    if (ffi_prep_cif(cif, FFI_DEFAULT_ABI, count, result, kept) != FFI_OK) {
        CHECK(0, "%s: ffi_prep_cif failed", expected->name);
        return NULL;
    }
    void *code = NULL;
    impostor_static_outcome outcome =
        impostor_static_trampoline_create(cif, check_and_answer, unused_answer, expected, NULL, &code);
    CHECK(outcome == IMPOSTOR_STATIC_MADE, "%s: not made (outcome %d)", expected->name, (int)outcome);
    return outcome == IMPOSTOR_STATIC_MADE ? code : NULL;
}

/// The outcome for a signature that should not be covered.
static impostor_static_outcome outcome_of(ffi_type *result, unsigned count, ffi_type **types) {
    ffi_cif *cif = calloc(1, sizeof *cif);
    ffi_type **kept = calloc(count + 1, sizeof *kept);
    memcpy(kept, types, count * sizeof *kept);
    if (ffi_prep_cif(cif, FFI_DEFAULT_ABI, count, result, kept) != FFI_OK) return (impostor_static_outcome)-1;
    void *code = NULL;
    expectation unused = {"not covered", 0, {0}, NULL, 0};
    return impostor_static_trampoline_create(cif, check_and_answer, unused_answer, &unused, NULL, &code);
}

#define EXPECT_CALLED(expected) CHECK((expected).calls == 1, "%s: the handler ran %d times", (expected).name, (expected).calls)

// MARK: The types

typedef struct f2 { float a, b; } f2;
typedef struct f3 { float a, b, c; } f3;
typedef struct f4 { float a, b, c, d; } f4;
typedef struct d2 { double a, b; } d2;
typedef struct d4 { double a, b, c, d; } d4;
typedef struct s12 { int32_t a, b, c; } s12;
typedef struct s16 { int64_t a; double b; } s16;
typedef struct mixed8 { float a; int32_t b; } mixed8;
typedef struct large { int64_t a, b, c; double d; } large;

static ffi_type *f2_elements[] = {&ffi_type_float, &ffi_type_float, NULL};
static ffi_type *f3_elements[] = {&ffi_type_float, &ffi_type_float, &ffi_type_float, NULL};
static ffi_type *f4_elements[] = {&ffi_type_float, &ffi_type_float, &ffi_type_float, &ffi_type_float, NULL};
static ffi_type *d2_elements[] = {&ffi_type_double, &ffi_type_double, NULL};
static ffi_type *d4_elements[] = {&ffi_type_double, &ffi_type_double, &ffi_type_double, &ffi_type_double, NULL};
static ffi_type *s12_elements[] = {&ffi_type_sint32, &ffi_type_sint32, &ffi_type_sint32, NULL};
static ffi_type *s16_elements[] = {&ffi_type_sint64, &ffi_type_double, NULL};
static ffi_type *mixed8_elements[] = {&ffi_type_float, &ffi_type_sint32, NULL};
static ffi_type *large_elements[] = {&ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64, &ffi_type_double, NULL};
static ffi_type f2_type = {0, 0, FFI_TYPE_STRUCT, f2_elements};
static ffi_type f3_type = {0, 0, FFI_TYPE_STRUCT, f3_elements};
static ffi_type f4_type = {0, 0, FFI_TYPE_STRUCT, f4_elements};
static ffi_type d2_type = {0, 0, FFI_TYPE_STRUCT, d2_elements};
static ffi_type d4_type = {0, 0, FFI_TYPE_STRUCT, d4_elements};
static ffi_type s12_type = {0, 0, FFI_TYPE_STRUCT, s12_elements};
static ffi_type s16_type = {0, 0, FFI_TYPE_STRUCT, s16_elements};
static ffi_type mixed8_type = {0, 0, FFI_TYPE_STRUCT, mixed8_elements};
static ffi_type large_type = {0, 0, FFI_TYPE_STRUCT, large_elements};

// MARK: The cases

/// Integers of every width in all eight general registers, then two on the stack.
static void integers_in_registers_and_on_the_stack(void) {
    int8_t a = -7; uint8_t b = 250; int16_t c = -3000; uint16_t d = 65000; int32_t e = -2000000000;
    uint32_t f = 4000000000u; int64_t g = -9000000000000000000; uint64_t h = 18000000000000000000u;
    int32_t i = 123456789; int8_t j = -128;
    int64_t answer = 0x0123456789abcdef;
    expectation expected = {"integers", 10, {&a, &b, &c, &d, &e, &f, &g, &h, &i, &j}, &answer, 0};
    ffi_type *types[] = {&ffi_type_sint8, &ffi_type_uint8, &ffi_type_sint16, &ffi_type_uint16, &ffi_type_sint32,
                         &ffi_type_uint32, &ffi_type_sint64, &ffi_type_uint64, &ffi_type_sint32, &ffi_type_sint8};
    typedef int64_t (*shape)(int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t, int32_t, int8_t);
    shape function = (shape)make(&expected, &ffi_type_sint64, 10, types);
    if (function == NULL) return;
    CHECK(function(a, b, c, d, e, f, g, h, i, j) == answer, "integers: wrong result");
    EXPECT_CALLED(expected);
}

/// Floats and doubles in all eight vector registers, then two on the stack; a double result.
static void floating_point_in_registers_and_on_the_stack(void) {
    float a = 1.5f, c = -2.25f, e = 1e30f, g = -0.0f, j = 3.0f;
    double b = 2.5, d = -1e300, f = 0.125, h = 6.0, i = -7.75;
    double answer = 42.0625;
    expectation expected = {"floating point", 10, {&a, &b, &c, &d, &e, &f, &g, &h, &i, &j}, &answer, 0};
    ffi_type *types[] = {&ffi_type_float, &ffi_type_double, &ffi_type_float, &ffi_type_double, &ffi_type_float,
                         &ffi_type_double, &ffi_type_float, &ffi_type_double, &ffi_type_double, &ffi_type_float};
    typedef double (*shape)(float, double, float, double, float, double, float, double, double, float);
    shape function = (shape)make(&expected, &ffi_type_double, 10, types);
    if (function == NULL) return;
    CHECK(function(a, b, c, d, e, f, g, h, i, j) == answer, "floating point: wrong result");
    EXPECT_CALLED(expected);
}

/// Integers and floats interleaved; a float result and a narrow integer result.
static void interleaved_and_narrow_results(void) {
    int32_t a = -5; float b = 0.5f; int32_t c = 77; double d = 9.5;
    float answer = -3.75f;
    expectation expected = {"interleaved", 4, {&a, &b, &c, &d}, &answer, 0};
    ffi_type *types[] = {&ffi_type_sint32, &ffi_type_float, &ffi_type_sint32, &ffi_type_double};
    typedef float (*shape)(int32_t, float, int32_t, double);
    shape function = (shape)make(&expected, &ffi_type_float, 4, types);
    if (function != NULL) {
        CHECK(function(a, b, c, d) == answer, "interleaved: wrong float result");
        EXPECT_CALLED(expected);
    }
    uint8_t byte = 200; uint8_t byte_answer = 251;
    expectation narrow = {"narrow", 1, {&byte}, &byte_answer, 0};
    ffi_type *narrow_types[] = {&ffi_type_uint8};
    typedef uint8_t (*narrow_shape)(uint8_t);
    narrow_shape narrow_function = (narrow_shape)make(&narrow, &ffi_type_uint8, 1, narrow_types);
    if (narrow_function != NULL) {
        CHECK(narrow_function(byte) == byte_answer, "narrow: wrong result");
        EXPECT_CALLED(narrow);
    }
    int16_t half = -12345; int16_t half_answer = -32000;
    expectation signed_narrow = {"signed narrow", 1, {&half}, &half_answer, 0};
    ffi_type *half_types[] = {&ffi_type_sint16};
    typedef int16_t (*half_shape)(int16_t);
    half_shape half_function = (half_shape)make(&signed_narrow, &ffi_type_sint16, 1, half_types);
    if (half_function != NULL) {
        CHECK(half_function(half) == half_answer, "signed narrow: wrong result");
        EXPECT_CALLED(signed_narrow);
    }
}

// Where a value goes on the stack only because registers of its kind were used up, a layout
// that wrongly expects it in a register reads whatever that register last held, and the
// compiler often moves the value to its stack slot through that very register (here `ldr d6;
// str d6, [sp, #16]`): such a call can pass by coincidence. `exhausted_registers_layout`
// checks the offsets themselves; these calls check that the values arrive.
typedef f3 (*shape_f4_d2_f3_double)(f4, d2, f3, double);
__attribute__((noinline)) static f3 call_f4_d2_f3_double(shape_f4_d2_f3_double function, const f4 *a, const d2 *b,
                                                         const f3 *c, const double *d) {
    return function(*a, *b, *c, *d);
}

typedef d4 (*d4_3_shape)(d4, d4, d4);
__attribute__((noinline)) static d4 call_d4_3(d4_3_shape function, const d4 *a, const d4 *b, const d4 *c) {
    return function(*a, *b, *c);
}

typedef s12 (*shape_7_s12_int64)(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, s12, int64_t);
__attribute__((noinline)) static s12 call_7_s12_int64(shape_7_s12_int64 function, const s12 *a, const int64_t *after) {
    return function(10, 11, 12, 13, 14, 15, 16, *a, *after);
}

/// Homogeneous floating-point aggregates: members gathered from vector registers, one that no
/// longer fits going to the stack whole, and a float aggregate result scattered to s0-s2.
static void floating_point_aggregates(void) {
    f4 a = {1.0f, 2.0f, 3.0f, 4.0f};   // v0-v3, gathered
    d2 b = {5.0, 6.0};                   // v4-v5, adjacent slots
    f3 c = {7.0f, 8.0f, 9.0f};           // needs three, two are left: on the stack, whole
    double d = 12.5;                     // and this scalar too, though v6 is free (NSRN is 8)
    f3 answer = {-1.5f, -2.5f, -3.5f};
    expectation expected = {"aggregates", 4, {&a, &b, &c, &d}, &answer, 0};
    ffi_type *types[] = {&f4_type, &d2_type, &f3_type, &ffi_type_double};
    shape_f4_d2_f3_double function = (shape_f4_d2_f3_double)make(&expected, &f3_type, 4, types);
    if (function != NULL) {
        f3 got = call_f4_d2_f3_double(function, &a, &b, &c, &d);
        CHECK(memcmp(&got, &answer, sizeof got) == 0, "aggregates: wrong f3 result %g %g %g", got.a, got.b, got.c);
        EXPECT_CALLED(expected);
    }
    d4 x = {1, 2, 3, 4}, y = {5, 6, 7, 8};
    d4 sum = {6, 8, 10, 12};
    expectation doubles = {"double aggregates", 2, {&x, &y}, &sum, 0};
    ffi_type *double_types[] = {&d4_type, &d4_type};
    typedef d4 (*double_shape)(d4, d4);
    double_shape double_function = (double_shape)make(&doubles, &d4_type, 2, double_types);
    if (double_function != NULL) {
        d4 got = double_function(x, y);
        CHECK(memcmp(&got, &sum, sizeof got) == 0, "double aggregates: wrong d4 result");
        EXPECT_CALLED(doubles);
    }
    // Two of them fill v0-v7: a third goes to the stack whole, 32 bytes.
    d4 z = {9, 10, 11, 12};
    expectation three = {"double aggregates on the stack", 3, {&x, &y, &z}, &sum, 0};
    ffi_type *three_types[] = {&d4_type, &d4_type, &d4_type};
    d4_3_shape three_function = (d4_3_shape)make(&three, &d4_type, 3, three_types);
    if (three_function != NULL) {
        d4 got = call_d4_3(three_function, &x, &y, &z);
        CHECK(memcmp(&got, &sum, sizeof got) == 0, "double aggregates on the stack: wrong d4 result");
        EXPECT_CALLED(three);
    }
    f2 pair = {0.25f, 0.75f};
    f4 quad = {1, 2, 3, 4};
    expectation floats = {"float pair", 1, {&pair}, &quad, 0};
    ffi_type *float_types[] = {&f2_type};
    typedef f4 (*float_shape)(f2);
    float_shape float_function = (float_shape)make(&floats, &f4_type, 1, float_types);
    if (float_function != NULL) {
        f4 got = float_function(pair);
        CHECK(memcmp(&got, &quad, sizeof got) == 0, "float pair: wrong f4 result");
        EXPECT_CALLED(floats);
    }
}

/// Structs of at most 16 bytes that are not aggregates of one floating type: general
/// registers, a pair that no longer fits going to the stack, a mixed one in one register.
static void small_structs(void) {
    int64_t r0 = 10, r1 = 11, r2 = 12, r3 = 13, r4 = 14, r5 = 15, r6 = 16;
    s12 a = {-1, -2, -3};  // needs two registers, one is left: on the stack
    int64_t after = 17;    // the general registers are done with: on the stack too
    s12 answer = {100, 200, 300};
    expectation expected = {"small structs", 9, {&r0, &r1, &r2, &r3, &r4, &r5, &r6, &a, &after}, &answer, 0};
    ffi_type *types[] = {&ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64,
                         &ffi_type_sint64, &ffi_type_sint64, &s12_type, &ffi_type_sint64};
    shape_7_s12_int64 function = (shape_7_s12_int64)make(&expected, &s12_type, 9, types);
    if (function != NULL) {
        s12 got = call_7_s12_int64(function, &a, &after);
        CHECK(memcmp(&got, &answer, sizeof got) == 0, "small structs: wrong s12 result");
        EXPECT_CALLED(expected);
    }
    s16 b = {-99, 0.5};
    mixed8 c = {2.5f, 7};
    s16 other = {1234, -8.25};
    expectation mixed = {"mixed structs", 2, {&b, &c}, &other, 0};
    ffi_type *mixed_types[] = {&s16_type, &mixed8_type};
    typedef s16 (*mixed_shape)(s16, mixed8);
    mixed_shape mixed_function = (mixed_shape)make(&mixed, &s16_type, 2, mixed_types);
    if (mixed_function != NULL) {
        s16 got = mixed_function(b, c);
        CHECK(memcmp(&got, &other, sizeof got) == 0, "mixed structs: wrong s16 result");
        EXPECT_CALLED(mixed);
    }
}

/// Structs over 16 bytes: passed by the address of a copy (in a register, and on the stack),
/// and returned through the caller's buffer (x8 on AArch64).
static void large_structs(void) {
    large a = {1, 2, 3, 4.5};
    int32_t b = -8;
    large c = {-1, -2, -3, -4.5};
    large answer = {7, 8, 9, 10.5};
    expectation expected = {"large structs", 3, {&a, &b, &c}, &answer, 0};
    ffi_type *types[] = {&large_type, &ffi_type_sint32, &large_type};
    typedef large (*shape)(large, int32_t, large);
    shape function = (shape)make(&expected, &large_type, 3, types);
    if (function != NULL) {
        large got = function(a, b, c);
        CHECK(memcmp(&got, &answer, sizeof got) == 0, "large structs: wrong result");
        EXPECT_CALLED(expected);
    }
    int64_t r[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    large last = {40, 41, 42, 43.5};
    int64_t sum = 36;
    expectation stacked = {"large struct on the stack", 9, {&r[0], &r[1], &r[2], &r[3], &r[4], &r[5], &r[6], &r[7], &last},
                           &sum, 0};
    ffi_type *stacked_types[] = {&ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64,
                                 &ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64, &large_type};
    typedef int64_t (*stacked_shape)(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, large);
    stacked_shape stacked_function = (stacked_shape)make(&stacked, &ffi_type_sint64, 9, stacked_types);
    if (stacked_function != NULL) {
        CHECK(stacked_function(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], last) == sum,
              "large struct on the stack: wrong result");
        EXPECT_CALLED(stacked);
    }
}

/// Pointers, a void result, and more arguments than the simple layout takes.
static void pointers_void_and_many_arguments(void) {
    const char *text = "hello";
    void *pointer = &failures;
    expectation none = {"void", 2, {&text, &pointer}, NULL, 0};
    ffi_type *types[] = {&ffi_type_pointer, &ffi_type_pointer};
    typedef void (*shape)(const char *, void *);
    shape function = (shape)make(&none, &ffi_type_void, 2, types);
    if (function != NULL) {
        function(text, pointer);
        EXPECT_CALLED(none);
    }
    int32_t values[20];
    expectation many = {"many", 20, {0}, NULL, 0};
    ffi_type *many_types[20];
    for (int index = 0; index < 20; index++) {
        values[index] = index * 1000 - 7;
        many.arguments[index] = &values[index];
        many_types[index] = &ffi_type_sint32;
    }
    int32_t many_answer = -424242;
    many.result = &many_answer;
    typedef int32_t (*many_shape)(int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t,
                                  int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t);
    many_shape many_function = (many_shape)make(&many, &ffi_type_sint32, 20, many_types);
    if (many_function != NULL) {
        int32_t *v = values;
        CHECK(many_function(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], v[14],
                            v[15], v[16], v[17], v[18], v[19]) == many_answer,
              "many: wrong result");
        EXPECT_CALLED(many);
    }
}

/// Hundreds of trampolines over several code pages, each reaching its own context.
static void many_trampolines(void) {
    enum { COUNT = 600 };
    static expectation expected[COUNT];
    static int32_t answers[COUNT];
    typedef int32_t (*shape)(void);
    static shape functions[COUNT];
    for (int index = 0; index < COUNT; index++) {
        answers[index] = index * 3 + 1;
        expected[index] = (expectation){"one of many", 0, {0}, &answers[index], 0};
        functions[index] = (shape)make(&expected[index], &ffi_type_sint32, 0, NULL);
        if (functions[index] == NULL) return;
    }
    int wrong = 0;
    for (int index = COUNT - 1; index >= 0; index--) wrong += functions[index]() != answers[index] || expected[index].calls != 1;
    CHECK(wrong == 0, "many trampolines: %d of %d answered for another", wrong, COUNT);
}

// MARK: The fast path

static int fast_answers = 0;

/// The answer of the stub key below: reads both arguments where the dispatcher says they are
/// and returns their product, as a stub's block would.
static void multiply(void *user_data, const void *stub, void *result, const void *base, const void *offsets,
                     uint64_t stamp) {
    (void)user_data; (void)stub; (void)stamp;
    const uint64_t *offset = offsets;
    int32_t a, b;
    memcpy(&a, (const unsigned char *)base + offset[0], 4);
    memcpy(&b, (const unsigned char *)base + offset[1], 4);
    int32_t product = a * b;
    memcpy(result, &product, 4);
    fast_answers++;
}

/// The dispatcher answering calls itself, as it does for a nice mock whose stubs all compiled
/// to keys: a call no key matches answers zero, one the key matches runs its answer, neither
/// reaches the handler, and each is recorded with its arguments and result.
static void fast_path(void) {
    // The record: header, a, b, result, in 32 bytes.
    impostor_records *records = impostor_records_create(32);
    static const impostor_record_step steps[2] = {{IMPOSTOR_RECORD_HEADER, 4, 0}, {IMPOSTOR_RECORD_HEADER + 4, 4, 0}};
    impostor_fast_path *fast = impostor_fast_path_create(records, steps, 2, IMPOSTOR_RECORD_HEADER + 8, 4, NULL);
    CHECK(records != NULL && fast != NULL, "fast path: no records");
    if (fast == NULL) return;
    fast->nice = 1;
    expectation never = {"fast path", 2, {0}, NULL, 0};
    ffi_type *types[] = {&ffi_type_sint32, &ffi_type_sint32};
    ffi_cif *cif = calloc(1, sizeof *cif);
    ffi_type **kept = calloc(3, sizeof *kept);
    memcpy(kept, types, sizeof types);
    ffi_prep_cif(cif, FFI_DEFAULT_ABI, 2, &ffi_type_sint32, kept);
    void *code = NULL;
    CHECK(impostor_static_trampoline_create(cif, check_and_answer, multiply, &never, fast, &code) == IMPOSTOR_STATIC_MADE,
          "fast path: no trampoline");
    if (code == NULL) return;
    CHECK(fast->read_by_entry && fast->frame_offsets != NULL, "fast path: the dispatcher does not read the settings");
    // b == 5: the key's one literal.
    static int stub_marker;
    uint32_t argument = 1, size = 4;
    uint64_t bits = 5;
    CHECK(impostor_fast_path_add_key(fast, &stub_marker, &argument, &size, &bits, 1, NULL, NULL, NULL, NULL, NULL, 0), "fast path: the key was refused");
    impostor_fast_path_set_open(fast, 1);

    typedef int32_t (*shape)(int32_t, int32_t);
    shape add = (shape)code;
    int32_t unmatched = add(7, 6), matched = add(-7, 5), again = add(3, 4);
    CHECK(unmatched == 0 && again == 0, "fast path: a call no key matches answered %d and %d, not 0", unmatched, again);
    CHECK(matched == -35, "fast path: the key's answer gave %d, not -35", matched);
    CHECK(fast_answers == 1, "fast path: the key's answer ran %d times", fast_answers);
    CHECK(never.calls == 0, "fast path: the handler ran %d times", never.calls);

    // The three records, in call order, with their arguments and results.
    int32_t expected[3][3] = {{7, 6, 0}, {-7, 5, -35}, {3, 4, 0}};
    impostor_records_lock(records);
    impostor_lane *lane = impostor_records_first_lane(records);
    size_t count = lane != NULL ? impostor_lane_count(lane) : 0;
    CHECK(count == 3, "fast path: %zu records, not 3", count);
    if (count == 3) {
        void *addresses[3];
        impostor_lane_records(records, lane, 3, addresses);
        for (int call = 0; call < 3; call++) {
            int32_t values[3];
            memcpy(values, (unsigned char *)addresses[call] + IMPOSTOR_RECORD_HEADER, sizeof values);
            CHECK(!impostor_record_is_open(addresses[call]), "fast path: call %d left open", call);
            CHECK(memcmp(values, expected[call], sizeof values) == 0, "fast path: call %d recorded as %d, %d -> %d", call,
                  values[0], values[1], values[2]);
        }
    }
    impostor_records_unlock(records);
}

// MARK: Ordering stamps

enum { HANDOVERS = 2000 };
static pthread_mutex_t baton_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t baton_moved = PTHREAD_COND_INITIALIZER;
static int baton = 0;  // whose turn: even the main thread's, odd the other's
static uint64_t stamps[2 * HANDOVERS];

/// Takes a stamp on each of its turns, handing the baton back through the lock.
static void *take_turns(void *parity) {
    int mine = (int)(intptr_t)parity;
    for (int turn = mine; turn < 2 * HANDOVERS; turn += 2) {
        pthread_mutex_lock(&baton_lock);
        while (baton != turn) pthread_cond_wait(&baton_moved, &baton_lock);
        pthread_mutex_unlock(&baton_lock);
        stamps[turn] = impostor_next_stamp();
        pthread_mutex_lock(&baton_lock);
        baton = turn + 1;
        pthread_cond_broadcast(&baton_moved);
        pthread_mutex_unlock(&baton_lock);
    }
    return NULL;
}

/// Calls ordered through a lock get increasing stamps across threads, from whichever source
/// this process uses (the virtual counter where it ticks at 1 GHz; run again with
/// IMPOSTOR_CALL_ORDER=counter for the shared counter).
static void stamps_follow_the_order_of_calls(void) {
    pthread_t other;
    pthread_create(&other, NULL, take_turns, (void *)(intptr_t)1);
    take_turns((void *)(intptr_t)0);
    pthread_join(other, NULL);
    int backwards = 0;
    for (int turn = 1; turn < 2 * HANDOVERS; turn++) backwards += stamps[turn] <= stamps[turn - 1];
    printf("stamps from the %s\n", impostor_stamp_source());
    CHECK(backwards == 0, "stamps: %d of %d calls ordered by a lock got a stamp not above the one before", backwards,
          2 * HANDOVERS - 1);
}

/// The layout itself, where a call cannot tell: when a value goes to the stack because the
/// registers of its kind were used up, the compiler often loads it into that very register
/// on its way to the stack slot, so a layout that wrongly reads the register still sees the
/// right bytes. Checked against the frame offsets AAPCS64 gives.
static void exhausted_registers_layout(void) {
#if defined(__aarch64__)
    ffi_type *types[] = {&f4_type, &d2_type, &f3_type, &ffi_type_double, &ffi_type_sint64};
    ffi_cif cif;
    CHECK(ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 5, &f3_type, types) == FFI_OK, "layout: ffi_prep_cif failed");
    static_closure *closure = calloc(1, sizeof(static_closure) + 6 * sizeof(argument_source));
    CHECK(impostor_static_lay_out(&cif, closure), "layout: not covered");
    const argument_source *sources = closure->sources;
    CHECK(sources[0].kind == SOURCE_GATHERED_FLOATS && sources[0].first == FRAME_FP && sources[0].second == 4,
          "layout: f4 not gathered from v0-v3");
    CHECK(sources[1].kind == SOURCE_IN_FRAME && sources[1].first == FRAME_FP + 32, "layout: d2 not in v4-v5");
    CHECK(sources[2].kind == SOURCE_IN_FRAME && sources[2].first == FRAME_STACK, "layout: f3 not on the stack");
    CHECK(sources[3].kind == SOURCE_IN_FRAME && sources[3].first == FRAME_STACK + 16,
          "layout: a double after an aggregate that went to the stack is at %u, not on the stack", sources[3].first);
    CHECK(sources[4].kind == SOURCE_IN_FRAME && sources[4].first == FRAME_GP, "layout: an integer not in x0");
    CHECK(closure->route == RESULT_SCATTERED_FLOATS, "layout: an f3 result not scattered to s0-s2");

    ffi_type *general[] = {&ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64,
                           &ffi_type_sint64, &ffi_type_sint64, &ffi_type_sint64, &s12_type, &ffi_type_sint64, &large_type};
    CHECK(ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 10, &large_type, general) == FFI_OK, "layout: ffi_prep_cif failed");
    closure = calloc(1, sizeof(static_closure) + 11 * sizeof(argument_source));
    CHECK(impostor_static_lay_out(&cif, closure), "layout: not covered");
    CHECK(closure->sources[6].first == FRAME_GP + 48, "layout: the seventh integer not in x6");
    CHECK(closure->sources[7].first == FRAME_STACK, "layout: an s12 that does not fit in x7 not on the stack");
    CHECK(closure->sources[8].first == FRAME_STACK + 16,
          "layout: an integer after a struct that went to the stack is at %u, not on the stack", closure->sources[8].first);
    CHECK(closure->sources[9].kind == SOURCE_BY_ADDRESS && closure->sources[9].first == FRAME_STACK + 24,
          "layout: a large struct's address not in the next stack slot");
    CHECK(closure->route == RESULT_IN_MEMORY && !closure->simple, "layout: a large result not through memory");
#endif
}

/// What the static path leaves to libffi's closures.
static void signatures_not_covered(void) {
    ffi_type *long_double[] = {&ffi_type_longdouble};
    CHECK(outcome_of(&ffi_type_sint32, 1, long_double) == IMPOSTOR_STATIC_SIGNATURE_NOT_COVERED,
          "a long double argument was covered");
    CHECK(outcome_of(&ffi_type_longdouble, 0, NULL) == IMPOSTOR_STATIC_SIGNATURE_NOT_COVERED,
          "a long double result was covered");
}

/// No page of the trampoline's is writable and executable at once: its code page is read and
/// execute, its data page read and write.
static void no_page_writable_and_executable(void) {
    expectation expected = {"pages", 0, {0}, NULL, 0};
    void *code = make(&expected, &ffi_type_void, 0, NULL);
    if (code == NULL) return;
    FILE *maps = fopen("/proc/self/maps", "r");
    CHECK(maps != NULL, "/proc/self/maps cannot be read");
    if (maps == NULL) return;
    char line[4096];
    char code_permissions[8] = "", data_permissions[8] = "";
    int writable_and_executable = 0;
    uintptr_t address = (uintptr_t)code, data = address + 4096;
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end;
        char permissions[8];
        if (sscanf(line, "%lx-%lx %7s", &start, &end, permissions) != 3) continue;
        if (permissions[1] == 'w' && permissions[2] == 'x') writable_and_executable = 1;
        if (address >= start && address < end) strcpy(code_permissions, permissions);
        if (data >= start && data < end) strcpy(data_permissions, permissions);
    }
    fclose(maps);
    CHECK(strncmp(code_permissions, "r-x", 3) == 0, "the code page is %s, not r-x", code_permissions);
    CHECK(strncmp(data_permissions, "rw-", 3) == 0, "the data page is %s, not rw-", data_permissions);
    CHECK(!writable_and_executable, "a page of the process is writable and executable");
}

/// AArch64 with BTI: the copies are guarded pages, so every call above landed on a `bti c`.
/// Whether a branch that does not is stopped is checked by running this program again with
/// `--branch-past-bti` (below), from .ci/arm64: forking here and faulting in the child hangs
/// qemu-user.
static void pages_are_guarded_where_required(void) {
    expectation expected = {"guard", 0, {0}, NULL, 0};
    if (make(&expected, &ffi_type_void, 0, NULL) == NULL) return;
    int guarded = impostor_static_trampolines_guarded();
    printf("guarded pages: %s\n", guarded ? "yes" : "no");
    CHECK(guarded || getenv("IMPOSTOR_EXPECT_BTI") == NULL,
          "IMPOSTOR_EXPECT_BTI is set but the trampolines' pages are not guarded");
}

/// Branches to a stub's second instruction, which is not a landing pad: on a guarded page the
/// processor stops it (SIGILL); on an unguarded one the stub runs as usual and this returns 0.
static int branch_past_bti(void) {
    expectation expected = {"guard", 0, {0}, NULL, 0};
    unsigned char *code = make(&expected, &ffi_type_void, 0, NULL);
    if (code == NULL) return 2;
    fflush(stdout);
    void (*past_the_landing_pad)(void) = (void (*)(void))(code + 4);
    past_the_landing_pad();
    return 0;
}

#if defined(__aarch64__)
#include <sys/mman.h>
#ifndef PROT_BTI
#define PROT_BTI 0x10
#endif
#endif

/// The shared entry runs from the library's own code page (the copies' stubs branch to it through
/// x17), which is guarded only where the whole program is built with BTI: Debian's arm64
/// start-up files are not, so this program guards that page itself, and an entry without its
/// `bti c` stops the first call.
static void guard_the_librarys_code_page(void) {
#if defined(__aarch64__)
    int guarded = mprotect((void *)impostor_static_page, PAGE_BYTES, PROT_READ | PROT_EXEC | PROT_BTI) == 0;
    printf("the library's code page guarded: %s\n", guarded ? "yes" : "no");
    CHECK(guarded || getenv("IMPOSTOR_EXPECT_BTI") == NULL, "IMPOSTOR_EXPECT_BTI is set but the code page cannot be guarded");
#endif
}

int main(int argc, char **argv) {
    guard_the_librarys_code_page();
    if (argc > 1 && strcmp(argv[1], "--branch-past-bti") == 0) return branch_past_bti();
    const char *unavailable = impostor_static_trampolines_unavailable();
    if (unavailable != NULL) {
        printf("FAIL: static trampolines unavailable: %s\n", unavailable);
        return 1;
    }
    integers_in_registers_and_on_the_stack();
    floating_point_in_registers_and_on_the_stack();
    interleaved_and_narrow_results();
    floating_point_aggregates();
    small_structs();
    large_structs();
    pointers_void_and_many_arguments();
    many_trampolines();
    exhausted_registers_layout();
    fast_path();
    stamps_follow_the_order_of_calls();
    signatures_not_covered();
    no_page_writable_and_executable();
    pages_are_guarded_where_required();
    printf("%s: %d checks, %d failed\n", failures ? "FAIL" : "ok", checks, failures);
    return failures ? 1 : 0;
}
