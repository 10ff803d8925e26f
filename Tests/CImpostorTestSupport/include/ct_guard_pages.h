// C callers that hand a mock memory it cannot read in full: text and buffers that run into a
// page mapped PROT_NONE (a guard page), lengths no buffer can have, and memory unmapped before
// the call. Each caller maps its memory afresh and unmaps it after the call, and writes the
// pointer it passed to `*address`, for the tests to find in messages.
#ifndef CT_GUARD_PAGES_H
#define CT_GUARD_PAGES_H
#include <stddef.h>
#include <stdint.h>

/// A text callback: void log(const char *text), returning an int for the tests to see which
/// answer it got.
typedef int32_t (*cgp_text_fn)(const char *_Nullable text);
/// A buffer and its size_t length, as write(2) or fopencookie's writer take them.
typedef int32_t (*cgp_buffer_fn)(const void *_Nullable data, size_t length);
/// Data, a context, then its length: the length is not next to the pointer.
typedef int32_t (*cgp_data_fn)(const char *_Nullable data, void *_Nullable context, size_t length);

/// Calls f with `length` bytes of 'x' and no NUL, the last of them right before a guard page.
/// Returns f's result.
int32_t cgp_text_before_guard(cgp_text_fn _Nonnull f, size_t length, uintptr_t *_Nonnull address);

/// Calls f(data, length) where data's first `readable` bytes (0x5A) end right before a guard
/// page: a length that runs past them. Returns f's result.
int32_t cgp_buffer_across_guard(cgp_buffer_fn _Nonnull f, size_t readable, size_t length, uintptr_t *_Nonnull address);

/// Calls f(data, NULL, 8) with data the 8 bytes "abcdefgh", no NUL, right before a guard page.
/// Returns f's result.
int32_t cgp_data_before_guard(cgp_data_fn _Nonnull f, uintptr_t *_Nonnull address);

/// Calls f(data, length) with data 16 bytes of 0x5A, whatever `length` says, followed by 2 MiB
/// of readable memory (so that a read past the 16 bytes would not fault). Returns f's result.
int32_t cgp_small_buffer_with_length(cgp_buffer_fn _Nonnull f, size_t length, uintptr_t *_Nonnull address);

/// Maps a page holding the text "gone", unmaps it, then calls f with a pointer into it.
/// Returns f's result.
int32_t cgp_text_after_unmap(cgp_text_fn _Nonnull f, uintptr_t *_Nonnull address);
/// 1 when the page at `address` is not mapped. Another thread of the process may map a page
/// into the hole an unmapping leaves, even before the call reads it: a test checks the page is
/// still unmapped after its call before it trusts the call as one into unmapped memory.
int cgp_is_unmapped(uintptr_t address);

/// The same with a buffer: maps a page, unmaps it, calls f(pointer, length).
int32_t cgp_buffer_after_unmap(cgp_buffer_fn _Nonnull f, size_t length, uintptr_t *_Nonnull address);

/// Maps a readable page of 'x' (no NUL) followed by a guard page, and returns the guard page's
/// first byte, or NULL.
unsigned char *_Nullable cgp_map_before_guard(void);
/// Unmaps what cgp_map_before_guard mapped.
void cgp_unmap_before_guard(unsigned char *_Nonnull guard);

/// Reads through a pointer into a page mapped PROT_NONE: a fault outside Impostor's reader,
/// which must end the process as it would without Impostor. Does not return.
int cgp_fault(void);

/// Installs a SIGSEGV handler of the test's own that writes "test's own SIGSEGV handler" to
/// standard error and exits with `status`, replacing whatever was installed before.
void cgp_install_exiting_segv_handler(int status);

#endif
