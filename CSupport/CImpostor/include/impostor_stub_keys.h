// Stub keys: a mock's stubs whose every argument matcher is `any()` or a literal of 1, 2, 4 or
// 8 bytes (an integer, pointer, enum or NULL), compiled so that a static trampoline's
// dispatcher finds the stub that answers a call without entering Swift's handler. Only the
// stub's answer (its block, or its value) runs in Swift. A mock that copies pointer memory also
// keys `cString("…")` (ASCII text) and `bytes([…])` matchers: memory tests, checked against the
// call's copies (see impostor_captures.h).
#ifndef IMPOSTOR_STUB_KEYS_H
#define IMPOSTOR_STUB_KEYS_H

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "impostor_captures.h"

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

/// A memory test's kinds: the copy's text equals the literal (`cString`), or the copy starts
/// with the literal's bytes (`bytes`).
#define IMPOSTOR_KEY_TEXT 1
#define IMPOSTOR_KEY_PREFIX 2

/// A memory test's literal. Allocated with its key, freed with the keys.
typedef struct impostor_key_literal {
    uint32_t length;
    uint32_t kind;
    unsigned char bytes[];
} impostor_key_literal;

/// One literal: the 8 bytes at `source` in the dispatcher's frame, masked to the argument's
/// size, must equal `bits`. A memory test has `mask` 0, the argument's place among the call's
/// copies as `source` and its `impostor_key_literal`'s address as `bits`; a key's memory tests
/// come after its other tests.
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
    /// How many of `tests` are memory tests (the last ones).
    uint32_t memory_tests;
    /// To 128 bytes: the scan steps between keys with shifts, not multiplications.
    uint32_t unused;
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

/// A memory test against the call's copy `copy`: 1 when it passes, 0 when it fails, -1 when
/// only the Swift handler can tell (the copy could not be read, which the matcher reports; or
/// the text differs but holds bytes past ASCII, which Swift's comparison of strings by canonical
/// equivalence may still find equal: "K" is "\u{212A}").
static inline int impostor_key_memory_test(const impostor_key_test *_Nonnull test,
                                           const impostor_capture_descriptor *_Nonnull copies) {
    const impostor_key_literal *literal = (const impostor_key_literal *)(uintptr_t)test->bits;
    const impostor_capture_descriptor *copy = &copies[test->source];
    if (copy->state == IMPOSTOR_CAPTURE_NULL) return 0;
    if (copy->state != IMPOSTOR_CAPTURE_MEMORY) return -1;
    const unsigned char *bytes = (const unsigned char *)(uintptr_t)copy->data;
    size_t length = copy->copied;
    if (literal->kind == IMPOSTOR_KEY_PREFIX) return length >= literal->length && memcmp(bytes, literal->bytes, literal->length) == 0;
    // The copy's text, as `CapturedMemory.text` reads it: without a C string's NUL, unless cut.
    if (length > 0 && bytes[length - 1] == 0 && copy->handed_over <= length) length -= 1;
    if (length == literal->length && memcmp(bytes, literal->bytes, length) == 0) return 1;
    for (size_t index = 0; index < length; index++) {
        if (bytes[index] >= 0x80) return -1;
    }
    return 0;
}

/// `impostor_stub_keys_match` for a mock that copies pointer memory, whose keys may have memory
/// tests, checked against the call's `copies`. Sets `*undecided` (and returns NULL) when a key
/// newer than any that matches cannot be decided here: the call then goes to the handler.
static inline __attribute__((always_inline)) const impostor_stub_key *_Nullable impostor_stub_keys_match_copies(
    impostor_stub_keys *_Nonnull table, const unsigned char *_Nullable frame, void *_Nullable const *_Nullable arguments,
    int through_pointers, const impostor_capture_descriptor *_Nonnull copies, int *_Nonnull undecided) {
#define IMPOSTOR_KEY_VALUE(test) (through_pointers ? impostor_key_pointee(arguments, (test)) : impostor_key_value(frame, (test)))
    *undecided = 0;
    uint32_t count = atomic_load_explicit(&table->count, memory_order_acquire);
    uint32_t oldest = atomic_load_explicit(&table->first_live, memory_order_relaxed);
    if (count <= oldest) return NULL;
    // Sound: as in `impostor_stub_keys_match`.
    const impostor_stub_key *keys = atomic_load_explicit(&table->block, memory_order_acquire)->keys;
    for (const impostor_stub_key *key = keys + count - 1;; key--) {
        uint32_t scalar = key->test_count - key->memory_tests;
        uint32_t index = 0;
        while (index < scalar && IMPOSTOR_KEY_VALUE(&key->tests[index]) == key->tests[index].bits) index++;
        if (index == scalar) {
            int verdict = 1;
            for (; index < key->test_count && verdict == 1; index++) verdict = impostor_key_memory_test(&key->tests[index], copies);
            if (verdict < 0) {
                *undecided = 1;
                return NULL;
            }
            if (verdict == 1) return key;
        }
        if (key == keys + oldest) return NULL;
    }
#undef IMPOSTOR_KEY_VALUE
}

/// Adds the newest key: `test_count` literals, argument `arguments[k]` of `sizes[k]` bytes
/// equal to `bits[k]`, each read at `sources[arguments[k]]` in a static trampoline's frame
/// (NULL `sources`: read through libffi's argument pointers). Call under the lock
/// that orders the mock's stubs. False when the keys are full, the stub has too many literals
/// or memory ran out: the caller then sends every call to the handler.
///
/// `memory_count` memory tests follow (a mock that copies pointer memory): argument
/// `memory_arguments[k]`, whose copy is `memory_places[k]`th of the call's, against the
/// `memory_lengths[k]` bytes at `memory_bytes[k]`, by `memory_kinds[k]`.
int impostor_stub_keys_append(impostor_stub_keys *_Nonnull table, const void *_Nonnull stub,
                              const uint64_t *_Nullable sources, const uint32_t *_Nullable arguments,
                              const uint32_t *_Nullable sizes, const uint64_t *_Nullable bits, uint32_t test_count,
                              const uint32_t *_Nullable memory_arguments, const uint32_t *_Nullable memory_places,
                              const uint32_t *_Nullable memory_kinds, const uint32_t *_Nullable memory_lengths,
                              const unsigned char *_Nullable const *_Nullable memory_bytes, uint32_t memory_count);

/// Forgets every key added so far (a reset of the mock's stubs). Call under the same lock.
void impostor_stub_keys_forget_all(impostor_stub_keys *_Nonnull table);

/// Frees the keys and every block they outgrew; no call may be reading them.
void impostor_stub_keys_destroy(impostor_stub_keys *_Nonnull table);

#ifdef __cplusplus
}
#endif

#endif
