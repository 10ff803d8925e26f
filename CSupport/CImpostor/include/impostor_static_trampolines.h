// Static trampolines: Impostor's own entry points for mocks on Linux x86-64 and AArch64, faster
// than a libffi closure and with no page that is both writable and executable.
//
// A code page assembled into this library holds identical 16-byte stubs and one shared entry.
// Each mock gets a stub in a copy of that page, mapped read+execute from the library's own
// file, and the stub reads its mock's context from the read-write page mapped right after it.
// The shared entry spills the argument registers and calls a C dispatcher, which points at each
// argument by a layout worked out once, when the mock is made, and calls the same handler a
// libffi closure would, with the same arguments. Nothing is decided per call.
//
// Signatures the layout does not cover (`long double` anywhere: x87 on x86-64, a quad on
// AArch64; types aligned to more than 8 bytes; empty structs) and other platforms keep libffi's
// closures.
#ifndef IMPOSTOR_STATIC_TRAMPOLINES_H
#define IMPOSTOR_STATIC_TRAMPOLINES_H

#include <ffi.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What `impostor_static_trampoline_create` made of a request.
typedef enum impostor_static_outcome {
    /// A trampoline was made; `*code` is its entry point.
    IMPOSTOR_STATIC_MADE = 0,
    /// The signature holds a type the static path does not cover: use a libffi closure.
    IMPOSTOR_STATIC_SIGNATURE_NOT_COVERED = 1,
    /// The static path is off in this process (see `impostor_static_trampolines_unavailable`).
    IMPOSTOR_STATIC_UNAVAILABLE = 2,
    /// Out of memory or address space.
    IMPOSTOR_STATIC_NO_MEMORY = 3,
} impostor_static_outcome;

/// The handler a trampoline calls: the same shape as a libffi closure handler, so one Swift
/// handler serves both paths. `arguments` holds one pointer per parameter of `cif`; `result`
/// is at least 8 bytes, or the caller's own struct for a struct returned through memory.
typedef void (*impostor_static_handler)(ffi_cif *_Nonnull cif, void *_Nullable result,
                                        void *_Nullable *_Nullable arguments,
                                        void *_Nullable user_data);

/// The function a trampoline's dispatcher calls to run the answer of a stub it matched itself
/// (see `impostor_stub_keys.h`): `stub` is the key's, `stamp` the call's ordering stamp;
/// `result` is as for the handler. Argument `i`'s value is at `argument_base +
/// argument_offsets[i]`: the static dispatcher passes its frame and the offsets decided when
/// the mock was made, so that it builds no pointers; a libffi closure passes NULL and libffi's
/// pointers (an address is its own offset from 0). The caller records the call after it.
typedef void (*impostor_static_answer)(void *_Nullable user_data, const void *_Nonnull stub, void *_Nullable result,
                                       const void *_Nullable argument_base, const void *_Nonnull argument_offsets,
                                       uint64_t stamp);

struct impostor_fast_path;

/// Makes a trampoline that calls `handler` with `user_data` for calls of `cif` (prepared for
/// the default ABI). Trampolines are never freed: C code may keep the pointer forever.
///
/// With `fast`, which must live as long as calls can arrive, and while `fast->open` is set,
/// no prototype is being evaluated and no matcher is waiting on the calling thread, and the
/// layout is the common one (see `dispatch`), the dispatcher answers a call itself: the newest
/// of `fast`'s stub keys that matches it runs through `answer`, and a call none matches is
/// answered zero if the mock is nice; it then records the call. Every other call goes to
/// `handler`. It also sets `fast->eightbytes` when the mock's records may be written 8 bytes
/// a value, by the dispatcher and by the handler alike, and `fast->frame_offsets` when its
/// dispatcher reads `fast`.
impostor_static_outcome impostor_static_trampoline_create(ffi_cif *_Nonnull cif,
                                                          impostor_static_handler _Nonnull handler,
                                                          impostor_static_answer _Nonnull answer,
                                                          void *_Nullable user_data,
                                                          struct impostor_fast_path *_Nullable fast,
                                                          void *_Nullable *_Nonnull code);

/// NULL when static trampolines can be made in this process; otherwise why not (the
/// platform, a page size other than 4 KiB, or the library file that could not be mapped).
/// The first call decides, once.
const char *_Nullable impostor_static_trampolines_unavailable(void);

#ifdef __cplusplus
}
#endif

#endif
