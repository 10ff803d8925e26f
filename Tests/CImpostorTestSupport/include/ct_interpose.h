// Callers for the interposition tests: C code in the test executable that calls libc by name,
// through the executable's own GOT, as code under test would.
#ifndef CT_INTERPOSE_H
#define CT_INTERPOSE_H

#include <stdint.h>
#include <sys/types.h>

/// Calls getenv(name).
const char *_Nullable ct_interpose_getenv(const char *_Nonnull name);

/// Calls getppid().
pid_t ct_interpose_getppid(void);

/// Calls getpgrp() (a function nothing else in the suite calls).
pid_t ct_interpose_getpgrp(void);

/// Calls getgid() (which only the test of calls from other threads interposes).
gid_t ct_interpose_getgid(void);

/// Calls getgid() `count` times on a new thread, which no test claims, and joins it; -1 when
/// the thread could not start.
int ct_interpose_getgid_on_new_thread(int count);

/// Calls getpgid(pid): nothing else in the executable does, so its slot stays lazy (a PLT
/// stub) until the first call.
pid_t ct_interpose_lazy_getpgid(pid_t pid);

/// Calls getsid(pid).
pid_t ct_interpose_getsid(pid_t pid);

/// getegid() through this object's GOT: no test but the slot-restoring one interposes getegid.
gid_t ct_interpose_getegid(void);

/// geteuid() through this object's GOT: no test but the one of a slot changed under the swap
/// interposes geteuid.
uid_t ct_interpose_geteuid(void);

/// A second party's geteuid, for that test to point the slot at: returns 4321.
uid_t ct_other_geteuid(void);

/// Calls localtime_r (which AddressSanitizer and ThreadSanitizer intercept).
struct tm;
struct tm *_Nullable ct_interpose_localtime_r(const long *_Nonnull time, struct tm *_Nonnull result);

/// Formats "%d %.1f %s" with snprintf, a variadic call passing a double in xmm0 (al = 1).
int ct_interpose_snprintf(char *_Nonnull buffer, unsigned long size, int number, double real, const char *_Nonnull text);

/// Calls getpid() (which only the claimed-route tests interpose).
pid_t ct_interpose_getpid(void);

/// Threads that call getppid() in a loop until stopped, sorting the answers into the real
/// parent pid, `mocked`, zero (a mock not stubbed yet), and anything else.
typedef struct ct_interpose_threads ct_interpose_threads;
ct_interpose_threads *_Nullable ct_interpose_threads_start(int count, pid_t mocked);
/// Threads that first run `prologue(context)` (claiming themselves for a test), then call
/// getpid() in a loop until stopped, sorting the answers likewise (the real answer: getpid's).
ct_interpose_threads *_Nullable ct_interpose_getpid_threads_start(int count, pid_t mocked,
                                                                  void (*_Nonnull prologue)(const void *_Nullable),
                                                                  const void *_Nullable context);
/// Stops and frees them; writes how many calls returned each kind of answer.
void ct_interpose_threads_stop(ct_interpose_threads *_Nonnull threads, long *_Nonnull real, long *_Nonnull mocked,
                               long *_Nonnull unstubbed, long *_Nonnull other);

#endif
