/*
 * theorem6.c - Theorem 6 of Alvarado et al. 2021, generalised to positions and to
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
        kof[v] = cy_rules_exempt(b, v) ? -1 : k++; /* as sg_board_init numbers them */
    for (int c = 0; c < b->ncells; c++)
        kof[b->nv + c] = b->cyclable[c] ? k++ : -1;
}

void th6_map_of(const cy_board *b, const sg_board *sb, const int *kof, const cy_automorphism *au, int rev, th6_map *m)
{
    const int *vmap = au->vmap, *fmap = au->fmap;
    memset(m, 0, sizeof *m);
    for (int d = 0; d < 2 * b->ne; d++)
        m->dart[d] = (uint8_t)(au->dmap[d] ^ rev);
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
    th6_map_of(b, sb, kof, au, 1, &iv->m);
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
    int *kof = cyi_xmalloc(sizeof(int) * (size_t)(b->nv + b->ncells));
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
 * Theorem (Alvarado et al. 2021, Theorem 6, and Barua et al. 2022, Theorem 8, whose proofs
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

/*
 * Theorem (Theorem 6 with a nim-heap *1: the centre edge left open).  Let
 * g, tau and R be as for th6_lost, and
 *  (a) g is its own image under R;
 *  (b) exactly one live edge c is self-involutive, and tau swaps its ends
 *      (so R(d) = d for both darts of c: tau reverses the arrow, R reverses
 *      it back);
 *  (c) no alive cell sigma with tau(sigma) != sigma has a live edge e != c
 *      with tau(e) also in sigma;
 *  (e) no alive cell with tau(sigma) = sigma lies on c;
 *  (f) c can always be marked one way that is legal and no death move: the
 *      alive vertices on c (its ends) or the alive cells on c are none, or
 *      all of them are committed and their dangerous darts on c are one
 *      and the same dart x.
 * Then g + *1 is lost for the player to move, X: g's Grundy value is 1.
 * W answers X's move on the heap by c, X's move on c by the heap, and any
 * other move d by R(d).  Each pair of moves keeps (a)-(f): (a), (b) and (c)
 * as for th6_lost (live edges and alive constraints only go, and c stays
 * live, see below); (e) and (f) because a dead constraint never comes
 * back and a committed one keeps its dangerous darts until it dies.
 *  - X plays c (any dart; R fixes it) and W takes the heap: the position is
 *    its own image under R with no live self-involutive edge, and (c) holds
 *    without c, so th6_lost's theorem makes it lost for X.
 *  - X takes the heap and W plays c, with a dart y chosen as follows; then
 *    as in the case before.  y must be legal and no death move.  An end u
 *    of c forbids a dart only when alive, committed, with c its last live
 *    edge, and then forbids its dangerous dart; by (a) the other end
 *    tau(u) is then so too, with R of u's dangerous dart, the same dart of
 *    c: so one dart of c is always legal.  A death move on c leaves an
 *    alive cell on c committed with one live edge; a fresh cell has three
 *    live edges or more (every edge of a fresh alive cell is live), so the
 *    cell was committed with c and one other live edge, and the dart was
 *    its dangerous one.  The cells on c are sigma and tau(sigma) != sigma
 *    (a plane edge lies on two faces, and by (e)), and by (a) their
 *    dangerous darts on c are R of each other's, the same dart: so at most
 *    one dart of c is a death move.  If no end is alive both darts are
 *    legal: y is the one that is no death move.  If no cell is alive, y is
 *    the legal one.  Otherwise by (f) y is the dart other than x: never
 *    forbidden, and it kills the committed cells instead of completing
 *    them.
 *  - X plays d on e != c and W answers R(d) on tau(e) != e: legal, and it
 *    leaves g's image under R, as in th6_lost's proof.  It is no death
 *    move: say it leaves sigma alive, committed, with one live edge f.  If
 *    tau(sigma) = sigma, the symmetry maps f to a live edge of sigma, so
 *    f = c, against (e).  Otherwise, by (c) e is not in sigma (tau(e) is),
 *    so tau(e) is not in tau(sigma), which by the symmetry is alive and
 *    committed with one live edge tau(f), and was so before W's move: X's
 *    move was a death move, which is not allowed.
 *  - c stays live: an edge is dropped when neither dart can be marked, and
 *    by (a) after W's moves both ends of c forbid the same dart; X's move
 *    changes one end only (the graph is simple), and an end that forbids a
 *    dart already has c as its last live edge, so X cannot change it.
 * So W always has an answer and X is the first without a move.  The check
 * is exact about (a)-(f) and stays silent otherwise; like th6_lost, it is
 * only for the standard rules.  Without (f) the claim is false (the end
 * of c full, its one legal dart closing both of c's cells but for one
 * edge), and so it is without (e) (a cell sigma on c that tau maps to
 * itself: W's answer R(d) can leave sigma committed with c its one live
 * edge, a death move): tests/test_theorem6.c shows the brute force
 * refuting both.
 */
int th6_one(const th6 *t, const sg_board *sb, const sg *g, int checks)
{
    for (int i = 0; i < t->n; i++) {
        const th6_inv *iv = &t->inv[i];
        uint64_t fixed = g->live & iv->m.fixed;
        if (!fixed || (fixed & (fixed - 1)))
            continue; /* (b): one self-involutive live edge */
        int c = __builtin_ctzll(fixed);
        uint64_t cbit = 1ull << c;
        if (iv->m.dart[2 * c] != 2 * c)
            continue; /* (b): tau must swap c's ends */
        if (!th6_symmetric(iv->m.dart, iv->m.kmap, iv->m.kinv, g))
            continue; /* (a) */
        int ok = 1;
        for (uint64_t ks = g->alive & iv->moved; ks && ok; ks &= ks - 1)
            ok = !(iv->pairs[__builtin_ctzll(ks)] & g->live & ~cbit); /* (c) */
        uint64_t kc = sb->on[c] & g->alive & sb->cells, kv = sb->on[c] & g->alive & ~sb->cells;
        if (!ok || ((checks & TH6_E) && (kc & ~iv->moved)))
            continue;                       /* (c), (e) */
        if ((checks & TH6_F) && kc && kv) { /* (f) */
            if ((kc | kv) & ~g->comm)
                continue;
            uint64_t x = (sg_danger(sb, g, __builtin_ctzll(kc)) >> c) & 1u;
            for (uint64_t ks = kc | kv; ks && ok; ks &= ks - 1)
                ok = ((sg_danger(sb, g, __builtin_ctzll(ks)) >> c) & 1u) == x;
            if (!ok)
                continue;
        }
        return i + 1;
    }
    return 0;
}
