/*
 * theorem6.c - Theorem 6 of paper 000, generalised to positions and to
 * components of the fast engine's sub-game (see th6_lost for the statement
 * and the proof).
 */
#include "theorem6.h"

#include <stdlib.h>
#include <string.h>

void th6_constraints(const cy_board *b, int *kof)
{
    int k = 0;
    for (int v = 0; v < b->nv; v++)
        kof[v] = b->special[v] ? -1 : k++;
    for (int c = 0; c < b->ncells; c++)
        kof[b->nv + c] = b->cyclable[c] ? k++ : -1;
}

void th6_map_of(const cy_board *b, const sg_board *sb, const int *kof, const int *vmap, const int *fmap, int rev,
                th6_map *m)
{
    memset(m, 0, sizeof *m);
    for (int d = 0; d < 2 * b->ne; d++)
        m->dart[d] = (uint8_t)(cy_board_dart(b, vmap[cy_tail(b, d)], vmap[cy_head(b, d)]) ^ rev);
    for (int e = 0; e < b->ne; e++)
        if (m->dart[2 * e] >> 1 == e)
            m->fixed |= 1ull << e;
    for (int x = 0; x < b->nv + b->ncells; x++) {
        if (kof[x] < 0)
            continue;
        int img = kof[x < b->nv ? vmap[x] : b->nv + fmap[x - b->nv]];
        m->kmap[kof[x]] = (uint8_t)img;
        int e = __builtin_ctzll(sb->edges[kof[x]]);
        int ref = m->dart[2 * e + (int)((sb->ref[kof[x]] >> e) & 1u)];
        if ((ref & 1) != (int)((sb->ref[img] >> (ref >> 1)) & 1u))
            m->kinv |= 1ull << kof[x];
    }
}

void th6_inv_fill(const cy_board *b, const sg_board *sb, const int *kof, const cy_automorphism *au, th6_inv *iv)
{
    memset(iv, 0, sizeof *iv);
    th6_map_of(b, sb, kof, au->vmap, au->fmap, 1, &iv->m);
    for (int k = 0; k < sb->nk; k++) {
        if (!((sb->cells >> k) & 1u) || iv->m.kmap[k] == k)
            continue;
        iv->moved |= 1ull << k;
        for (uint64_t es = sb->edges[k]; es; es &= es - 1) {
            int e = __builtin_ctzll(es);
            if ((sb->edges[k] >> (iv->m.dart[2 * e] >> 1)) & 1u)
                iv->pairs[k] |= 1ull << e;
        }
    }
}

int th6_init(const cy_board *b, const sg_board *sb, const cy_symmetry *sym, th6 *t)
{
    t->n = 0;
    if (!sym || b->surface)
        return 0; /* the papers' theorem is about plane boards */
    int *kof = cy_xmalloc(sizeof(int) * (size_t)(b->nv + b->ncells));
    th6_constraints(b, kof);
    for (int a = 1; a < sym->n && t->n < TH6_MAX; a++) {
        th6_inv *iv = &t->inv[t->n];
        th6_inv_fill(b, sb, kof, &sym->aut[a], iv);
        /* tau must be its own inverse: checked on the darts themselves */
        int invol = 1;
        for (int d = 0; d < 2 * b->ne && invol; d++)
            invol = iv->m.dart[iv->m.dart[d]] == d;
        t->n += invol;
    }
    free(kof);
    return t->n;
}

/*
 * Theorem (paper 000, Theorem 6, and paper 002, Theorem 8, whose proofs
 * never use that the board is empty).  Let g be a position (or one
 * component) of the normal-play game of the fast engine: the moves are the
 * legal darts of its live edges that are not death moves, and a player
 * without one loses.  Let tau be an involution of the board (a plane
 * automorphism: cells to cells, the outer face and special vertices kept;
 * tau^2 = id) and R(d) the dart tau(d) reversed.  If
 *  (a) g is its own image under R (th6_symmetric: live edges, alive,
 *      committed and flipped constraints all map onto themselves);
 *  (b) no live edge is self-involutive (tau(e) = e);
 *  (c) no alive cell sigma with tau(sigma) != sigma has a live edge e with
 *      tau(e) also in sigma;
 *  (d) (the player to move cannot complete a cycle: always so here, as
 *      death moves are not allowed);
 * then the player to move, X, loses: the other, W, answers each move d by
 * R(d).  By induction on the live edges, with (a)-(c) as the invariant:
 * X plays d on edge e, leaving Q; W's R(d) on tau(e) leaves S.
 *  - tau(e) != e by (b), and it was live by (a).
 *  - R(d) is legal in Q (so tau(e) is still live: an edge is dropped only
 *    when neither dart is legal).  Say a vertex u forbids it: u is alive
 *    with tau(e) its last live edge.  An edge that can never be marked
 *    kills every constraint on it, so all of u's other edges are marked.
 *    If tau(u) != u, e is not at u (the graph is simple: e at u as well
 *    would make e and tau(e) two edges joining u and tau(u)), so u was so
 *    already before X's move, and by (a) tau(u) had e as its last live edge
 *    with d its dangerous dart: d was illegal.  If tau(u) = u, u had no
 *    arrow before (a committed fixed vertex is never its own image: R
 *    turns its arrows in into arrows out), and d and R(d) point into and
 *    out of u: one in, one out, never a sink or a source.
 *  - S is its own image: marking is commutative (a sub-game is the
 *    normalised image of the marks, sg_from_board) and R is an
 *    automorphism of the game with R(R(d)) = d.  (b) and (c) hold in S as
 *    live edges and alive cells only ever go.
 *  - R(d) is not a death move.  Say it leaves cell sigma alive, committed,
 *    with one live edge f.  If tau(sigma) = sigma, S's symmetry maps f to
 *    a live edge of sigma, so tau(f) = f, against (b).  Otherwise by (c)
 *    e is not in sigma (tau(e) is), so tau(e) is not in tau(sigma); by
 *    S's symmetry tau(sigma) is alive and committed in S with its one live
 *    edge tau(f), and as W's move did not touch it (and an edge dropped
 *    would have killed it), it was so in Q: X's move d was a death move,
 *    which is not allowed.
 * So W always has an answer, and X is the first without a move.  Hence g
 * is a loss for the player to move, and (a component) its Grundy value is
 * 0.  The check is exact about (a)-(c) and stays silent otherwise; it is
 * only for the standard rules (no variant may use it).  Degree-1 vertices
 * that are not special need no care: their edges can never be marked, so
 * they are never live.
 */
int th6_lost(const th6 *t, const sg *g)
{
    for (int i = 0; i < t->n; i++) {
        const th6_inv *iv = &t->inv[i];
        if (g->live & iv->m.fixed)
            continue; /* (b) */
        if (!th6_symmetric(iv->m.dart, iv->m.kmap, iv->m.kinv, g))
            continue; /* (a) */
        int ok = 1;
        for (uint64_t ks = g->alive & iv->moved; ks && ok; ks &= ks - 1)
            ok = !(iv->pairs[__builtin_ctzll(ks)] & g->live); /* (c) */
        if (ok)
            return i + 1;
    }
    return 0;
}
