// C callers for the pointer-memory tests: each hands a mock memory that is gone (freed, or a
// stack frame that returned) by the time the test verifies, and buffers that are not
// NUL-terminated, the way libc, libcurl and libxml2 call their callbacks.
#ifndef CT_POINTERS_H
#define CT_POINTERS_H
#include <stddef.h>
#include <stdint.h>
#include <ftw.h>
#include <sys/stat.h>
#include <sys/types.h>

/// A buffer and its size_t length (write(2), fopencookie's writer).
typedef void (*cp_sink_fn)(const void *_Nullable data, size_t length);
/// A buffer and an int length, which Impostor cannot tell from a pointer next to a flag.
typedef void (*cp_sink_int_fn)(const void *_Nullable data, int32_t length);
/// Copies `length` bytes of `bytes` into a heap block of exactly that size (no NUL after
/// them), calls f with it, then frees it.
void cp_sink_heap(cp_sink_fn _Nonnull f, const uint8_t *_Nonnull bytes, size_t length);
void cp_sink_int_heap(cp_sink_int_fn _Nonnull f, const uint8_t *_Nonnull bytes, int32_t length);

typedef struct cp_point { int32_t x; int32_t y; } cp_point;
/// A pointer to one struct.
typedef int32_t (*cp_point_fn)(const cp_point *_Nullable point);
/// Calls f with a heap copy of {x, y}, then frees it.
int32_t cp_point_heap(cp_point_fn _Nonnull f, int32_t x, int32_t y);

/// fopencookie's writer: ssize_t (*)(void *cookie, const char *buf, size_t size).
typedef ssize_t (*cp_cookie_write_fn)(void *_Nullable cookie, const char *_Nullable buffer, size_t size);
/// Opens a FILE on a cookie whose writer is `writer`, writes `first` and flushes, then writes
/// `second` and closes it. glibc calls the writer from its own buffer, which is not
/// NUL-terminated and still holds the end of `first` after `second`. Returns fclose's result.
int cp_write_through_cookie(cp_cookie_write_fn _Nonnull writer, const char *_Nonnull first, const char *_Nonnull second);

/// libxml2's characters handler: void (*)(void *ctx, const xmlChar *ch, int len).
typedef void (*cp_characters_fn)(void *_Nullable context, const unsigned char *_Nullable text, int length);
/// libxml2's start-element handler: void (*)(void *ctx, const xmlChar *name, const xmlChar **atts).
typedef void (*cp_start_fn)(void *_Nullable context, const unsigned char *_Nullable name,
                            const unsigned char *_Nullable *_Nullable attributes);
/// Parses "<name>text</name>" the way a SAX parser reports it: start(ctx, name, NULL) with
/// name in a heap block, then characters(ctx, pointer into the document, length of text),
/// where the text is followed by the rest of the document, not by a NUL. Frees everything
/// before returning.
void cp_parse_element(cp_start_fn _Nonnull start, cp_characters_fn _Nonnull characters, const char *_Nonnull name,
                      const char *_Nonnull text);

/// libcurl's write callback: size_t (*)(char *ptr, size_t size, size_t nmemb, void *userdata).
typedef size_t (*cp_curl_write_fn)(char *_Nullable data, size_t size, size_t count, void *_Nullable user);
/// Delivers `text` in chunks of `chunk` bytes from a heap block with no NUL, as curl does
/// with a response body, then frees it. Returns the sum of f's results.
size_t cp_deliver_body(cp_curl_write_fn _Nonnull f, const char *_Nonnull text, size_t chunk);

/// nftw's callback, with glibc's own types (struct FTW is only declared where _XOPEN_SOURCE
/// asks for it, so Swift sees it as an opaque pointer here).
struct FTW;
typedef int (*cp_walk_fn)(const char *_Nullable path, const struct stat *_Nullable status, int type,
                          struct FTW *_Nullable walk);
/// Walks `directory` with glibc's nftw (no symlinks followed), calling f for each entry.
int cp_walk(const char *_Nonnull directory, cp_walk_fn _Nonnull f);
/// Makes a fresh directory holding one file, "note.txt" with 5 bytes; writes its path to
/// `path` (at least 64 bytes). Returns 0 on success.
int cp_make_tree(char *_Nonnull path);
/// Removes what cp_make_tree made.
void cp_remove_tree(const char *_Nonnull path);

#endif
