/*
 * positions.c - every position reachable from a start position under the
 * original rules, with its outcome and Grundy value (`cycles positions`, the
 * Python package's cycles.positions), and small helpers for bindings.
 *
 * The positions are not found by playing moves (which meets each position
 * once per order of its moves and must remember what it met) but by a test
 * on the position alone, so that the enumeration holds nothing but the
 * current position and each one is known as soon as it is reached.  A
 * position M that extends the start S (same marks on S's marked edges) is
 * reachable from S exactly when
 *   (a) no vertex that is not special, with an edge marked after S, has all
 *       its edges marked and all pointing in (a sink) or all out (a source),
 *   (b) M's cycle cells, if any, share an edge marked after S.
 * Necessary: every move is checked against the sink/source rule at the
 * vertices it touches, and the game ends at the first cycle cell, so the last
 * move lies on all of them.  Sufficient: play the shared edge of (b) last and
 * the others in any order; a vertex whose edges are all marked in a position
 * on the way has them marked as in M, so no move makes a sink or a source,
 * and every cycle cell of M holds the last edge, so the game is not over
 * before it.
 *
 * Each number of moves played is one depth-first pass over the edges (edge
 * ne-1 first, marks 0, 1, 2 in turn), pruned as soon as a vertex has all its
 * edges decided or the count of marks cannot be met; so positions come in
 * order of moves played and then of their base-3 number.  Values come from
 * the solver, whose table (bounded by the options' memory, replacing entries
 * when full) serves all positions alike.
 */
#include "engine.h"
#include "internal.h"
#include "sinksource.h"

#include <stdlib.h>
#include <string.h>

struct cy_positions {
    const cy_board *b;
    cy_solver *s;   /* the original rules: the solver */
    cy_vsearch *vs; /* a variant: its search */
    cy_rules r;
    int k;                /* players */
    int *seen;            /* ANY_CYCLE: the cycle test's marks */
    unsigned char *start; /* S */
    unsigned char *mark;  /* the current position (M) */
    int *legal;
    int *free_below;           /* free_below[e]: edges below e unmarked in S */
    int *done_at, *done_start; /* vertices whose lowest edge is e:
                                  done_at[done_start[e] .. done_start[e+1]) */
    int *cyc;                  /* per edge: cycle cells of M holding it */
    int played0;               /* moves played in S */
    int target;                /* moves played in the positions of this pass */
    int e;                     /* the edge being decided (-1: a whole position) */
    int marked;                /* marks on the edges above e, S's included */
    int started, finished;
    int pending;         /* the current position was not valued */
    double estimate;     /* the number of positions, estimated */
    double direct_bytes; /* a variant: cy_vsearch_direct_bytes */
    uint64_t done;
};

void cy_free(void *p)
{
    free(p);
}

char *cy_position_moves(const cy_board *b, const unsigned char *mark)
{
    cyi_buf o = {0};
    cyi_buf_puts(&o, "");
    for (int e = 0; e < b->ne; e++) {
        if (mark[e] == CY_UNMARKED)
            continue;
        char mv[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, cy_dart(e, mark[e]), mv, sizeof mv);
        cyi_buf_printf(&o, "%s%s", o.len ? " " : "", mv);
    }
    return cyi_buf_take(&o);
}

/* Whether v passes test (a) once all its edges are decided. */
static int vertex_ok(const cy_positions *it, int v)
{
    const cy_board *b = it->b;
    int in = 0, out = 0, newer = 0;
    for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
        int x = b->vdarts[i], e = cy_dart_edge(x);
        if (it->mark[e] == CY_UNMARKED)
            return 1;
        newer |= it->start[e] == CY_UNMARKED;
        if (it->mark[e] == cy_dart_mark(x))
            out++;
        else
            in++;
    }
    /* every edge marked: whichever arrow came last, the others all point its way */
    return !newer || !(cyi_ss_closes(b->special[v], (uint64_t)(in + out), (uint64_t)in) ||
                       cyi_ss_closes(b->special[v], (uint64_t)(in + out), (uint64_t)out));
}

/* Whether the marked edges but edge skip (-1: none) hold a directed
 * cycle (depth first from each vertex; seen: 0 new, 1 on the path, 2 done). */
static int has_cycle(cy_positions *it, int skip)
{
    const cy_board *b = it->b;
    int *seen = it->seen, *stack = it->seen + b->nv, *pos = stack + b->nv;
    memset(seen, 0, sizeof *seen * (size_t)b->nv);
    for (int r = 0; r < b->nv; r++) {
        if (seen[r])
            continue;
        int top = 0;
        stack[0] = r;
        pos[0] = b->vstart[r];
        seen[r] = 1;
        while (top >= 0) {
            int v = stack[top];
            if (pos[top] == b->vstart[v + 1]) {
                seen[v] = 2;
                top--;
                continue;
            }
            int x = b->vdarts[pos[top]++], e = cy_dart_edge(x);
            if (e == skip || it->mark[e] != cy_dart_mark(x))
                continue; /* not an arrow leaving v */
            int h = cy_head(b, x);
            if (seen[h] == 1)
                return 1;
            if (seen[h] == 0) {
                seen[h] = 1;
                stack[++top] = h;
                pos[top] = b->vstart[h];
            }
        }
    }
    return 0;
}

/* Whether the whole position passes test (b), or under ANY_CYCLE its
 * directed cycles share an edge marked after S; under SCORE, where
 * completions do not end the game, every position passes. */
static int cells_ok(cy_positions *it)
{
    const cy_board *b = it->b;
    if (it->vs && it->r.kind == CY_RULES_SCORE)
        return 1;
    if (it->vs && it->r.kind == CY_RULES_ANY_CYCLE) {
        if (!has_cycle(it, -1))
            return 1;
        for (int e = 0; e < b->ne; e++)
            if (it->start[e] == CY_UNMARKED && it->mark[e] != CY_UNMARKED && !has_cycle(it, e))
                return 1;
        return 0;
    }
    int ncyc = 0;
    memset(it->cyc, 0, sizeof *it->cyc * (size_t)b->ne);
    for (int c = 0; c < b->ncells; c++) {
        if (cy_rules_cell(b, it->mark, c, NULL) != CY_CELL_CYCLE)
            continue;
        ncyc++;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
            it->cyc[cy_dart_edge(b->fdarts[i])]++;
    }
    if (ncyc == 0)
        return 1;
    for (int e = 0; e < b->ne; e++)
        if (it->cyc[e] == ncyc && it->start[e] == CY_UNMARKED)
            return 1;
    return 0;
}

/* Whether the decisions on edges e and above can still lead to a position
 * of this pass: the count of marks, and test (a) at the vertices whose
 * edges are now all decided. */
static int prefix_ok(const cy_positions *it, int e)
{
    if (it->marked > it->target || it->marked + it->free_below[e] < it->target)
        return 0;
    for (int i = it->done_start[e]; i < it->done_start[e + 1]; i++)
        if (!vertex_ok(it, it->done_at[i]))
            return 0;
    return 1;
}

/* Knuth's estimate of the number of positions (Math. Comp. 29, 1975): random
 * descents through the edges as the enumeration decides them (without the
 * count of marks), each weighing a position it reaches by the product of the
 * numbers of marks the edges on its way could take; the mean of the weights
 * over the descents is an unbiased estimate.  Leaves mark as the start. */
static double estimate(cy_positions *it, int descents)
{
    const int ne = it->b->ne;
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    double sum = 0;
    for (int k = 0; k < descents; k++) {
        double w = 1;
        memcpy(it->mark, it->start, (size_t)ne);
        for (int e = ne - 1; e >= 0 && w > 0; e--) {
            int ok[3], n = 0;
            for (int m = 0; m < 3; m++) {
                if (it->start[e] != CY_UNMARKED && m != it->start[e])
                    continue;
                it->mark[e] = (unsigned char)m;
                int sink = 0;
                for (int i = it->done_start[e]; i < it->done_start[e + 1]; i++)
                    sink |= !vertex_ok(it, it->done_at[i]);
                if (!sink)
                    ok[n++] = m;
            }
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            w *= n;
            it->mark[e] = n ? (unsigned char)ok[(rng >> 33) % (uint64_t)n] : CY_UNMARKED;
        }
        if (w > 0 && cells_ok(it))
            sum += w;
    }
    memcpy(it->mark, it->start, (size_t)ne);
    return sum / descents;
}

double cy_positions_estimate(const cy_positions *it)
{
    return it->estimate;
}

/* Moves mark to the next position of the enumeration: 1, or 0 when there
 * is none.  Edges above it->e are decided (free edges not yet decided stay
 * unmarked); "descend" decides edge it->e with its lowest mark, "next" gives
 * it its next mark or, when it has none, undoes it and goes up. */
static int step(cy_positions *it)
{
    const int ne = it->b->ne;
    int descend;
    if (!it->started) {
        it->started = 1;
        it->target = it->played0;
        it->e = ne - 1;
        it->marked = it->played0;
        descend = 1;
    } else {
        it->e = 0;
        descend = 0;
    }
    for (;;) {
        int e = it->e;
        if (descend) {
            if (e < 0) {
                if (cells_ok(it))
                    return 1;
                it->e = 0;
                descend = 0;
            } else if (prefix_ok(it, e))
                it->e--;
            else
                descend = 0;
            continue;
        }
        if (e == ne) {
            /* this pass is over: the positions one move further on */
            if (++it->target > it->played0 + it->free_below[ne])
                return 0;
            memcpy(it->mark, it->start, (size_t)ne);
            it->marked = it->played0;
            it->e = ne - 1;
            descend = 1;
        } else if (it->start[e] == CY_UNMARKED && it->mark[e] != CY_BWD) {
            it->marked += it->mark[e] == CY_UNMARKED;
            it->mark[e]++;
            if (prefix_ok(it, e)) {
                it->e--;
                descend = 1;
            }
        } else {
            if (it->start[e] == CY_UNMARKED) {
                it->marked -= it->mark[e] != CY_UNMARKED;
                it->mark[e] = CY_UNMARKED;
            }
            it->e++;
        }
    }
}

cy_positions *cy_positions_new(const cy_board *b, const unsigned char *start, const cy_solver_opts *o, cy_error *err)
{
    return cy_positions_new_rules(b, NULL, start, o, err);
}

cy_positions *cy_positions_new_rules(const cy_board *b, const cy_rules *r, const unsigned char *start,
                                     const cy_solver_opts *o, cy_error *err)
{
    if (b->ne > CY_POSITIONS_MAX_EDGES) {
        cy_error_set(err, "the board has %d edges; every position is listed for boards of at most %d", b->ne,
                     CY_POSITIONS_MAX_EDGES);
        return NULL;
    }
    cy_solver_opts so = o ? *o : (cy_solver_opts){0};
    if (so.threads == 0)
        so.threads = 1; /* many small searches: threads would cost more than they share */
    cy_solver *s = NULL;
    cy_vsearch *vs = NULL;
    double direct_bytes = 0;
    if (r && !cy_rules_is_standard(r)) {
        if (!(vs = cy_vsearch_new(b, r, &so, err)))
            return NULL;
        direct_bytes = cy_vsearch_direct_bytes(b, &so);
    } else if (!(s = cy_solver_new(b, &so, err)))
        return NULL;
    else if (so.timeout > 0)
        cy_solver_until(s, cy_now() + so.timeout); /* the whole listing, not each search */
    int ne = b->ne, nv = b->nv;
    cy_positions *it = cyi_xcalloc(1, sizeof *it);
    it->b = b;
    it->s = s;
    it->vs = vs;
    it->direct_bytes = direct_bytes;
    it->r = r ? *r : (cy_rules){.kind = CY_RULES_STANDARD, .players = 2};
    it->k = it->r.players > 2 ? it->r.players : 2;
    it->seen = cyi_xcalloc(3 * (size_t)nv + 1, sizeof *it->seen);
    it->start = cyi_xcalloc((size_t)ne + 1, 1);
    if (start)
        memcpy(it->start, start, (size_t)ne);
    it->mark = cyi_xcalloc((size_t)ne + 1, 1);
    memcpy(it->mark, it->start, (size_t)ne);
    it->legal = cyi_xmalloc(sizeof(int) * (size_t)(2 * ne + 1));
    it->cyc = cyi_xcalloc((size_t)ne + 1, sizeof *it->cyc);
    it->free_below = cyi_xcalloc((size_t)ne + 1, sizeof *it->free_below);
    for (int e = 0; e < ne; e++)
        it->free_below[e + 1] = it->free_below[e] + (it->start[e] == CY_UNMARKED);
    it->played0 = ne - it->free_below[ne];
    /* each vertex with edges is checked when its lowest edge is decided */
    it->done_start = cyi_xcalloc((size_t)ne + 2, sizeof *it->done_start);
    it->done_at = cyi_xcalloc((size_t)nv + 1, sizeof *it->done_at);
    int *low = cyi_xmalloc(sizeof *low * ((size_t)nv + 1));
    for (int v = 0; v < nv; v++) {
        low[v] = -1;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int e = cy_dart_edge(b->vdarts[i]);
            if (low[v] < 0 || e < low[v])
                low[v] = e;
        }
        if (low[v] >= 0)
            it->done_start[low[v] + 1]++;
    }
    for (int e = 0; e < ne; e++)
        it->done_start[e + 1] += it->done_start[e];
    int *fill = cyi_xcalloc((size_t)ne + 1, sizeof *fill);
    for (int v = 0; v < nv; v++)
        if (low[v] >= 0)
            it->done_at[it->done_start[low[v]] + fill[low[v]]++] = v;
    free(fill);
    free(low);
    it->target = it->played0;
    it->estimate = estimate(it, 20000);
    return it;
}

/* cy_positions_next for a variant: the position's value by the variant
 * search, read as cycles.h says at cy_position_info. */
static int variant_next(cy_positions *it, cy_position_info *p, cy_error *err)
{
    const cy_board *b = it->b;
    memset(p, 0, sizeof *p);
    p->mark = it->mark;
    p->played = it->target;
    p->to_move = it->r.extra_turn ? 0 : it->target % it->k + 1;
    p->cycle_cell = cy_rules_cycle_cell(b, it->mark);
    p->over = cy_variant_ended(b, &it->r, it->mark) || cy_variant_legal(b, &it->r, it->mark, it->legal) == 0;
    int v, rc = cy_vsearch_value(it->vs, it->mark, &v);
    if (rc < 0) {
        it->pending = 1;
        cy_error_set(err, "%s", rc == CY_SOLVE_MEMORY ? "out of memory (--memory)" : "out of time (--timeout)");
        return rc;
    }
    p->value = v;
    p->grundy = it->r.kind == CY_RULES_MISERE ? v : -1;
    if (it->k > 2) {
        p->outcome = 0;
        p->winner = (it->target + v) % it->k + 1;
    } else {
        p->outcome = it->r.kind == CY_RULES_MISERE ? (v ? 'N' : 'P') : v > 0 ? 'N' : v < 0 ? 'P' : 'D';
        p->winner = !p->to_move || p->outcome == 'D' ? 0 : p->outcome == 'N' ? p->to_move : 3 - p->to_move;
    }
    it->done++;
    return 1;
}

int cy_positions_next(cy_positions *it, cy_position_info *p, cy_error *err)
{
    const cy_board *b = it->b;
    if (it->finished)
        return 0;
    if (it->pending)
        it->pending = 0;
    else if (!step(it)) {
        it->finished = 1;
        return 0;
    }
    if (it->vs)
        return variant_next(it, p, err);
    memset(p, 0, sizeof *p);
    p->mark = it->mark;
    p->played = it->target;
    p->to_move = it->target % 2 == 0 ? 1 : 2;
    p->cycle_cell = cy_rules_cycle_cell(b, it->mark);
    p->grundy = -1;
    if (p->cycle_cell >= 0) {
        p->over = 1;
        p->outcome = 'P';
    } else if (cy_rules_legal(b, it->mark, it->legal) == 0) {
        p->over = 1;
        p->outcome = 'P';
        p->grundy = 0;
    } else if (cy_rules_winning_completion(b, it->mark) >= 0)
        p->outcome = 'N';
    else {
        int no_grundy = cy_solver_options(it->s)->no_grundy;
        int v = no_grundy ? cy_solver_wins(it->s, it->mark) : cy_solver_grundy(it->s, it->mark);
        if (v < 0) {
            it->pending = 1; /* a later call tries this position again */
            cy_error_set(err, "%s",
                         v == CY_SOLVE_TIMEOUT  ? "the solver ran out of time"
                         : v == CY_SOLVE_MEMORY ? "the solver's table is full"
                                                : "the position is too big for the solver");
            return v;
        }
        p->outcome = v > 0 ? 'N' : 'P';
        p->grundy = no_grundy ? -1 : v;
    }
    p->winner = p->outcome == 'N' ? p->to_move : 3 - p->to_move;
    p->value = p->outcome == 'N' ? 1 : -1;
    it->done++;
    return 1;
}

double cy_positions_memory_need(const cy_positions *it)
{
    return it->vs ? it->direct_bytes : 0;
}

uint64_t cy_positions_done(const cy_positions *it)
{
    return it->done;
}

int cy_positions_played(const cy_positions *it)
{
    return it->target;
}

void cy_positions_free(cy_positions *it)
{
    if (!it)
        return;
    cy_solver_free(it->s);
    cy_vsearch_free(it->vs);
    free(it->seen);
    free(it->start);
    free(it->mark);
    free(it->legal);
    free(it->cyc);
    free(it->free_below);
    free(it->done_start);
    free(it->done_at);
    free(it);
}
