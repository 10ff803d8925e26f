#include "ct_signals.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static csig_binary_fn hammered;
static int32_t hammer_expected;
static _Atomic(int64_t) handled;
static _Atomic(int64_t) wrong_in_handler;
static _Atomic(int) stop;

static void on_signal(int signal) {
    (void)signal;
    int64_t n = atomic_load_explicit(&handled, memory_order_relaxed);
    if (hammered((int32_t)(1000000 + n), 2) != hammer_expected) atomic_fetch_add(&wrong_in_handler, 1);
    atomic_store_explicit(&handled, n + 1, memory_order_relaxed);
}

static void *send_signals(void *target) {
    pthread_t thread = *(pthread_t *)target;
    while (!atomic_load_explicit(&stop, memory_order_acquire)) {
        pthread_kill(thread, SIGUSR1);
        sched_yield();
    }
    return NULL;
}

csig_result csig_hammer(csig_binary_fn mock, int32_t calls, int64_t handler_calls, int32_t expected) {
    hammered = mock;
    hammer_expected = expected;
    atomic_store(&handled, 0);
    atomic_store(&wrong_in_handler, 0);
    atomic_store(&stop, 0);
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGUSR1, &action, &previous);
    // The test's thread may be a pool thread that blocks signals.
    sigset_t usr1, mask;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    pthread_sigmask(SIG_UNBLOCK, &usr1, &mask);

    pthread_t self = pthread_self(), sender;
    pthread_create(&sender, NULL, send_signals, &self);
    // And a timer on this thread's own CPU time, which fires while it runs however busy the
    // machine is (the sending thread may wait for a core).
    timer_t timer;
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = SIGUSR1;
    event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    int timed = timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &timer) == 0;
    if (timed) {
        struct itimerspec every = {{0, 50000}, {0, 50000}};
        timer_settime(timer, 0, &every, NULL);
    }
    int64_t wrong = 0;
    int32_t i = 0;
    // At least `calls` calls, and on until the handler has made `handler_calls`, 3 seconds have
    // passed or this thread has made 2,000,000 calls: each signal lands somewhere in the loop,
    // and only some inside an append.
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;; i++) {
        if (mock(i, 1) != expected) wrong++;
        free(malloc(64 + (size_t)(i % 7) * 16));
        if (i + 1 < calls || (i & 1023) != 0) continue;
        if (atomic_load_explicit(&handled, memory_order_relaxed) >= handler_calls || i + 1 >= 2000000) break;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec >= 3) break;
    }
    i++;
    if (timed) timer_delete(timer);
    atomic_store_explicit(&stop, 1, memory_order_release);
    pthread_join(sender, NULL);
    // A signal sent last may still be pending: let it run before the handler goes.
    sigset_t pending;
    while (sigpending(&pending) == 0 && sigismember(&pending, SIGUSR1)) sched_yield();
    pthread_sigmask(SIG_SETMASK, &mask, NULL);
    sigaction(SIGUSR1, &previous, NULL);
    csig_result result = {i, atomic_load(&handled), wrong + atomic_load(&wrong_in_handler)};
    return result;
}
