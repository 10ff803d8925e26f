// Memory for call records that a signal handler may take: chunks, lanes and thread lives all
// come from mmap, which takes no lock in user space, instead of malloc, whose arena lock the
// interrupted thread may hold when a signal handler records a call. Private to the target.
#ifndef IMPOSTOR_RECORD_MEMORY_H
#define IMPOSTOR_RECORD_MEMORY_H

#include "impostor_records.h"

/// A chunk of at least `bytes`, mapped on its own; NULL when the system has no memory to map.
__attribute__((visibility("hidden"))) impostor_chunk *impostor_map_chunk(size_t bytes);
/// A chunk of `bytes` (a multiple of the huge page size) aligned to it, advised for a huge
/// page; NULL when the system has no memory to map.
__attribute__((visibility("hidden"))) impostor_chunk *impostor_map_huge_chunk(size_t bytes);
/// Gives a chunk back to the system.
__attribute__((visibility("hidden"))) void impostor_unmap_chunk(impostor_chunk *chunk);
/// A zeroed lane (a fresh slot, or one a destroyed records object gave back) or thread life
/// (which lives as long as the process); NULL when out of memory.
__attribute__((visibility("hidden"))) impostor_lane *impostor_slab_take_lane(void);
__attribute__((visibility("hidden"))) impostor_thread_life *impostor_slab_take_life(void);
/// Gives back a destroyed records object's lanes (linked by `next_lane`, chunks freed) for
/// later lanes to reuse.
__attribute__((visibility("hidden"))) void impostor_slab_give_lanes(impostor_lane *lanes);

#endif
