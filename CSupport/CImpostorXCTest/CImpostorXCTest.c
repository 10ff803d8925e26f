#include "CImpostorXCTest.h"

#include <stddef.h>

// Weak, so this target links on its own; ImpostorXCTest always provides the definition.
__attribute__((weak)) void impostor_xctest_loaded(void);

__attribute__((constructor)) static void impostor_xctest_on_load(void) {
    if (impostor_xctest_loaded != NULL) impostor_xctest_loaded();
}
