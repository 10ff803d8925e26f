#include "ct_entry.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/// Finds the line of /proc/self/maps that holds `address`: its permissions and whether it
/// names a file. 0 when no mapping holds it.
static int find_mapping(const void *address, char permissions[5], int *backed_by_file) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) return 0;
    char line[4200];
    int found = 0;
    while (fgets(line, sizeof line, maps) != NULL) {
        unsigned long start, end;
        char path[4096] = "";
        if (sscanf(line, "%lx-%lx %4s %*s %*s %*s %4095s", &start, &end, permissions, path) < 3) continue;
        if ((uintptr_t)address < start || (uintptr_t)address >= end) continue;
        *backed_by_file = path[0] == '/';
        found = 1;
        break;
    }
    fclose(maps);
    return found;
}

int ct_is_static_trampoline(const void *code) {
    static const unsigned char stub[] = {0xf3, 0x0f, 0x1e, 0xfa, 0x4c, 0x8b, 0x15, 0xf5, 0x0f, 0x00, 0x00};
    char permissions[5] = "";
    int backed_by_file = 0;
    if (!find_mapping(code, permissions, &backed_by_file)) return 0;
    if (strcmp(permissions, "r-xp") != 0 || !backed_by_file) return 0;
    return memcmp(code, stub, sizeof stub) == 0;
}

int ct_is_in_writable_executable_mapping(const void *address) {
    char permissions[5] = "";
    int backed_by_file = 0;
    if (!find_mapping(address, permissions, &backed_by_file)) return -1;
    return permissions[1] == 'w' && permissions[2] == 'x';
}

int ct_writable_executable_mappings(void) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) return -1;
    char line[4200];
    int count = 0;
    while (fgets(line, sizeof line, maps) != NULL) {
        char permissions[5] = "";
        if (sscanf(line, "%*s %4s", permissions) == 1 && permissions[1] == 'w' && permissions[2] == 'x') count++;
    }
    fclose(maps);
    return count;
}

int ct_call_four_times(int (*f)(int, int)) {
    int sum = 0;
    for (int i = 0; i < 4; i++) sum += f(i, 2 * i);
    return sum;
}
