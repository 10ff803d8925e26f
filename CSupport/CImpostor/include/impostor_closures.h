// libffi's closures and call interfaces, for Swift: Swift 6 rejects libffi's mutable type globals
// as unsafe shared state, so they are reached through these functions.
#ifndef IMPOSTOR_CLOSURES_H
#define IMPOSTOR_CLOSURES_H

#include <ffi.h>
#include <stddef.h>
#include <stdint.h>

#include "impostor_hot.h"
#include "impostor_entry_answers.h"
#include "impostor_static_trampolines.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Closures

/// The handler libffi calls for every call through a closure.
typedef void (*impostor_closure_handler)(ffi_cif *_Nonnull cif, void *_Nullable result,
                                         void *_Nullable *_Nullable arguments,
                                         void *_Nullable user_data);

/// Allocates a closure and writes its executable entry point to `*code`; callers must call
/// through `*code`, never through the closure's writable address. NULL when out of memory.
void *_Nullable impostor_closure_allocate(void *_Nullable *_Nonnull code);

/// Prepares (or re-points) a closure to call `handler` with `user_data` for calls of `cif`.
/// Returns FFI_OK (0) on success.
int impostor_closure_prepare(void *_Nonnull closure, ffi_cif *_Nonnull cif,
                             impostor_closure_handler _Nonnull handler, void *_Nullable user_data,
                             void *_Nonnull code);

struct impostor_fast_path;

/// Prepares a closure for calls of `cif` that answers them as a static trampoline's dispatcher
/// does, through libffi's argument pointers: while `fast->open` is set and no prototype or
/// leftover matcher concerns the calling thread, the newest stub key that matches runs through
/// `answer`, and a call none matches is answered with `result_write_size` zero bytes if the
/// mock is nice; the call is then recorded. Every other call goes to `handler`. `fast` must
/// live as long as calls can arrive; its context is never freed. Returns FFI_OK (0) on success.
int impostor_closure_prepare_answering(void *_Nonnull closure, ffi_cif *_Nonnull cif,
                                       impostor_closure_handler _Nonnull handler,
                                       impostor_static_answer _Nonnull answer, void *_Nullable user_data,
                                       struct impostor_fast_path *_Nonnull fast, uint32_t result_write_size,
                                       void *_Nonnull code);

/// Frees a closure made by `impostor_closure_allocate` (only when preparing it failed:
/// a prepared closure may still be called by C code, so mocks never free theirs).
void impostor_closure_free(void *_Nullable closure);

// MARK: Call interfaces and types

/// Prepares `cif` for the default ABI. Returns FFI_OK (0) on success.
int impostor_prep_cif(ffi_cif *_Nonnull cif, unsigned argument_count, ffi_type *_Nonnull result,
                      ffi_type *_Nullable *_Nullable arguments);

/// Lays out a struct type (filling its size and alignment) and writes its element offsets.
int impostor_struct_offsets(ffi_type *_Nonnull type, size_t *_Nullable offsets);

/// libffi's built-in scalar types. Accessors, because Swift 6 rejects mutable C globals.
ffi_type *_Nonnull impostor_type_void(void);
ffi_type *_Nonnull impostor_type_uint8(void);
ffi_type *_Nonnull impostor_type_sint8(void);
ffi_type *_Nonnull impostor_type_uint16(void);
ffi_type *_Nonnull impostor_type_sint16(void);
ffi_type *_Nonnull impostor_type_uint32(void);
ffi_type *_Nonnull impostor_type_sint32(void);
ffi_type *_Nonnull impostor_type_uint64(void);
ffi_type *_Nonnull impostor_type_sint64(void);
ffi_type *_Nonnull impostor_type_float(void);
ffi_type *_Nonnull impostor_type_double(void);
ffi_type *_Nonnull impostor_type_longdouble(void);
ffi_type *_Nonnull impostor_type_pointer(void);

/// The value of FFI_TYPE_STRUCT, for building struct types.
static inline unsigned short impostor_struct_type_code(void) { return FFI_TYPE_STRUCT; }

#ifdef __cplusplus
}
#endif

#endif
