// Waiting until no other thread can be inside the bytes an entry patch is about to overwrite.
//
// The patch replaces several instructions. A thread that ran the first of them just before the
// patch and the next just after would run the middle of the jump as code, so the patch goes in
// two steps (entry_patch.c): first a one-byte `int3` on the first instruction, which sends every
// thread arriving from then on to the dispatcher by way of a signal; then, once no thread can
// still be between the old instructions, the jump. This file decides "once".
//
// A thread that was inside those few instructions when the `int3` went in leaves them after a
// few more nanoseconds of running. So each other thread counts as clear once it has run for
// 50 microseconds since (its CPU clock, which the kernel keeps for every thread), or once it is
// asleep in the kernel (state S or I in /proc/self/task/TID/stat: blocked in a system call,
// which no instruction of a function's first bytes makes). What this cannot see: a thread
// interrupted inside those bytes by a signal whose handler then runs on or sleeps; the
// DocC article says so. Raw system calls only: libc's may be the very function being patched.
#include "entry_machine.h"

#if defined(IMPOSTOR_GOT_X86_64)
#include <fcntl.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>

/// The kernel's clock id for a thread's CPU time (MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)).
static long thread_clock(long tid) { return (long)(int)((~(unsigned)tid << 3) | 2 | 4); }

static int64_t cpu_time(long tid) {
    struct timespec now;
    if (impostor_got_syscall(SYS_clock_gettime, thread_clock(tid), (long)&now, 0, 0, 0, 0) != 0) return -1;
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/// The state letter of thread `tid` (R, S, D, T, ...), or 0 when it is gone.
static char thread_state(long tid) {
    char path[48] = "/proc/self/task/";
    int length = 16;
    char digits[24];
    int count = 0;
    for (long value = tid; value > 0 && count < 20; value /= 10) digits[count++] = (char)('0' + value % 10);
    while (count > 0) path[length++] = digits[--count];
    const char *tail = "/stat";
    for (int i = 0; tail[i] != 0; i++) path[length++] = tail[i];
    path[length] = 0;
    long fd = impostor_got_syscall(SYS_openat, AT_FDCWD, (long)path, O_RDONLY | O_CLOEXEC, 0, 0, 0);
    if (fd < 0) return 0;
    char text[512];
    long read = impostor_got_syscall(SYS_read, fd, (long)text, sizeof text - 1, 0, 0, 0);
    (void)impostor_got_syscall(SYS_close, fd, 0, 0, 0, 0, 0);
    if (read <= 0) return 0;
    // "tid (name) S ...": the name may hold spaces and parentheses, so the last ')' ends it.
    long close = -1;
    for (long i = 0; i < read; i++)
        if (text[i] == ')') close = i;
    return (close >= 0 && close + 2 < read) ? text[close + 2] : 0;
}

#define MOST_THREADS 1024

struct linux_dirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/// The ids of this process's threads other than the caller, up to `capacity`; the count, or -1.
static long other_threads(long *tids, long capacity) {
    long self = impostor_got_syscall(SYS_gettid, 0, 0, 0, 0, 0, 0);
    long fd = impostor_got_syscall(SYS_openat, AT_FDCWD, (long)"/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0, 0, 0);
    if (fd < 0) return -1;
    long count = 0;
    _Alignas(8) char buffer[4096];
    for (;;) {
        long read = impostor_got_syscall(SYS_getdents64, fd, (long)buffer, sizeof buffer, 0, 0, 0);
        if (read <= 0) break;
        for (long at = 0; at < read;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + at);
            at += entry->d_reclen;
            long tid = 0;
            for (const char *c = entry->d_name; *c >= '0' && *c <= '9'; c++) tid = tid * 10 + (*c - '0');
            if (tid > 0 && tid != self && count < capacity) tids[count++] = tid;
        }
    }
    (void)impostor_got_syscall(SYS_close, fd, 0, 0, 0, 0, 0);
    return count;
}

static void pause_briefly(void) {
    struct timespec pause = {0, 50000};
    (void)impostor_got_syscall(SYS_nanosleep, (long)&pause, 0, 0, 0, 0, 0);
}

/// Waits until every other thread is clear of the instructions being replaced (see above), up
/// to a second. Returns 0, or the id of a thread still not clear then.
__attribute__((visibility("hidden"))) long impostor_entry_wait_for_threads(void) {
    static long tids[MOST_THREADS];
    static int64_t started[MOST_THREADS];
    long count = other_threads(tids, MOST_THREADS);
    if (count <= 0) return 0;
    for (long i = 0; i < count; i++) started[i] = cpu_time(tids[i]);
    for (int round = 0; round < 20000; round++) {
        long left = 0;
        for (long i = 0; i < count; i++) {
            if (tids[i] == 0) continue;
            char state = thread_state(tids[i]);
            int64_t now = cpu_time(tids[i]);
            int asleep = state == 'S' || state == 'I' || state == 'Z' || state == 'X' || state == 0;
            if (asleep || now < 0 || started[i] < 0 || now - started[i] >= 50000) {
                tids[i] = 0;
            } else {
                left = tids[i];
            }
        }
        if (left == 0) return 0;
        if (round >= 20000 - 1) return left;
        pause_briefly();
    }
    return 0;
}
#endif
