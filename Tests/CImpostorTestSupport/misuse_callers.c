#include "ct_misuse.h"

#include <stddef.h>

void cm_call_argv(cm_argv_fn f) {
    char first[] = "first", second[] = "second";
    char *argv[] = {first, second, NULL};
    f(argv, "argv");
}
