// C callers for comparing what a mock copies from pointer arguments on the fast path (the entry
// point copies in C) and through the handler (Swift copies for its matchers): each hands two
// mocks of one type the same pointers and lengths, one call each, fast first.
#ifndef CT_CAPTURE_PATHS_H
#define CT_CAPTURE_PATHS_H
#include <stddef.h>
#include <stdint.h>

/// A C string: copied up to its NUL.
typedef int32_t (*ccp_text_fn)(const char *_Nullable text);
/// Text next to an `int`: up to the NUL or that length.
typedef int32_t (*ccp_text_int_fn)(const unsigned char *_Nullable text, int32_t length);
/// A buffer and its size_t length.
typedef int32_t (*ccp_buffer_fn)(const void *_Nullable data, size_t length);
/// A context pointer, a buffer and its length (a write callback).
typedef int32_t (*ccp_write_fn)(void *_Nullable context, const char *_Nullable data, size_t length);
/// A context pointer and a C string (a log callback).
typedef int32_t (*ccp_log_fn)(void *_Nullable context, const char *_Nullable text);
/// fwrite's shape: size × count bytes.
typedef int32_t (*ccp_items_fn)(const void *_Nullable data, size_t size, size_t count);

typedef struct ccp_point {
    int32_t x, y;
    double weight;
} ccp_point;
/// A typed pointer: one pointee copied.
typedef int32_t (*ccp_point_fn)(const ccp_point *_Nullable point);

void ccp_pair_text(ccp_text_fn _Nonnull fast, ccp_text_fn _Nonnull slow, const char *_Nullable text);
void ccp_pair_text_int(ccp_text_int_fn _Nonnull fast, ccp_text_int_fn _Nonnull slow, const unsigned char *_Nullable text,
                       int32_t length);
void ccp_pair_buffer(ccp_buffer_fn _Nonnull fast, ccp_buffer_fn _Nonnull slow, const void *_Nullable data, size_t length);
void ccp_pair_write(ccp_write_fn _Nonnull fast, ccp_write_fn _Nonnull slow, const char *_Nullable data, size_t length);
void ccp_pair_log(ccp_log_fn _Nonnull fast, ccp_log_fn _Nonnull slow, const char *_Nullable text);
void ccp_pair_items(ccp_items_fn _Nonnull fast, ccp_items_fn _Nonnull slow, const void *_Nullable data, size_t size,
                    size_t count);
void ccp_pair_point(ccp_point_fn _Nonnull fast, ccp_point_fn _Nonnull slow, const ccp_point *_Nullable point);

/// Nine C strings: more than the entry point copies through (8), so the handler answers.
typedef int32_t (*ccp_nine_fn)(const char *_Nullable, const char *_Nullable, const char *_Nullable,
                               const char *_Nullable, const char *_Nullable, const char *_Nullable,
                               const char *_Nullable, const char *_Nullable, const char *_Nullable);
/// Calls f("a", "b", …, "i").
int32_t ccp_call_nine(ccp_nine_fn _Nonnull f);

/// `length` bytes of 'x' with no NUL, the last right before a guard page (PROT_NONE).
void ccp_pair_text_before_guard(ccp_text_fn _Nonnull fast, ccp_text_fn _Nonnull slow, size_t length);
/// `readable` bytes right before a guard page, passed with `length`.
void ccp_pair_buffer_across_guard(ccp_buffer_fn _Nonnull fast, ccp_buffer_fn _Nonnull slow, size_t readable,
                                  size_t length);
/// A page unmapped just before each call (a page each), passed with `length`. Returns 0 when
/// something else mapped either page before it was checked after the calls, so they proved nothing.
int ccp_pair_buffer_unmapped(ccp_buffer_fn _Nonnull fast, ccp_buffer_fn _Nonnull slow, size_t length);
/// Text of `length` 'y' bytes and a NUL (longer than a capture's 1 MiB limit when asked).
void ccp_pair_long_text(ccp_log_fn _Nonnull fast, ccp_log_fn _Nonnull slow, size_t length);

/// Calls `f` `calls` times on each of `threads` threads with a context and text "call <thread>",
/// for copies made by many threads at once. Returns the number of calls that returned `expected`.
int64_t ccp_log_from_threads(ccp_log_fn _Nonnull f, int threads, int calls, int32_t expected);

#endif
