/*
 * rules.c - the rules of the Game of Cycles (Alvarado et al. 2021, sections 1-2).
 *
 * The sink/source rule lives in sink_or_source() (its test, cyi_ss_closes, is
 * sinksource.h's, shared with the hot-path copies) and the cycle-cell test in
 * cell_state(); everything else here is built on those two.  cy_moves_play
 * plays a list of moves by them (moves.c reads and writes moves).
 */
#include "internal.h"
#include "sinksource.h"
#include "rstate.h"

#include <stdio.h>
#include <string.h>

/* How the edge of dart d is marked relative to d: 1 along d, -1 against, 0 not. */
static inline int relation(const unsigned char *mark, int d)
{
    unsigned char m = mark[cy_dart_edge(d)];
    return m == CY_UNMARKED ? 0 : (m == cy_dart_mark(d) ? 1 : -1);
}

/* THE SINK/SOURCE RULE.  Whether marking dart d leaves its head a sink or its
 * tail a source: a vertex that is not special and all of whose edges would be
 * marked pointing in (out).  A loop (on a closed surface) counts at both its
 * ends, so marking it never makes a sink or a source, and once marked it
 * keeps its vertex from ever becoming one (cy_rules_exempt).  The test at
 * each end is cyi_ss_closes (sinksource.h), which every copy shares.
 * Returns CY_LEGAL, CY_ILLEGAL_SINK or CY_ILLEGAL_SOURCE and names the
 * vertex. */
static cy_verdict sink_or_source(const cy_board *b, const unsigned char *mark, int d, int *vertex)
{
    int e = cy_dart_edge(d);
    int h = cy_head(b, d), t = cy_tail(b, d);
    if (h == t)
        return CY_LEGAL; /* a loop gives its vertex an arrow in and one out */
    /* each count stops at the first edge not the arrow's way: then the
     * predicate is false whatever follows (a hub of degree 40,000 would
     * otherwise cost that much for every move at it) */
    int h_others = 0, in = 0; /* h's other edges, and those marked pointing into h */
    for (int i = b->vstart[h]; i < b->vstart[h + 1] && in == h_others; i++) {
        int x = b->vdarts[i];
        h_others += cy_dart_edge(x) != e;
        in += cy_dart_edge(x) != e && relation(mark, x) == -1;
    }
    if (cyi_ss_closes(b->special[h], (uint64_t)h_others, (uint64_t)in)) {
        if (vertex)
            *vertex = h;
        return CY_ILLEGAL_SINK;
    }
    int t_others = 0, out = 0; /* t's other edges, and those marked pointing out of t */
    for (int i = b->vstart[t]; i < b->vstart[t + 1] && out == t_others; i++) {
        int x = b->vdarts[i];
        t_others += cy_dart_edge(x) != e;
        out += cy_dart_edge(x) != e && relation(mark, x) == 1;
    }
    if (cyi_ss_closes(b->special[t], (uint64_t)t_others, (uint64_t)out)) {
        if (vertex)
            *vertex = t;
        return CY_ILLEGAL_SOURCE;
    }
    return CY_LEGAL;
}

/* THE CYCLE-CELL TEST.  A cell is a cycle cell when its walk uses no edge
 * twice and every edge is marked, all along the walk or all against it; it
 * is broken when that can no longer happen. */
static cy_cell_state cell_state(const cy_board *b, const unsigned char *mark, int c, int *missing)
{
    int along = 0, against = 0, open = 0;
    for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
        int r = relation(mark, b->fdarts[i]);
        along += r == 1;
        against += r == -1;
        open += r == 0;
    }
    if (missing)
        *missing = open;
    if (!b->cyclable[c] || (along && against))
        return CY_CELL_BROKEN;
    return open ? CY_CELL_OPEN : CY_CELL_CYCLE;
}

int cy_rules_exempt(const cy_board *b, int v)
{
    if (b->special[v])
        return 1;
    for (int i = b->vstart[v]; b->loops && i < b->vstart[v + 1]; i++)
        if (cy_head(b, b->vdarts[i]) == v)
            return 1; /* unmarked, the loop is an open edge; marked, an arrow in and one out */
    return 0;
}

cy_cell_state cy_rules_cell(const cy_board *b, const unsigned char *mark, int c, int *missing)
{
    return cell_state(b, mark, c, missing);
}

int cy_rules_cycle_cell(const cy_board *b, const unsigned char *mark)
{
    for (int c = 0; c < b->ncells; c++)
        if (cell_state(b, mark, c, NULL) == CY_CELL_CYCLE)
            return c;
    return -1;
}

cy_verdict cy_rules_check(const cy_board *b, const unsigned char *mark, int d, int *vertex)
{
    if (cy_rules_cycle_cell(b, mark) >= 0)
        return CY_ILLEGAL_OVER;
    if (mark[cy_dart_edge(d)] != CY_UNMARKED)
        return CY_ILLEGAL_MARKED;
    return sink_or_source(b, mark, d, vertex);
}

cy_verdict cyi_rules_check_open(const cy_board *b, const unsigned char *mark, int d, int *vertex)
{
    if (mark[cy_dart_edge(d)] != CY_UNMARKED)
        return CY_ILLEGAL_MARKED;
    return sink_or_source(b, mark, d, vertex);
}

void cy_rules_explain(const cy_board *b, int d, cy_verdict v, int vertex, char *buf, size_t n)
{
    char m[2 * CY_MAX_LABEL + 8];
    cy_move_str(b, d, m, sizeof m);
    switch (v) {
    case CY_LEGAL:
        snprintf(buf, n, "%s is legal", m);
        break;
    case CY_ILLEGAL_MARKED:
        snprintf(buf, n, "edge %s-%s is already marked", b->label[cy_tail(b, d)], b->label[cy_head(b, d)]);
        break;
    case CY_ILLEGAL_SINK:
        snprintf(buf, n, "marking %s makes %s a sink", m, b->label[vertex]);
        break;
    case CY_ILLEGAL_SOURCE:
        snprintf(buf, n, "marking %s makes %s a source", m, b->label[vertex]);
        break;
    case CY_ILLEGAL_OVER:
        snprintf(buf, n, "the game is over: a cycle cell has been completed");
        break;
    }
}

int cy_rules_completes(const cy_board *b, const unsigned char *mark, int d)
{
    int e = cy_dart_edge(d);
    if (mark[e] != CY_UNMARKED)
        return -1;
    for (int side = 0; side < 2; side++) {
        int x = b->sdart[2 * e + side]; /* the dart of e on this face's walk */
        int c = b->sface[2 * e + side];
        if (c >= b->ncells || !b->cyclable[c])
            continue;
        /* x runs along the walk of c; d runs along it iff x == d */
        int want = x == d ? 1 : -1, ok = 1;
        for (int i = b->fstart[c]; i < b->fstart[c + 1] && ok; i++) {
            int y = b->fdarts[i];
            if (cy_dart_edge(y) != e && relation(mark, y) != want)
                ok = 0;
        }
        if (ok)
            return c;
    }
    return -1;
}

int cy_rules_winning_completion(const cy_board *b, const unsigned char *mark)
{
    if (cy_rules_cycle_cell(b, mark) >= 0)
        return -1; /* the game is over */
    for (int c = 0; c < b->ncells; c++) {
        int missing;
        if (cell_state(b, mark, c, &missing) != CY_CELL_OPEN || missing != 1)
            continue;
        int along = 0, gap = -1;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int r = relation(mark, b->fdarts[i]);
            if (r == 0)
                gap = b->fdarts[i];
            else
                along = r;
        }
        int d = along == 1 ? gap : cy_dart_rev(gap);
        if (sink_or_source(b, mark, d, NULL) == CY_LEGAL)
            return d;
    }
    return -1;
}

int cy_rules_is_death(const cy_board *b, unsigned char *mark, int d, int *cell)
{
    int e = cy_dart_edge(d);
    mark[e] = (unsigned char)cy_dart_mark(d);
    int w = cy_rules_winning_completion(b, mark);
    if (cell)
        *cell = w >= 0 ? cy_rules_completes(b, mark, w) : -1;
    mark[e] = CY_UNMARKED;
    return w >= 0;
}

int cy_rules_legal(const cy_board *b, const unsigned char *mark, int *out)
{
    int n = 0;
    if (cy_rules_cycle_cell(b, mark) >= 0)
        return 0;
    for (int d = 0; d < 2 * b->ne; d++)
        if (mark[cy_dart_edge(d)] == CY_UNMARKED && sink_or_source(b, mark, d, NULL) == CY_LEGAL)
            out[n++] = d;
    return n;
}

int cy_rules_safe(const cy_board *b, unsigned char *mark, int *out)
{
    int n = cy_rules_legal(b, mark, out), k = 0;
    for (int i = 0; i < n; i++)
        if (!cy_rules_is_death(b, mark, out[i], NULL))
            out[k++] = out[i];
    return k;
}

int cy_rules_over(const cy_board *b, const unsigned char *mark)
{
    if (cy_rules_cycle_cell(b, mark) >= 0)
        return 1;
    for (int d = 0; d < 2 * b->ne; d++)
        if (mark[cy_dart_edge(d)] == CY_UNMARKED && sink_or_source(b, mark, d, NULL) == CY_LEGAL)
            return 0;
    return 1;
}

int cy_rules_played(const cy_board *b, const unsigned char *mark)
{
    int n = 0;
    for (int e = 0; e < b->ne; e++)
        n += mark[e] != CY_UNMARKED;
    return n;
}

void cy_rules_classify(const cy_board *b, unsigned char *mark, int e, cy_edge_info *info)
{
    info->cls = CY_EDGE_MARKED;
    info->death_cell[0] = info->death_cell[1] = -1;
    info->vertex[0] = info->vertex[1] = -1;
    info->verdict[0] = info->verdict[1] = CY_ILLEGAL_MARKED;
    if (mark[e] != CY_UNMARKED)
        return;
    int safe = 0, death = 0, legal = 0;
    for (int s = 0; s < 2; s++) {
        int d = 2 * e + s;
        info->verdict[s] = sink_or_source(b, mark, d, &info->vertex[s]);
        if (info->verdict[s] != CY_LEGAL)
            continue;
        legal++;
        if (cy_rules_is_death(b, mark, d, &info->death_cell[s]))
            death++;
        else
            safe++;
    }
    if (legal == 0)
        info->cls = CY_EDGE_UNMARKABLE;
    else if (safe == 2)
        info->cls = CY_EDGE_BOTH;
    else if (safe == 1)
        info->cls = CY_EDGE_ONE_WAY;
    else
        info->cls = death ? CY_EDGE_UNPLAYABLE : CY_EDGE_UNMARKABLE;
}

/* What classifying every edge at once needs of a position: per cell its
 * counts of darts along, against and unmarked, and its unmarked darts while
 * there are at most two; the cells one edge short of complete (the
 * candidates of cy_rules_winning_completion), their completing darts, and
 * for each vertex the candidates whose completing dart touches it (their
 * legality is all a move at that vertex can change). */
typedef struct batch {
    int *along, *against, *open, *gap; /* per cell; gap: 2 unmarked darts (-1 none) */
    int *cand, ncand;                  /* the candidates, by cell */
    int *lcand, nlcand;                /* those whose completing dart is legal */
    int *fin;                          /* per cell: its completing dart, or -1 */
    unsigned char *legal;              /* per cell: that dart legal (in the position) */
    int *tstart, *tcell;               /* per vertex: the candidates touching it */
    int *seen;                         /* per cell: the last dart that looked at it */
} batch;

/* The counts of cell c after dart d (on edge e) is marked: *al, *ag, *op. */
static void counts_after(const cy_board *b, const batch *t, int c, int d, int *al, int *ag, int *op)
{
    int e = cy_dart_edge(d);
    *al = t->along[c];
    *ag = t->against[c];
    *op = t->open[c];
    for (int s = 0; s < 2; s++)
        if (b->sface[2 * e + s] == c) {
            (*op)--;
            if (b->sdart[2 * e + s] == d)
                (*al)++;
            else
                (*ag)++;
        }
}

/* The dart completing cell c after d is marked when it is one edge short
 * then and not broken, else -1 (cy_rules_winning_completion's choice). */
static int completing_after(const cy_board *b, const batch *t, int c, int d)
{
    int al, ag, op;
    counts_after(b, t, c, d, &al, &ag, &op);
    if (!b->cyclable[c] || (al && ag) || op != 1)
        return -1;
    int gap = -1;
    for (int k = 0; k < 2; k++)
        if (t->gap[2 * c + k] >= 0 && cy_dart_edge(t->gap[2 * c + k]) != cy_dart_edge(d))
            gap = t->gap[2 * c + k];
    if (gap < 0)
        return -1;
    return al ? gap : cy_dart_rev(gap);
}

/* cy_rules_completes(b, mark, w) for the position after d, from the counts:
 * the first side of w's edge whose cell w completes, or -1. */
static int completes_after(const cy_board *b, const batch *t, int d, int w)
{
    int e = cy_dart_edge(w);
    for (int side = 0; side < 2; side++) {
        int x = b->sdart[2 * e + side], c = b->sface[2 * e + side];
        if (c >= b->ncells || !b->cyclable[c])
            continue;
        int al, ag, op;
        counts_after(b, t, c, d, &al, &ag, &op);
        /* every other edge of c marked, all the way w runs along c */
        if (op == 1 && (x == w ? ag == 0 : al == 0))
            return c;
    }
    return -1;
}

/* Whether dart d (legal, its edge unmarked) is a death move, and the cell
 * it hands over (cy_rules_is_death), from the batch: only the cells of d's
 * edge and the candidates touching its ends are looked at again. */
static int death_batch(const cy_board *b, unsigned char *mark, batch *t, int d, int *cell)
{
    int e = cy_dart_edge(d), ends[2] = {cy_tail(b, d), cy_head(b, d)};
    *cell = -1;
    /* a cell d completes: the game is over, no completion is left */
    for (int s = 0; s < 2; s++) {
        int c = b->sface[2 * e + s], al, ag, op;
        if (c >= b->ncells)
            continue;
        counts_after(b, t, c, d, &al, &ag, &op);
        if (b->cyclable[c] && !(al && ag) && op == 0)
            return 0;
    }
    mark[e] = (unsigned char)cy_dart_mark(d);
    int best = -1, bestc = b->ncells;
    /* the cells of e and the candidates touching its ends, looked at again */
    for (int s = 0; s < 2; s++) {
        int c = b->sface[2 * e + s];
        if (c >= b->ncells || t->seen[c] == d)
            continue;
        t->seen[c] = d;
        int w = completing_after(b, t, c, d);
        if (w >= 0 && c < bestc && sink_or_source(b, mark, w, NULL) == CY_LEGAL) {
            best = w;
            bestc = c;
        }
    }
    for (int k = 0; k < 2; k++)
        for (int i = t->tstart[ends[k]]; i < t->tstart[ends[k] + 1]; i++) {
            int c = t->tcell[i];
            if (t->seen[c] == d)
                continue;
            t->seen[c] = d;
            if (c < bestc && sink_or_source(b, mark, t->fin[c], NULL) == CY_LEGAL) {
                best = t->fin[c];
                bestc = c;
            }
        }
    /* the first other candidate whose completing dart was legal still is */
    for (int i = 0; i < t->nlcand && t->lcand[i] < bestc; i++) {
        int c = t->lcand[i];
        if (t->seen[c] != d) {
            best = t->fin[c];
            bestc = c;
            break;
        }
    }
    if (best >= 0)
        *cell = completes_after(b, t, d, best);
    mark[e] = CY_UNMARKED;
    return best >= 0;
}

void cy_rules_classify_all(const cy_board *b, unsigned char *mark, cy_edge_info *info)
{
    int nc = b->ncells;
    batch t;
    t.along = cyi_xcalloc((size_t)nc + 1, sizeof(int));
    t.against = cyi_xcalloc((size_t)nc + 1, sizeof(int));
    t.open = cyi_xcalloc((size_t)nc + 1, sizeof(int));
    t.gap = cyi_xmalloc(sizeof(int) * (2 * (size_t)nc + 2));
    t.fin = cyi_xmalloc(sizeof(int) * ((size_t)nc + 1));
    t.legal = cyi_xcalloc((size_t)nc + 1, 1);
    t.cand = cyi_xmalloc(sizeof(int) * ((size_t)nc + 1));
    t.lcand = cyi_xmalloc(sizeof(int) * ((size_t)nc + 1));
    t.nlcand = 0;
    t.seen = cyi_xmalloc(sizeof(int) * ((size_t)nc + 1));
    t.tstart = cyi_xcalloc((size_t)b->nv + 2, sizeof(int));
    t.ncand = 0;
    int over = cy_rules_cycle_cell(b, mark) >= 0;
    for (int c = 0; c < nc; c++) {
        t.gap[2 * c] = t.gap[2 * c + 1] = -1;
        t.seen[c] = -1;
        t.fin[c] = -1;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int r = relation(mark, b->fdarts[i]);
            t.along[c] += r == 1;
            t.against[c] += r == -1;
            if (r == 0 && t.open[c] < 2)
                t.gap[2 * c + t.open[c]] = b->fdarts[i];
            t.open[c] += r == 0;
        }
        if (b->cyclable[c] && !(t.along[c] && t.against[c]) && t.open[c] == 1) {
            int g = t.gap[2 * c];
            t.fin[c] = t.along[c] ? g : cy_dart_rev(g);
            t.legal[c] = sink_or_source(b, mark, t.fin[c], NULL) == CY_LEGAL;
            t.cand[t.ncand++] = c;
            if (t.legal[c])
                t.lcand[t.nlcand++] = c;
        }
    }
    for (int i = 0; i < t.ncand; i++) {
        int w = t.fin[t.cand[i]];
        t.tstart[cy_tail(b, w) + 1]++;
        if (cy_head(b, w) != cy_tail(b, w))
            t.tstart[cy_head(b, w) + 1]++;
    }
    for (int v = 0; v < b->nv; v++)
        t.tstart[v + 1] += t.tstart[v];
    t.tcell = cyi_xmalloc(sizeof(int) * (2 * (size_t)t.ncand + 1));
    {
        int *fill = cyi_xmalloc(sizeof(int) * ((size_t)b->nv + 1));
        memcpy(fill, t.tstart, sizeof(int) * (size_t)b->nv);
        for (int i = 0; i < t.ncand; i++) {
            int c = t.cand[i], w = t.fin[c];
            t.tcell[fill[cy_tail(b, w)]++] = c;
            if (cy_head(b, w) != cy_tail(b, w))
                t.tcell[fill[cy_head(b, w)]++] = c;
        }
        free(fill);
    }
    for (int e = 0; e < b->ne; e++) {
        cy_edge_info *in = &info[e];
        in->cls = CY_EDGE_MARKED;
        in->death_cell[0] = in->death_cell[1] = -1;
        in->vertex[0] = in->vertex[1] = -1;
        in->verdict[0] = in->verdict[1] = CY_ILLEGAL_MARKED;
        if (mark[e] != CY_UNMARKED)
            continue;
        int safe = 0, death = 0, legal = 0;
        for (int s = 0; s < 2; s++) {
            int d = 2 * e + s;
            in->verdict[s] = sink_or_source(b, mark, d, &in->vertex[s]);
            if (in->verdict[s] != CY_LEGAL)
                continue;
            legal++;
            if (!over && death_batch(b, mark, &t, d, &in->death_cell[s]))
                death++;
            else
                safe++;
        }
        in->cls = legal == 0  ? CY_EDGE_UNMARKABLE
                  : safe == 2 ? CY_EDGE_BOTH
                  : safe == 1 ? CY_EDGE_ONE_WAY
                  : death     ? CY_EDGE_UNPLAYABLE
                              : CY_EDGE_UNMARKABLE;
    }
    free(t.along);
    free(t.against);
    free(t.open);
    free(t.gap);
    free(t.fin);
    free(t.legal);
    free(t.cand);
    free(t.lcand);
    free(t.seen);
    free(t.tstart);
    free(t.tcell);
}

int cy_rules_almost(const cy_board *b, const unsigned char *mark, int v)
{
    if (cy_degree(b, v) < 2)
        return 0;
    int in = 0, out = 0, open = 0;
    for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
        int r = relation(mark, b->vdarts[i]);
        out += r == 1;
        in += r == -1;
        open += r == 0;
    }
    if (open != 1)
        return 0; /* the open edge is the one the next arrow takes */
    int exempt = b->special[v];
    return cyi_ss_closes(exempt, (uint64_t)(in + out), (uint64_t)in)    ? 1
           : cyi_ss_closes(exempt, (uint64_t)(in + out), (uint64_t)out) ? 2
                                                                        : 0;
}

/* ================================================================ variants
 *
 * The rule variants of issue 12.  Every variant keeps the sink/source rule
 * and the cycle-cell test above; they differ in three things, all decided
 * here and nowhere else:
 *   - what a move does (cy_move_effect): the cells it completes, whether it
 *     closes a directed cycle (ANY_CYCLE), whether that ends the game and
 *     for whom, the points it scores (SCORE) and whether its maker moves
 *     again (SCORE with the extra turn);
 *   - when the game has ended (cy_variant_ended): a cycle cell, a directed
 *     cycle under ANY_CYCLE, never by completion under SCORE;
 *   - what a finished game is worth: rs_end_value() below.
 * The searches (src/variants.c) ask these functions only.
 */
static const struct {
    const char *name;
    cy_rules_kind kind;
} rule_names[] = {
    {"standard", CY_RULES_STANDARD}, {"misere", CY_RULES_MISERE}, {"misère", CY_RULES_MISERE},
    {"draw", CY_RULES_DRAW},         {"score", CY_RULES_SCORE},   {"any-cycle", CY_RULES_ANY_CYCLE},
};

int cy_rules_parse(const char *name, int players, int extra_turn, cy_rules *r, cy_error *err)
{
    memset(r, 0, sizeof *r);
    r->players = 2;
    int found = 0;
    for (size_t i = 0; i < sizeof rule_names / sizeof rule_names[0] && name; i++)
        if (!strcmp(name, rule_names[i].name)) {
            r->kind = rule_names[i].kind;
            found = 1;
        }
    if (name && !found)
        return cy_error_set(err, "--rules is standard, misere, draw, score or any-cycle, not \"%.80s\"", name);
    if (players != 0 && (players < 2 || players > CY_MAX_PLAYERS))
        return cy_error_set(err, "--players wants a whole number from 2 to %d", CY_MAX_PLAYERS);
    if (players > 2 && r->kind != CY_RULES_STANDARD)
        return cy_error_set(err, "--players goes with the standard rules only");
    if (extra_turn && r->kind != CY_RULES_SCORE)
        return cy_error_set(err, "--extra-turn goes with --rules score only");
    if (players > 2)
        r->players = players;
    r->extra_turn = extra_turn != 0;
    return 0;
}

const char *cy_rules_name(const cy_rules *r)
{
    switch (r->kind) {
    case CY_RULES_MISERE:
        return "misere";
    case CY_RULES_DRAW:
        return "draw";
    case CY_RULES_SCORE:
        return "score";
    case CY_RULES_ANY_CYCLE:
        return "any-cycle";
    default:
        return "standard";
    }
}

int cy_rules_is_standard(const cy_rules *r)
{
    return r->kind == CY_RULES_STANDARD && r->players <= 2;
}

void rs_init(rstate *s, const cy_board *b, const cy_rules *r, const unsigned char *mark)
{
    memset(s, 0, sizeof *s);
    s->b = b;
    s->r = *r;
    s->mark = cyi_xcalloc((size_t)b->ne + 1, 1);
    s->vin = cyi_xcalloc((size_t)b->nv + 1, sizeof(int));
    s->vout = cyi_xcalloc((size_t)b->nv + 1, sizeof(int));
    s->along = cyi_xcalloc((size_t)b->ncells + 2, sizeof(int));
    s->against = cyi_xcalloc((size_t)b->ncells + 2, sizeof(int));
    s->stack = cyi_xmalloc(sizeof(int) * ((size_t)b->nv + 1));
    s->seen = cyi_xcalloc((size_t)b->nv + 1, sizeof(unsigned));
    for (int e = 0; e < b->ne; e++)
        if (mark && mark[e] != CY_UNMARKED)
            rs_play(s, cy_dart(e, mark[e]));
}

void rs_free(rstate *s)
{
    free(s->mark);
    free(s->vin);
    free(s->vout);
    free(s->along);
    free(s->against);
    free(s->stack);
    free(s->seen);
}

/* Adds k (1 or -1) to the counts that dart d, marked, contributes to. */
static void rs_count(rstate *s, int d, int k)
{
    const cy_board *b = s->b;
    s->vout[cy_tail(b, d)] += k;
    s->vin[cy_head(b, d)] += k;
    /* d runs along or against the walk of the face on each side of its edge */
    int e = cy_dart_edge(d);
    for (int side = 2 * e; side < 2 * e + 2; side++) {
        if (b->sdart[side] == d)
            s->along[b->sface[side]] += k;
        else
            s->against[b->sface[side]] += k;
    }
}

void rs_play(rstate *s, int d)
{
    int e = cy_dart_edge(d);
    s->mark[e] = (unsigned char)cy_dart_mark(d);
    s->km |= 1ull << (e & 63);
    if (d & 1)
        s->kd |= 1ull << (e & 63);
    s->played++;
    rs_count(s, d, 1);
}

void rs_undo(rstate *s, int d)
{
    int e = cy_dart_edge(d);
    s->mark[e] = CY_UNMARKED;
    s->km &= ~(1ull << (e & 63));
    s->kd &= ~(1ull << (e & 63));
    s->played--;
    rs_count(s, d, -1);
}

int rs_sink_source_ok(const rstate *s, int d)
{
    const cy_board *b = s->b;
    int h = cy_head(b, d), t = cy_tail(b, d);
    if (cyi_ss_closes(b->special[h], (uint64_t)(cy_degree(b, h) - 1), (uint64_t)s->vin[h]))
        return 0; /* every other edge of h points in: h would be a sink */
    if (cyi_ss_closes(b->special[t], (uint64_t)(cy_degree(b, t) - 1), (uint64_t)s->vout[t]))
        return 0; /* every other edge of t points out: t would be a source */
    return 1;
}

int rs_completes(const rstate *s, int d)
{
    const cy_board *b = s->b;
    int n = 0, e = cy_dart_edge(d);
    for (int side = 2 * e; side < 2 * e + 2; side++) {
        int f = b->sface[side];
        if (f >= b->ncells || !b->cyclable[f]) /* a cyclable cell has e on one side only */
            continue;
        if (b->sdart[side] == d ? s->along[f] == cy_face_len(b, f) - 1 : s->against[f] == cy_face_len(b, f) - 1)
            n++;
    }
    return n;
}

/* Whether head(d) reaches tail(d) along marked arrows (depth first). */
static int rs_closes(rstate *s, int d)
{
    const cy_board *b = s->b;
    int from = cy_head(b, d), to = cy_tail(b, d), top = 0;
    if (++s->stamp == 0) {
        memset(s->seen, 0, sizeof(unsigned) * (size_t)b->nv);
        s->stamp = 1;
    }
    s->stack[top++] = from;
    s->seen[from] = s->stamp;
    while (top) {
        int v = s->stack[--top];
        if (v == to)
            return 1;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int x = b->vdarts[i];
            if (s->mark[cy_dart_edge(x)] != cy_dart_mark(x))
                continue; /* not marked along x */
            int w = cy_head(b, x);
            if (s->seen[w] != s->stamp) {
                s->seen[w] = s->stamp;
                s->stack[top++] = w;
            }
        }
    }
    return 0;
}

void rs_effect(rstate *s, int d, cy_move_effect *fx)
{
    memset(fx, 0, sizeof *fx);
    fx->cells = rs_completes(s, d);
    switch (s->r.kind) {
    case CY_RULES_ANY_CYCLE:
        fx->cycle = fx->cells > 0 || rs_closes(s, d);
        fx->ends = fx->cycle;
        fx->mover_result = 1;
        break;
    case CY_RULES_SCORE:
        fx->points = fx->cells;
        fx->again = s->r.extra_turn && fx->cells > 0;
        break;
    case CY_RULES_MISERE:
        fx->ends = fx->cells > 0;
        fx->mover_result = -1;
        break;
    default:
        fx->ends = fx->cells > 0;
        fx->mover_result = 1;
        break;
    }
}

int rs_ended(rstate *s)
{
    const cy_board *b = s->b;
    if (s->r.kind == CY_RULES_SCORE)
        return 0;
    for (int c = 0; c < b->ncells; c++)
        if (cell_state(b, s->mark, c, NULL) == CY_CELL_CYCLE)
            return 1;
    if (s->r.kind == CY_RULES_ANY_CYCLE)
        for (int e = 0; e < b->ne; e++)
            if (s->mark[e] != CY_UNMARKED) {
                /* a cycle through e: head reaches tail without e */
                int d = cy_dart(e, s->mark[e]);
                s->mark[e] = CY_UNMARKED;
                int c = rs_closes(s, d);
                s->mark[e] = (unsigned char)cy_dart_mark(d);
                if (c)
                    return 1;
            }
    return 0;
}

int rs_moves(const rstate *s, int *out)
{
    int n = 0;
    for (int d = 0; d < 2 * s->b->ne; d++)
        if (s->mark[cy_dart_edge(d)] == CY_UNMARKED && rs_sink_source_ok(s, d))
            out[n++] = d;
    return n;
}

int rs_end_value(const cy_rules *r, int by_completion)
{
    int k = r->players > 2 ? r->players : 2;
    switch (r->kind) {
    case CY_RULES_MISERE:
        return 1; /* the misère nim-value of a finished game */
    case CY_RULES_SCORE:
        return 0; /* nothing more to score */
    case CY_RULES_DRAW:
        return by_completion ? -1 : 0; /* no cycle cell: a draw */
    default:
        /* the previous player completed a cycle or made the last move */
        return k > 2 ? k - 1 : -1;
    }
}

int cy_variant_legal(const cy_board *b, const cy_rules *r, const unsigned char *mark, int *out)
{
    rstate s;
    rs_init(&s, b, r, mark);
    int n = rs_ended(&s) ? 0 : rs_moves(&s, out);
    rs_free(&s);
    return n;
}

void cy_variant_effect(const cy_board *b, const cy_rules *r, const unsigned char *mark, int d, cy_move_effect *fx)
{
    rstate s;
    rs_init(&s, b, r, mark);
    rs_effect(&s, d, fx);
    rs_free(&s);
}

int cy_variant_ended(const cy_board *b, const cy_rules *r, const unsigned char *mark)
{
    rstate s;
    rs_init(&s, b, r, mark);
    int x = rs_ended(&s);
    rs_free(&s);
    return x;
}

int cy_rules_closes_cycle(const cy_board *b, const unsigned char *mark, int d)
{
    rstate s;
    cy_rules r = {CY_RULES_ANY_CYCLE, 0, 2};
    rs_init(&s, b, &r, mark);
    int x = rs_closes(&s, d);
    rs_free(&s);
    return x;
}

int cy_variant_play(const cy_board *b, const cy_rules *r, unsigned char *mark, const int *darts, int n,
                    cy_variant_game *g, cy_error *err)
{
    rstate s;
    rs_init(&s, b, r, mark);
    int k = r->players > 2 ? r->players : 2;
    memset(g, 0, sizeof *g);
    g->played = s.played;
    int turn = s.played % k; /* 0-based player to move */
    g->last = s.played ? (turn + k - 1) % k + 1 : 0;
    int ended = rs_ended(&s), rc = 0;
    for (int i = 0; i < n; i++) {
        int d = darts[i];
        char m[2 * CY_MAX_LABEL + 8];
        cy_move_str(b, d, m, sizeof m);
        if (ended) {
            rc = cy_error_set(err, "move %d (%s) is illegal: the game is over", i + 1, m);
            break;
        }
        if (s.mark[cy_dart_edge(d)] != CY_UNMARKED) {
            rc = cy_error_set(err, "move %d (%s) is illegal: the edge is already marked", i + 1, m);
            break;
        }
        if (!rs_sink_source_ok(&s, d)) {
            int v = -1;
            cy_verdict why = sink_or_source(b, s.mark, d, &v);
            char reason[256];
            cy_rules_explain(b, d, why, v, reason, sizeof reason);
            rc = cy_error_set(err, "move %d (%s) is illegal: %s", i + 1, m, reason);
            break;
        }
        cy_move_effect fx;
        rs_effect(&s, d, &fx);
        rs_play(&s, d);
        g->score[turn + 1] += fx.points;
        g->last = turn + 1;
        if (fx.ends) {
            ended = 1;
            g->completed_by = turn + 1;
        }
        if (!fx.again)
            turn = (turn + 1) % k;
    }
    if (rc == 0) {
        int *buf = cyi_xmalloc(sizeof(int) * (2 * (size_t)b->ne + 1));
        g->ended = ended || rs_moves(&s, buf) == 0;
        free(buf);
        g->played = s.played;
        g->to_move = turn + 1;
        memcpy(mark, s.mark, (size_t)b->ne);
    }
    rs_free(&s);
    return rc;
}

int cy_moves_play(const cy_board *b, unsigned char *mark, const int *darts, int n, cy_error *err)
{
    /* whether a cycle cell is complete: looked for once, then only in the
     * cells of each edge marked, so a long list of moves costs its length */
    int over = n > 0 && cy_rules_cycle_cell(b, mark) >= 0;
    for (int i = 0; i < n; i++) {
        int vertex = -1;
        cy_verdict v = over ? CY_ILLEGAL_OVER : cyi_rules_check_open(b, mark, darts[i], &vertex);
        if (v != CY_LEGAL) {
            char why[256], m[2 * CY_MAX_LABEL + 8];
            cy_rules_explain(b, darts[i], v, vertex, why, sizeof why);
            cy_move_str(b, darts[i], m, sizeof m);
            return cy_error_set(err, "move %d (%s) is illegal: %s", i + 1, m, why);
        }
        int e = cy_dart_edge(darts[i]);
        mark[e] = (unsigned char)cy_dart_mark(darts[i]);
        for (int side = 0; side < 2; side++) {
            int c = b->sface[2 * e + side];
            over |= c < b->ncells && cy_rules_cell(b, mark, c, NULL) == CY_CELL_CYCLE;
        }
    }
    return 0;
}
