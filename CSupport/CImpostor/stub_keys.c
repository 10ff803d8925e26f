#include "impostor_stub_keys.h"

#include <stdlib.h>

int impostor_stub_keys_append(impostor_stub_keys *table, const void *stub, const uint64_t *sources,
                              const uint32_t *arguments, const uint32_t *sizes, const uint64_t *bits,
                              uint32_t test_count, const uint32_t *memory_arguments, const uint32_t *memory_places,
                              const uint32_t *memory_kinds, const uint32_t *memory_lengths,
                              const unsigned char *const *memory_bytes, uint32_t memory_count) {
    uint32_t index = atomic_load_explicit(&table->count, memory_order_relaxed);
    if (index >= IMPOSTOR_KEY_CAPACITY || test_count + memory_count > IMPOSTOR_KEY_TESTS) return 0;
    // The literals first: a key is written only once all of them are made.
    impostor_key_literal *literals[IMPOSTOR_KEY_TESTS] = {NULL};
    for (uint32_t k = 0; k < memory_count; k++) {
        literals[k] = malloc(sizeof(impostor_key_literal) + memory_lengths[k] + 1);
        if (literals[k] == NULL) {
            for (uint32_t made = 0; made < k; made++) free(literals[made]);
            return 0;
        }
        literals[k]->length = memory_lengths[k];
        literals[k]->kind = memory_kinds[k];
        if (memory_lengths[k] > 0) memcpy(literals[k]->bytes, memory_bytes[k], memory_lengths[k]);
    }
    impostor_stub_key_block *block = atomic_load_explicit(&table->block, memory_order_relaxed);
    if (block == NULL || index == block->capacity) {
        uint32_t capacity = block == NULL ? IMPOSTOR_KEY_FIRST_BLOCK : block->capacity * 4;
        impostor_stub_key_block *larger = calloc(1, sizeof *larger + sizeof(impostor_stub_key) * capacity);
        if (larger == NULL) {
            for (uint32_t k = 0; k < memory_count; k++) free(literals[k]);
            return 0;
        }
        larger->older = block;
        larger->capacity = capacity;
        if (block != NULL) memcpy(larger->keys, block->keys, sizeof(impostor_stub_key) * index);
        // Release: a call that reads the new block sees the keys copied into it.
        atomic_store_explicit(&table->block, larger, memory_order_release);
        block = larger;
    }
    impostor_stub_key *key = &block->keys[index];
    key->stub = stub;
    key->test_count = test_count;
    for (uint32_t k = 0; k < test_count; k++) {
        uint32_t size = sizes[k];
        key->tests[k].argument = arguments[k];
        key->tests[k].source = sources != NULL ? (uint32_t)sources[arguments[k]] : 0;
        key->tests[k].mask = size >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (size * 8)) - 1;
        key->tests[k].bits = bits[k] & key->tests[k].mask;
    }
    for (uint32_t k = 0; k < memory_count; k++) {
        impostor_key_test *test = &key->tests[test_count + k];
        test->argument = memory_arguments[k];
        test->source = memory_places[k];
        test->mask = 0;
        test->bits = (uint64_t)(uintptr_t)literals[k];
    }
    key->memory_tests = memory_count;
    key->test_count = test_count + memory_count;
    key->run = 1;
    key->run_summary = test_count > 0 ? impostor_key_summary_bit(key->tests[0].bits) : 0;
    // Runs join keys whose first test reads the same argument at the same size; a memory test
    // (mask 0) never starts one.
    if (index > 0 && test_count > 0) {
        // Runs may reach back past a reset: the scan stops at the oldest live key anyway.
        const impostor_stub_key *previous = &block->keys[index - 1];
        if (previous->test_count > previous->memory_tests && previous->tests[0].argument == key->tests[0].argument &&
            previous->tests[0].mask == key->tests[0].mask) {
            key->run = previous->run + 1;
            key->run_summary |= previous->run_summary;
        }
    }
    atomic_store_explicit(&table->count, index + 1, memory_order_release);
    return 1;
}

void impostor_stub_keys_forget_all(impostor_stub_keys *table) {
    // Sequentially consistent (a locked exchange on x86-64): visible to every thread by the
    // time the reset returns. It costs the reset, never a call.
    atomic_store_explicit(&table->first_live, atomic_load_explicit(&table->count, memory_order_relaxed),
                          memory_order_seq_cst);
}

void impostor_stub_keys_destroy(impostor_stub_keys *table) {
    impostor_stub_key_block *block = atomic_load_explicit(&table->block, memory_order_relaxed);
    // The newest block holds every key (older blocks hold copies of some): each literal once.
    uint32_t count = atomic_load_explicit(&table->count, memory_order_relaxed);
    for (uint32_t index = 0; block != NULL && index < count; index++) {
        const impostor_stub_key *key = &block->keys[index];
        for (uint32_t k = key->test_count - key->memory_tests; k < key->test_count; k++) {
            free((void *)(uintptr_t)key->tests[k].bits);
        }
    }
    while (block != NULL) {
        impostor_stub_key_block *older = block->older;
        free(block);
        block = older;
    }
}
