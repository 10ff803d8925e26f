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

int64_t ct_widths_argument(int32_t i, int32_t k) {
    // Odd calls: every value negative or with its top bits set; even calls: small positive.
    int64_t base = (int64_t)(i + 1) * 1000 + k * 37;
    return i % 2 == 1 ? -base : base % 120 + k;
}

int64_t ct_call_widths(ct_fn_widths f, int32_t count) {
    int64_t sum = 0;
    for (int32_t i = 0; i < count; i++) {
        sum += f((int8_t)ct_widths_argument(i, 0), (uint8_t)ct_widths_argument(i, 1),
                 (int16_t)ct_widths_argument(i, 2), (uint16_t)ct_widths_argument(i, 3),
                 (int32_t)ct_widths_argument(i, 4), (uint32_t)ct_widths_argument(i, 5),
                 (float)ct_widths_argument(i, 6) / 4, (double)ct_widths_argument(i, 7) / 8,
                 ct_widths_argument(i, 8) * (INT64_C(1) << 40), ct_widths_argument(i, 9) % 2 != 0,
                 (int8_t)ct_widths_argument(i, 10), (uint16_t)ct_widths_argument(i, 11),
                 (int32_t)(ct_widths_argument(i, 12) * 65537));
    }
    return sum;
}

int64_t ct_call_five(ct_fn_five f, int8_t a, int16_t b, int32_t c, int64_t d, const void *p) { return f(a, b, c, d, p); }
