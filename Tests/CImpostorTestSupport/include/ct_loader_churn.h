// A thread that loads and unloads a shared library without pause, so that objects are
// being mapped and relocated by the dynamic linker while a test interposes symbols.
#ifndef CT_LOADER_CHURN_H
#define CT_LOADER_CHURN_H

typedef struct ct_loader_churn ct_loader_churn;

/// Starts a thread that calls dlopen(library, RTLD_NOW) and dlclose in a loop until stopped.
/// NULL when the thread cannot be started or the library cannot be loaded at all.
ct_loader_churn *_Nullable ct_loader_churn_start(const char *_Nonnull library);

/// Stops the thread and returns how many times it loaded the library.
long ct_loader_churn_stop(ct_loader_churn *_Nonnull churn);

/// The whole pages the dynamic linker made read-only after relocating the loaded object whose
/// file name starts with `library` (its RELRO segment): 1 with [*start, *end), 0 when no such
/// object is loaded or it has none. A test makes them writable to stand for a relocation under way.
#include <stdint.h>
int ct_relro_pages(const char *_Nonnull library, uintptr_t *_Nonnull start, uintptr_t *_Nonnull end);

#endif
