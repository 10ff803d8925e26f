// Functions by name from the objects' full symbol tables (`.symtab`), which list the static
// functions the dynamic symbol table leaves out. Each object's file is mapped and read with raw
// system calls: libc's `open` or `mmap` may be rebound by a test at the time. Also where a
// function's code segment ends, and its size by the dynamic symbol table.
#define _GNU_SOURCE  // dl_iterate_phdr, dladdr1
#include "entry_machine.h"

#if defined(IMPOSTOR_GOT_AVAILABLE)
#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#define MOST_OBJECTS 512

struct object_list {
    int selection;
    const char *library;
    uintptr_t bases[MOST_OBJECTS];
    char paths[MOST_OBJECTS][256];
    int count;
    uintptr_t executable_base;
};

static int collect_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct object_list *list = data;
    int is_main = list->count == 0 && list->executable_base == 0;
    const char *name = info->dlpi_name != NULL ? info->dlpi_name : "";
    if (is_main) list->executable_base = info->dlpi_addr + 1;  // the first object is the executable
    if (!is_main && name[0] == 0) return 0;                   // the vDSO: no file
    int wanted = list->selection == IMPOSTOR_GOT_ALL_OBJECTS || (list->selection == IMPOSTOR_GOT_MAIN_EXECUTABLE && is_main) ||
                 (list->selection == IMPOSTOR_GOT_SHARED_LIBRARIES && !is_main) ||
                 (list->selection == IMPOSTOR_GOT_NAMED_LIBRARY && !is_main && list->library != NULL &&
                  impostor_got_names_library(name, list->library));
    if (!wanted || list->count == MOST_OBJECTS) return 0;
    list->bases[list->count] = info->dlpi_addr;
    size_t length = strlen(is_main ? "" : name);
    if (length >= sizeof list->paths[0]) length = sizeof list->paths[0] - 1;
    memcpy(list->paths[list->count], is_main ? "" : name, length);
    list->paths[list->count][length] = 0;
    list->count++;
    return 0;
}

static void copy_name(char *to, size_t room, const char *from) {
    size_t length = strlen(from);
    if (length >= room) length = room - 1;
    memcpy(to, from, length);
    to[length] = 0;
}

/// The edit distance between `a` and `b` (letters added, removed or changed), or 3 when it is
/// more than 2.
static int distance_within_two(const char *a, size_t a_length, const char *b) {
    size_t b_length = strlen(b);
    if (a_length > 120 || b_length > 120 || (a_length > b_length ? a_length - b_length : b_length - a_length) > 2) return 3;
    int previous[122], current[122];
    for (size_t j = 0; j <= b_length; j++) previous[j] = (int)j;
    for (size_t i = 1; i <= a_length; i++) {
        current[0] = (int)i;
        int smallest = current[0];
        for (size_t j = 1; j <= b_length; j++) {
            int change = previous[j - 1] + (a[i - 1] != b[j - 1]);
            int removal = previous[j] + 1, addition = current[j - 1] + 1;
            current[j] = change < removal ? (change < addition ? change : addition) : (removal < addition ? removal : addition);
            if (current[j] < smallest) smallest = current[j];
        }
        if (smallest > 2) return 3;
        for (size_t j = 0; j <= b_length; j++) previous[j] = current[j];
    }
    return previous[b_length] > 2 ? 3 : previous[b_length];
}

static int nearest_distance = 3;

/// Whether the mapped file of `bytes` bytes is an ELF64 object with a `.symtab`; if so, adds
/// each function definition named `name` to the result, and keeps the nearest other name.
static int search_file(const uint8_t *file, size_t bytes, const char *name, uintptr_t base, const char *object,
                       const char *path, impostor_symtab_function *functions, size_t capacity,
                       impostor_symtab_result *result) {
    if (bytes < sizeof(Elf64_Ehdr) || memcmp(file, ELFMAG, SELFMAG) != 0 || file[EI_CLASS] != ELFCLASS64) return 0;
    const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
    if (header->e_shoff == 0 || header->e_shoff + (size_t)header->e_shnum * sizeof(Elf64_Shdr) > bytes) return 0;
    const Elf64_Shdr *sections = (const Elf64_Shdr *)(file + header->e_shoff);
    int found_table = 0;
    for (Elf64_Half i = 0; i < header->e_shnum; i++) {
        if (sections[i].sh_type != SHT_SYMTAB || sections[i].sh_link >= header->e_shnum) continue;
        const Elf64_Shdr *strings = &sections[sections[i].sh_link];
        if (sections[i].sh_offset + sections[i].sh_size > bytes || strings->sh_offset + strings->sh_size > bytes) continue;
        found_table = 1;
        const Elf64_Sym *symbols = (const Elf64_Sym *)(file + sections[i].sh_offset);
        size_t count = sections[i].sh_size / sizeof(Elf64_Sym);
        const char *names = (const char *)(file + strings->sh_offset);
        // Local symbols follow the STT_FILE entry of the source file they come from.
        const char *source = "";
        for (size_t s = 0; s < count; s++) {
            if (ELF64_ST_TYPE(symbols[s].st_info) == STT_FILE && symbols[s].st_name < strings->sh_size) {
                source = names + symbols[s].st_name;
                continue;
            }
            if (ELF64_ST_TYPE(symbols[s].st_info) != STT_FUNC || symbols[s].st_shndx == SHN_UNDEF) continue;
            if (symbols[s].st_name >= strings->sh_size) continue;
            if (strcmp(names + symbols[s].st_name, name) != 0) {
                int distance = distance_within_two(name, strlen(name), names + symbols[s].st_name);
                if (distance < nearest_distance) {
                    nearest_distance = distance;
                    copy_name(result->nearest, sizeof result->nearest, names + symbols[s].st_name);
                    copy_name(result->nearest_object, sizeof result->nearest_object, path);
                }
                continue;
            }
            if (result->function_count < capacity && functions != NULL) {
                functions[result->function_count] = (impostor_symtab_function){
                    .address = (const void *)(base + symbols[s].st_value),
                    .size = symbols[s].st_size,
                    .local = ELF64_ST_BIND(symbols[s].st_info) == STB_LOCAL,
                    .object = object,
                };
                if (ELF64_ST_BIND(symbols[s].st_info) == STB_LOCAL) {
                    copy_name(functions[result->function_count].file, sizeof functions[0].file, source);
                }
            }
            result->function_count++;
        }
    }
    return found_table;
}

void impostor_symtab_find(const char *name, int selection, const char *library, impostor_symtab_function *functions,
                          size_t capacity, char *names, size_t names_capacity, impostor_symtab_result *result) {
    memset(result, 0, sizeof *result);
    nearest_distance = 3;
    static struct object_list list;  // large: the caller (Swift) holds the registry's lock
    memset(&list, 0, sizeof list);
    list.selection = selection;
    list.library = library;
    dl_iterate_phdr(collect_object, &list);
    size_t names_used = 0;
    for (int i = 0; i < list.count; i++) {
        result->objects_matched++;
        const char *path = list.paths[i][0] == 0 ? "/proc/self/exe" : list.paths[i];
        long fd = impostor_got_syscall(SYS_openat, AT_FDCWD, (long)path, O_RDONLY | O_CLOEXEC, 0, 0, 0);
        if (fd < 0) continue;
        struct stat status;
        long mapped = -1;
        if (impostor_got_syscall(SYS_fstat, fd, (long)&status, 0, 0, 0, 0) == 0 && status.st_size > 0) {
            mapped = impostor_got_syscall(SYS_mmap, 0, status.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        }
        (void)impostor_got_syscall(SYS_close, fd, 0, 0, 0, 0, 0);
        if (mapped < 0 && mapped > -4096) continue;
        // The object's name where the functions found point: in `names` when it fits.
        const char *object = "";
        size_t length = strlen(list.paths[i]) + 1;
        if (length > 1 && names != NULL && names_used + length <= names_capacity) {
            memcpy(names + names_used, list.paths[i], length);
            object = names + names_used;
        }
        size_t before = result->function_count;
        if (!search_file((const uint8_t *)mapped, (size_t)status.st_size, name, list.bases[i], object, list.paths[i],
                         functions, capacity, result)) {
            if (result->objects_stripped++ == 0)
                copy_name(result->stripped_object, sizeof result->stripped_object, list.paths[i]);
        }
        if (result->function_count > before && object[0] != 0) names_used += length;
        (void)impostor_got_syscall(SYS_munmap, mapped, status.st_size, 0, 0, 0, 0);
    }
    if (result->function_count > 0) result->nearest[0] = 0;
}

// MARK: Code segments and dynamic symbols

struct code_search {
    uintptr_t address;
    uintptr_t end;
};

static int find_code_segment(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct code_search *search = data;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X)) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        if (search->address >= start && search->address < start + header->p_memsz) {
            search->end = start + header->p_memsz;
            return 1;
        }
    }
    return 0;
}

uintptr_t impostor_entry_code_end(uintptr_t address) {
    struct code_search search = {address, 0};
    dl_iterate_phdr(find_code_segment, &search);
    return search.end;
}

size_t impostor_entry_dynamic_size(const void *address) {
    Dl_info info;
    const ElfW(Sym) *symbol = NULL;
    if (dladdr1(address, &info, (void **)&symbol, RTLD_DL_SYMENT) == 0 || symbol == NULL) return 0;
    return info.dli_saddr == address ? (size_t)symbol->st_size : 0;
}

struct object_of_address {
    uintptr_t address;
    uintptr_t base;
    char path[256];
    int found;
};

static int find_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct object_of_address *query = data;
    if (!impostor_got_in_segments(info, query->address)) return 0;
    query->base = info->dlpi_addr;
    copy_name(query->path, sizeof query->path, info->dlpi_name != NULL && info->dlpi_name[0] != 0 ? info->dlpi_name : "/proc/self/exe");
    query->found = 1;
    return 1;
}

int impostor_entry_name_at(const void *address, char *name, size_t capacity) {
    Dl_info info;
    if (dladdr(address, &info) != 0 && info.dli_sname != NULL && info.dli_saddr == address) {
        copy_name(name, capacity, info.dli_sname);
        return 1;
    }
    struct object_of_address query = {.address = (uintptr_t)address};
    dl_iterate_phdr(find_object, &query);
    if (!query.found) return 0;
    long fd = impostor_got_syscall(SYS_openat, AT_FDCWD, (long)query.path, O_RDONLY | O_CLOEXEC, 0, 0, 0);
    if (fd < 0) return 0;
    struct stat status;
    long mapped = -1;
    if (impostor_got_syscall(SYS_fstat, fd, (long)&status, 0, 0, 0, 0) == 0 && status.st_size > 0) {
        mapped = impostor_got_syscall(SYS_mmap, 0, status.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    }
    (void)impostor_got_syscall(SYS_close, fd, 0, 0, 0, 0, 0);
    if (mapped < 0 && mapped > -4096) return 0;
    const uint8_t *file = (const uint8_t *)mapped;
    const Elf64_Ehdr *header = (const Elf64_Ehdr *)file;
    int found = 0;
    if ((size_t)status.st_size >= sizeof *header && memcmp(file, ELFMAG, SELFMAG) == 0 && header->e_shoff != 0 &&
        header->e_shoff + (size_t)header->e_shnum * sizeof(Elf64_Shdr) <= (size_t)status.st_size) {
        const Elf64_Shdr *sections = (const Elf64_Shdr *)(file + header->e_shoff);
        for (Elf64_Half i = 0; i < header->e_shnum && !found; i++) {
            if (sections[i].sh_type != SHT_SYMTAB || sections[i].sh_link >= header->e_shnum) continue;
            const Elf64_Shdr *strings = &sections[sections[i].sh_link];
            if (sections[i].sh_offset + sections[i].sh_size > (size_t)status.st_size ||
                strings->sh_offset + strings->sh_size > (size_t)status.st_size) continue;
            const Elf64_Sym *symbols = (const Elf64_Sym *)(file + sections[i].sh_offset);
            const char *names = (const char *)(file + strings->sh_offset);
            const char *source = "";
            for (size_t n = 0; n < sections[i].sh_size / sizeof(Elf64_Sym) && !found; n++) {
                if (symbols[n].st_name >= strings->sh_size) continue;
                if (ELF64_ST_TYPE(symbols[n].st_info) == STT_FILE) source = names + symbols[n].st_name;
                if (ELF64_ST_TYPE(symbols[n].st_info) != STT_FUNC || symbols[n].st_shndx == SHN_UNDEF ||
                    query.base + symbols[n].st_value != (uintptr_t)address) continue;
                found = 1;
                name[0] = 0;
                if (ELF64_ST_BIND(symbols[n].st_info) == STB_LOCAL && source[0] != 0) {
                    const char *slash = strrchr(source, '/');
                    copy_name(name, capacity, slash != NULL ? slash + 1 : source);
                    size_t used = strlen(name);
                    if (used + 1 < capacity) name[used] = ':', name[used + 1] = 0;
                }
                size_t used = strlen(name);
                copy_name(name + used, capacity - used, names + symbols[n].st_name);
            }
        }
    }
    (void)impostor_got_syscall(SYS_munmap, mapped, status.st_size, 0, 0, 0, 0);
    return found;
}

#else

size_t impostor_entry_dynamic_size(const void *address) {
    (void)address;
    return 0;
}

int impostor_entry_name_at(const void *address, char *name, size_t capacity) {
    (void)address, (void)name, (void)capacity;
    return 0;
}

void impostor_symtab_find(const char *name, int selection, const char *library, impostor_symtab_function *functions,
                          size_t capacity, char *names, size_t names_capacity, impostor_symtab_result *result) {
    (void)name, (void)selection, (void)library, (void)functions, (void)capacity, (void)names, (void)names_capacity;
    *result = (impostor_symtab_result){0};
}

#endif
