// Readers of a caller's memory that survive a fault (see impostor_guarded_read.h).
//
// On Linux x86-64 they work as the Linux kernel's copy_from_user and frida-gum's exceptor do:
// each load that may touch the caller's memory is one known instruction, and a fault at exactly
// that instruction is resumed, by a SIGSEGV/SIGBUS handler, at a fix-up that returns "not
// read". A read that does not fault runs a handful of instructions and no system call; the
// handler costs nothing until a fault.
#define _GNU_SOURCE
// Relative to this file, so that the tests can compile the portable readers from it too.
#include "include/impostor_guarded_read.h"

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && defined(__linux__) && !defined(IMPOSTOR_GUARDED_READ_PORTABLE)

#include <pthread.h>
#include <string.h>
#include <ucontext.h>

// The readers, in assembly: no sanitizer instruments it (a fault-tolerant read must not be
// checked against memory the sanitizer tracks), the compiler cannot move or duplicate a load
// out of the instructions the handler knows, and only caller-saved registers are used (rax,
// rcx, rdx, r8, xmm0, xmm1), so a fix-up can return from any point.
//
// impostor_guarded_copy (rdi = destination, rsi = source, rdx = count) is one `rep movsb`.
// The processor keeps rsi, rdi and rcx up to date element by element and reports a fault with
// rcx holding the bytes not yet copied, so the instruction after it is its own fix-up: it
// returns rcx, which is 0 when the copy ran to its end. (Fast-string stores past the fault may
// have reached the destination; the header leaves those bytes unspecified.)
//
// impostor_guarded_strnlen (rdi = text, rsi = max) scans 16-byte blocks aligned to 16, as
// glibc's strnlen does (`repne scasb` is about 20 ns slower for a short string here). An
// aligned block never straddles two pages, and protection is per page, so a block can fault
// only when the caller's text itself runs into a page that cannot be read: bytes of the block
// before the text or past its NUL or `max` are in a page the text occupies, and are ignored.
// A block is loaded only while no NUL was found and it starts before text + max. Its two
// loads (the first block's and the loop's) are the only instructions that touch the caller's
// memory; a fault at either resumes at impostor_guarded_strnlen_fault, which returns SIZE_MAX.
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".globl impostor_guarded_copy\n"
    ".type impostor_guarded_copy, @function\n"
    "impostor_guarded_copy:\n"
    "    .cfi_startproc\n"
    "    endbr64\n"
    "    movq %rdx, %rcx\n"
    ".globl impostor_guarded_copy_load\n"
    ".hidden impostor_guarded_copy_load\n"
    "impostor_guarded_copy_load:\n"
    "    rep movsb\n"
    ".globl impostor_guarded_copy_resume\n"
    ".hidden impostor_guarded_copy_resume\n"
    "impostor_guarded_copy_resume:\n"
    "    movq %rcx, %rax\n"
    "    ret\n"
    "    .cfi_endproc\n"
    ".size impostor_guarded_copy, .-impostor_guarded_copy\n"

    ".p2align 4\n"
    ".globl impostor_guarded_strnlen\n"
    ".type impostor_guarded_strnlen, @function\n"
    "impostor_guarded_strnlen:\n"
    "    .cfi_startproc\n"
    "    endbr64\n"
    "    testq %rsi, %rsi\n"
    "    jz .Limpostor_strnlen_zero\n"
    "    movq %rdi, %rax\n"
    "    andq $-16, %rax\n"              // the block holding the text's first byte
    "    movl %edi, %ecx\n"
    "    andl $15, %ecx\n"               // the text's offset in it
    "    pxor %xmm0, %xmm0\n"
    ".globl impostor_guarded_strnlen_first_load\n"
    ".hidden impostor_guarded_strnlen_first_load\n"
    "impostor_guarded_strnlen_first_load:\n"
    "    movdqa (%rax), %xmm1\n"
    "    pcmpeqb %xmm0, %xmm1\n"
    "    pmovmskb %xmm1, %edx\n"
    "    shrl %cl, %edx\n"               // forget the NULs before the text
    "    testl %edx, %edx\n"
    "    jnz .Limpostor_strnlen_in_first\n"
    "    movl $16, %r8d\n"
    "    subq %rcx, %r8\n"               // r8: bytes of the text scanned so far
    ".Limpostor_strnlen_next:\n"
    "    cmpq %rsi, %r8\n"
    "    jae .Limpostor_strnlen_max\n"   // the next block starts at text + max or later
    "    addq $16, %rax\n"
    ".globl impostor_guarded_strnlen_next_load\n"
    ".hidden impostor_guarded_strnlen_next_load\n"
    "impostor_guarded_strnlen_next_load:\n"
    "    movdqa (%rax), %xmm1\n"
    "    pcmpeqb %xmm0, %xmm1\n"
    "    pmovmskb %xmm1, %edx\n"
    "    testl %edx, %edx\n"
    "    jnz .Limpostor_strnlen_in_next\n"
    "    addq $16, %r8\n"
    "    jmp .Limpostor_strnlen_next\n"
    ".Limpostor_strnlen_in_next:\n"
    "    bsfl %edx, %edx\n"
    "    leaq (%r8,%rdx), %rax\n"
    "    cmpq %rsi, %rax\n"
    "    cmovaq %rsi, %rax\n"            // a NUL past max: the length is max
    "    ret\n"
    ".Limpostor_strnlen_in_first:\n"
    "    bsfl %edx, %eax\n"
    "    cmpq %rsi, %rax\n"
    "    cmovaq %rsi, %rax\n"
    "    ret\n"
    ".Limpostor_strnlen_max:\n"
    "    movq %rsi, %rax\n"
    "    ret\n"
    ".Limpostor_strnlen_zero:\n"
    "    xorl %eax, %eax\n"
    "    ret\n"
    ".globl impostor_guarded_strnlen_fault\n"
    ".hidden impostor_guarded_strnlen_fault\n"
    "impostor_guarded_strnlen_fault:\n"
    "    movq $-1, %rax\n"
    "    ret\n"
    "    .cfi_endproc\n"
    ".size impostor_guarded_strnlen, .-impostor_guarded_strnlen\n"

    // impostor_guarded_copy_text (rdi = destination, rsi = text, rdx = max): the scan above,
    // storing each block it loads to the same offset from destination - (text % 16). Stores go
    // to the caller's scratch buffer only, which the header sizes for them; the two loads are
    // the scan's and fault the same way, resuming at impostor_guarded_copy_text_fault.
    ".p2align 4\n"
    ".globl impostor_guarded_copy_text\n"
    ".type impostor_guarded_copy_text, @function\n"
    "impostor_guarded_copy_text:\n"
    "    .cfi_startproc\n"
    "    endbr64\n"
    "    movq %rdx, %r10\n"              // r10: max
    "    testq %r10, %r10\n"
    "    jz .Limpostor_copy_text_zero\n"
    "    movq %rsi, %rax\n"
    "    andq $-16, %rax\n"
    "    movl %esi, %ecx\n"
    "    andl $15, %ecx\n"
    "    movq %rdi, %r9\n"
    "    subq %rcx, %r9\n"               // r9: where the block goes, up to 15 bytes before destination
    "    pxor %xmm0, %xmm0\n"
    ".globl impostor_guarded_copy_text_first_load\n"
    ".hidden impostor_guarded_copy_text_first_load\n"
    "impostor_guarded_copy_text_first_load:\n"
    "    movdqa (%rax), %xmm1\n"
    "    movdqu %xmm1, (%r9)\n"
    "    pcmpeqb %xmm0, %xmm1\n"
    "    pmovmskb %xmm1, %edx\n"
    "    shrl %cl, %edx\n"
    "    testl %edx, %edx\n"
    "    jnz .Limpostor_copy_text_in_first\n"
    "    movl $16, %r8d\n"
    "    subq %rcx, %r8\n"
    ".Limpostor_copy_text_next:\n"
    "    cmpq %r10, %r8\n"
    "    jae .Limpostor_copy_text_max\n"
    "    addq $16, %rax\n"
    "    addq $16, %r9\n"
    ".globl impostor_guarded_copy_text_next_load\n"
    ".hidden impostor_guarded_copy_text_next_load\n"
    "impostor_guarded_copy_text_next_load:\n"
    "    movdqa (%rax), %xmm1\n"
    "    movdqu %xmm1, (%r9)\n"
    "    pcmpeqb %xmm0, %xmm1\n"
    "    pmovmskb %xmm1, %edx\n"
    "    testl %edx, %edx\n"
    "    jnz .Limpostor_copy_text_in_next\n"
    "    addq $16, %r8\n"
    "    jmp .Limpostor_copy_text_next\n"
    ".Limpostor_copy_text_in_next:\n"
    "    bsfl %edx, %edx\n"
    "    leaq (%r8,%rdx), %rax\n"
    "    cmpq %r10, %rax\n"
    "    cmovaq %r10, %rax\n"
    "    ret\n"
    ".Limpostor_copy_text_in_first:\n"
    "    bsfl %edx, %eax\n"
    "    cmpq %r10, %rax\n"
    "    cmovaq %r10, %rax\n"
    "    ret\n"
    ".Limpostor_copy_text_max:\n"
    "    movq %r10, %rax\n"
    "    ret\n"
    ".Limpostor_copy_text_zero:\n"
    "    xorl %eax, %eax\n"
    "    ret\n"
    ".globl impostor_guarded_copy_text_fault\n"
    ".hidden impostor_guarded_copy_text_fault\n"
    "impostor_guarded_copy_text_fault:\n"
    "    movq $-1, %rax\n"
    "    ret\n"
    "    .cfi_endproc\n"
    ".size impostor_guarded_copy_text, .-impostor_guarded_copy_text\n"

    // impostor_guarded_copy_blocks (rdi = destination, rsi = source, rdx = count): the 16-byte
    // blocks aligned to 16 that hold the source's bytes, each stored to the same offset from
    // destination - (source % 16). A block holds at least one of the source's bytes, and never
    // straddles two pages, so it faults only when the source itself cannot be read; the one
    // load resumes at impostor_guarded_copy_blocks_fault. Short copies take a few instructions,
    // where `rep movsb` takes dozens of cycles to start.
    ".p2align 4\n"
    ".globl impostor_guarded_copy_blocks\n"
    ".type impostor_guarded_copy_blocks, @function\n"
    "impostor_guarded_copy_blocks:\n"
    "    .cfi_startproc\n"
    "    endbr64\n"
    "    testq %rdx, %rdx\n"
    "    jz .Limpostor_blocks_done\n"
    "    leaq (%rsi,%rdx), %r8\n"          // r8: the end of the source
    "    movq %rsi, %rax\n"
    "    andq $-16, %rax\n"                // the block holding the first byte
    "    movl %esi, %ecx\n"
    "    andl $15, %ecx\n"
    "    movq %rdi, %r9\n"
    "    subq %rcx, %r9\n"                 // where it goes, up to 15 bytes before destination
    ".globl impostor_guarded_copy_blocks_load\n"
    ".hidden impostor_guarded_copy_blocks_load\n"
    "impostor_guarded_copy_blocks_load:\n"
    "    movdqa (%rax), %xmm0\n"
    "    movdqu %xmm0, (%r9)\n"
    "    addq $16, %rax\n"
    "    addq $16, %r9\n"
    "    cmpq %r8, %rax\n"
    "    jb impostor_guarded_copy_blocks_load\n"
    ".Limpostor_blocks_done:\n"
    "    xorl %eax, %eax\n"
    "    ret\n"
    ".globl impostor_guarded_copy_blocks_fault\n"
    ".hidden impostor_guarded_copy_blocks_fault\n"
    "impostor_guarded_copy_blocks_fault:\n"
    "    movl $1, %eax\n"
    "    ret\n"
    "    .cfi_endproc\n"
    ".size impostor_guarded_copy_blocks, .-impostor_guarded_copy_blocks\n");

// The instructions the handler knows, and where each resumes.
extern const char impostor_guarded_copy_load[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_copy_resume[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_strnlen_first_load[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_strnlen_next_load[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_strnlen_fault[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_copy_text_first_load[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_copy_text_next_load[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_copy_text_fault[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_copy_blocks_load[] __attribute__((visibility("hidden")));
extern const char impostor_guarded_copy_blocks_fault[] __attribute__((visibility("hidden")));

// The actions in place before Impostor's, written once before its handler is installed and
// never after, so the handler reads them without a lock.
static struct sigaction previous_segv;
static struct sigaction previous_bus;

/// Hands a fault that is not a reader's to the action that was in place before Impostor's.
__attribute__((no_sanitize("address", "thread", "undefined")))
static void pass_on(int signal, siginfo_t *info, void *context) {
    const struct sigaction *previous = signal == SIGBUS ? &previous_bus : &previous_segv;
    int is_handler = (previous->sa_flags & SA_SIGINFO) || (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN);
    if (!is_handler) {
        if (previous->sa_handler == SIG_IGN && info->si_code <= 0) return;  // a sent signal, ignored as before
        // Put the old action back and return: a fault runs its instruction again and the kernel
        // ends the process as it would have (it forces the default action on an ignored fault);
        // a signal someone sent is raised again, and is delivered once this handler returns.
        sigaction(signal, previous, NULL);
        if (info->si_code <= 0) raise(signal);
        return;
    }
    // Run the previous handler as the kernel would have: with the signals its action blocks
    // added to those the interrupted code blocked, and this signal too unless it asked for
    // SA_NODEFER. Without this it would run with this handler's mask, which blocks SIGSEGV:
    // the Swift runtime's crash handler reads memory from a helper thread that inherits the
    // mask and relies on catching its own faults there, and a fault with SIGSEGV blocked ends
    // the process at once, in the middle of its report. Returning restores the interrupted
    // code's mask (sigreturn), whatever was set here.
    ucontext_t *state = (ucontext_t *)context;
    sigset_t mask;
    sigorset(&mask, &state->uc_sigmask, &previous->sa_mask);
    if (!(previous->sa_flags & SA_NODEFER)) sigaddset(&mask, signal);
    if (previous->sa_flags & SA_RESETHAND) {
        struct sigaction reset;
        memset(&reset, 0, sizeof reset);
        reset.sa_handler = SIG_DFL;
        sigaction(signal, &reset, NULL);
    }
    pthread_sigmask(SIG_SETMASK, &mask, NULL);
    if (previous->sa_flags & SA_SIGINFO) previous->sa_sigaction(signal, info, context);
    else previous->sa_handler(signal);
}

/// Resumes a fault at one of the readers' loads at its fix-up; passes every other on.
__attribute__((no_sanitize("address", "thread", "undefined")))
static void handle_fault(int signal, siginfo_t *info, void *context) {
    ucontext_t *state = (ucontext_t *)context;
    greg_t *pc = &state->uc_mcontext.gregs[REG_RIP];
    // Only a fault the kernel raised for the instruction itself (si_code > 0): a SIGSEGV sent
    // with kill or raise while this thread happens to be in a reader is not that read's fault.
    // The pc is exactly one of the readers' loads, which touch nothing but the caller's memory
    // (the copy's destination is Impostor's own buffer, which it just allocated), so the fault
    // is the caller's memory not being readable, and skipping the rest of the read is all that
    // happens.
    if (info != NULL && info->si_code > 0) {
        if (*pc == (greg_t)impostor_guarded_copy_load) {
            *pc = (greg_t)impostor_guarded_copy_resume;
            return;
        }
        if (*pc == (greg_t)impostor_guarded_strnlen_first_load || *pc == (greg_t)impostor_guarded_strnlen_next_load) {
            *pc = (greg_t)impostor_guarded_strnlen_fault;
            return;
        }
        if (*pc == (greg_t)impostor_guarded_copy_text_first_load || *pc == (greg_t)impostor_guarded_copy_text_next_load) {
            *pc = (greg_t)impostor_guarded_copy_text_fault;
            return;
        }
        if (*pc == (greg_t)impostor_guarded_copy_blocks_load) {
            *pc = (greg_t)impostor_guarded_copy_blocks_fault;
            return;
        }
    }
    pass_on(signal, info, context);
}

static void install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handle_fault;
    // SA_ONSTACK: a thread with an alternate signal stack (the Swift runtime gives its threads
    // one for its crash backtraces) still reports a stack overflow through it.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    // The previous action is read before Impostor's is installed, so the handler never sees it
    // half written. (A handler someone installs between the two calls would be replaced.)
    sigaction(SIGSEGV, NULL, &previous_segv);
    sigaction(SIGSEGV, &action, NULL);
    sigaction(SIGBUS, NULL, &previous_bus);
    sigaction(SIGBUS, &action, NULL);
}

static pthread_once_t installed = PTHREAD_ONCE_INIT;

void impostor_guarded_read_prepare(void) { pthread_once(&installed, install); }

#else

// Elsewhere: process_vm_readv on the process's own pid. The kernel copies what it can and
// stops with a short count or EFAULT at a page that cannot be read, so nothing faults here,
// but every read is a system call (and scanning text, one per page). Slower, and documented so.
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

void impostor_guarded_read_prepare(void) {}

size_t impostor_guarded_copy(void *destination, const void *source, size_t count) {
    size_t copied = 0;
    while (copied < count) {
        struct iovec local = {(char *)destination + copied, count - copied};
        struct iovec remote = {(void *)((const char *)source + copied), count - copied};
        ssize_t read = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
        if (read <= 0) break;
        copied += (size_t)read;
    }
    return count - copied;
}

int impostor_guarded_copy_blocks(void *destination, const void *source, size_t count) {
    return impostor_guarded_copy(destination, source, count) != 0;
}

size_t impostor_guarded_copy_text(void *destination, const char *text, size_t max) {
    size_t length = impostor_guarded_strnlen(text, max);
    if (length == SIZE_MAX) return SIZE_MAX;
    size_t count = length < max ? length + 1 : max;
    return impostor_guarded_copy(destination, text, count) == 0 ? length : SIZE_MAX;
}

size_t impostor_guarded_strnlen(const char *text, size_t max) {
    size_t page_size = (size_t)sysconf(_SC_PAGESIZE);
    char chunk[4096];
    size_t length = 0;
    while (length < max) {
        // Up to the end of the page the next byte is in: one system call per page.
        size_t to_page_end = page_size - ((uintptr_t)(text + length) % page_size);
        size_t want = max - length;
        if (want > to_page_end) want = to_page_end;
        if (want > sizeof chunk) want = sizeof chunk;
        if (impostor_guarded_copy(chunk, text + length, want) != 0) return SIZE_MAX;
        const char *nul = memchr(chunk, 0, want);
        if (nul != NULL) return length + (size_t)(nul - chunk);
        length += want;
    }
    return max;
}

#endif
