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

/// Calls clock_gettime(CLOCK_REALTIME) and returns its seconds, or -1 when it failed.
long ct_interpose_realtime_seconds(void);

/// Calls write(descriptor, bytes, count).
long ct_interpose_write(int descriptor, const void *_Nullable bytes, unsigned long count);

/// Returns value + 5 and counts the call: the real function behind a test's interposition,
/// whose calls are counted here, in C, whoever makes them.
int ct_interpose_counted(int value);
/// Calls ct_interpose_counted(value) directly, as a function of the same C target would.
int ct_interpose_call_counted(int value);
/// How many times ct_interpose_counted ran.
long ct_interpose_counted_calls(void);

/// Calls gnu_get_libc_version(), which Swift Testing's library imports too.
const char *_Nullable ct_interpose_libc_version(void);

/// Calls write through a pointer the dynamic linker wrote into data at load time.
long ct_interpose_write_through_data(int descriptor, const void *_Nullable bytes, unsigned long count);
/// Calls write through a pointer read from the executable's GOT slot at the call.
long ct_interpose_write_through_slot(int descriptor, const void *_Nullable bytes, unsigned long count);

/// Calls getdtablesize(): interposed by the parallel hint test only.
int ct_interpose_getdtablesize(void);
/// Calls getdtablesize() `count` times on a new thread, which belongs to no test; 0, or -1
/// when no thread could be made.
int ct_interpose_getdtablesize_on_new_thread(int count);

#endif
