// Reading a caller's memory without the risk of a fault: what a mock copies, at call time, from
// the memory its pointer arguments point to. A C caller may hand over a pointer whose memory is
// shorter than its length says, has no NUL before an unmapped page, or was unmapped: these
// readers stop at such a page and say so, instead of taking the process down with SIGSEGV.
//
// On Linux x86-64 each is a few instructions of assembly whose loads, if they fault, are resumed
// at a fix-up by Impostor's SIGSEGV/SIGBUS handler: no system call is made, and a read that does
// not fault costs what a plain strnlen or memcpy does. Elsewhere they read through
// process_vm_readv on the process's own memory, one system call per page.
#ifndef IMPOSTOR_GUARDED_READ_H
#define IMPOSTOR_GUARDED_READ_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Installs, once per process, the SIGSEGV and SIGBUS handler that lets the readers below
/// survive a fault (a no-op where they need none). Call it before the first read, when a mock
/// that copies pointer memory is made: a fault in a reader before then ends the process as an
/// unguarded read would. A handler installed later by someone else replaces Impostor's for
/// every fault, the readers' included, unless it passes on the faults it does not handle to
/// the handler it replaced.
///
/// Any fault that is not a reader's goes on to the handler installed before Impostor's (the
/// Swift runtime's backtracer, a sanitizer's, a test harness's), or ends the process as it
/// would have without Impostor.
void impostor_guarded_read_prepare(void);

/// Copies `count` bytes from `source` to `destination`, stopping at the first byte of `source`
/// that cannot be read. Returns how many bytes were not copied: 0 when all were. `destination`
/// must be writable for `count` bytes; bytes of it past a fault are unspecified.
size_t impostor_guarded_copy(void *_Nonnull destination, const void *_Nonnull source, size_t count);

/// The length of the NUL-terminated text at `text`, at most `max` (as strnlen), or SIZE_MAX when
/// a byte before the NUL and before `max` cannot be read.
size_t impostor_guarded_strnlen(const char *_Nonnull text, size_t max);

/// impostor_guarded_strnlen(text, max) that also copies what it scanned: the text's bytes up to
/// and including its NUL (or `max` bytes, when no NUL comes first) go to the same offsets of
/// `destination`. One pass over the text instead of a scan and a copy. `destination` must be
/// writable from 16 bytes before it to `max` + 16 bytes after it (it is a scratch buffer: those
/// bytes, and the ones past the copy, are overwritten with others of the text's 16-byte blocks).
size_t impostor_guarded_copy_text(void *_Nonnull destination, const char *_Nonnull text, size_t max);

/// impostor_guarded_copy for short copies: 0 when all `count` bytes were copied, 1 when one could
/// not be read. `destination` must be writable from 16 bytes before it to `count` + 16 bytes
/// after it (on Linux x86-64 the copy moves whole 16-byte blocks aligned to 16 in the source;
/// those extra bytes are overwritten with others of the source's blocks).
int impostor_guarded_copy_blocks(void *_Nonnull destination, const void *_Nonnull source, size_t count);

#ifdef __cplusplus
}
#endif

#endif
