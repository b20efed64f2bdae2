/*
 * server_work.h - the work of `cycles serve` (src/server/server_work.c): two lanes
 * for solves, an answer cache, and one solve for identical questions asked at
 * once.  Not public API: server.c is its only user.
 */
#ifndef CYCLES_SERVER_WORK_H
#define CYCLES_SERVER_WORK_H

#include "server_util.h"

#include <jansson.h>

/* An answer: HTTP status, malloc'd JSON text, and for a 503 the seconds after
 * which to ask again (Retry-After). */
typedef struct sw_answer {
    unsigned status;
    char *text; /* NULL when json holds the answer */
    int retry;
    const char *how; /* "cached", "shared" (another request's solve),
                        "solved" or NULL: the X-Cycles-Answer header */
    json_t *json;    /* a 200 answer numbered canonically (sc_to_canon),
                        as the cache keeps it (a request gets a copy of
                        its own); or NULL */
} sw_answer;

/* A JSON string for s; bytes that are not printable ASCII become '?' when s
 * is not valid UTF-8, so the answer is always valid JSON. */
json_t *sw_jstr(const char *s);
/* Sets *a to status with {"error": msg}, freeing its text; a 503 asks to
 * come back after a second unless a->retry already says longer. */
void sw_error(sw_answer *a, unsigned status, const char *msg);

/* How long an answer may be kept: not at all (a 503), until evicted (a
 * complete answer), or SW_PARTIAL_TTL seconds (a partial one, which a less
 * busy server may complete). */
enum { SW_KEEP_NOT, SW_KEEP, SW_KEEP_A_WHILE };
#define SW_PARTIAL_TTL 60.0

/* A question: kind ('s' solve, 'm' move, 'v' solve under rules), board,
 * position and canonical numbering (all taken over by sw_answer_question). */
typedef struct sw_question {
    int kind;
    cy_rules rules;       /* 'v': the rules, and the game's state after the */
    cy_variant_game game; /* moves played (cy_variant_play) */
    cy_board *b;
    unsigned char *mark;
    int *canon;     /* b's vertices numbered canonically (sc_canon), or NULL */
    double timeout; /* seconds the solve may take, when less than the
                       server's timeout (the page's first, short look);
                       0 for the server's */
} sw_question;

/* Answers question q within time timeout and table memory memory (quick:
 * whether on the quick lane): fills *a and returns how long the answer may be
 * kept.  Runs on a worker of either lane; must be safe to call from several
 * threads at once.  May take q's board (setting q->b to NULL). */
typedef int (*sw_solve_fn)(void *ctx, sw_question *q, int quick, size_t memory, double timeout, sw_answer *a);

typedef struct sw_opts {
    size_t memory;    /* the server's whole budget (bytes) */
    double timeout;   /* seconds a solve may take */
    int slow_workers; /* slow solves at once */
    int slow_queue;   /* slow questions accepted at once (running and waiting) */
    int quick_slots;  /* quick solves at once */
    sw_solve_fn solve;
    void *ctx; /* solve's first argument */
} sw_opts;

typedef struct sw_work sw_work;

/* The budget's shares (bytes), as README.md and docs/reliability.md describe:
 * quick_each is for one of the quick lane's solvers, running or kept for the
 * next question on its board (twice quick_slots of them); variant_each the
 * most one of the rule variants' searches takes (it runs in a lane like the
 * rest, within that lane's share too). */
typedef struct sw_budget {
    size_t cache, bodies, quick_each, slow_each, variant_each;
} sw_budget;
void sw_budget_split(size_t memory, int quick_slots, int slow_workers, sw_budget *out);

/* Starts the slow lane's workers (at a lower CPU priority); NULL if threads
 * cannot be made. */
sw_work *sw_new(const sw_opts *o);
/* Refuses new work, makes waiting requests give up, joins the workers (each
 * finishes its solve, at most the timeout) and frees everything. */
void sw_free(sw_work *w);
/* Makes requests that wait for an answer give up at once (503), so the
 * connection threads end; sw_free does it too. */
void sw_stop(sw_work *w);

/* The answer to q, whose cache key is key (a string naming the kind, the
 * board and the position exactly): from the cache; else from a solve of the
 * same question in progress; else queued for the quick lane when quick, or
 * for the slow lane (both src/server/lane.c).  Waits at most about twice the
 * timeout; a 503 carries a Retry-After.  Takes q's board and marks. */
void sw_answer_question(sw_work *w, const char *key, int quick, sw_question *q, sw_answer *a);

/* Whether an answer to the question of key is kept (not stale): then *a
 * gets a copy of it ("cached") and it counts as a hit. */
int sw_cached(sw_work *w, const char *key, sw_answer *a);

/* The canonical numbering of b's vertices with position mark (a malloc'd
 * array: vertex -> number), under which every relabelled or mirrored copy
 * of the board and position reads the same; the code that says so is
 * appended to key (src/server/server_canon.c). */
int *sc_canon(const cy_board *b, const unsigned char *mark, GString *key);
/* Appends to key the board b (its name, labels, special vertices, edges
 * and walks) and position mark exactly: the key of a question whose answer
 * is not relabelled (the rule variants'). */
void sc_exact(const cy_board *b, const unsigned char *mark, GString *key);
/* The JSON answer text (parsed once, here) with every move "U->V" in it
 * (string values, array items, object keys) mapped from b's labels to the
 * canonical numbers canon, and "board" (b's name) emptied: the form the
 * cache keeps.  NULL when text is not JSON. */
json_t *sc_to_canon(const char *text, const cy_board *b, const int *canon);
/* The text of a kept answer canon (a request's own copy, taken) in b's
 * labels and under b's name; lists and objects of moves in the order of b's
 * darts.  malloc'd. */
char *sc_from_canon(json_t *canon, const cy_board *b, const int *canon_of_b);

/* Counters for tests and the soak run. */
typedef struct sw_stats {
    unsigned long long hits, shared, solved_quick, solved_slow, refused;
    size_t cache_bytes, cache_entries;
    int queued, running;
} sw_stats;
void sw_stats_get(sw_work *w, sw_stats *st);

#endif
