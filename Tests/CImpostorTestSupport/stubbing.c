// C callers for the stubbing and matcher tests (see ct_stubbing.h).
#include "ct_stubbing.h"

#include <string.h>

// MARK: - Integers

int32_t cs_call_add(cs_fn_add f, int32_t a, int32_t b) { return f(a, b); }

void cs_call_add_repeatedly(cs_fn_add f, int32_t a, int32_t b, int32_t count, int32_t *results) {
    if (count > CS_MAX_REPEAT) count = CS_MAX_REPEAT;
    for (int32_t i = 0; i < count; i++) results[i] = f(a, b);
}

int64_t cs_sum_add(cs_fn_add f, int32_t first, int32_t last, int32_t b) {
    int64_t sum = 0;
    for (int32_t i = first; i <= last; i++) sum += f(i, b);
    return sum;
}

int32_t cs_call_widths(cs_fn_widths f, int8_t small, uint8_t byte, int64_t wide, uint64_t huge) {
    return f(small, byte, wide, huge);
}

int32_t cs_call_next(cs_fn_next f) { return f(); }

uint8_t cs_call_byte(cs_fn_byte f) { return f(); }

// MARK: - Bool

int32_t cs_call_flag(cs_fn_flag f, bool enabled, int32_t level) { return f(enabled, level); }

bool cs_call_ready(cs_fn_ready f) { return f(); }

// MARK: - Floating point

double cs_call_scale(cs_fn_scale f, double value, float factor) { return f(value, factor); }

int32_t cs_call_extended(cs_fn_extended f, long double value) { return f(value); }

// MARK: - Pointers

int32_t cs_call_write(cs_fn_write f, const uint8_t *bytes, size_t length) {
    if (bytes == NULL) return f(NULL, length);
    unsigned char buffer[64];
    if (length > sizeof buffer) length = sizeof buffer;
    memcpy(buffer, bytes, length);
    return f(buffer, length);
}

int32_t cs_call_read_counter(cs_fn_read_counter f, int32_t value, bool pass_null) {
    int32_t counter = value;
    return f(pass_null ? NULL : &counter);
}

int32_t cs_call_handle(cs_fn_handle f, void *handle) { return f(handle); }

int32_t cs_call_subscribe(cs_fn_subscribe f, cs_callback callback, void *context) {
    return f(callback, context);
}

int32_t cs_double_it(int32_t value) { return value * 2; }

// MARK: - C strings

int32_t cs_call_lookup(cs_fn_lookup f, const char *key, int32_t fallback) {
    if (key == NULL) return f(NULL, fallback);
    char buffer[64];
    strncpy(buffer, key, sizeof buffer - 1);
    buffer[sizeof buffer - 1] = '\0';
    int32_t result = f(buffer, fallback);
    // The text is gone after the call: a matcher must have read it during the call.
    memset(buffer, 'X', sizeof buffer - 1);
    return result;
}

// MARK: - Enums

int32_t cs_call_paint(cs_fn_paint f, cs_color color, cs_level level) { return f(color, level); }

int32_t cs_call_paint_raw_level(cs_fn_paint f, cs_color color, int32_t raw_level) {
    return f(color, (cs_level)raw_level);
}

// MARK: - Structs

int32_t cs_call_plot(cs_fn_plot f, cs_point at, char tag, double value, unsigned char padding_byte) {
    cs_sample sample;
    memset(&sample, padding_byte, sizeof sample);
    sample.tag = tag;
    sample.value = value;
    return f(at, sample);
}

cs_point cs_call_translate(cs_fn_translate f, cs_point p, int32_t dx) { return f(p, dx); }

int32_t cs_call_area(cs_fn_area f, cs_point corner) {
    cs_point local = corner;
    return f(&local);
}

// MARK: - Out-parameters

int32_t cs_call_fetch(cs_fn_fetch f, int32_t key, int32_t *value_out) {
    int32_t local = -1;
    int32_t status = f(key, &local);
    *value_out = local;
    return status;
}

int cs_check_read_name(cs_fn_read_name f, const char *expected) {
    char buffer[32];
    memset(buffer, 0, sizeof buffer);
    size_t length = f(buffer, sizeof buffer);
    return length == strlen(expected) && strcmp(buffer, expected) == 0;
}

// MARK: - Void results

void cs_notify_range(cs_fn_notify f, int32_t first, int32_t count) {
    for (int32_t i = 0; i < count; i++) f(first + i);
}
