#include "CImpostor.h"
#include "impostor_captured_answers.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

_Thread_local impostor_thread_state impostor_thread_state_storage;

static pthread_key_t thread_end_key;
static int thread_end_key_made = 0;
static _Atomic(impostor_thread_end_handler) thread_end_handler;

static void thread_ended(void *value) {
    impostor_thread_end_handler handler = atomic_load_explicit(&thread_end_handler, memory_order_acquire);
    if (handler != NULL) handler(value);
}

static void make_thread_end_key(void) { thread_end_key_made = pthread_key_create(&thread_end_key, thread_ended) == 0; }

__attribute__((noinline)) uintptr_t impostor_frame_address(void) { return (uintptr_t)__builtin_frame_address(0); }

void impostor_set_errno(int32_t code) { errno = code; }

__attribute__((noinline)) void *impostor_answering_failures(void) {
    impostor_thread_state *state = &impostor_thread_state_storage;
    // Inside the answer, this frame is below the entry point's; an answer left by longjmp left
    // the field set, and the code asking now runs at or above that entry point's frame.
    if (state->answering_failures == NULL) return NULL;
    if ((uintptr_t)__builtin_frame_address(0) >= state->answering_stack) return NULL;
    return state->answering_failures;
}

int impostor_on_thread_end(void *value, impostor_thread_end_handler handler) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_thread_end_key);
    if (!thread_end_key_made) return -1;
    atomic_store_explicit(&thread_end_handler, handler, memory_order_release);
    return pthread_setspecific(thread_end_key, value);
}

void *impostor_closure_allocate(void **code) {
    return ffi_closure_alloc(sizeof(ffi_closure), code);
}

int impostor_closure_prepare(void *closure, ffi_cif *cif, impostor_closure_handler handler,
                             void *user_data, void *code) {
    return (int)ffi_prep_closure_loc((ffi_closure *)closure, cif, handler, user_data, code);
}

_Atomic(impostor_symbol_answering_fn) impostor_symbol_answering = NULL;

void impostor_set_symbol_answering(impostor_symbol_answering_fn function) {
    atomic_store_explicit(&impostor_symbol_answering, function, memory_order_release);
}

/// What a closure made by `impostor_closure_prepare_answering` reads on every call.
typedef struct closure_context {
    impostor_closure_handler handler;
    impostor_static_answer answer;
    void *user_data;
    impostor_fast_path *fast;
    uint32_t result_write_size;
} closure_context;

/// Records a call the closure answers itself, through libffi's argument pointers: whole (a
/// fast call, `word` 0), or open before a stub key's answer runs (`IMPOSTOR_RECORD_OPEN`, no
/// result yet).
IMPOSTOR_HOT_AROUND_ANSWER impostor_open_call record_fast(impostor_fast_path *fast, void **arguments, void *result,
                                                           uint64_t stamp, uint64_t word) {
    return impostor_records_append_call(fast->records, fast->records_serial, stamp, word, 0, 0, arguments, NULL,
                                        fast->steps, fast->count, result, fast->result_offset, fast->result_size,
                                        fast->captures, NULL);
}

/// Closes the record of a call a stub key's answer answered, with its result.
IMPOSTOR_HOT_AROUND_ANSWER void close_fast(impostor_fast_path *fast, impostor_open_call call,
                                            void *result) {
    impostor_records_close_call(call, 0, result, fast->result_offset, fast->result_size);
}

/// The fast path of a mock that copies pointer memory or stands for an interposed symbol (see
/// impostor_captured_answers.h), through libffi's pointers. Out of line: the other mocks' path
/// keeps its frame.
__attribute__((noinline)) static int answer_captured(closure_context *context, impostor_fast_path *fast, void *result,
                                                     void **arguments) {
    // No base: libffi's pointers are the offsets (see `impostor_static_answer`).
    return impostor_answer_captured(fast, fast->steps, 0, NULL, arguments, result, context->result_write_size,
                                    context->answer, context->user_data, NULL, arguments);
}

/// A call to a mock that expectations name (see `dispatch_expected` in static_dispatch.c),
/// through libffi's pointers. 0 when the handler must decide.
__attribute__((noinline)) static int answer_expected(closure_context *context, impostor_fast_path *fast,
                                                     const impostor_expectation_list *list, void *result,
                                                     void **arguments) {
    if (!list->answerable || impostor_needs_attention()) return 0;
    int64_t index;
    const impostor_stub_key *key = impostor_expectation_keys_take(list, NULL, arguments, 1, &index);
    if (key == NULL) return 0;
    uint64_t stamp = impostor_next_stamp();
    impostor_open_call call = record_fast(fast, arguments, NULL, stamp, IMPOSTOR_RECORD_OPEN);
    impostor_answering previous = impostor_begin_answering(fast->answering_failures, (uintptr_t)__builtin_frame_address(0));
    IMPOSTOR_WITH_EXPECTATION_INDEX(index, context->answer(context->user_data, key->stub, result, NULL, arguments, stamp));
    impostor_end_answering(previous);
    close_fast(fast, call, result);
    return 1;
}

/// libffi calls this for every call through such a closure: what the static dispatcher does
/// (see `dispatch` in static_trampolines.c), through libffi's pointers, with exact copies.
static void answering_closure_handler(ffi_cif *cif, void *result, void **arguments, void *data) {
    closure_context *context = data;
    impostor_fast_path *fast = context->fast;
    if (atomic_load_explicit(&fast->open, memory_order_acquire) && !impostor_needs_attention()) {
        if (__builtin_expect(fast->captures != NULL || fast->symbol >= 0, 0)) {
            if (!answer_captured(context, fast, result, arguments)) context->handler(cif, result, arguments, context->user_data);
            return;
        }
        const impostor_stub_key *key = impostor_stub_keys_match(&fast->keys, NULL, arguments, 1);
        if (key != NULL) {
            uint64_t stamp = impostor_next_stamp();
            // In the log before the answer runs, which may never return (see `impostor_records_append_call`).
            impostor_open_call call = record_fast(fast, arguments, NULL, stamp, IMPOSTOR_RECORD_OPEN);
            impostor_answering previous =
                impostor_begin_answering(fast->answering_failures, (uintptr_t)__builtin_frame_address(0));
            // No base: libffi's pointers are the offsets (see `impostor_static_answer`).
            context->answer(context->user_data, key->stub, result, NULL, arguments, stamp);
            impostor_end_answering(previous);
            close_fast(fast, call, result);
            return;
        }
        if (fast->nice) {
            // libffi's result buffer holds at least `result_write_size` bytes (a full ffi_arg
            // for narrow integers, the caller's struct for one returned through memory).
            if (result != NULL) {
                // Most results are written as a full ffi_arg: one store, not a call of memset.
                if (context->result_write_size == 8) memset(result, 0, 8);
                else memset(result, 0, context->result_write_size);
            }
            record_fast(fast, arguments, result, impostor_next_stamp(), 0);
            return;
        }
    } else {
        const impostor_expectation_list *list = atomic_load_explicit(&fast->expectations, memory_order_acquire);
        if (list != NULL && answer_expected(context, fast, list, result, arguments)) return;
    }
    context->handler(cif, result, arguments, context->user_data);
}

int impostor_closure_prepare_answering(void *closure, ffi_cif *cif, impostor_closure_handler handler,
                                       impostor_static_answer answer, void *user_data, impostor_fast_path *fast,
                                       uint32_t result_write_size, void *code) {
    // Never freed: C code may keep the closure's entry point forever.
    closure_context *context = malloc(sizeof *context);
    if (context == NULL) return FFI_BAD_ABI;
    context->handler = handler;
    context->answer = answer;
    context->user_data = user_data;
    context->fast = fast;
    context->result_write_size = result_write_size;
    int status = (int)ffi_prep_closure_loc((ffi_closure *)closure, cif, answering_closure_handler, context, code);
    if (status != FFI_OK) {
        free(context);
        return status;
    }
    // Before the entry point is handed out, so before any stub: keys are kept from now on.
    fast->read_by_entry = 1;
    return status;
}

void impostor_closure_free(void *closure) {
    if (closure != NULL) ffi_closure_free(closure);
}

int impostor_prep_cif(ffi_cif *cif, unsigned argument_count, ffi_type *result, ffi_type **arguments) {
    return (int)ffi_prep_cif(cif, FFI_DEFAULT_ABI, argument_count, result, arguments);
}

int impostor_struct_offsets(ffi_type *type, size_t *offsets) {
    return (int)ffi_get_struct_offsets(FFI_DEFAULT_ABI, type, offsets);
}

ffi_type *impostor_type_void(void) { return &ffi_type_void; }
ffi_type *impostor_type_uint8(void) { return &ffi_type_uint8; }
ffi_type *impostor_type_sint8(void) { return &ffi_type_sint8; }
ffi_type *impostor_type_uint16(void) { return &ffi_type_uint16; }
ffi_type *impostor_type_sint16(void) { return &ffi_type_sint16; }
ffi_type *impostor_type_uint32(void) { return &ffi_type_uint32; }
ffi_type *impostor_type_sint32(void) { return &ffi_type_sint32; }
ffi_type *impostor_type_uint64(void) { return &ffi_type_uint64; }
ffi_type *impostor_type_sint64(void) { return &ffi_type_sint64; }
ffi_type *impostor_type_float(void) { return &ffi_type_float; }
ffi_type *impostor_type_double(void) { return &ffi_type_double; }
ffi_type *impostor_type_longdouble(void) { return &ffi_type_longdouble; }
ffi_type *impostor_type_pointer(void) { return &ffi_type_pointer; }

struct impostor_lock {
    pthread_mutex_t mutex;
};

impostor_lock *impostor_lock_create(void) {
    impostor_lock *lock = malloc(sizeof *lock);
    if (lock != NULL) pthread_mutex_init(&lock->mutex, NULL);
    return lock;
}

void impostor_lock_destroy(impostor_lock *lock) {
    pthread_mutex_destroy(&lock->mutex);
    free(lock);
}

void impostor_lock_acquire(impostor_lock *lock) { pthread_mutex_lock(&lock->mutex); }

void impostor_lock_release(impostor_lock *lock) { pthread_mutex_unlock(&lock->mutex); }
