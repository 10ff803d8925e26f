// How a signature's arguments and result sit in the static entry's frame on AArch64, decided
// once per mock from libffi's description of it by the procedure call standard (AAPCS64, as
// Linux uses it: stack arguments in 8-byte slots; see static_context.h; x86-64's is in
// static_layout_x86_64.c).
#include "static_context.h"

#if IMPOSTOR_STATIC_TRAMPOLINES && defined(__aarch64__)

/// How a value travels, by AAPCS64's kinds of types.
typedef enum value_kind {
    /// Not covered: long double (a 128-bit quad in a q register), complex, a type aligned to
    /// more than 8 bytes or of size 0. The mock keeps a libffi closure.
    KIND_NOT_COVERED,
    /// An integer or pointer, in one general register.
    KIND_INTEGER,
    /// A float or double, or a homogeneous floating-point aggregate (HFA) of 1 to 4 of one of
    /// them, one member per vector register.
    KIND_FLOATING,
    /// Any other struct of at most 16 bytes, in 1 or 2 general registers.
    KIND_SMALL_STRUCT,
    /// Any other struct: the caller passes the address of a copy (a result: x8).
    KIND_LARGE_STRUCT,
} value_kind;

typedef struct value_class {
    value_kind kind;
    /// For KIND_FLOATING: the members' type (FFI_TYPE_FLOAT or FFI_TYPE_DOUBLE) and count.
    unsigned short member_type;
    unsigned members;
} value_class;

/// Adds the floating-point members of `type` to `class` if every scalar in it is a float or a
/// double of one kind: false as soon as one is not (an integer, a pointer, a mix of the two
/// kinds, or what the static path does not cover).
static int collect_members(const ffi_type *type, value_class *class) {
    switch (type->type) {
    case FFI_TYPE_FLOAT: case FFI_TYPE_DOUBLE:
        if (class->members > 0 && class->member_type != type->type) return 0;
        class->member_type = type->type;
        class->members++;
        return 1;
    case FFI_TYPE_STRUCT:
        for (ffi_type **element = type->elements; element != NULL && *element != NULL; element++) {
            if (!collect_members(*element, class)) return 0;
        }
        return 1;
    default:
        return 0;
    }
}

/// Whether every scalar in `type` is one the static path covers.
static int covered(const ffi_type *type) {
    if (type->size == 0 || type->alignment == 0 || type->alignment > 8) return 0;
    switch (type->type) {
    case FFI_TYPE_UINT8: case FFI_TYPE_SINT8: case FFI_TYPE_UINT16: case FFI_TYPE_SINT16:
    case FFI_TYPE_UINT32: case FFI_TYPE_SINT32: case FFI_TYPE_UINT64: case FFI_TYPE_SINT64:
    case FFI_TYPE_INT: case FFI_TYPE_POINTER: case FFI_TYPE_FLOAT: case FFI_TYPE_DOUBLE:
        return 1;
    case FFI_TYPE_STRUCT:
        for (ffi_type **element = type->elements; element != NULL && *element != NULL; element++) {
            if (!covered(*element)) return 0;
        }
        return 1;
    default:  // long double, complex, void
        return 0;
    }
}

static value_class classify(const ffi_type *type) {
    value_class result = {KIND_NOT_COVERED, 0, 0};
    if (!covered(type)) return result;
    if (type->type != FFI_TYPE_STRUCT) {
        if (type->type == FFI_TYPE_FLOAT || type->type == FFI_TYPE_DOUBLE) {
            result.kind = KIND_FLOATING;
            result.member_type = type->type;
            result.members = 1;
        } else {
            result.kind = KIND_INTEGER;
        }
        return result;
    }
    // An HFA: 1 to 4 members of one floating type and nothing else. (With the members
    // naturally aligned and nothing but them, the size is the members' count times their size:
    // a struct padded beyond that is not an HFA, and libffi lays out no such padding.)
    value_class members = {KIND_FLOATING, 0, 0};
    if (collect_members(type, &members) && members.members >= 1 && members.members <= 4) {
        size_t member_size = members.member_type == FFI_TYPE_FLOAT ? 4 : 8;
        if (type->size == member_size * members.members) return members;
    }
    result.kind = type->size <= 16 ? KIND_SMALL_STRUCT : KIND_LARGE_STRUCT;
    return result;
}

/// Lays out `cif` into `closure` (whose `sources` hold `cif->nargs` entries). False when a type
/// is not covered.
int impostor_static_lay_out(ffi_cif *cif, static_closure *closure) {
    // The next general register, vector register and stack offset (NGRN, NSRN, NSAA).
    unsigned general = 0, vector = 0;
    size_t stack = 0;
    closure->route = RESULT_IN_FRAME;
    closure->result_offset = FRAME_RESULT_INTEGER;
    if (cif->rtype->type != FFI_TYPE_VOID) {
        value_class result = classify(cif->rtype);
        switch (result.kind) {
        case KIND_NOT_COVERED:
            return 0;
        case KIND_INTEGER:
        case KIND_SMALL_STRUCT:
            // x0, then x1: adjacent in the frame, so a struct's bytes are in order.
            break;
        case KIND_FLOATING:
            // Doubles in d0-d3 are adjacent 8-byte slots, as the struct's members are; floats
            // are not (one per 8-byte slot), so an aggregate of several is scattered.
            if (result.member_type == FFI_TYPE_FLOAT && result.members > 1) closure->route = RESULT_SCATTERED_FLOATS;
            else closure->result_offset = FRAME_RESULT_VECTOR;
            break;
        case KIND_LARGE_STRUCT:
            closure->route = RESULT_IN_MEMORY;  // the caller's buffer, in x8: no argument register
            break;
        }
    }
    closure->argument_count = cif->nargs;
    closure->copied_count = 0;
    for (unsigned index = 0; index < cif->nargs; index++) {
        const ffi_type *type = cif->arg_types[index];
        value_class argument = classify(type);
        argument_source *source = &closure->sources[index];
        source->kind = SOURCE_IN_FRAME;
        source->second = 0;
        switch (argument.kind) {
        case KIND_NOT_COVERED:
            return 0;
        case KIND_INTEGER:
            if (general < 8) { source->first = FRAME_GP + 8 * general++; continue; }
            break;
        case KIND_FLOATING:
            // All members in registers, or the whole value on the stack and no more vector
            // registers for later arguments.
            if (vector + argument.members <= 8) {
                source->first = FRAME_FP + 8 * vector;
                vector += argument.members;
                if (argument.member_type == FFI_TYPE_FLOAT && argument.members > 1) {
                    source->kind = SOURCE_GATHERED_FLOATS;
                    source->second = argument.members;
                    closure->copied_count++;
                }
                continue;
            }
            vector = 8;
            break;
        case KIND_SMALL_STRUCT: {
            unsigned needed = (unsigned)((type->size + 7) / 8);
            if (general + needed <= 8) {
                source->first = FRAME_GP + 8 * general;
                general += needed;
                continue;
            }
            general = 8;
            break;
        }
        case KIND_LARGE_STRUCT:
            // The address of the caller's copy, as an integer argument.
            source->kind = SOURCE_BY_ADDRESS;
            if (general < 8) { source->first = FRAME_GP + 8 * general++; continue; }
            source->first = (uint32_t)(FRAME_STACK + stack);
            stack += 8;
            continue;
        }
        // On the stack, in slots of 8 bytes (alignments above 8 are not covered), the value at
        // the slot's start (little-endian, so a narrow integer reads right).
        source->first = (uint32_t)(FRAME_STACK + stack);
        stack += (type->size + 7) / 8 * 8;
    }
    int by_address = 0;
    for (unsigned index = 0; index < cif->nargs; index++) by_address |= closure->sources[index].kind == SOURCE_BY_ADDRESS;
    closure->simple = closure->copied_count == 0 && !by_address && closure->route == RESULT_IN_FRAME &&
                      cif->nargs <= SIMPLE_ARGUMENTS;
    closure->entry = impostor_static_common;
    return 1;
}

#endif
