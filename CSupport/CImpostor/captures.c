// A mock's capture rules in C, and the lanes' capture areas they fill (see impostor_captures.h).
#include "impostor_captures.h"
#include "record_memory.h"

#include <stdlib.h>

impostor_capture_plan *impostor_capture_plan_create(uint32_t count, uint32_t descriptors_offset) {
    impostor_capture_plan *plan = calloc(1, sizeof *plan + sizeof(impostor_capture_rule) * count);
    if (plan == NULL) return NULL;
    plan->count = count;
    plan->descriptors_offset = descriptors_offset;
    return plan;
}

void impostor_capture_plan_destroy(impostor_capture_plan *plan) { free(plan); }

void impostor_capture_plan_set_rule(impostor_capture_plan *plan, uint32_t index, impostor_capture_rule rule) {
    if (index < plan->count) plan->rules[index] = rule;
}

/// Capture chunks are 64 KiB, or as large as one capture that needs more (up to the 1 MiB a
/// capture copies at most), rounded to pages.
#define CAPTURE_CHUNK_BYTES (64 * 1024)

int impostor_lane_grow_captures(impostor_lane *lane, size_t bytes) {
    impostor_chunk *current = lane->capture_current;
    // After a clear the chunks are still linked: fill them again before mapping more.
    impostor_chunk *chunk = current == NULL ? lane->capture_first : current->next;
    if (chunk == NULL || chunk->capacity < bytes) {
        size_t size = sizeof(impostor_chunk) + bytes;
        impostor_chunk *fresh = impostor_map_chunk(size < CAPTURE_CHUNK_BYTES ? CAPTURE_CHUNK_BYTES : size);
        if (fresh == NULL) return 0;
        fresh->capacity = fresh->mapped - sizeof(impostor_chunk);
        // Linked in before the chunk that was too small, which stays for later captures.
        fresh->next = chunk;
        if (current == NULL) lane->capture_first = fresh;
        else current->next = fresh;
        chunk = fresh;
    }
    lane->capture_current = chunk;
    lane->capture_next = (unsigned char *)(chunk + 1);
    lane->capture_free = chunk->capacity;
    return 1;
}

void impostor_lane_rewind_captures(impostor_lane *lane) {
    lane->capture_current = NULL;
    lane->capture_next = NULL;
    lane->capture_free = 0;
}

void impostor_lane_free_captures(impostor_lane *lane) {
    for (impostor_chunk *chunk = lane->capture_first, *next; chunk != NULL; chunk = next) {
        next = chunk->next;
        impostor_unmap_chunk(chunk);
    }
    lane->capture_first = NULL;
    impostor_lane_rewind_captures(lane);
}
