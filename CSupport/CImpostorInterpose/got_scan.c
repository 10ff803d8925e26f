// Walks the dynamic tables of loaded objects to find the GOT slots of one symbol.
//
// Everything here reads memory the dynamic linker mapped and keeps mapped while
// `dl_iterate_phdr` holds its lock (no object can be unloaded during the walk), and compares
// names with a loop of its own: a libc string function could be one of the symbols rebound.
#define _GNU_SOURCE
#include "CImpostorInterpose.h"
#include "got_machine.h"

#include <elf.h>
#include <link.h>
#include <stddef.h>

static int same_text(const char *a, const char *b) {
    while (*a != 0 && *a == *b) { a++; b++; }
    return *a == *b;
}

/// Whether `path`'s file name is `library`, or starts with it and then `.` or `-`
/// (`libsqlite3` matches `/usr/lib/x86_64-linux-gnu/libsqlite3.so.0`).
static int names_library(const char *path, const char *library) {
    const char *name = path;
    for (const char *p = path; *p != 0; p++) {
        if (*p == '/') name = p + 1;
    }
    if (same_text(path, library)) return 1;
    while (*library != 0 && *library == *name) { library++; name++; }
    return *library == 0 && (*name == 0 || *name == '.' || *name == '-');
}

int impostor_got_in_segments(const struct dl_phdr_info *info, uintptr_t address) {
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_LOAD) continue;
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        if (address >= start && address < start + header->p_memsz) return 1;
    }
    return 0;
}

void impostor_got_relro_range(const struct dl_phdr_info *info, uintptr_t *start, uintptr_t *end) {
    *start = *end = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type != PT_GNU_RELRO) continue;
        // The dynamic linker protects whole pages from the start of the segment, rounded
        // down, to its end, rounded down: the last partial page stays writable.
        uintptr_t first = info->dlpi_addr + header->p_vaddr;
        *start = first & ~(IMPOSTOR_GOT_PAGE_SIZE - 1);
        *end = (first + header->p_memsz) & ~(IMPOSTOR_GOT_PAGE_SIZE - 1);
    }
}

#if defined(IMPOSTOR_GOT_AVAILABLE)

// The relocations a scan looks for, in the machine's numbering: JUMP_SLOT, a PLT call's slot
// (filled lazily or at load); GLOB_DAT, a slot the object loads the symbol's address from
// (calls without the PLT, pointers taken); and the symbol's address stored in the object's
// own data (x86-64 R_X86_64_64, AArch64 R_AARCH64_ABS64).
#if defined(IMPOSTOR_GOT_X86_64)
#define RELOCATION_JUMP_SLOT R_X86_64_JUMP_SLOT
#define RELOCATION_GLOB_DAT R_X86_64_GLOB_DAT
#define RELOCATION_ADDRESS R_X86_64_64
#else
#define RELOCATION_JUMP_SLOT R_AARCH64_JUMP_SLOT
#define RELOCATION_GLOB_DAT R_AARCH64_GLOB_DAT
#define RELOCATION_ADDRESS R_AARCH64_ABS64
#endif

typedef struct scan_context {
    const char *symbol;
    impostor_got_selection selection;
    const char *library;
    impostor_got_slot *slots;
    size_t capacity;
    char *names;
    size_t names_capacity;
    impostor_got_scan_result *result;
    int index;
    /// For `impostor_got_imported_names`: the names looked for instead of `symbol`, and the
    /// bits of those found.
    const char *const *alternatives;
    int alternative_count;
    uint32_t found;
    /// The bytes the alternatives start with, one bit each.
    uint64_t first_bytes[4];
} scan_context;

/// The object's name for its slots: copied into the caller's `names` (a `dlclose` on another
/// thread frees the dynamic linker's copy once the walk is over), or the dynamic linker's own
/// when the caller gave no room; "" when it does not fit (the scan reports the bytes needed).
static const char *object_name(scan_context *context, const struct dl_phdr_info *info) {
    const char *name = info->dlpi_name != NULL ? info->dlpi_name : "";
    if (context->names == NULL) return name;
    size_t length = 0;
    while (name[length] != 0) length++;
    size_t at = context->result->names_bytes;
    context->result->names_bytes += length + 1;
    if (context->result->names_bytes > context->names_capacity) return "";
    for (size_t i = 0; i <= length; i++) context->names[at + i] = name[i];
    return context->names + at;
}

/// A dynamic entry's address. The dynamic linker rewrites most of them to run-time addresses
/// in place, but not in objects whose dynamic section is read-only (the vDSO): an address
/// below the load bias cannot be a run-time address of this object, so it is still a link-time
/// one.
static uintptr_t dynamic_address(ElfW(Addr) value, uintptr_t base) {
    return value < base ? base + value : value;
}

/// Where an object stands with the dynamic linker, asked once per scan and only of objects
/// with a slot for the symbol (one system call each).
typedef enum { OBJECT_NOT_ASKED, OBJECT_LOADED, OBJECT_LOADING } object_state;

/// Whether a JUMP_SLOT holding `value`, an address inside its own object, is bound already: to
/// the object's own definition (`home`, when `defined`; a library calling its exported function
/// through its PLT), or, on x86-64, to anything but a lazy PLT entry, which starts with `push`
/// (after `endbr64` in an IBT-enabled PLT). Only a slot not bound yet holds a PLT entry, which
/// must never be called as the original: calling it binds the slot, over the dispatcher.
static int bound_home(int defined, uintptr_t home, void *value) {
    if (defined && (uintptr_t)value == home) return 1;
#if defined(IMPOSTOR_GOT_X86_64)
    // Sound: the value lies in one of the object's loaded segments (checked by the caller).
    const unsigned char *code = value;
    int push = code[0] == 0x68 || (code[0] == 0xf3 && code[1] == 0x0f && code[2] == 0x1e && code[3] == 0xfa && code[4] == 0x68);
    return !push;
#else
    return 0;
#endif
}

static void scan_relocations(const struct dl_phdr_info *info, scan_context *context, const ElfW(Rela) *table,
                             size_t bytes, const ElfW(Sym) *symbols, const char *strings,
                             uintptr_t relro_start, uintptr_t relro_end, int is_main, object_state *state,
                             const char **name) {
    uintptr_t base = info->dlpi_addr;
    for (size_t i = 0; i < bytes / sizeof(ElfW(Rela)); i++) {
        const ElfW(Rela) *entry = &table[i];
        uint32_t type = (uint32_t)ELF64_R_TYPE(entry->r_info);
        if (type != RELOCATION_JUMP_SLOT && type != RELOCATION_GLOB_DAT && type != RELOCATION_ADDRESS) continue;
        const ElfW(Sym) *symbol = &symbols[ELF64_R_SYM(entry->r_info)];
        if (context->alternatives != NULL) {
            if (type == RELOCATION_ADDRESS) continue;
            // Most names start with a byte no alternative starts with: one load and a bit test.
            const char *text = strings + symbol->st_name;
            unsigned char first = (unsigned char)text[0];
            if ((context->first_bytes[first >> 6] & (1ull << (first & 63))) == 0) continue;
            for (int k = 0; k < context->alternative_count; k++) {
                if (same_text(text, context->alternatives[k])) context->found |= 1u << k;
            }
            continue;
        }
        if (!same_text(strings + symbol->st_name, context->symbol)) continue;
        if (type == RELOCATION_ADDRESS) {
            // The address stored in the object's own data (a table of function pointers):
            // not a GOT slot, and not rebound, but worth saying so when no slot exists.
            context->result->data_references++;
            continue;
        }
        if (*state == OBJECT_NOT_ASKED) {
            int loading = relro_end > relro_start && impostor_got_object_loading(relro_start) == 1;
            *state = loading ? OBJECT_LOADING : OBJECT_LOADED;
            if (!loading) *name = object_name(context, info);
            if (loading && context->result->objects_loading++ == 0) {
                // Copied now: the name is the dynamic linker's, and a failed load frees it.
                const char *name = info->dlpi_name != NULL ? info->dlpi_name : "";
                size_t n = 0;
                for (; name[n] != 0 && n + 1 < sizeof context->result->loading_object; n++) {
                    context->result->loading_object[n] = name[n];
                }
                context->result->loading_object[n] = 0;
            }
        }
        // A slot of an object being relocated holds what the file had (no address yet), and
        // the dynamic linker is about to write it: left for a later scan.
        if (*state == OBJECT_LOADING) return;
        // Sound: r_offset is a link-time address inside this object's writable data, which
        // the dynamic linker mapped and relocated; slots are 8-byte aligned by the ABI.
        void **address = (void **)(base + entry->r_offset);
        void *value = *(void *volatile *)address;
        uintptr_t page = (uintptr_t)address & ~(IMPOSTOR_GOT_PAGE_SIZE - 1);
        int defined = symbol->st_shndx != SHN_UNDEF;
        if (is_main && base == 0 && !defined && symbol->st_value != 0) context->result->canonical_plt = 1;
        size_t n = context->result->slot_count++;
        if (context->slots == NULL || n >= context->capacity) continue;
        context->slots[n] = (impostor_got_slot){
            .address = address,
            .value = value,
            .object = *name,
            .object_base = base,
            .relocation = (int32_t)type,
            .read_only = page >= relro_start && page < relro_end,
            .lazy = type == RELOCATION_JUMP_SLOT && impostor_got_in_segments(info, (uintptr_t)value) &&
                    !bound_home(defined, base + symbol->st_value, value),
            .defined_here = defined,
        };
    }
}

static int visit(struct dl_phdr_info *info, size_t size, void *data) {
    scan_context *context = data;
    int is_main = context->index++ == 0;
    if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
        context->result->adds = info->dlpi_adds;
        context->result->subs = info->dlpi_subs;
    }
    const char *name = info->dlpi_name != NULL ? info->dlpi_name : "";
    switch (context->selection) {
    case IMPOSTOR_GOT_ALL_OBJECTS: break;
    case IMPOSTOR_GOT_MAIN_EXECUTABLE: if (!is_main) return 0; break;
    case IMPOSTOR_GOT_SHARED_LIBRARIES: if (is_main) return 0; break;
    case IMPOSTOR_GOT_NAMED_LIBRARY:
        if (is_main || context->library == NULL || !names_library(name, context->library)) return 0;
        break;
    }
    const ElfW(Dyn) *dynamic = NULL;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        if (header->p_type == PT_DYNAMIC) dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + header->p_vaddr);
    }
    uintptr_t relro_start, relro_end;
    impostor_got_relro_range(info, &relro_start, &relro_end);
    if (is_main && info->dlpi_addr == 0) context->result->executable_not_pie = 1;
    if (dynamic == NULL) {
        if (is_main) context->result->static_executable = 1;
        return 0;
    }
    context->result->objects_matched++;
    // The vDSO's dynamic section is read-only and holds no relocations worth rebinding.
    if (!is_main && names_library(name, "linux-vdso")) return 0;
    uintptr_t base = info->dlpi_addr;
    const ElfW(Sym) *symbols = NULL;
    const char *strings = NULL;
    const ElfW(Rela) *rela = NULL, *plt = NULL;
    size_t rela_bytes = 0, plt_bytes = 0, relative_count = 0;
    int plt_is_rela = 1;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: symbols = (const ElfW(Sym) *)dynamic_address(entry->d_un.d_ptr, base); break;
        case DT_STRTAB: strings = (const char *)dynamic_address(entry->d_un.d_ptr, base); break;
        case DT_RELA: rela = (const ElfW(Rela) *)dynamic_address(entry->d_un.d_ptr, base); break;
        case DT_RELASZ: rela_bytes = entry->d_un.d_val; break;
        case DT_JMPREL: plt = (const ElfW(Rela) *)dynamic_address(entry->d_un.d_ptr, base); break;
        case DT_PLTRELSZ: plt_bytes = entry->d_un.d_val; break;
        case DT_PLTREL: plt_is_rela = entry->d_un.d_val == DT_RELA; break;
        case DT_RELACOUNT: relative_count = entry->d_un.d_val; break;
        }
    }
    if (symbols == NULL || strings == NULL) return 0;
    // The linker sorts the RELATIVE entries (R_X86_64_RELATIVE, R_AARCH64_RELATIVE) first and
    // counts them in DT_RELACOUNT: in a Swift binary they are most of the table, and none
    // names a symbol.
    if (rela != NULL && relative_count * sizeof(ElfW(Rela)) <= rela_bytes) {
        rela += relative_count;
        rela_bytes -= relative_count * sizeof(ElfW(Rela));
    }
    object_state state = OBJECT_NOT_ASKED;
    const char *object = "";
    if (rela != NULL) {
        scan_relocations(info, context, rela, rela_bytes, symbols, strings, relro_start, relro_end, is_main, &state, &object);
    }
    if (plt != NULL && plt_is_rela) {
        scan_relocations(info, context, plt, plt_bytes, symbols, strings, relro_start, relro_end, is_main, &state, &object);
    }
    return 0;
}

int impostor_got_scan(const char *symbol, impostor_got_selection selection, const char *library,
                      impostor_got_slot *slots, size_t capacity, char *names, size_t names_capacity,
                      impostor_got_scan_result *result) {
    *result = (impostor_got_scan_result){0};
    scan_context context = {.symbol = symbol, .selection = selection, .library = library, .slots = slots,
                            .capacity = capacity, .names = names, .names_capacity = names_capacity, .result = result};
    dl_iterate_phdr(visit, &context);
    return 0;
}

uint32_t impostor_got_imported_names(const char *const *names, int count, impostor_got_selection selection,
                                     const char *library) {
    impostor_got_scan_result result = {0};
    scan_context context = {.symbol = "", .selection = selection, .library = library, .result = &result,
                            .alternatives = names, .alternative_count = count > 32 ? 32 : count};
    for (int k = 0; k < context.alternative_count; k++) {
        unsigned char first = (unsigned char)names[k][0];
        context.first_bytes[first >> 6] |= 1ull << (first & 63);
    }
    dl_iterate_phdr(visit, &context);
    return context.found;
}

#else

int impostor_got_scan(const char *symbol, impostor_got_selection selection, const char *library,
                      impostor_got_slot *slots, size_t capacity, char *names, size_t names_capacity,
                      impostor_got_scan_result *result) {
    (void)symbol, (void)selection, (void)library, (void)slots, (void)capacity, (void)names, (void)names_capacity;
    *result = (impostor_got_scan_result){0};
    return IMPOSTOR_GOT_UNAVAILABLE;
}

uint32_t impostor_got_imported_names(const char *const *names, int count, impostor_got_selection selection,
                                     const char *library) {
    (void)names, (void)count, (void)selection, (void)library;
    return 0;
}

#endif

int impostor_got_names_library(const char *path, const char *library) { return names_library(path, library); }
