// C functions the documentation's examples call by their own names, so the examples compile
// as tests (the README's and the "C symbols" article's entry-patching example).
#ifndef CT_DOCS_H
#define CT_DOCS_H

/// Reads a header from `fd`: 0 when it is valid, -1 otherwise (a stand-in: fd > 0 is valid).
int parse_header(int fd);
/// Parses the file at `fd`: calls parse_header directly, then answers fd * 10, or its error.
int parse_file(int fd);

#endif
