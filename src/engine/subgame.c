/*
 * subgame.c - the compact position of the fast solver: building it from a
 * board, moves, normalisation and the split into independent components.
 *
 * Why the split is exact.  A move on edge e changes only the constraints on
 * e, and whether a move is legal or a death move depends only on the
 * constraints on its edge and, for a death move, on the cells on it and the
 * vertex constraints of those cells' last edges - all of which share a
 * constraint with e.  (Marking an edge never makes an illegal move legal: the
 * sink/source rule only looks at edges already marked, and marks are never
 * removed.  So no move creates a completable cell that is not on its own
 * edge.)  Hence the options of a position are the disjoint union of the
 * options of its components, each component plays as a game of its own, and
 * by the Sprague-Grundy theorem the Grundy value of the position is the XOR
 * of the components' values.  An edge on no alive constraint can be marked
 * either way and nothing else changes: it is a nim-heap *1.
 */
#include "subgame.h"

#include <string.h>

int sg_board_init(const cy_board *b, sg_board *sb)
{
    memset(sb, 0, sizeof *sb);
    if (b->ne > SG_MAXE)
        return -1;
    sb->ne = b->ne;
    memset(sb->ends, -1, sizeof sb->ends);
    memset(sb->sides, -1, sizeof sb->sides);
    int k = 0;
    for (int v = 0; v < b->nv; v++) {
        if (cy_rules_exempt(b, v))
            continue; /* special, or on a loop: never a sink nor a source */
        if (k == SG_MAXK)
            return -1;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int d = b->vdarts[i], e = cy_dart_edge(d);
            sb->edges[k] |= 1ull << e;
            sb->place[k][e] = sb->len[k];
            sb->list[k][sb->len[k]++] = (uint8_t)d;
            sb->ends[e][d & 1] = (int8_t)k; /* v is the tail of d */
            /* d leaves v, so its reverse points in: dart 1 when d is dart 0 */
            if (cy_dart_mark(d) == CY_FWD)
                sb->ref[k] |= 1ull << e;
            sb->on[e] |= 1ull << k;
        }
        k++;
    }
    for (int c = 0; c < b->ncells; c++) {
        if (!b->cyclable[c])
            continue;
        if (k == SG_MAXK)
            return -1;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
            int d = b->fdarts[i], e = cy_dart_edge(d);
            sb->edges[k] |= 1ull << e;
            sb->place[k][e] = sb->len[k];
            sb->list[k][sb->len[k]++] = (uint8_t)d;
            sb->sides[e][d & 1] = (int8_t)k;
            if (cy_dart_mark(d) == CY_BWD)
                sb->ref[k] |= 1ull << e;
            sb->on[e] |= 1ull << k;
        }
        sb->cells |= 1ull << k;
        k++;
    }
    sb->nk = k;
    for (int e = 0; e < sb->ne; e++)
        for (uint64_t ks = sb->on[e]; ks; ks &= ks - 1)
            sb->adj[e] |= sb->edges[__builtin_ctzll(ks)];
    return 0;
}

void sg_from_board(const sg_board *sb, const cy_board *b, const unsigned char *mark, sg *g)
{
    memset(g, 0, sizeof *g);
    for (int e = 0; e < b->ne; e++)
        if (mark[e] == CY_UNMARKED)
            g->live |= 1ull << e;
    for (int k = 0; k < sb->nk; k++) {
        int along = 0, against = 0; /* arrows on the reference darts, and not */
        for (uint64_t es = sb->edges[k] & ~g->live; es; es &= es - 1) {
            int e = __builtin_ctzll(es);
            int dart1 = mark[e] == CY_BWD;
            if (dart1 == (int)((sb->ref[k] >> e) & 1u))
                along++;
            else
                against++;
        }
        if (!(sb->edges[k] & g->live) || (along && against))
            continue;
        g->alive |= 1ull << k;
        if (along || against)
            g->comm |= 1ull << k;
        if (against)
            g->flip |= 1ull << k;
    }
    sg_normalise(sb, g);
}

void sg_forbidden(const sg_board *sb, const sg *g, uint64_t f[2])
{
    f[0] = f[1] = 0;
    for (uint64_t ks = g->alive & ~sb->cells; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        uint64_t es = g->live & sb->edges[k];
        if (es & (es - 1))
            continue; /* only a vertex's last edge is restricted */
        if (!((g->comm >> k) & 1u)) {
            f[0] |= es;
            f[1] |= es;
        } else
            f[(sg_danger(sb, g, k) & es) ? 1 : 0] |= es;
    }
}

/* Kills the constraints ks. */
static inline void kill(sg *g, uint64_t ks)
{
    g->alive &= ~ks;
    g->comm &= ~ks;
    g->flip &= ~ks;
}

/* Drops the live edges dead, which can never be marked, with every
 * constraint on them. */
static inline void kill_edges(const sg_board *sb, sg *g, uint64_t dead)
{
    g->live &= ~dead;
    uint64_t ks = 0;
    for (uint64_t es = dead; es; es &= es - 1)
        ks |= sb->on[__builtin_ctzll(es)];
    kill(g, ks);
}

void sg_normalise(const sg_board *sb, sg *g)
{
    for (;;) {
        uint64_t f[2];
        sg_forbidden(sb, g, f);
        /* an edge neither of whose darts is legal is unmarkable for good, and
         * so is every vertex and cell on it: kill them, and look again */
        uint64_t dead = f[0] & f[1] & g->live;
        if (dead) {
            kill_edges(sb, g, dead);
            continue;
        }
        /* edges that can only ever be marked one way: a cell can still cycle
         * only in the direction they all allow */
        for (uint64_t ks = g->alive & sb->cells; ks; ks &= ks - 1) {
            int k = __builtin_ctzll(ks);
            uint64_t es = g->live & sb->edges[k], dg = sg_danger(sb, g, k);
            uint64_t along = es & ((f[0] & dg) | (f[1] & ~dg));
            uint64_t against = es & ((f[0] & ~dg) | (f[1] & dg));
            uint64_t bit = 1ull << k;
            if (against && (along || (g->comm & bit)))
                kill(g, bit);
            else if (!(g->comm & bit) && (along || against)) {
                /* a fresh cell whose direction is already forced */
                g->comm |= bit;
                if (against)
                    g->flip |= bit;
            }
        }
        return;
    }
}

/* The darts of live edge x that the sink/source rule forbids in g, as
 * sg_forbidden finds them for x: bit 0 for dart 0, bit 1 for dart 1. */
static inline int forbidden_at(const sg_board *sb, const sg *g, int x)
{
    int f = 0;
    for (uint64_t ks = sb->on[x] & g->alive & ~sb->cells; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        uint64_t es = g->live & sb->edges[k];
        if (es & (es - 1))
            continue; /* only a vertex's last edge is restricted */
        if (!((g->comm >> k) & 1u))
            return 3;
        f |= (sg_danger(sb, g, k) & es) ? 2 : 1;
    }
    return f;
}

/* sg_play normalises only where the move can have changed anything (g was
 * normalised before it).  The forbidden darts of an edge come from the
 * vertices whose last edge it is, so the only new ones are on the last
 * edges x of the vertices on e that stay alive: a vertex off e keeps its
 * live edges and state, and one on e that dies had, if it had one live
 * edge, e.  So only such an x can have become unmarkable, and killing the
 * constraints on it takes forbidden darts only from x itself (a vertex on x
 * with one live edge has x as that edge): one pass finds every such edge,
 * as sg_normalise's loop would.
 *
 * sg_normalise's pass over the cells has nothing to do after a move: a
 * forbidden dart on an edge x of a cell comes from a vertex v whose only
 * live edge is x, and the cell's walk passes v by x and another edge y of
 * v, which is marked; so the cell is committed (alive with an arrow on y),
 * and its walk and v agree: an arrow into v along the walk forbids x into
 * v, which is against the walk, and one out of v forbids x out of v.  So a
 * forbidden dart of a cell's edge never forbids the cell's own direction:
 * no fresh cell is forced and no committed one killed.
 * tests/test_subgame.c checks both against sg_normalise and sg_from_board
 * on random games. */
int sg_play(const sg_board *sb, sg *g, int e, int dir)
{
    uint64_t m = 1ull << e, touched = g->alive & sb->on[e];
    g->live &= ~m;
    for (uint64_t ks = touched; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        uint64_t bit = 1ull << k;
        int along = (int)((sg_danger(sb, g, k) >> e) & 1u) == dir;
        if (!(g->comm & bit)) {
            /* the first arrow fixes the dangerous (completing) direction */
            g->comm |= bit;
            if (!along)
                g->flip |= bit;
        } else if (!along) { /* an arrow in and one out; or arrows that disagree */
            kill(g, bit);
            continue;
        }
        if (!(g->live & sb->edges[k]))
            kill(g, bit);
    }
    /* the last edges of the vertices on e that are still alive; those
     * neither of whose darts is legal any more are unmarkable for good */
    uint64_t dead = 0;
    for (uint64_t ks = touched & g->alive & ~sb->cells; ks; ks &= ks - 1) {
        uint64_t es = g->live & sb->edges[__builtin_ctzll(ks)];
        if (!(es & (es - 1)) && forbidden_at(sb, g, __builtin_ctzll(es)) == 3)
            dead |= es;
    }
    if (dead)
        kill_edges(sb, g, dead);
    for (uint64_t ks = g->alive & g->comm & sb->cells; ks; ks &= ks - 1) {
        uint64_t es = g->live & sb->edges[__builtin_ctzll(ks)];
        if (!(es & (es - 1)))
            return 1;
    }
    return 0;
}

/* (A breadth-first walk over edges: an edge whose constraints are all
 * alive reaches its neighbours in one word, sb->adj.) */
int sg_components(const sg_board *sb, const sg *g, uint64_t *comp, uint64_t *kcomp, uint64_t *free_edges)
{
    int n = 0;
    uint64_t left = g->live, free = 0, dead = ~g->alive;
    while (left) {
        uint64_t m = left & -left, front = m, km = 0;
        while (front) {
            uint64_t ne = 0;
            for (; front; front &= front - 1) {
                int e = __builtin_ctzll(front);
                uint64_t on = sb->on[e];
                km |= on;
                if (!(on & dead))
                    ne |= sb->adj[e];
                else
                    for (uint64_t ks = on & ~dead; ks; ks &= ks - 1)
                        ne |= sb->edges[__builtin_ctzll(ks)];
            }
            front = ne & g->live & ~m;
            m |= front;
        }
        left &= ~m;
        km &= g->alive;
        if (!km) { /* an edge on no alive constraint */
            free |= m;
            continue;
        }
        comp[n] = m;
        kcomp[n++] = km;
    }
    *free_edges = free;
    return n;
}
