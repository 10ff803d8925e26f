// Questions about the loaded objects other than their slots: the loader's generation, which
// object holds an address, where the main executable is.
//
// Each reads what `dl_iterate_phdr` reports while it holds the loader's lock, allocates
// nothing and calls no libc string function (the symbols they might call can be rebound).
#define _GNU_SOURCE
#include "CImpostorInterpose.h"
#include "got_machine.h"

#include <link.h>
#include <stddef.h>

static int read_generation(struct dl_phdr_info *info, size_t size, void *data) {
    uint64_t *counters = data;
    if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
        counters[0] = info->dlpi_adds;
        counters[1] = info->dlpi_subs;
    }
    return 1;  // the counters are the same in every entry: stop after the first
}

void impostor_got_generation(uint64_t *adds, uint64_t *subs) {
    uint64_t counters[2] = {0, 0};
    dl_iterate_phdr(read_generation, counters);
    *adds = counters[0];
    *subs = counters[1];
}

typedef struct containment {
    uintptr_t address;
    uintptr_t base;
    const char *name;
    int found;
} containment;

static int find_container(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    containment *query = data;
    if (impostor_got_in_segments(info, query->address)) {
        query->base = info->dlpi_addr;
        query->name = info->dlpi_name != NULL ? info->dlpi_name : "";
        query->found = 1;
        return 1;
    }
    return 0;
}

uintptr_t impostor_got_object_base(const void *address, const char **name) {
    containment query = {(uintptr_t)address, 0, "", 0};
    dl_iterate_phdr(find_container, &query);
    if (name != NULL) *name = query.name;
    return query.found ? query.base : UINTPTR_MAX;
}

static int read_main_base(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    *(uintptr_t *)data = info->dlpi_addr;
    return 1;  // the main executable comes first
}

uintptr_t impostor_got_executable_base(void) {
    uintptr_t base = 0;
    dl_iterate_phdr(read_main_base, &base);
    return base;
}

int impostor_got_object_contains(uintptr_t base, const void *address) {
    containment query = {(uintptr_t)address, 0, "", 0};
    dl_iterate_phdr(find_container, &query);
    return query.found && query.base == base;
}
