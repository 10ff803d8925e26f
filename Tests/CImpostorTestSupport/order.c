// Calls from several C threads in an order the program fixes: turns under a mutex, and threads
// run one after another.
#include "ct_order.h"

#include <pthread.h>

enum { ot_max_threads = 16 };

typedef struct ot_turns {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    const ot_turn_fn *functions;
    int32_t threads;
    int32_t turns;
    int32_t next;
} ot_turns;

typedef struct ot_player {
    ot_turns *game;
    int32_t thread;
} ot_player;

int32_t ot_owner(int32_t turn, int32_t threads) {
    // A scrambled but fixed owner per turn: a thread often takes several turns in a row, and
    // then none for a while, so stamps that only counted per thread would interleave wrongly.
    return (int32_t)((((uint32_t)turn * 2654435761u) >> 13) % (uint32_t)threads);
}

static void *ot_play(void *argument) {
    const ot_player *player = argument;
    ot_turns *game = player->game;
    pthread_mutex_lock(&game->lock);
    for (;;) {
        while (game->next < game->turns && ot_owner(game->next, game->threads) != player->thread) {
            pthread_cond_wait(&game->changed, &game->lock);
        }
        if (game->next >= game->turns) break;
        game->functions[player->thread](player->thread, game->next);
        game->next += 1;
        pthread_cond_broadcast(&game->changed);
    }
    pthread_mutex_unlock(&game->lock);
    return NULL;
}

int ot_take_turns(const ot_turn_fn *functions, int32_t threads, int32_t turns) {
    if (threads < 1 || threads > ot_max_threads) return -1;
    ot_turns game = {.functions = functions, .threads = threads, .turns = turns, .next = 0};
    pthread_mutex_init(&game.lock, NULL);
    pthread_cond_init(&game.changed, NULL);
    pthread_t ids[ot_max_threads];
    ot_player players[ot_max_threads];
    int32_t started = 0;
    int status = 0;
    for (; started < threads; started++) {
        players[started] = (ot_player){&game, started};
        status = pthread_create(&ids[started], NULL, ot_play, &players[started]);
        if (status != 0) break;
    }
    if (status != 0) {
        // The turns of a thread that never started never come: end the game for the others.
        pthread_mutex_lock(&game.lock);
        game.turns = game.next;
        pthread_cond_broadcast(&game.changed);
        pthread_mutex_unlock(&game.lock);
    }
    for (int32_t i = 0; i < started; i++) pthread_join(ids[i], NULL);
    pthread_cond_destroy(&game.changed);
    pthread_mutex_destroy(&game.lock);
    return status;
}

typedef struct ot_run {
    ot_turn_fn f;
    int32_t thread;
    int32_t calls;
} ot_run;

static void *ot_run_main(void *argument) {
    const ot_run *run = argument;
    for (int32_t i = 0; i < run->calls; i++) run->f(run->thread, i);
    return NULL;
}

int ot_successive_threads(ot_turn_fn f, int32_t threads, int32_t calls) {
    for (int32_t t = 0; t < threads; t++) {
        ot_run run = {f, t, calls};
        pthread_t id;
        int status = pthread_create(&id, NULL, ot_run_main, &run);
        if (status != 0) return status;
        pthread_join(id, NULL);
    }
    return 0;
}
