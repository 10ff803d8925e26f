// A second static function named ct_patch_twin (see patch_callers.c): a name two files use.
#include "ct_patch.h"

__attribute__((noinline, used)) static int ct_patch_twin(int value) { return value + 200; }

int ct_patch_call_twin_there(int value) { return ct_patch_twin(value); }
