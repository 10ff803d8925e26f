// Test-only C callers for the stubbing and matcher tests.
//
// Each `cs_call_*` function calls a mocked function pointer the way a C library would, with
// arguments it builds itself (C strings, buffers and structs are copied into its own stack
// memory first, so the mock never sees a pointer Swift made), and hands back what the mock
// returned. The Swift tests stub the mock, call it through these, and check the answers.
#ifndef CS_STUBBING_H
#define CS_STUBBING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Clang's open-enum attribute, read by the Swift importer; plain C elsewhere.
#if defined(__has_attribute)
#if __has_attribute(enum_extensibility)
#define CS_OPEN_ENUM __attribute__((enum_extensibility(open)))
#endif
#endif
#ifndef CS_OPEN_ENUM
#define CS_OPEN_ENUM
#endif

// MARK: - Integers

typedef int32_t (*cs_fn_add)(int32_t a, int32_t b);
/// Returns f(a, b).
int32_t cs_call_add(cs_fn_add f, int32_t a, int32_t b);
/// The most calls `cs_call_add_repeatedly` makes.
#define CS_MAX_REPEAT 16
/// Calls f(a, b) `count` times (0...CS_MAX_REPEAT) and stores each result in `results`, in order.
void cs_call_add_repeatedly(cs_fn_add f, int32_t a, int32_t b, int32_t count, int32_t *results);
/// Returns the sum of f(i, b) for i in first...last.
int64_t cs_sum_add(cs_fn_add f, int32_t first, int32_t last, int32_t b);

/// Integers of several widths and signedness in one call.
typedef int32_t (*cs_fn_widths)(int8_t small, uint8_t byte, int64_t wide, uint64_t huge);
int32_t cs_call_widths(cs_fn_widths f, int8_t small, uint8_t byte, int64_t wide, uint64_t huge);

/// No arguments: for consecutive answers.
typedef int32_t (*cs_fn_next)(void);
int32_t cs_call_next(cs_fn_next f);

/// No arguments, a narrow unsigned result.
typedef uint8_t (*cs_fn_byte)(void);
uint8_t cs_call_byte(cs_fn_byte f);

// MARK: - Bool

typedef int32_t (*cs_fn_flag)(bool enabled, int32_t level);
int32_t cs_call_flag(cs_fn_flag f, bool enabled, int32_t level);

/// No arguments, a Bool result.
typedef bool (*cs_fn_ready)(void);
bool cs_call_ready(cs_fn_ready f);

/// Seven Bool parameters: more Bool matchers than a prototype can tell apart.
typedef int32_t (*cs_fn_seven_flags)(bool, bool, bool, bool, bool, bool, bool);

// MARK: - Floating point

typedef double (*cs_fn_scale)(double value, float factor);
double cs_call_scale(cs_fn_scale f, double value, float factor);

typedef int32_t (*cs_fn_extended)(long double value);
int32_t cs_call_extended(cs_fn_extended f, long double value);

// MARK: - Pointers

/// A buffer and its length.
typedef int32_t (*cs_fn_write)(const void *data, size_t length);
/// Copies `length` bytes (at most 64) of `bytes` into a stack buffer and calls f with it;
/// calls f(NULL, length) when `bytes` is NULL.
int32_t cs_call_write(cs_fn_write f, const uint8_t *bytes, size_t length);

/// A pointer to one int.
typedef int32_t (*cs_fn_read_counter)(const int32_t *counter);
/// Calls f with the address of a local holding `value`, or with NULL when `pass_null`.
int32_t cs_call_read_counter(cs_fn_read_counter f, int32_t value, bool pass_null);

/// An opaque handle, compared by address.
typedef int32_t (*cs_fn_handle)(void *handle);
int32_t cs_call_handle(cs_fn_handle f, void *handle);

/// A function pointer argument.
typedef int32_t (*cs_callback)(int32_t value);
typedef int32_t (*cs_fn_subscribe)(cs_callback callback, void *context);
int32_t cs_call_subscribe(cs_fn_subscribe f, cs_callback callback, void *context);
/// A real callback to pass around: returns value * 2.
int32_t cs_double_it(int32_t value);

// MARK: - C strings

typedef int32_t (*cs_fn_lookup)(const char *key, int32_t fallback);
/// Copies `key` (at most 63 characters) into a stack buffer and calls f with it, so the
/// mock sees C's own pointer; passes NULL when `key` is NULL.
int32_t cs_call_lookup(cs_fn_lookup f, const char *key, int32_t fallback);

// MARK: - Enums

/// A plain C enum: Swift imports it as a struct with a `rawValue`.
typedef enum cs_color { CS_COLOR_RED = 0, CS_COLOR_GREEN = 1, CS_COLOR_BLUE = 2 } cs_color;
/// An open enum: Swift imports it as an enum with `Int32` raw values that may hold unnamed ones.
enum CS_OPEN_ENUM cs_level {
    CS_LEVEL_DEBUG = -1,
    CS_LEVEL_INFO = 0,
    CS_LEVEL_ERROR = 10,
};
typedef enum cs_level cs_level;

typedef int32_t (*cs_fn_paint)(cs_color color, cs_level level);
int32_t cs_call_paint(cs_fn_paint f, cs_color color, cs_level level);
/// Calls f(color, (cs_level)raw_level): a level value the enum does not name.
int32_t cs_call_paint_raw_level(cs_fn_paint f, cs_color color, int32_t raw_level);

// MARK: - Structs

typedef struct cs_point { int32_t x; int32_t y; } cs_point;
/// A char, 7 bytes of padding, a double.
typedef struct cs_sample { char tag; double value; } cs_sample;

typedef int32_t (*cs_fn_plot)(cs_point at, cs_sample sample);
/// Builds the sample in memory filled with `padding_byte` first, so its padding holds bytes
/// Swift never wrote, then sets its fields and calls f(at, sample).
int32_t cs_call_plot(cs_fn_plot f, cs_point at, char tag, double value, unsigned char padding_byte);

/// A struct argument and a struct result.
typedef cs_point (*cs_fn_translate)(cs_point p, int32_t dx);
cs_point cs_call_translate(cs_fn_translate f, cs_point p, int32_t dx);

/// A pointer to a struct.
typedef int32_t (*cs_fn_area)(const cs_point *corner);
/// Calls f with the address of a local copy of `corner`.
int32_t cs_call_area(cs_fn_area f, cs_point corner);

// MARK: - Out-parameters

typedef int32_t (*cs_fn_fetch)(int32_t key, int32_t *out);
/// Calls f(key, &local) with local = -1 beforehand, stores local in *value_out afterwards, and
/// returns f's result.
int32_t cs_call_fetch(cs_fn_fetch f, int32_t key, int32_t *value_out);

typedef size_t (*cs_fn_read_name)(char *buffer, size_t capacity);
/// Calls f with a zeroed 32-byte buffer; 1 when f returned strlen(expected) and the buffer
/// then holds `expected`, 0 otherwise.
int cs_check_read_name(cs_fn_read_name f, const char *expected);

// MARK: - Void results

typedef void (*cs_fn_notify)(int32_t event);
/// Calls f(first), f(first + 1), ... `count` times.
void cs_notify_range(cs_fn_notify f, int32_t first, int32_t count);

#endif
