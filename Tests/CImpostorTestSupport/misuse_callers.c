#include "ct_misuse.h"

#include <stddef.h>
#include <sys/types.h>

// Declared here, not through <unistd.h>'s macros: what the headers would call for `pread`.
extern ssize_t pread64(int descriptor, void *buffer, size_t length, off_t offset);
extern ssize_t __pread64_chk(int descriptor, void *buffer, size_t length, off_t offset, size_t buffer_length);

long cm_read_renamed(int descriptor, void *buffer, unsigned long length) {
    ssize_t first = pread64(descriptor, buffer, length, 0);
    ssize_t second = __pread64_chk(descriptor, buffer, length, 0, length);
    return first == second ? (long)first : -1;
}

void cm_call_argv(cm_argv_fn f) {
    char first[] = "first", second[] = "second";
    char *argv[] = {first, second, NULL};
    f(argv, "argv");
}
