// The probe of ct_probes.h defined here, over CImpostorInterpose's scan. The production headers
// are included with ct_probes.h so that every declaration it repeats from them is checked
// against its original: one that drifts conflicts with it and this file does not compile.
#include "ct_probes.h"

#include "../../CSupport/CImpostor/include/impostor_guarded_read.h"
#include "../../CSupport/CImpostor/include/impostor_records.h"
#include "../../CSupport/CImpostor/include/impostor_thread_state.h"
#include "../../CSupport/CImpostor/include/impostor_static_trampolines.h"
#include "../../CSupport/CImpostorInterpose/include/CImpostorInterpose.h"

size_t ct_main_executable_got_slots(const char *symbol, ct_got_slot *slots, size_t capacity) {
    impostor_got_slot found[CT_GOT_SLOTS_MAX];
    size_t room = capacity < CT_GOT_SLOTS_MAX ? capacity : CT_GOT_SLOTS_MAX;
    impostor_got_scan_result result;
    impostor_got_scan(symbol, IMPOSTOR_GOT_MAIN_EXECUTABLE, NULL, found, room, NULL, 0, &result);
    for (size_t i = 0; i < result.slot_count && i < room; i++) {
        slots[i] = (ct_got_slot){found[i].address, found[i].value, found[i].read_only};
    }
    return result.slot_count;
}

int ct_library_got_slot_lazy(const char *library, const char *symbol, const void **value) {
    impostor_got_slot found[CT_GOT_SLOTS_MAX];
    impostor_got_scan_result result;
    impostor_got_scan(symbol, IMPOSTOR_GOT_NAMED_LIBRARY, library, found, CT_GOT_SLOTS_MAX, NULL, 0, &result);
    if (result.slot_count == 0) return -1;
    *value = found[0].value;
    return found[0].lazy != 0;
}

uint64_t ct_expectation_keys_taken(void) { return impostor_current_thread_state()->expectation_keys_taken; }
