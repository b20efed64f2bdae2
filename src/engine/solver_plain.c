/*
 * solver_plain.c - the plain memoised solver: Grundy values of the normal-play game
 * (legal moves that are not death moves, Fokkink and Zandee 2022 section 1) by depth-first
 * search with a table of every position met.  Simple on purpose: it is the
 * reference the faster solvers are checked against.
 */
#include "engine.h"
#include "memo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct plain {
    const cy_board *b;
    cy_solver_opts opts;
    cyi_memo memo; /* Grundy values by (marked edges, edges marked backward) */
    cy_solver_stats st;
    double start, deadline, until;
    cyi_progress_state progress;
    int *movebuf;        /* 2*ne moves per depth */
    unsigned char *mark; /* working position */
};

plain *plain_new(const cy_board *b, const cy_solver_opts *o, cy_error *err)
{
    if (b->ne > CY_PLAIN_MAX_EDGES)
        return cy_error_set(err, "the board has %d edges; this solver handles at most %d", b->ne, CY_PLAIN_MAX_EDGES),
               NULL;
    plain *s = cyi_xcalloc(1, sizeof *s);
    s->b = b;
    s->progress.t = (cyi_ticker){.on = 1, .born = cy_now()}; /* last 0: a first line at one second */
    if (o)
        s->opts = *o;
    memo_init(&s->memo, s->opts.memory ? s->opts.memory : cyi_physical_memory() / 4, s->opts.memory > 0);
    s->st.memory = memo_bytes(&s->memo);
    s->movebuf = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1) * (size_t)(b->ne + 1));
    s->mark = cyi_xcalloc((size_t)b->ne + 1, 1);
    return s;
}

void plain_free(plain *s)
{
    if (!s)
        return;
    memo_free(&s->memo);
    free(s->movebuf);
    free(s->mark);
    free(s);
}

void plain_stats(const plain *s, cy_solver_stats *st)
{
    *st = s->st;
    st->memory = memo_bytes(&s->memo);
    st->stored = s->memo.used;
}

/* Shows the progress line if it is time. */
static void report(plain *s)
{
    cy_solver_stats st;
    plain_stats(s, &st);
    cyi_progress(&s->opts, &s->progress, 0, &st, s->memo.cap);
}

/* The Grundy value of s->mark at the given depth, or a negative code. */
static int grundy(plain *s, int depth)
{
    const cy_board *b = s->b;
    uint64_t km = 0, kd = 0;
    for (int e = 0; e < b->ne; e++) {
        if (s->mark[e] != CY_UNMARKED)
            km |= 1ull << e;
        if (s->mark[e] == CY_BWD)
            kd |= 1ull << e;
    }
    int known;
    if (memo_get(&s->memo, km, kd, &known)) {
        s->st.hits++;
        return known;
    }
    if ((++s->st.positions & 4095) == 0) {
        if (cyi_time_up(s->deadline))
            return CY_SOLVE_TIMEOUT;
        report(s);
    }
    int *moves = s->movebuf + (size_t)depth * (size_t)(2 * b->ne + 1);
    int n = cy_rules_safe(b, s->mark, moves);
    uint64_t seen[3] = {0, 0, 0}; /* values up to 2*64 */
    for (int k = 0; k < n; k++) {
        int e = cy_dart_edge(moves[k]);
        s->mark[e] = (unsigned char)cy_dart_mark(moves[k]);
        int g = grundy(s, depth + 1);
        s->mark[e] = CY_UNMARKED;
        if (g < 0)
            return g;
        vset_add(seen, g);
    }
    int g = vset_mex(seen);
    if (memo_put(&s->memo, km, kd, g) < 0)
        return CY_SOLVE_MEMORY;
    return g;
}

void plain_until(plain *s, double until)
{
    s->until = until;
}

cyi_progress_state *plain_progress(plain *s)
{
    return &s->progress;
}

int plain_grundy(plain *s, const unsigned char *mark)
{
    s->start = cy_now();
    s->deadline = cyi_deadline(s->start, s->opts.timeout, s->until);
    memcpy(s->mark, mark, (size_t)s->b->ne);
    int g = grundy(s, 0);
    s->st.seconds = cy_now() - s->start;
    return g;
}
