#include "ct_expectations.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { ce_max_subscribers = 8 };

struct ce_publisher {
    ce_subscriber_fn subscribers[ce_max_subscribers];
    void *contexts[ce_max_subscribers];
    int count;
};

ce_publisher *ce_publisher_new(void) { return calloc(1, sizeof(ce_publisher)); }

void ce_publisher_add(ce_publisher *publisher, ce_subscriber_fn subscriber, void *context) {
    if (publisher->count == ce_max_subscribers) return;
    publisher->subscribers[publisher->count] = subscriber;
    publisher->contexts[publisher->count] = context;
    publisher->count += 1;
}

void ce_publisher_publish(ce_publisher *publisher, const char *message) {
    for (int i = 0; i < publisher->count; i++) publisher->subscribers[i](publisher->contexts[i], message);
}

void ce_publisher_free(ce_publisher *publisher) { free(publisher); }

struct ce_later {
    pthread_t thread;
    ce_publisher *publisher;
    char *message;
    int32_t delay_ms;
};

static void *ce_later_main(void *argument) {
    struct ce_later *later = argument;
    usleep((useconds_t)later->delay_ms * 1000);
    ce_publisher_publish(later->publisher, later->message);
    return NULL;
}

void *ce_publish_later(ce_publisher *publisher, const char *message, int32_t delay_ms) {
    struct ce_later *later = calloc(1, sizeof *later);
    if (later == NULL) return NULL;
    later->publisher = publisher;
    later->message = strdup(message);
    later->delay_ms = delay_ms;
    if (later->message == NULL || pthread_create(&later->thread, NULL, ce_later_main, later) != 0) {
        free(later->message);
        free(later);
        return NULL;
    }
    return later;
}

void ce_join(void *handle) {
    if (handle == NULL) return;
    struct ce_later *later = handle;
    pthread_join(later->thread, NULL);
    free(later->message);
    free(later);
}

int32_t ce_open_and_read_errno(ce_open_fn open_fn, const char *path, int32_t flags, int32_t *errno_after) {
    errno = 0;
    int32_t result = open_fn(path, flags);
    *errno_after = errno;
    return result;
}

ce_point ce_fill_point(ce_fill_fn fill) {
    ce_point point = {-1, -1};
    fill(&point);
    return point;
}

struct ce_worker {
    pthread_t thread;
    ce_count_fn count;
    int32_t number;
    int32_t calls;
    int64_t sum;
};

static void *ce_worker_main(void *argument) {
    struct ce_worker *worker = argument;
    for (int32_t i = 0; i < worker->calls; i++) worker->sum += worker->count(worker->number, i);
    return NULL;
}

int64_t ce_call_from_threads(ce_count_fn count, int32_t threads, int32_t calls) {
    struct ce_worker *workers = calloc((size_t)threads, sizeof *workers);
    if (workers == NULL) return -1;
    int32_t started = 0;
    for (; started < threads; started++) {
        workers[started] = (struct ce_worker){.count = count, .number = started, .calls = calls};
        if (pthread_create(&workers[started].thread, NULL, ce_worker_main, &workers[started]) != 0) break;
    }
    int64_t sum = 0;
    for (int32_t i = 0; i < started; i++) {
        pthread_join(workers[i].thread, NULL);
        sum += workers[i].sum;
    }
    free(workers);
    return started == threads ? sum : -1;
}
