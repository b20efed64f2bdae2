/*
 * rules.c - the rules of the Game of Cycles (paper 000, sections 1-2).
 *
 * The sink/source rule lives in sink_or_source() and the cycle-cell test in
 * cell_state(); everything else here is built on those two.
 */
#include "internal.h"

#include <stdio.h>

/* How the edge of dart d is marked relative to d: 1 along d, -1 against, 0 not. */
static inline int relation(const unsigned char *mark, int d)
{
    unsigned char m = mark[cy_dart_edge(d)];
    return m == CY_UNMARKED ? 0 : (m == cy_dart_mark(d) ? 1 : -1);
}

/* THE SINK/SOURCE RULE.  Whether marking dart d leaves its head a sink or its
 * tail a source: a vertex that is not special and all of whose edges would be
 * marked pointing in (out).  Returns CY_LEGAL, CY_ILLEGAL_SINK or
 * CY_ILLEGAL_SOURCE and names the vertex. */
static cy_verdict sink_or_source(const cy_board *b, const unsigned char *mark, int d, int *vertex)
{
    int e = cy_dart_edge(d);
    int h = cy_head(b, d), t = cy_tail(b, d);
    if (!b->special[h]) {
        int all_in = 1;
        for (int i = b->vstart[h]; i < b->vstart[h + 1] && all_in; i++) {
            int x = b->vdarts[i];
            if (cy_dart_edge(x) != e && relation(mark, x) != -1)
                all_in = 0;
        }
        if (all_in) {
            if (vertex)
                *vertex = h;
            return CY_ILLEGAL_SINK;
        }
    }
    if (!b->special[t]) {
        int all_out = 1;
        for (int i = b->vstart[t]; i < b->vstart[t + 1] && all_out; i++) {
            int x = b->vdarts[i];
            if (cy_dart_edge(x) != e && relation(mark, x) != 1)
                all_out = 0;
        }
        if (all_out) {
            if (vertex)
                *vertex = t;
            return CY_ILLEGAL_SOURCE;
        }
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
        int x = side ? cy_dart_rev(d) : d; /* the dart of e on this face */
        int c = b->dface[x];
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

int cy_rules_almost(const cy_board *b, const unsigned char *mark, int v)
{
    if (b->special[v] || cy_degree(b, v) < 2)
        return 0;
    int in = 0, out = 0, open = 0;
    for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
        int r = relation(mark, b->vdarts[i]);
        out += r == 1;
        in += r == -1;
        open += r == 0;
    }
    if (open != 1)
        return 0;
    return in == cy_degree(b, v) - 1 ? 1 : out == cy_degree(b, v) - 1 ? 2 : 0;
}
