#include "ct_readme.h"

#include <stddef.h>

long cr_read_through(const file_ops *ops, void *handle, char *buffer, unsigned long size) {
    return ops->read == NULL ? -1 : ops->read(handle, buffer, size);
}
