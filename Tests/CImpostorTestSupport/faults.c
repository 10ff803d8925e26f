// Saving a file atomically, with and without the unchecked fsync (see ct_faults.h). Calls
// write, fsync and rename through the executable's own GOT, where interpose can reach them.
#include "ct_faults.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cf_save_atomically(const char *path, const void *data, size_t size, int careless) {
    char temporary[4096];
    if (snprintf(temporary, sizeof temporary, "%s.tmp", path) >= (int)sizeof temporary) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) return -1;
    const char *bytes = data;
    size_t done = 0;
    while (done < size) {
        ssize_t written = write(fd, bytes + done, size - done);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) goto fail;
        done += (size_t)written;
    }
    if (fsync(fd) != 0 && !careless) goto fail;
    if (close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    if (rename(temporary, path) != 0) {
        int saved = errno;
        unlink(temporary);
        errno = saved;
        return -1;
    }
    return 0;
fail:;
    int saved = errno;
    if (fd >= 0) close(fd);
    unlink(temporary);
    errno = saved;
    return -1;
}

int cf_flush_twice_or_abort(int fd) {
    if (fsync(fd) != 0) abort();
    if (fsync(fd) != 0) abort();
    return 0;
}
