#define _GNU_SOURCE
#include "ct_loader_churn.h"

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct ct_loader_churn {
    pthread_t thread;
    char library[256];
    atomic_int stop;
    long loads;
};

static void *load_and_unload(void *argument) {
    ct_loader_churn *churn = argument;
    while (!atomic_load(&churn->stop)) {
        void *handle = dlopen(churn->library, RTLD_NOW);
        if (handle == NULL) break;
        churn->loads++;
        dlclose(handle);
    }
    return NULL;
}

ct_loader_churn *ct_loader_churn_start(const char *library) {
    if (strlen(library) >= sizeof(((ct_loader_churn *)0)->library)) return NULL;
    void *probe = dlopen(library, RTLD_NOW);
    if (probe == NULL) return NULL;
    dlclose(probe);
    ct_loader_churn *churn = calloc(1, sizeof *churn);
    if (churn == NULL) return NULL;
    strcpy(churn->library, library);
    if (pthread_create(&churn->thread, NULL, load_and_unload, churn) != 0) {
        free(churn);
        return NULL;
    }
    return churn;
}

long ct_loader_churn_stop(ct_loader_churn *churn) {
    atomic_store(&churn->stop, 1);
    pthread_join(churn->thread, NULL);
    long loads = churn->loads;
    free(churn);
    return loads;
}

typedef struct relro_query {
    const char *library;
    uintptr_t start, end;
    int found;
} relro_query;

static int find_relro(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    relro_query *query = data;
    const char *name = info->dlpi_name != NULL ? info->dlpi_name : "";
    const char *file = strrchr(name, '/') != NULL ? strrchr(name, '/') + 1 : name;
    if (strncmp(file, query->library, strlen(query->library)) != 0) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_GNU_RELRO) continue;
        uintptr_t first = info->dlpi_addr + header->p_vaddr;
        query->start = first & ~(uintptr_t)4095;
        query->end = (first + header->p_memsz) & ~(uintptr_t)4095;
        query->found = query->end > query->start;
    }
    return 1;
}

int ct_relro_pages(const char *library, uintptr_t *start, uintptr_t *end) {
    relro_query query = {library, 0, 0, 0};
    dl_iterate_phdr(find_relro, &query);
    *start = query.start;
    *end = query.end;
    return query.found;
}
