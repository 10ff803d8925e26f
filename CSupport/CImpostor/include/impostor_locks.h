// Mutexes for the Swift side.
#ifndef IMPOSTOR_LOCKS_H
#define IMPOSTOR_LOCKS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Locks

/// A mutex. Impostor locks with pthread mutexes rather than Swift's `Mutex`: ThreadSanitizer
/// understands them, and they sleep instead of spinning when threads outnumber cores.
typedef struct impostor_lock impostor_lock;

/// A new unlocked mutex, or NULL when out of memory.
impostor_lock *_Nullable impostor_lock_create(void);
void impostor_lock_destroy(impostor_lock *_Nonnull lock);
void impostor_lock_acquire(impostor_lock *_Nonnull lock);
void impostor_lock_release(impostor_lock *_Nonnull lock);

#ifdef __cplusplus
}
#endif

#endif
