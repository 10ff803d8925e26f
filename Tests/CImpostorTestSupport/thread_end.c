#include "ct_thread_end.h"

#include <pthread.h>
#include <stddef.h>

typedef struct {
    ct_thread_body body;
    void *context;
} ct_thread_job_end;

static void *ct_thread_end_main(void *argument) {
    const ct_thread_job_end *job = argument;
    job->body(job->context);
    return NULL;
}

int ct_run_on_new_thread(ct_thread_body body, void *context) {
    ct_thread_job_end job = {body, context};
    pthread_t thread;
    int status = pthread_create(&thread, NULL, ct_thread_end_main, &job);
    if (status != 0) return status;
    // A joined thread has run its key destructors: pthread_join returns after the thread's
    // exit has completed them.
    pthread_join(thread, NULL);
    return 0;
}
