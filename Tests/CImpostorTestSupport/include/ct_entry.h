// What a mock's function pointer enters, read from the outside: the bytes at the address and
// the mapping that holds it in /proc/self/maps. For the tests of the two trampoline paths.
#ifndef CT_ENTRY_H
#define CT_ENTRY_H

/// 1 when `code` is a static trampoline: its first bytes are `endbr64; movq 4085(%rip), %r10`
/// (the stub that reads its context from the page after it) and the mapping that holds it is
/// read+execute, not writable, and backed by a file. 0 otherwise.
int ct_is_static_trampoline(const void *_Nonnull code);

/// 1 when the mapping holding `address` is both writable and executable, 0 when it is not,
/// -1 when no mapping holds it.
int ct_is_in_writable_executable_mapping(const void *_Nonnull address);

/// How many mappings of this process are both writable and executable, or -1 when
/// /proc/self/maps cannot be read.
int ct_writable_executable_mappings(void);

/// Four C calls through `f`, an `int32_t (*)(int32_t, int32_t)`, with (i, 2i) for i in
/// 0..<4; the sum of what they returned.
int ct_call_four_times(int (*_Nonnull f)(int, int));

#endif
