// The trampoline floor (row 2): an empty libffi closure with a C handler.
#include "CBenchmarkSupport.h"

#include <ffi.h>
#include <pthread.h>

static ffi_cif bench_cif;
static ffi_type *bench_argument_types[2];
static bench_binary_fn bench_closure_code;
static pthread_once_t bench_closure_once = PTHREAD_ONCE_INIT;

// Does the least a useful handler can: reads both arguments and writes the sum as a full,
// sign-extended ffi_arg, as libffi requires of integral returns narrower than 64 bits.
static void bench_empty_handler(ffi_cif *cif, void *result, void **arguments, void *user_data) {
    (void)cif;
    (void)user_data;
    int32_t a = *(int32_t *)arguments[0];
    int32_t b = *(int32_t *)arguments[1];
    *(ffi_sarg *)result = (ffi_sarg)(a + b);
}

static void bench_make_closure(void) {
    bench_argument_types[0] = &ffi_type_sint32;
    bench_argument_types[1] = &ffi_type_sint32;
    if (ffi_prep_cif(&bench_cif, FFI_DEFAULT_ABI, 2, &ffi_type_sint32, bench_argument_types) != FFI_OK) return;
    void *code = NULL;
    ffi_closure *closure = ffi_closure_alloc(sizeof(ffi_closure), &code);
    if (closure == NULL) return;
    if (ffi_prep_closure_loc(closure, &bench_cif, bench_empty_handler, NULL, code) != FFI_OK) {
        ffi_closure_free(closure);
        return;
    }
    // The closure lives as long as the process. Call through `code`, never `closure`.
    bench_closure_code = (bench_binary_fn)code;
}

bench_binary_fn bench_empty_closure(void) {
    pthread_once(&bench_closure_once, bench_make_closure);
    return bench_closure_code;
}
