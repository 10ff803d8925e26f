#include "ct_interpose.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <gnu/libc-version.h>

const char *ct_interpose_getenv(const char *name) { return getenv(name); }

pid_t ct_interpose_getppid(void) { return getppid(); }

pid_t ct_interpose_getpgrp(void) { return getpgrp(); }

gid_t ct_interpose_getgid(void) { return getgid(); }

static void *call_getgid(void *count) {
    for (int i = 0; i < *(int *)count; i++) (void)getgid();
    return NULL;
}

int ct_interpose_getgid_on_new_thread(int count) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, call_getgid, &count) != 0) return -1;
    pthread_join(thread, NULL);
    return 0;
}

pid_t ct_interpose_lazy_getpgid(pid_t pid) { return getpgid(pid); }

pid_t ct_interpose_getsid(pid_t pid) { return getsid(pid); }

gid_t ct_interpose_getegid(void) { return getegid(); }

uid_t ct_interpose_geteuid(void) { return geteuid(); }

uid_t ct_other_geteuid(void) { return 4321; }

struct tm *ct_interpose_localtime_r(const long *time, struct tm *result) { return localtime_r(time, result); }

int ct_interpose_snprintf(char *buffer, unsigned long size, int number, double real, const char *text) {
    return snprintf(buffer, size, "%d %.1f %s", number, real, text);
}

pid_t ct_interpose_getpid(void) { return getpid(); }

struct ct_interpose_threads {
    int count;
    pid_t (*call)(void);
    void (*prologue)(const void *);
    const void *context;
    pid_t real_parent;
    pid_t mocked;
    atomic_int stop;
    atomic_long real;
    atomic_long mocked_calls;
    atomic_long unstubbed;
    atomic_long other;
    pthread_t threads[16];
};

static void *call_in_a_loop(void *argument) {
    struct ct_interpose_threads *state = argument;
    if (state->prologue != NULL) state->prologue(state->context);
    while (!atomic_load(&state->stop)) {
        pid_t answer = state->call();
        if (answer == state->real_parent) atomic_fetch_add(&state->real, 1);
        else if (answer == state->mocked) atomic_fetch_add(&state->mocked_calls, 1);
        else if (answer == 0) atomic_fetch_add(&state->unstubbed, 1);
        else atomic_fetch_add(&state->other, 1);
    }
    return NULL;
}

static ct_interpose_threads *start(int count, pid_t mocked, pid_t (*call)(void), void (*prologue)(const void *),
                                   const void *context) {
    struct ct_interpose_threads *state = calloc(1, sizeof *state);
    if (state == NULL || count > 16) return NULL;
    state->count = count;
    state->call = call;
    state->prologue = prologue;
    state->context = context;
    state->real_parent = call();  // called before any thread starts
    state->mocked = mocked;
    for (int i = 0; i < count; i++) pthread_create(&state->threads[i], NULL, call_in_a_loop, state);
    return state;
}

// getppid itself rather than a caller: the loop's calls are made from this object, by name.
static pid_t call_getppid(void) { return getppid(); }
static pid_t call_getpid(void) { return getpid(); }

ct_interpose_threads *ct_interpose_threads_start(int count, pid_t mocked) {
    return start(count, mocked, call_getppid, NULL, NULL);
}

ct_interpose_threads *ct_interpose_getpid_threads_start(int count, pid_t mocked, void (*prologue)(const void *),
                                                        const void *context) {
    return start(count, mocked, call_getpid, prologue, context);
}

void ct_interpose_threads_stop(ct_interpose_threads *state, long *real, long *mocked, long *unstubbed, long *other) {
    atomic_store(&state->stop, 1);
    for (int i = 0; i < state->count; i++) pthread_join(state->threads[i], NULL);
    *real = atomic_load(&state->real);
    *mocked = atomic_load(&state->mocked_calls);
    *unstubbed = atomic_load(&state->unstubbed);
    *other = atomic_load(&state->other);
    free(state);
}

long ct_interpose_realtime_seconds(void) {
    struct timespec now = {0, 0};
    if (clock_gettime(CLOCK_REALTIME, &now) != 0) return -1;
    return (long)now.tv_sec;
}

long ct_interpose_write(int descriptor, const void *bytes, unsigned long count) { return write(descriptor, bytes, count); }

static atomic_long counted_calls = 0;

__attribute__((noinline)) int ct_interpose_counted(int value) {
    atomic_fetch_add(&counted_calls, 1);
    return value + 5;
}

int ct_interpose_call_counted(int value) { return ct_interpose_counted(value); }

long ct_interpose_counted_calls(void) { return atomic_load(&counted_calls); }

const char *ct_interpose_libc_version(void) { return gnu_get_libc_version(); }

// Two ways code keeps `write`'s address. A pointer in data that the dynamic linker writes when
// the executable is loaded (a relocation against the symbol): what C's static initializers and
// Swift's release builds make of `let sysWrite = write`. And one loaded from the GOT slot each
// time the code runs: what Swift's debug builds make of the same global, initialized lazily.
// Not static and not const, so that the compiler cannot fold the pointer into a direct call.
ssize_t (*ct_interpose_write_loaded_at_start)(int, const void *, size_t) = write;

long ct_interpose_write_through_data(int descriptor, const void *bytes, unsigned long count) {
    return ct_interpose_write_loaded_at_start(descriptor, bytes, count);
}

long ct_interpose_write_through_slot(int descriptor, const void *bytes, unsigned long count) {
    ssize_t (*volatile function)(int, const void *, size_t) = write;
    return function(descriptor, bytes, count);
}

int ct_interpose_getdtablesize(void) { return getdtablesize(); }

static void *call_getdtablesize(void *count) {
    for (int i = 0; i < *(int *)count; i++) (void)getdtablesize();
    return NULL;
}

int ct_interpose_getdtablesize_on_new_thread(int count) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, call_getdtablesize, &count) != 0) return -1;
    pthread_join(thread, NULL);
    return 0;
}
