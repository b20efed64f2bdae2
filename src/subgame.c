/*
 * subgame.c - the compact position of the fast solver: building it from a
 * board, moves, normalisation and the split into independent components.
 *
 * Why the split is exact.  A move on edge e changes only the constraints that
 * cover e, and whether a move is legal or a death move depends only on the
 * constraints covering its edge and, for a death move, on the cells covering
 * it and the vertex constraints of those cells' last edges - all of which
 * share a constraint with e.  (Marking an edge never makes an illegal move
 * legal: the sink/source rule only looks at edges already marked, and marks
 * are never removed.  So no move creates a completable cell that does not
 * cover its own edge.)  Hence the options of a position are the disjoint union
 * of the options of its components, each component plays as a game of its own,
 * and by the Sprague-Grundy theorem the Grundy value of the position is the
 * XOR of the components' values.  An edge covered by no constraint can be
 * marked either way and nothing else changes: it is a nim-heap *1.
 */
#include "subgame.h"

#include <string.h>

/* Bit i of m. */
static inline int bit(uint64_t m, int i) { return (int)((m >> i) & 1u); }

int sg_from_board(const cy_board *b, const unsigned char *mark, sg *g)
{
    memset(g, 0, sizeof *g);
    if (b->ne > SG_MAXE)
        return -1;
    g->ne = b->ne;
    for (int e = 0; e < b->ne; e++)
        if (mark[e] == CY_UNMARKED)
            g->live |= 1ull << e;
    /* vertices */
    for (int v = 0; v < b->nv; v++) {
        if (b->special[v])
            continue;
        int in = 0, out = 0;
        uint64_t edges = 0, into = 0;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int d = b->vdarts[i], e = cy_dart_edge(d);
            if (mark[e] == CY_UNMARKED) {
                edges |= 1ull << e;
                /* d leaves v, so its reverse points in: dart 1 when d is dart 0 */
                if (cy_dart_mark(d) == CY_FWD)
                    into |= 1ull << e;
            } else if (mark[e] == cy_dart_mark(d))
                out++;
            else
                in++;
        }
        if (!edges || (in && out))
            continue;
        if (g->nc == SG_MAXC)
            return -1;
        g->kind[g->nc] = in || out ? SG_VC : SG_VF;
        g->edges[g->nc] = edges;
        g->ref[g->nc] = out ? (into ^ edges) : into;
        g->nc++;
    }
    /* cells */
    for (int c = 0; c < b->ncells; c++) {
        if (!b->cyclable[c])
            continue;
        int along = 0, against = 0;
        uint64_t edges = 0, ref = 0;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int d = b->fdarts[i], e = cy_dart_edge(d);
            if (mark[e] == CY_UNMARKED) {
                edges |= 1ull << e;
                if (cy_dart_mark(d) == CY_BWD)
                    ref |= 1ull << e;
            } else if (mark[e] == cy_dart_mark(d))
                along++;
            else
                against++;
        }
        if (!edges || (along && against))
            continue;
        if (g->nc == SG_MAXC)
            return -1;
        g->kind[g->nc] = along || against ? SG_CC : SG_CF;
        g->edges[g->nc] = edges;
        g->ref[g->nc] = against ? (ref ^ edges) : ref;
        g->nc++;
    }
    sg_normalise(g);
    return 0;
}

void sg_forbidden(const sg *g, uint64_t f[2])
{
    f[0] = f[1] = 0;
    for (int c = 0; c < g->nc; c++) {
        uint64_t es = g->edges[c];
        if (g->kind[c] > SG_VC || (es & (es - 1)))
            continue; /* only a vertex's last edge is restricted */
        if (g->kind[c] == SG_VF) {
            f[0] |= es;
            f[1] |= es;
        } else
            f[(g->ref[c] & es) ? 1 : 0] |= es;
    }
}

int sg_legal(const sg *g, int e, int dir)
{
    uint64_t f[2];
    sg_forbidden(g, f);
    return !((f[dir] >> e) & 1u);
}

/* Removes constraint c; the last constraint takes its place (keys do not
 * depend on the order of constraints). */
static inline void drop(sg *g, int c)
{
    g->nc--;
    g->kind[c] = g->kind[g->nc];
    g->edges[c] = g->edges[g->nc];
    g->ref[c] = g->ref[g->nc];
}

void sg_normalise(sg *g)
{
    for (;;) {
        uint64_t f[2];
        sg_forbidden(g, f);
        /* an edge neither of whose darts is legal is unmarkable for good, and
         * so is every vertex and cell on it: drop them */
        uint64_t dead = f[0] & f[1];
        g->live &= ~dead;
        int changed = 0;
        for (int c = 0; c < g->nc;) {
            uint64_t es = g->edges[c], ref = g->ref[c] & es;
            int drop_it = (es & dead) != 0;
            if (!drop_it && g->kind[c] >= SG_CF) {
                /* edges that can only ever be marked one way: a cell can still
                 * cycle only in the direction they all allow */
                uint64_t want_ref = es & f[0], want_other = es & f[1];
                uint64_t against = (want_ref & ~ref) | (want_other & ref);
                uint64_t along = (want_ref & ref) | (want_other & ~ref);
                if (g->kind[c] == SG_CC)
                    drop_it = against != 0;
                else if (along && against)
                    drop_it = 1;
                else if (along || against) {
                    /* a fresh cell whose direction is already forced */
                    g->kind[c] = SG_CC;
                    if (against)
                        g->ref[c] ^= es;
                    changed = 1;
                }
            }
            if (drop_it) {
                drop(g, c);
                changed = 1;
            } else
                c++;
        }
        if (!changed)
            return;
    }
}

int sg_play(sg *g, int e, int dir)
{
    uint64_t m = 1ull << e;
    g->live &= ~m;
    for (int c = 0; c < g->nc;) {
        if (!(g->edges[c] & m)) {
            c++;
            continue;
        }
        int along = bit(g->ref[c], e) == dir;
        switch (g->kind[c]) {
        case SG_VF:
        case SG_CF:
            /* the first arrow fixes the dangerous (completing) direction */
            g->kind[c] = g->kind[c] == SG_VF ? SG_VC : SG_CC;
            if (!along)
                g->ref[c] ^= g->edges[c];
            break;
        case SG_VC:
        case SG_CC:
            if (!along) { /* an arrow in and one out; or arrows that disagree */
                drop(g, c);
                continue;
            }
            break;
        }
        g->edges[c] &= ~m;
        g->ref[c] &= ~m;
        if (!g->edges[c]) {
            drop(g, c);
            continue;
        }
        c++;
    }
    sg_normalise(g);
    for (int c = 0; c < g->nc; c++)
        if (g->kind[c] == SG_CC && __builtin_popcountll(g->edges[c]) == 1)
            return 1;
    return 0;
}

int sg_components(const sg *g, uint64_t *comp, uint64_t *free_edges)
{
    uint64_t covered = 0;
    for (int c = 0; c < g->nc; c++)
        covered |= g->edges[c];
    covered &= g->live;
    *free_edges = g->live & ~covered;
    int n = 0;
    uint64_t left = covered;
    while (left) {
        uint64_t m = left & -left, prev = 0;
        while (m != prev) {
            prev = m;
            for (int c = 0; c < g->nc; c++)
                if (g->edges[c] & m)
                    m |= g->edges[c];
        }
        comp[n++] = m;
        left &= ~m;
    }
    return n;
}

void sg_extract(const sg *g, uint64_t m, sg *out)
{
    out->ne = g->ne;
    out->live = g->live & m;
    out->nc = 0;
    for (int c = 0; c < g->nc; c++)
        if (g->edges[c] & m) {
            out->kind[out->nc] = g->kind[c];
            out->edges[out->nc] = g->edges[c];
            out->ref[out->nc] = g->ref[c];
            out->nc++;
        }
}
