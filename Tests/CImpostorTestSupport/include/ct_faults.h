// A small piece of real I/O code for the fault-injection tests: saving a file atomically.
#ifndef CT_FAULTS_H
#define CT_FAULTS_H

#include <stddef.h>

/// Saves `size` bytes to `path` atomically: writes `path` + ".tmp", `fsync`s it, closes it and
/// renames it over `path`. Returns 0 on success, -1 with `errno` set on failure (the temporary
/// file removed). With `careless` set it has the classic bug: it ignores a failed `fsync` and
/// reports success for data that may never reach the disk.
int cf_save_atomically(const char *path, const void *data, size_t size, int careless);

/// Flushes `fd` twice with `fsync`, and aborts the process when one fails: a library that treats
/// an I/O error as impossible. Returns 0.
int cf_flush_twice_or_abort(int fd);

#endif
