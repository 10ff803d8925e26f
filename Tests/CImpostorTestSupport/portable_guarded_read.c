// Impostor's guarded readers with the process_vm_readv fallback chosen, under other names (see
// ct_portable_guarded_read.h): the same source file, so the tests check the code other
// architectures run.
#include "ct_portable_guarded_read.h"

#define IMPOSTOR_GUARDED_READ_PORTABLE 1
#define impostor_guarded_read_prepare ct_portable_guarded_read_prepare
#define impostor_guarded_copy ct_portable_guarded_copy
#define impostor_guarded_strnlen ct_portable_guarded_strnlen
#define impostor_guarded_copy_text ct_portable_guarded_copy_text
#define impostor_guarded_copy_blocks ct_portable_guarded_copy_blocks
#include "../../CSupport/CImpostor/guarded_read.c"
