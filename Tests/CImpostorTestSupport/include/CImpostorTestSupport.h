// Test-only C callers: call mocked function pointers the way a C library would.
#ifndef CIMPOSTOR_TEST_SUPPORT_H
#define CIMPOSTOR_TEST_SUPPORT_H
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>

typedef int32_t (*ct_binary_i32)(int32_t, int32_t);
int32_t ct_call_binary_i32(ct_binary_i32 f, int32_t a, int32_t b);
#endif
