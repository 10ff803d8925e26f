// Probes into CImpostor's static trampolines for Impostor's own tests: defined in CImpostor
// (static_code_page.c), declared here so that no production header carries them.
#ifndef CT_PROBES_H
#define CT_PROBES_H

/// True when `code` is a static trampoline whose dispatcher records a call no stub key answers
/// itself right now: it reads quiet-call settings, they are open, and the mock is nice (for
/// tests). Reads the context through the stub's data word, so `code` must be a trampoline's
/// entry point or another address whose page is readable.
int impostor_static_trampoline_records_quietly(const void *_Nonnull code);

/// How many lanes the records of the static trampoline at `code` have (one per thread that
/// recorded, less those taken over from threads that ended); -1 when its dispatcher records
/// no call itself (for tests; `code` as above).
int impostor_static_trampoline_lanes(const void *_Nonnull code);

/// How many live stub keys the static trampoline at `code` checks itself right now; -1 when it
/// checks none because every call goes to the handler (for tests; `code` as above).
int impostor_static_trampoline_live_keys(const void *_Nonnull code);

/// How many code pages of static trampolines this process has mapped (for tests).
unsigned long impostor_static_trampoline_pages(void);

#endif
