#define _GNU_SOURCE
#include "ct_capture_paths.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define PAGE 4096

void ccp_pair_text(ccp_text_fn fast, ccp_text_fn slow, const char *text) {
    fast(text);
    slow(text);
}

void ccp_pair_text_int(ccp_text_int_fn fast, ccp_text_int_fn slow, const unsigned char *text, int32_t length) {
    fast(text, length);
    slow(text, length);
}

void ccp_pair_buffer(ccp_buffer_fn fast, ccp_buffer_fn slow, const void *data, size_t length) {
    fast(data, length);
    slow(data, length);
}

void ccp_pair_write(ccp_write_fn fast, ccp_write_fn slow, const char *data, size_t length) {
    fast((void *)0x1000, data, length);
    slow((void *)0x1000, data, length);
}

void ccp_pair_log(ccp_log_fn fast, ccp_log_fn slow, const char *text) {
    fast((void *)0x2000, text);
    slow((void *)0x2000, text);
}

void ccp_pair_items(ccp_items_fn fast, ccp_items_fn slow, const void *data, size_t size, size_t count) {
    fast(data, size, count);
    slow(data, size, count);
}

void ccp_pair_point(ccp_point_fn fast, ccp_point_fn slow, const ccp_point *point) {
    fast(point);
    slow(point);
}

int32_t ccp_call_nine(ccp_nine_fn f) { return f("a", "b", "c", "d", "e", "f", "g", "h", "i"); }

/// One readable page filled with `fill` followed by a guard page; returns the guard's address.
static unsigned char *map_guarded(unsigned char fill) {
    unsigned char *region = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) abort();
    memset(region, fill, PAGE);
    if (mprotect(region + PAGE, PAGE, PROT_NONE) != 0) abort();
    return region + PAGE;
}

void ccp_pair_text_before_guard(ccp_text_fn fast, ccp_text_fn slow, size_t length) {
    unsigned char *guard = map_guarded('x');
    if (length > PAGE) abort();
    ccp_pair_text(fast, slow, (const char *)guard - length);
    munmap(guard - PAGE, 2 * PAGE);
}

void ccp_pair_buffer_across_guard(ccp_buffer_fn fast, ccp_buffer_fn slow, size_t readable, size_t length) {
    unsigned char *guard = map_guarded(0x5A);
    if (readable > PAGE) abort();
    ccp_pair_buffer(fast, slow, guard - readable, length);
    munmap(guard - PAGE, 2 * PAGE);
}

static int still_unmapped(unsigned char *page) {
    // msync fails with ENOMEM exactly when some page of the range is not mapped.
    return msync(page, PAGE, MS_ASYNC) != 0 && errno == ENOMEM;
}

int ccp_pair_buffer_unmapped(ccp_buffer_fn fast, ccp_buffer_fn slow, size_t length) {
    unsigned char *pages = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) abort();
    munmap(pages, 2 * PAGE);
    fast(pages, length);
    slow(pages + PAGE, length);
    // A test running beside this one may map the freed range between the munmap and the reads;
    // then these calls did not test unmapped memory, and the caller tries again.
    return still_unmapped(pages) && still_unmapped(pages + PAGE);
}

void ccp_pair_long_text(ccp_log_fn fast, ccp_log_fn slow, size_t length) {
    char *text = malloc(length + 1);
    if (text == NULL) abort();
    memset(text, 'y', length);
    text[length] = 0;
    ccp_pair_log(fast, slow, text);
    free(text);
}

typedef struct log_thread {
    ccp_log_fn f;
    int index;
    int calls;
    int32_t expected;
    int64_t matched;
} log_thread;

static void *log_loop(void *argument) {
    log_thread *thread = argument;
    char text[32];
    snprintf(text, sizeof text, "call %d", thread->index);
    for (int call = 0; call < thread->calls; call++) {
        if (thread->f((void *)(uintptr_t)(0x1000 + thread->index), text) == thread->expected) thread->matched++;
    }
    return NULL;
}

int64_t ccp_log_from_threads(ccp_log_fn f, int threads, int calls, int32_t expected) {
    pthread_t ids[64];
    log_thread states[64];
    if (threads > 64) abort();
    for (int index = 0; index < threads; index++) {
        states[index] = (log_thread){f, index, calls, expected, 0};
        if (pthread_create(&ids[index], NULL, log_loop, &states[index]) != 0) abort();
    }
    int64_t matched = 0;
    for (int index = 0; index < threads; index++) {
        pthread_join(ids[index], NULL);
        matched += states[index].matched;
    }
    return matched;
}
