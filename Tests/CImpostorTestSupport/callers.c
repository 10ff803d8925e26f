#include "CImpostorTestSupport.h"
int32_t ct_call_binary_i32(ct_binary_i32 f, int32_t a, int32_t b) { return f(a, b); }
