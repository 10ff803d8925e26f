// The portable guarded readers (process_vm_readv), which only builds for other architectures
// put into Impostor, compiled under these names so that the tests run them on x86-64 too.
#ifndef CT_PORTABLE_GUARDED_READ_H
#define CT_PORTABLE_GUARDED_READ_H
#include <stddef.h>

/// impostor_guarded_read_prepare as other architectures build it: nothing to install.
void ct_portable_guarded_read_prepare(void);
/// impostor_guarded_copy as other architectures build it: bytes not copied, 0 when all were.
size_t ct_portable_guarded_copy(void *_Nonnull destination, const void *_Nonnull source, size_t count);
/// impostor_guarded_strnlen as other architectures build it: SIZE_MAX when a byte could not be read.
size_t ct_portable_guarded_strnlen(const char *_Nonnull text, size_t max);
/// impostor_guarded_copy_text as other architectures build it.
size_t ct_portable_guarded_copy_text(void *_Nonnull destination, const char *_Nonnull text, size_t max);
/// impostor_guarded_copy_blocks as other architectures build it.
int ct_portable_guarded_copy_blocks(void *_Nonnull destination, const void *_Nonnull source, size_t count);

#endif
