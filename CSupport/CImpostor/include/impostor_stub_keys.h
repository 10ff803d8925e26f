// Stub keys: a mock's stubs whose every argument matcher is `any()` or a literal of 1, 2, 4 or
// 8 bytes (an integer, pointer, enum or NULL), compiled so that a static trampoline's
// dispatcher finds the stub that answers a call without entering Swift's handler. Only the
// stub's answer (its block, or its value) runs in Swift.
#ifndef IMPOSTOR_STUB_KEYS_H
#define IMPOSTOR_STUB_KEYS_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The most literal tests one key holds: a stub with more is left to the handler.
#define IMPOSTOR_KEY_TESTS 4
/// The most keys one mock holds, forgotten ones included: past that, every call goes to the
/// handler, which has room for a million stubs.
#define IMPOSTOR_KEY_CAPACITY 64
/// Keys in a mock's first block; each later block has 4 times as many.
#define IMPOSTOR_KEY_FIRST_BLOCK 4

/// One literal: the 8 bytes at `source` in the dispatcher's frame, masked to the argument's
/// size, must equal `bits`.
typedef struct impostor_key_test {
    uint32_t source;
    uint32_t argument;
    uint64_t mask;
    uint64_t bits;
} impostor_key_test;

/// One compiled stub. Written once, before the count that publishes it.
typedef struct impostor_stub_key {
    /// What the answer function gets to run the stub (its `Unmanaged<Stub>`).
    const void *_Nonnull stub;
    uint32_t test_count;
    /// This key and the `run - 1` keys just older, which all test the same argument at the
    /// same size first: a call whose argument hits no bit of `run_summary` skips all of them
    /// with one test (as the handler's stub table does; see `StubTable`). 1 when the key has
    /// no test, or its older neighbour tests another argument first.
    uint32_t run;
    uint64_t run_summary;
    impostor_key_test tests[IMPOSTOR_KEY_TESTS];
    /// To 128 bytes: the scan steps between keys with shifts, not multiplications.
    uint64_t unused;
} impostor_stub_key;

/// Room for a mock's keys. Replaced by a larger copy when full; the old one stays until the
/// mock's records are freed, since a call may still be reading it.
typedef struct impostor_stub_key_block {
    struct impostor_stub_key_block *_Nullable older;
    uint32_t capacity;
    impostor_stub_key keys[];
} impostor_stub_key_block;

/// A mock's keys, newest last. Keys are only ever added, under the caller's lock; readers take
/// none. Most mocks have no stub, and most stubbed ones a few: the first block holds 4 keys
/// (a mock that is released keeps its keys, since a late call may read them).
typedef struct impostor_stub_keys {
    /// How many keys readers may use (release/acquire: every key below it is written).
    _Atomic(uint32_t) count;
    /// Keys below this were forgotten by a reset (written sequentially consistent, so the
    /// reset is visible to every call that starts after it returns).
    _Atomic(uint32_t) first_live;
    /// NULL until the first key. Read after `count` (acquire): it then holds at least `count`
    /// keys, every one written.
    _Atomic(impostor_stub_key_block *) block;
} impostor_stub_keys;

/// The bit a value sets in a run's summary: a multiplicative hash of it to one of 64 bits.
static inline __attribute__((always_inline)) uint64_t impostor_key_summary_bit(uint64_t value) {
    return (uint64_t)1 << ((value * 0x9E3779B97F4A7C15ull) >> 58);
}

/// The argument bytes a test reads, masked to the argument's size.
static inline __attribute__((always_inline)) uint64_t impostor_key_value(const unsigned char *_Nonnull frame,
                                                                         const impostor_key_test *_Nonnull test) {
    // Sound: every argument a static trampoline's simple layout hands over has 8 readable bytes
    // at its place in the frame (a register slot or the caller's 8-byte stack slot).
    uint64_t value;
    memcpy(&value, frame + test->source, 8);
    return value & test->mask;
}

/// The argument bytes a test reads through libffi's pointer to the argument, which points at
/// a value of the argument's size only: exactly that many bytes.
static inline __attribute__((always_inline)) uint64_t impostor_key_pointee(void *_Nullable const *_Nonnull arguments,
                                                                           const impostor_key_test *_Nonnull test) {
    const void *value = arguments[test->argument];
    // Sound: libffi passes one pointer per parameter, to a value of the parameter's size, and
    // a key tests a parameter of 1, 2, 4 or 8 bytes (its mask says which).
    switch (test->mask) {
    case 0xFF: { uint8_t bits; memcpy(&bits, value, 1); return bits; }
    case 0xFFFF: { uint16_t bits; memcpy(&bits, value, 2); return bits; }
    case 0xFFFFFFFF: { uint32_t bits; memcpy(&bits, value, 4); return bits; }
    default: { uint64_t bits; memcpy(&bits, value, 8); return bits; }
    }
}

/// The newest live key whose literals the call's arguments all equal, or NULL. The arguments
/// are read from `frame` (a static trampoline's) or, with `through_pointers`, through libffi's
/// `arguments`; callers pass `through_pointers` as a constant.
static inline __attribute__((always_inline)) const impostor_stub_key *_Nullable impostor_stub_keys_match(
    impostor_stub_keys *_Nonnull table, const unsigned char *_Nullable frame, void *_Nullable const *_Nullable arguments,
    int through_pointers) {
#define IMPOSTOR_KEY_VALUE(test) (through_pointers ? impostor_key_pointee(arguments, (test)) : impostor_key_value(frame, (test)))
    uint32_t count = atomic_load_explicit(&table->count, memory_order_acquire);
    // After the count: a reset published before the newest key is visible here.
    uint32_t oldest = atomic_load_explicit(&table->first_live, memory_order_relaxed);
    if (count <= oldest) return NULL;
    // Sound: the block was published before the count, holds every key below it (a larger
    // block is a copy of the smaller one, published before it is written to) and is never
    // freed while calls can arrive; a run never reaches below the first key, since runs are
    // counted from it up.
    const impostor_stub_key *keys = atomic_load_explicit(&table->block, memory_order_acquire)->keys;
    const impostor_stub_key *last = keys + oldest;
    const impostor_stub_key *key = keys + count - 1;
    for (;;) {
        if (key->run >= 2 && (key->run_summary & impostor_key_summary_bit(IMPOSTOR_KEY_VALUE(&key->tests[0]))) == 0) {
            const impostor_stub_key *oldest_of_run = key - (key->run - 1);
            // From `last` down the keys are the oldest live one and forgotten ones.
            if (oldest_of_run <= last) return NULL;
            key = oldest_of_run - 1;
            continue;
        }
        // The first test apart: most keys have one literal, which then costs no loop.
        uint32_t tests = key->test_count;
        if (tests == 0) return key;
        if (IMPOSTOR_KEY_VALUE(&key->tests[0]) == key->tests[0].bits) {
            uint32_t index = 1;
            while (index < tests && IMPOSTOR_KEY_VALUE(&key->tests[index]) == key->tests[index].bits) index++;
            if (index == tests) return key;
        }
        if (key == last) return NULL;
        key--;
    }
#undef IMPOSTOR_KEY_VALUE
}

/// Adds the newest key: `test_count` literals, argument `arguments[k]` of `sizes[k]` bytes
/// equal to `bits[k]`, each read at `sources[arguments[k]]` in a static trampoline's frame
/// (NULL `sources`: read through libffi's argument pointers). Call under the lock
/// that orders the mock's stubs. False when the keys are full, the stub has too many literals
/// or memory ran out: the caller then sends every call to the handler.
int impostor_stub_keys_append(impostor_stub_keys *_Nonnull table, const void *_Nonnull stub,
                              const uint64_t *_Nullable sources, const uint32_t *_Nullable arguments,
                              const uint32_t *_Nullable sizes, const uint64_t *_Nullable bits, uint32_t test_count);

/// Forgets every key added so far (a reset of the mock's stubs). Call under the same lock.
void impostor_stub_keys_forget_all(impostor_stub_keys *_Nonnull table);

/// Frees the keys and every block they outgrew; no call may be reading them.
void impostor_stub_keys_destroy(impostor_stub_keys *_Nonnull table);

#ifdef __cplusplus
}
#endif

#endif
