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

static inline int bit(uint64_t m, int i) { return (int)((m >> i) & 1u); }

int sg_from_board(const cy_board *b, const unsigned char *mark, sg *g, int *emap)
{
    int *local = cy_xmalloc(sizeof(int) * (size_t)(b->ne ? b->ne : 1));
    int rc = -1;
    memset(g, 0, sizeof *g);
    for (int e = 0; e < b->ne; e++) {
        local[e] = -1;
        if (mark[e] != CY_UNMARKED)
            continue;
        if (g->ne == SG_MAXE)
            goto out;
        local[e] = g->ne;
        emap[g->ne++] = e;
    }
    g->live = g->ne == 64 ? ~0ull : (1ull << g->ne) - 1;
    /* vertices */
    for (int v = 0; v < b->nv; v++) {
        if (b->special[v])
            continue;
        int in = 0, out = 0;
        uint64_t edges = 0, into = 0;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int d = b->vdarts[i], e = cy_dart_edge(d);
            if (mark[e] == CY_UNMARKED) {
                edges |= 1ull << local[e];
                /* d leaves v, so its reverse points in: dart 1 when d is dart 0 */
                if (cy_dart_mark(d) == CY_FWD)
                    into |= 1ull << local[e];
            } else if (mark[e] == cy_dart_mark(d))
                out++;
            else
                in++;
        }
        if (!edges || (in && out))
            continue;
        if (g->nc == SG_MAXC)
            goto out;
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
                edges |= 1ull << local[e];
                if (cy_dart_mark(d) == CY_BWD)
                    ref |= 1ull << local[e];
            } else if (mark[e] == cy_dart_mark(d))
                along++;
            else
                against++;
        }
        if (!edges || (along && against))
            continue;
        if (g->nc == SG_MAXC)
            goto out;
        g->kind[g->nc] = along || against ? SG_CC : SG_CF;
        g->edges[g->nc] = edges;
        g->ref[g->nc] = against ? (ref ^ edges) : ref;
        g->nc++;
    }
    sg_normalise(g);
    rc = 0;
out:
    free(local);
    return rc;
}

/* Whether vertex constraint c forbids marking its edge e as dart dir. */
static inline int forbids(const sg *g, int c, int e, int dir)
{
    if (g->edges[c] != (1ull << e))
        return 0;
    return g->kind[c] == SG_VF || (g->kind[c] == SG_VC && bit(g->ref[c], e) == dir);
}

int sg_legal(const sg *g, int e, int dir)
{
    uint64_t m = 1ull << e;
    for (int c = 0; c < g->nc; c++)
        if ((g->edges[c] & m) && (g->kind[c] == SG_VF || g->kind[c] == SG_VC) && forbids(g, c, e, dir))
            return 0;
    return 1;
}

/* Removes constraint c (order of the others is kept). */
static void drop(sg *g, int c)
{
    g->nc--;
    memmove(g->kind + c, g->kind + c + 1, (size_t)(g->nc - c) * sizeof g->kind[0]);
    memmove(g->edges + c, g->edges + c + 1, (size_t)(g->nc - c) * sizeof g->edges[0]);
    memmove(g->ref + c, g->ref + c + 1, (size_t)(g->nc - c) * sizeof g->ref[0]);
}

void sg_normalise(sg *g)
{
    for (;;) {
        /* an edge neither of whose darts is legal is unmarkable for good */
        uint64_t dead = 0;
        for (int c = 0; c < g->nc; c++) {
            if ((g->kind[c] != SG_VF && g->kind[c] != SG_VC) || __builtin_popcountll(g->edges[c]) != 1)
                continue;
            int e = __builtin_ctzll(g->edges[c]);
            if (!sg_legal(g, e, 0) && !sg_legal(g, e, 1))
                dead |= 1ull << e;
        }
        /* a cell whose last edge cannot be marked the completing way is dead */
        int changed = 0;
        for (int c = 0; c < g->nc;) {
            int drop_it = (g->edges[c] & dead) != 0;
            if (!drop_it && g->kind[c] == SG_CC && __builtin_popcountll(g->edges[c]) == 1) {
                int e = __builtin_ctzll(g->edges[c]);
                drop_it = !sg_legal(g, e, bit(g->ref[c], e));
            }
            if (drop_it) {
                drop(g, c);
                changed = 1;
            } else
                c++;
        }
        g->live &= ~dead;
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

/* Compresses the bits of x selected by m into the low bits (like pext). */
static inline uint64_t squeeze(uint64_t x, uint64_t m)
{
    uint64_t r = 0;
    int k = 0;
    while (m) {
        int i = __builtin_ctzll(m);
        r |= ((x >> i) & 1u) << k++;
        m &= m - 1;
    }
    return r;
}

void sg_extract(const sg *g, uint64_t m, sg *out)
{
    out->ne = __builtin_popcountll(m);
    out->live = out->ne == 64 ? ~0ull : (1ull << out->ne) - 1;
    out->nc = 0;
    for (int c = 0; c < g->nc; c++)
        if (g->edges[c] & m) {
            out->kind[out->nc] = g->kind[c];
            out->edges[out->nc] = squeeze(g->edges[c], m);
            out->ref[out->nc] = squeeze(g->ref[c], m);
            out->nc++;
        }
}
