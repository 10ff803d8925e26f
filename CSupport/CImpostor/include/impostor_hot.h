// How CImpostor's per-call helpers are compiled into their callers, Swift's included.
#ifndef IMPOSTOR_HOT_H
#define IMPOSTOR_HOT_H

/// For the few helpers every mock call runs: Swift compiles imported `static inline` bodies
/// without optimization and calls them out of line unless told to inline them.
#define IMPOSTOR_HOT static inline __attribute__((always_inline))

/// For a body an entry point runs before or after the stub's answer (recording the call, closing
/// its record): inlined like IMPOSTOR_HOT when optimizing, out of line at -O0 (a debug build of
/// the package). At -O0 every inlined body keeps stack slots of its own, and the entry point's
/// frame, with the records' copies in it, stays on the stack while the answer runs: 2.6 KB of
/// each level of a stub that calls its own mock, where optimized code takes about 100 bytes.
#ifdef __OPTIMIZE__
#define IMPOSTOR_HOT_AROUND_ANSWER IMPOSTOR_HOT
#else
#define IMPOSTOR_HOT_AROUND_ANSWER static __attribute__((noinline))
#endif

#endif
