// Proves the descriptions in abi_cases.c right without Impostor: for every case that is not
// skipped, a libffi closure prepared from the description stands in for the mock. abi_call_N
// calls it as compiled C calls abi_fn_N; its handler hands the arguments libffi decoded to
// abi_check_N and encodes abi_result_N() as the return value, both through ffi_call with the
// same description. A wrong description moves a value to the wrong register or stack slot on
// one side only, so a check fails (or the program crashes, naming the case it was in first).
//
// Built with -DABI_THROUGH_TRAMPOLINES (and linked with the package's C targets), the same
// program puts Impostor's static trampoline in the closure's place: the generated signatures,
// called from compiled C, must then cross the trampoline's layout as they crossed libffi's. A
// signature the layout does not cover fails the case: the suite's signatures skip only what it
// leaves to libffi.
//
// Exact for AArch64 only (see abi_cases.h); run it there or under qemu: Tests/Arm64/abi/run.sh.
//
//     abi_cases_selftest [N ...]     the cases numbered N only; all of them without arguments
#include "abi_cases.h"
#if defined(ABI_THROUGH_TRAMPOLINES)
#include "impostor_static_trampolines.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct run {
    const abi_case *item;
    ffi_cif check;              // int abi_check_N(T0, ...)
    ffi_cif result;             // R abi_result_N(void)
    int arguments_ok;
    int handler_ran;
} run;

static void handler(ffi_cif *cif, void *result, void **arguments, void *data) {
    (void)cif;
    run *r = data;
    ffi_arg ok = 0;             // libffi widens integer results to ffi_arg
    ffi_call(&r->check, r->item->check, &ok, arguments);
    r->arguments_ok = (int)ok;
    r->handler_ran = 1;
    // libffi sizes `result` for the closure's return type, at least an ffi_arg: what ffi_call
    // writes for the same type fits.
    if (r->item->make_result) ffi_call(&r->result, r->item->make_result, result, NULL);
}

#if defined(ABI_THROUGH_TRAMPOLINES)
/// Never called: no trampoline here has stub keys.
static void unused_answer(void *user_data, const void *stub, void *result, const void *base, const void *offsets,
                          uint64_t stamp) {
    (void)user_data; (void)stub; (void)result; (void)base; (void)offsets; (void)stamp;
    printf("FAIL: a fast-path answer ran without a fast path\n");
    exit(1);
}
#endif

/// Whether libffi lays every described pool type out as the compiler does; a mismatch would
/// make every case using the type fail for a reason the case's line could not name.
static int layouts_agree(void) {
    unsigned count, wrong = 0;
    const abi_case_type *types = abi_case_types(&count);
    for (unsigned i = 0; i < count; i++) {
        ffi_type *type = types[i].type;
        if (ffi_get_struct_offsets(FFI_DEFAULT_ABI, type, NULL) != FFI_OK
            || type->size != types[i].size || type->alignment != types[i].alignment) {
            printf("FAIL layout %s: libffi says %zu bytes aligned to %u, the compiler %zu aligned to %u\n",
                   types[i].name, type->size, (unsigned)type->alignment, types[i].size, types[i].alignment);
            wrong++;
        }
    }
    printf("%u described pool types, %u laid out differently by libffi\n", count, wrong);
    return wrong == 0;
}

/// 1 when the case passed; prints its line.
static int run_case(const abi_case *item) {
    run r = { .item = item };
    ffi_cif cif;
    if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, item->argument_count, item->result, item->arguments) != FFI_OK
        || ffi_prep_cif(&r.check, FFI_DEFAULT_ABI, item->argument_count, &ffi_type_sint, item->arguments) != FFI_OK
        || ffi_prep_cif(&r.result, FFI_DEFAULT_ABI, 0, item->result, NULL) != FFI_OK) {
        printf("FAIL %d %s: ffi_prep_cif refused the description\n", item->number, item->description);
        return 0;
    }
    void *code = NULL;
#if defined(ABI_THROUGH_TRAMPOLINES)
    // Trampolines are never freed, and keep their call interface: one that lives as long.
    ffi_cif *kept = malloc(sizeof *kept);
    *kept = cif;
    impostor_static_outcome outcome = impostor_static_trampoline_create(kept, handler, unused_answer, &r, NULL, &code);
    if (outcome != IMPOSTOR_STATIC_MADE) {
        printf("FAIL %d %s: no static trampoline (outcome %d)\n", item->number, item->description, (int)outcome);
        return 0;
    }
    fflush(stdout);             // a crash inside the call still leaves the cases before it
    int returned_ok = item->call(code);
#else
    ffi_closure *closure = ffi_closure_alloc(sizeof(ffi_closure), &code);
    if (closure == NULL || ffi_prep_closure_loc(closure, &cif, handler, &r, code) != FFI_OK) {
        printf("FAIL %d %s: no libffi closure\n", item->number, item->description);
        if (closure) ffi_closure_free(closure);
        return 0;
    }
    fflush(stdout);             // a crash inside the call still leaves the cases before it
    int returned_ok = item->call(code);
    ffi_closure_free(closure);
#endif
    if (returned_ok == 1 && r.arguments_ok == 1) {
        printf("ok %d\n", item->number);
        return 1;
    }
    printf("FAIL %d %s %s\n", item->number, item->description,
           !r.handler_ran ? "(the handler did not run)" : abi_failures());
    return 0;
}

static int selected(const abi_case *item, int argc, char **argv) {
    if (argc < 2) return 1;
    for (int i = 1; i < argc; i++) {
        if (atoi(argv[i]) == item->number) return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    int layouts_ok = layouts_agree();
    unsigned count, ran = 0, failed = 0, skipped = 0;
    const abi_case *cases = abi_cases(&count);
    for (unsigned i = 0; i < count; i++) {
        if (!selected(&cases[i], argc, argv)) continue;
        if (cases[i].skip) {
            printf("skip %d %s: %s\n", cases[i].number, cases[i].description, cases[i].skip);
            skipped++;
            continue;
        }
        ran++;
        if (!run_case(&cases[i])) failed++;
    }
    printf("%u cases ran, %u passed, %u failed, %u skipped (a long double in them)\n", ran, ran - failed, failed, skipped);
    return failed == 0 && layouts_ok && ran > 0 ? 0 : 1;
}
