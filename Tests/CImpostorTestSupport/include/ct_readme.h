// C declarations the README's examples use, so the examples compile as tests.
#ifndef CT_README_H
#define CT_README_H
#include <stdint.h>

/// A vtable of file operations, as C plugin interfaces declare them.
typedef struct file_ops {
    long (*_Nullable read)(void *_Nullable handle, char *_Nullable buffer, unsigned long size);
    int (*_Nullable close)(void *_Nullable handle);
} file_ops;

/// A packed struct whose second field is misaligned: libffi cannot describe it.
typedef struct __attribute__((packed)) packed_pair {
    char tag;
    int32_t value;
} packed_pair;

/// Reads through a vtable, as a C library would: returns what `read` returned.
long cr_read_through(const file_ops *_Nonnull ops, void *_Nullable handle, char *_Nullable buffer, unsigned long size);

#endif
