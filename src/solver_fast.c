/*
 * solver_fast.c - the fast engine: Grundy values by search over sub-games
 * (subgame.c), each position split into independent components whose values
 * are XORed, each component looked up in a transposition table (ttable.c)
 * under its canonical key (canon.c).
 */
#include "canon.h"
#include "engine.h"
#include "ttable.h"

#include <string.h>

struct fast {
    const cy_board *b;
    cy_solver_opts o;
    tt *t;
    uint64_t positions;
    double start, deadline, last_report;
    int *emap;
};

fast *fast_new(const cy_board *b, const cy_solver_opts *o, cy_error *err)
{
    fast *f = cy_xcalloc(1, sizeof *f);
    f->b = b;
    f->o = *o;
    size_t mem = o->memory ? o->memory : cy_physical_memory() / 4;
    if (mem < (1u << 20))
        mem = 1u << 20;
    f->t = tt_new(mem);
    if (!f->t) {
        free(f);
        return cy_error_set(err, "cannot allocate a %zu MiB table (try a smaller --memory)", mem >> 20), NULL;
    }
    f->emap = cy_xmalloc(sizeof(int) * SG_MAXE);
    return f;
}

void fast_free(fast *f)
{
    if (!f)
        return;
    tt_free(f->t);
    free(f->emap);
    free(f);
}

void fast_stats(const fast *f, cy_solver_stats *st)
{
    tt_stats ts;
    tt_stats_get(f->t, &ts);
    memset(st, 0, sizeof *st);
    st->positions = f->positions;
    st->hits = ts.hits;
    st->stored = ts.entries;
    st->memory = ts.bytes;
}

/* Copies the live part of a sub-game. */
static inline void sg_copy(sg *dst, const sg *src)
{
    dst->ne = src->ne;
    dst->nc = src->nc;
    dst->live = src->live;
    memcpy(dst->kind, src->kind, (size_t)src->nc);
    memcpy(dst->edges, src->edges, sizeof(uint64_t) * (size_t)src->nc);
    memcpy(dst->ref, src->ref, sizeof(uint64_t) * (size_t)src->nc);
}

static int pos_value(fast *f, const sg *g);

/* The Grundy value of a component (every edge live), or a negative code. */
static int comp_value(fast *f, const sg *g)
{
    uint64_t key[2];
    sg_key(g, !f->o.no_canon, key);
    int v = tt_get(f->t, key);
    if (v >= 0)
        return v;
    if ((++f->positions & 1023) == 0) {
        if (f->o.timeout > 0 && cy_now() > f->deadline)
            return CY_SOLVE_TIMEOUT;
        cy_solver_stats st;
        fast_stats(f, &st);
        tt_stats ts;
        tt_stats_get(f->t, &ts);
        cy_progress(&f->o, f->start, &f->last_report, 0, &st, ts.capacity);
    }
    uint64_t before = f->positions;
    uint64_t seen[2] = {0, 0};
    sg child;
    for (uint64_t es = g->live; es; es &= es - 1) {
        int e = __builtin_ctzll(es);
        for (int dir = 0; dir < 2; dir++) {
            if (!sg_legal(g, e, dir))
                continue;
            sg_copy(&child, g);
            if (sg_play(&child, e, dir))
                continue; /* a death move */
            int x = pos_value(f, &child);
            if (x < 0)
                return x;
            seen[x >> 6] |= 1ull << (x & 63);
        }
    }
    int mex = 0;
    while (seen[mex >> 6] & (1ull << (mex & 63)))
        mex++;
    tt_put(f->t, key, mex, f->positions - before + 1);
    return mex;
}

/* The Grundy value of a normalised sub-game: the XOR of its components'. */
static int pos_value(fast *f, const sg *g)
{
    sg part;
    if (f->o.no_decompose) {
        if (!g->live)
            return 0;
        sg_extract(g, g->live, &part);
        return comp_value(f, &part);
    }
    uint64_t comp[SG_MAXE], free_edges;
    int n = sg_components(g, comp, &free_edges);
    int x = __builtin_popcountll(free_edges) & 1;
    for (int i = 0; i < n; i++) {
        sg_extract(g, comp[i], &part);
        int v = comp_value(f, &part);
        if (v < 0)
            return v;
        x ^= v;
    }
    return x;
}

int fast_grundy(fast *f, const unsigned char *mark)
{
    sg g;
    if (sg_from_board(f->b, mark, &g, f->emap) < 0)
        return CY_SOLVE_TOO_BIG;
    f->start = f->last_report = cy_now();
    f->deadline = f->start + f->o.timeout;
    int v = pos_value(f, &g);
    cy_solver_stats st;
    fast_stats(f, &st);
    tt_stats ts;
    tt_stats_get(f->t, &ts);
    cy_progress(&f->o, f->start, &f->last_report, 1, &st, ts.capacity);
    return v;
}
