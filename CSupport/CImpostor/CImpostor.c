#include "CImpostor.h"

#include <pthread.h>
#include <stdlib.h>

_Thread_local impostor_thread_state impostor_thread_state_storage;

void *impostor_closure_allocate(void **code) {
    return ffi_closure_alloc(sizeof(ffi_closure), code);
}

int impostor_closure_prepare(void *closure, ffi_cif *cif, impostor_closure_handler handler,
                             void *user_data, void *code) {
    return (int)ffi_prep_closure_loc((ffi_closure *)closure, cif, handler, user_data, code);
}

void impostor_closure_free(void *closure) {
    if (closure != NULL) ffi_closure_free(closure);
}

int impostor_prep_cif(ffi_cif *cif, unsigned argument_count, ffi_type *result, ffi_type **arguments) {
    return (int)ffi_prep_cif(cif, FFI_DEFAULT_ABI, argument_count, result, arguments);
}

int impostor_struct_offsets(ffi_type *type, size_t *offsets) {
    return (int)ffi_get_struct_offsets(FFI_DEFAULT_ABI, type, offsets);
}

ffi_type *impostor_type_void(void) { return &ffi_type_void; }
ffi_type *impostor_type_uint8(void) { return &ffi_type_uint8; }
ffi_type *impostor_type_sint8(void) { return &ffi_type_sint8; }
ffi_type *impostor_type_uint16(void) { return &ffi_type_uint16; }
ffi_type *impostor_type_sint16(void) { return &ffi_type_sint16; }
ffi_type *impostor_type_uint32(void) { return &ffi_type_uint32; }
ffi_type *impostor_type_sint32(void) { return &ffi_type_sint32; }
ffi_type *impostor_type_uint64(void) { return &ffi_type_uint64; }
ffi_type *impostor_type_sint64(void) { return &ffi_type_sint64; }
ffi_type *impostor_type_float(void) { return &ffi_type_float; }
ffi_type *impostor_type_double(void) { return &ffi_type_double; }
ffi_type *impostor_type_longdouble(void) { return &ffi_type_longdouble; }
ffi_type *impostor_type_pointer(void) { return &ffi_type_pointer; }

struct impostor_lock {
    pthread_mutex_t mutex;
};

impostor_lock *impostor_lock_create(void) {
    impostor_lock *lock = malloc(sizeof *lock);
    if (lock != NULL) pthread_mutex_init(&lock->mutex, NULL);
    return lock;
}

void impostor_lock_destroy(impostor_lock *lock) {
    pthread_mutex_destroy(&lock->mutex);
    free(lock);
}

void impostor_lock_acquire(impostor_lock *lock) { pthread_mutex_lock(&lock->mutex); }

void impostor_lock_release(impostor_lock *lock) { pthread_mutex_unlock(&lock->mutex); }
