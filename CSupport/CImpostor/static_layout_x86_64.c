// How a signature's arguments and result sit in the static entry's frame on x86-64, decided
// once per mock from libffi's description of it by the System V classification (see
// static_context.h; AArch64's is in static_layout_aarch64.c).
#include "static_context.h"

#if defined(__x86_64__) && defined(__linux__)

typedef enum eightbyte_class { CLASS_NONE, CLASS_INTEGER, CLASS_SSE } eightbyte_class;

/// Classifies the fields of `type` at `offset` into `classes` (one per eightbyte of a value of
/// at most 16 bytes). False for what the static path does not cover.
static int classify_into(const ffi_type *type, size_t offset, eightbyte_class classes[2]) {
    eightbyte_class class;
    switch (type->type) {
    case FFI_TYPE_UINT8: case FFI_TYPE_SINT8: case FFI_TYPE_UINT16: case FFI_TYPE_SINT16:
    case FFI_TYPE_UINT32: case FFI_TYPE_SINT32: case FFI_TYPE_UINT64: case FFI_TYPE_SINT64:
    case FFI_TYPE_INT: case FFI_TYPE_POINTER:
        class = CLASS_INTEGER;
        break;
    case FFI_TYPE_FLOAT: case FFI_TYPE_DOUBLE:
        class = CLASS_SSE;
        break;
    case FFI_TYPE_STRUCT: {
        size_t cursor = offset;
        for (ffi_type **element = type->elements; element != NULL && *element != NULL; element++) {
            size_t alignment = (*element)->alignment;
            if (alignment == 0 || alignment > 8) return 0;
            cursor = (cursor + alignment - 1) / alignment * alignment;
            if (!classify_into(*element, cursor, classes)) return 0;
            cursor += (*element)->size;
        }
        return 1;
    }
    default:  // long double (x87), complex, void
        return 0;
    }
    // A scalar never straddles eightbytes: fields are naturally aligned (libffi lays them out).
    size_t eightbyte = offset / 8;
    if (eightbyte > 1 || (offset + type->size - 1) / 8 != eightbyte) return 0;
    // INTEGER wins over SSE within one eightbyte (rule 4 of the merge).
    if (classes[eightbyte] != CLASS_INTEGER) classes[eightbyte] = class;
    return 1;
}

/// How a value travels: in registers (with one class per eightbyte), or in memory.
typedef struct value_class {
    int covered;
    int in_memory;
    int eightbytes;
    eightbyte_class classes[2];
} value_class;

static value_class classify(const ffi_type *type) {
    value_class result = {1, 0, 0, {CLASS_NONE, CLASS_NONE}};
    if (type->size == 0 || type->alignment == 0 || type->alignment > 8) {
        result.covered = 0;
        return result;
    }
    if (type->size > 16) {
        // Passed in memory, but still not covered when it holds a type that is not (a long
        // double inside, a field aligned to more than 8 bytes).
        if (type->type != FFI_TYPE_STRUCT) { result.covered = 0; return result; }
        for (ffi_type **element = type->elements; element != NULL && *element != NULL; element++) {
            if (!classify(*element).covered) { result.covered = 0; return result; }
        }
        result.in_memory = 1;
        return result;
    }
    result.eightbytes = (int)((type->size + 7) / 8);
    if (!classify_into(type, 0, result.classes)) { result.covered = 0; return result; }
    for (int index = 0; index < result.eightbytes; index++) {
        if (result.classes[index] == CLASS_NONE) { result.covered = 0; return result; }
    }
    return result;
}

/// Lays out `cif` into `closure` (whose `sources` hold `cif->nargs` entries). False when a type
/// is not covered.
int impostor_static_lay_out(ffi_cif *cif, static_closure *closure) {
    unsigned general = 0, vector = 0;
    size_t stack = 0;
    if (cif->rtype->type == FFI_TYPE_VOID) {
        closure->route = RESULT_IN_FRAME;
        closure->result_offset = FRAME_RAX;
    } else {
        value_class result = classify(cif->rtype);
        if (!result.covered) return 0;
        if (result.in_memory) {
            closure->route = RESULT_IN_MEMORY;
            general = 1;  // the hidden pointer takes rdi
        } else if (result.eightbytes == 1 || result.classes[0] == result.classes[1]) {
            closure->route = RESULT_IN_FRAME;
            closure->result_offset = result.classes[0] == CLASS_INTEGER ? FRAME_RAX : FRAME_XMM0;
        } else {
            closure->route = result.classes[0] == CLASS_INTEGER ? RESULT_INTEGER_THEN_SSE : RESULT_SSE_THEN_INTEGER;
        }
    }
    closure->argument_count = cif->nargs;
    closure->copied_count = 0;
    for (unsigned index = 0; index < cif->nargs; index++) {
        const ffi_type *type = cif->arg_types[index];
        value_class argument = classify(type);
        if (!argument.covered) return 0;
        argument_source *source = &closure->sources[index];
        source->kind = SOURCE_IN_FRAME;
        if (!argument.in_memory) {
            unsigned needed_general = 0, needed_vector = 0;
            for (int eightbyte = 0; eightbyte < argument.eightbytes; eightbyte++) {
                if (argument.classes[eightbyte] == CLASS_INTEGER) needed_general++; else needed_vector++;
            }
            // A value takes registers only when all of its eightbytes fit; otherwise the
            // whole value goes on the stack.
            if (general + needed_general <= 6 && vector + needed_vector <= 8) {
                uint32_t offsets[2];
                for (int eightbyte = 0; eightbyte < argument.eightbytes; eightbyte++) {
                    offsets[eightbyte] = argument.classes[eightbyte] == CLASS_INTEGER
                        ? FRAME_GP + 8 * general++
                        : FRAME_SSE + 8 * vector++;
                }
                source->first = offsets[0];
                if (argument.eightbytes == 2 && offsets[1] != offsets[0] + 8) {
                    source->kind = SOURCE_SPLIT;
                    source->second = offsets[1];
                    closure->copied_count++;
                }
                continue;
            }
        }
        // On the stack, in 8-byte slots (alignments above 8 are not covered).
        source->first = (uint32_t)(FRAME_STACK + stack);
        stack += (type->size + 7) / 8 * 8;
    }
    closure->simple = closure->copied_count == 0 && closure->route == RESULT_IN_FRAME && cif->nargs <= SIMPLE_ARGUMENTS;
    // No argument in a vector register and no result in one: the entry that saves and loads
    // none of them (the frame's vector slots are then never read).
    int result_in_vector = (closure->route == RESULT_IN_FRAME && closure->result_offset == FRAME_XMM0) ||
                           closure->route == RESULT_INTEGER_THEN_SSE || closure->route == RESULT_SSE_THEN_INTEGER;
    closure->entry = vector == 0 && !result_in_vector ? impostor_static_common_integer : impostor_static_common;
    return 1;
}

#endif
