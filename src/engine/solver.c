/*
 * solver.c - cy_solver: one interface over the solver engines.
 */
#include "engine.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct cy_solver {
    const cy_board *b;
    cy_solver_opts opts;
    double analysed;  /* when the last cy_analyse began (cyi_solver_analysed) */
    cy_strategy *thm; /* a strategy of player 2 that Theorem 6 proves (cyi_solver_theorem) */
    int thm_sought;
    int engine;
    plain *p;
    bits *x;
    fast *f;
    fast *part; /* cyi_solver_grundy_part's engine when f is NULL */
};

cy_solver *cy_solver_new(const cy_board *b, const cy_solver_opts *o, cy_error *err)
{
    cy_solver_opts def = {0};
    if (!o)
        o = &def;
    cy_solver *s = cyi_xcalloc(1, sizeof *s);
    s->b = b;
    s->opts = *o;
    /* plane keys read a sub-game's plane embedding (the cells on each side
     * of a dart); on another surface they are not canonical, so such boards
     * are keyed by nauty alone */
    if (b->surface)
        s->opts.no_plane_keys = 1;
    o = &s->opts;
    s->engine = o->engine;
    if (s->engine == CY_ENGINE_PLAIN)
        s->p = plain_new(b, o, err);
    else {
        /* small boards: whole positions as bitboards beat sub-games */
        if (!o->no_bitboard && b->ne <= BITS_MAX_EDGES)
            s->x = bits_new(b, o, NULL);
        if (!s->x)
            s->f = fast_new(b, o, err);
    }
    if (!s->p && !s->x && !s->f) {
        free(s);
        return NULL;
    }
    return s;
}

int cy_solver_grundy(cy_solver *s, const unsigned char *mark)
{
    return s->p ? plain_grundy(s->p, mark) : s->x ? bits_grundy(s->x, mark) : fast_grundy(s->f, mark);
}

int cyi_solver_grundy_part(cy_solver *s, const unsigned char *mark, uint64_t keep)
{
    if (s->f)
        return fast_grundy_part(s->f, mark, keep);
    if (!s->part) {
        cy_error e = {0};
        cy_solver_opts o = s->opts;
        o.engine = CY_ENGINE_FAST;
        s->part = fast_new(s->b, &o, &e);
        if (!s->part)
            return CY_SOLVE_TOO_BIG;
    }
    return fast_grundy_part(s->part, mark, keep);
}

int cy_solver_wins(cy_solver *s, const unsigned char *mark)
{
    if (s->f)
        return fast_wins(s->f, mark);
    if (s->x)
        return bits_wins(s->x, mark);
    int g = cy_solver_grundy(s, mark);
    return g < 0 ? g : g != 0;
}

int cyi_solver_wins_each(cy_solver *s, const unsigned char *marks, int n, int *results)
{
    if (s->f)
        return fast_wins_each(s->f, marks, n, results);
    int rc = 0;
    for (int i = 0; i < n; i++) {
        results[i] = rc < 0 ? rc : cy_solver_wins(s, marks + (size_t)i * (size_t)s->b->ne);
        if (results[i] < 0)
            rc = results[i];
    }
    return rc;
}

int cy_solver_move(cy_solver *s, const unsigned char *mark0, int *dart)
{
    if (s->f)
        return fast_move(s->f, mark0, dart);
    /* the whole-position engines: the first safe move to a position of
     * value 0 (a position lost for the player to move), whose values their
     * tables mostly hold already */
    const cy_board *b = s->b;
    unsigned char *mark = cyi_xmalloc((size_t)b->ne + 1);
    int *moves = cyi_xmalloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    memcpy(mark, mark0, (size_t)b->ne);
    int r = 0, n = cy_rules_safe(b, mark, moves);
    for (int i = 0; i < n && r == 0; i++) {
        int e = cy_dart_edge(moves[i]);
        mark[e] = (unsigned char)cy_dart_mark(moves[i]);
        int g = cy_solver_wins(s, mark);
        mark[e] = CY_UNMARKED;
        if (g < 0)
            r = g;
        else if (g == 0) {
            *dart = moves[i];
            r = 1;
        }
    }
    free(mark);
    free(moves);
    return r;
}

const cy_strategy *cyi_solver_theorem(cy_solver *s, const unsigned char *mark)
{
    /* Theorem 6 is proved for plane boards only */
    if (s->opts.no_theorems || s->b->surface || cy_rules_played(s->b, mark) > 0)
        return NULL;
    if (!s->thm_sought) {
        /* Theorem 6 of Alvarado et al. 2021: on a board with an involution that fixes
         * no edge and whose cells meet the theorem's conditions (checked by
         * cy_involution_analyse), player 2 wins from the empty board by
         * answering each move with its partner, reversed.  It is a theorem
         * (and `cycles verify` recomputes it on the papers' boards), so its
         * answer needs no search. */
        char why[1024];
        /* and only where every edge can be marked: the theorem's proof
         * counts on it (the census finds it wrong on the single edge with
         * two loose ends, which no one can mark) */
        int loose = 0;
        for (int v = 0; v < s->b->nv; v++)
            loose |= cy_degree(s->b, v) == 1 && !s->b->special[v];
        s->thm = loose ? NULL : cy_strategy_find(s->b, CY_STRATEGY_MIRROR, why, sizeof why);
        if (s->thm && s->thm->player != 2) {
            cy_strategy_free(s->thm);
            s->thm = NULL;
        }
        s->thm_sought = 1;
    }
    return s->thm;
}

void cyi_solver_set_analysed(cy_solver *s, double when)
{
    s->analysed = when;
}

double cyi_solver_analysed(const cy_solver *s)
{
    return s->analysed;
}

void cy_solver_stats_get(const cy_solver *s, cy_solver_stats *st)
{
    if (s->p)
        plain_stats(s->p, st);
    else if (s->x)
        bits_stats(s->x, st);
    else
        fast_stats(s->f, st);
}

void cy_solver_until(cy_solver *s, double until)
{
    if (s->p)
        plain_until(s->p, until);
    else if (s->x)
        bits_until(s->x, until);
    else
        fast_until(s->f, until);
}

const cy_solver_opts *cy_solver_options(const cy_solver *s)
{
    return &s->opts;
}

const cy_board *cy_solver_board(const cy_solver *s)
{
    return s->b;
}

void cy_solver_free(cy_solver *s)
{
    if (!s)
        return;
    plain_free(s->p);
    bits_free(s->x);
    fast_free(s->f);
    fast_free(s->part);
    cy_strategy_free(s->thm);
    free(s);
}

void cy_solver_progress_end(cy_solver *s)
{
    cy_solver_stats st;
    cy_solver_stats_get(s, &st);
    cyi_progress_state *p = s->p ? plain_progress(s->p) : s->x ? bits_progress(s->x) : fast_progress(s->f);
    cyi_progress(&s->opts, p, 1, &st, 0);
}
