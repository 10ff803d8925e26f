#define _GNU_SOURCE
#include "ct_guard_pages.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGE 4096

/// One readable page followed by a guard page; returns the guard page's first byte (the end of
/// the readable one), or NULL.
static unsigned char *map_guarded(unsigned char fill) {
    unsigned char *region = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) return NULL;
    memset(region, fill, PAGE);
    if (mprotect(region + PAGE, PAGE, PROT_NONE) != 0) abort();
    return region + PAGE;
}

static void unmap_guarded(unsigned char *guard) { munmap(guard - PAGE, 2 * PAGE); }

unsigned char *cgp_map_before_guard(void) { return map_guarded('x'); }

void cgp_unmap_before_guard(unsigned char *guard) { unmap_guarded(guard); }

int32_t cgp_text_before_guard(cgp_text_fn f, size_t length, uintptr_t *address) {
    unsigned char *guard = map_guarded('x');
    if (guard == NULL || length > PAGE) abort();
    const char *text = (const char *)guard - length;
    *address = (uintptr_t)text;
    int32_t result = f(text);
    unmap_guarded(guard);
    return result;
}

int32_t cgp_buffer_across_guard(cgp_buffer_fn f, size_t readable, size_t length, uintptr_t *address) {
    unsigned char *guard = map_guarded(0x5A);
    if (guard == NULL || readable > PAGE) abort();
    const unsigned char *data = guard - readable;
    *address = (uintptr_t)data;
    int32_t result = f(data, length);
    unmap_guarded(guard);
    return result;
}

int32_t cgp_data_before_guard(cgp_data_fn f, uintptr_t *address) {
    unsigned char *guard = map_guarded('-');
    if (guard == NULL) abort();
    char *data = (char *)guard - 8;
    memcpy(data, "abcdefgh", 8);
    *address = (uintptr_t)data;
    int32_t result = f(data, NULL, 8);
    unmap_guarded(guard);
    return result;
}

int32_t cgp_small_buffer_with_length(cgp_buffer_fn f, size_t length, uintptr_t *address) {
    // 16 bytes at the start of 2 MiB of readable memory: reading past them would not fault, so
    // only refusing the length keeps a capture from copying 1 MiB of what follows.
    size_t mapped = 2 << 20;
    unsigned char *data = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (data == MAP_FAILED) abort();
    memset(data, 0x5A, 16);
    *address = (uintptr_t)data;
    int32_t result = f(data, length);
    munmap(data, mapped);
    return result;
}

/// A page that held `fill` bytes (and a NUL at its end) and is unmapped by the time this
/// returns. Another mapping could take its place before the call; nothing else in the child
/// process that runs these tests maps memory in between.
static unsigned char *unmapped_page(void) {
    unsigned char *page = mmap(NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) abort();
    memcpy(page, "gone", 5);
    munmap(page, PAGE);
    return page;
}

int cgp_is_unmapped(uintptr_t address) {
    // msync fails with ENOMEM for a range that is not mapped.
    return msync((void *)(address & ~(uintptr_t)(PAGE - 1)), PAGE, MS_ASYNC) == -1 && errno == ENOMEM;
}

int32_t cgp_text_after_unmap(cgp_text_fn f, uintptr_t *address) {
    unsigned char *page = unmapped_page();
    *address = (uintptr_t)page;
    return f((const char *)page);
}

int32_t cgp_buffer_after_unmap(cgp_buffer_fn f, size_t length, uintptr_t *address) {
    unsigned char *page = unmapped_page();
    *address = (uintptr_t)page;
    return f(page, length);
}

int cgp_fault(void) {
    unsigned char *guard = map_guarded(0);
    if (guard == NULL) abort();
    return *(volatile unsigned char *)guard;
}

static int exit_status;

static void exit_from_handler(int signal) {
    (void)signal;
    static const char message[] = "test's own SIGSEGV handler\n";
    (void)!write(2, message, sizeof message - 1);
    _exit(exit_status);
}

void cgp_install_exiting_segv_handler(int status) {
    exit_status = status;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = exit_from_handler;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, NULL);
}
