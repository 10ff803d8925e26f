// The documentation's entry-patching example: parse_file calls parse_header directly, through
// no GOT slot, as functions of one C target do.
#include "ct_docs.h"

__attribute__((noinline)) int parse_header(int fd) { return fd > 0 ? 0 : -1; }

int parse_file(int fd) {
    int header = parse_header(fd);
    return header < 0 ? header : fd * 10;
}
