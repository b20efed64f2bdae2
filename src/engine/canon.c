/*
 * canon.c - keys of sub-games: labelled, canonical through nauty, and plane
 * keys read off the board's embedding (plantri's way with plane graphs).
 *
 * A sub-game becomes a coloured graph: two nodes per edge (its darts, joined),
 * one node per committed constraint (VC, CC) joined to its reference darts,
 * and a joined pair of nodes per fresh constraint (VF, CF), one joined to the
 * reference darts and one to the others, since a fresh constraint does not
 * care which way round it is read.  Reversing every arrow maps each dart to
 * its partner and so is an isomorphism of these graphs; so are relabelling and
 * mirroring.  nauty's canonical labelling then gives one graph per class,
 * which is hashed to 128 bits.
 *
 * A plane key needs no graph search: it reads the component breadth first
 * from a starting dart, taking the edges around each vertex and along each
 * cell in the order the embedding gives, in the plane's orientation and in
 * the mirrored one, and keeps the least reading over a few starting darts
 * chosen by an invariant.  Every map of the plane that maps the component
 * onto another maps readings onto readings, so both get the same key.
 */
#include "canon.h"

#include <nausparse.h>
#include <nauty.h>
#include <schreier.h>
#include <string.h>

/* Folds word w into the two halves of a key. */
static inline void fold(uint64_t key[2], uint64_t w)
{
    key[0] = sg_mix(key[0] ^ w) + 0x9E3779B97F4A7C15ull;
    key[1] = sg_mix(key[1] + (w * 0xD6E8FEB86659FD93ull)) ^ 0x632BE59BD9B4E019ull;
}

#define CANON_MAXN (2 * SG_MAXE + 2 * SG_MAXK)
#define CANON_MAXM SETWORDSNEEDED(CANON_MAXN)

/* The kinds of constraint, in the node order of the canonical graph. */
enum { VC, CC, VF, CF };

void sg_key(const sg_board *sb, const sg *g, int canonical, uint64_t key[2])
{
    if (!canonical) {
        sg_label_key(g, key);
        return;
    }
    int count[4] = {0, 0, 0, 0};
    for (uint64_t ks = g->alive; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        count[(((g->comm >> k) & 1u) ? 0 : 2) + (int)((sb->cells >> k) & 1u)]++;
    }
    /* node layout: darts, then VC, CC, VF pairs, CF pairs */
    int ne = __builtin_popcountll(g->live);
    int base[4];
    base[VC] = 2 * ne;
    base[CC] = base[VC] + count[VC];
    base[VF] = base[CC] + count[CC];
    base[CF] = base[VF] + 2 * count[VF];
    int n = base[CF] + 2 * count[CF];
    int m = SETWORDSNEEDED(n);
    graph gr[CANON_MAXN * CANON_MAXM], cg[CANON_MAXN * CANON_MAXM];
    int lab[CANON_MAXN], ptn[CANON_MAXN], orbits[CANON_MAXN];
    EMPTYGRAPH(gr, m, n);
    for (int e = 0; e < ne; e++)
        ADDONEEDGE(gr, 2 * e, 2 * e + 1, m);
    int next[4] = {base[0], base[1], base[2], base[3]};
    for (uint64_t ks = g->alive; ks; ks &= ks - 1) {
        int c = __builtin_ctzll(ks);
        int fresh = !((g->comm >> c) & 1u);
        int k = (fresh ? 2 : 0) + (int)((sb->cells >> c) & 1u);
        int node = next[k];
        next[k] += fresh ? 2 : 1;
        if (fresh)
            ADDONEEDGE(gr, node, node + 1, m);
        uint64_t dg = sg_danger(sb, g, c);
        for (uint64_t es = sb->edges[c] & g->live; es; es &= es - 1) {
            int be = __builtin_ctzll(es);
            int e = __builtin_popcountll(g->live & ((1ull << be) - 1)); /* local number */
            int r = (int)((dg >> be) & 1u);
            ADDONEEDGE(gr, node, 2 * e + r, m);
            if (fresh)
                ADDONEEDGE(gr, node + 1, 2 * e + 1 - r, m);
        }
    }
    /* colour classes in node order */
    for (int i = 0; i < n; i++) {
        lab[i] = i;
        ptn[i] = 1;
    }
    int ends[4] = {base[CC], base[VF], base[CF], n};
    for (int i = 0; i < 4; i++)
        if (ends[i] > 0)
            ptn[ends[i] - 1] = 0;
    static DEFAULTOPTIONS_GRAPH(options);
    statsblk stats;
    optionblk opt = options;
    opt.getcanon = TRUE;
    opt.defaultptn = FALSE;
    key[0] = 0x452821E638D01377ull;
    key[1] = 0xBE5466CF34E90C6Cull;
    fold(key, (uint64_t)ne | (uint64_t)count[VC] << 16 | (uint64_t)count[CC] << 32 | (uint64_t)count[VF] << 48);
    fold(key, (uint64_t)count[CF]);
    if (n == 0)
        return;
    densenauty(gr, lab, ptn, orbits, &opt, &stats, m, n, cg);
    for (size_t i = 0; i < (size_t)m * (size_t)n; i++)
        fold(key, (uint64_t)cg[i]);
}

/* ------------------------------------------------------------ plane keys */

/* The most tokens a plane encoding has: a header per constraint and a token
 * per constraint and edge (each edge is on at most four constraints). */
#define PLANE_MAXT (SG_MAXK + 4 * SG_MAXE)

/* Appends token tv to t and rv to r at n, and compares each with best
 * where it still equals best so far (*ct, *cr: -1 less, 0 equal, 1 greater);
 * returns n + 1. */
static inline int emit(uint16_t *t, uint16_t *r, const uint16_t *best, int n, uint16_t tv, uint16_t rv, int *ct, int *cr)
{
    t[n] = tv;
    r[n] = rv;
    if (!*ct)
        *ct = tv < best[n] ? -1 : tv > best[n];
    if (!*cr)
        *cr = rv < best[n] ? -1 : rv > best[n];
    return n + 1;
}

/* The encoding of component g read from live edge e0, taken first as dart
 * fd0, in the plane's own orientation (mirror 0) or the reflected one: the
 * constraints in the order a breadth-first walk meets them, each a header
 * (kind, state, size) and then its edges in the order the embedding gives
 * them (around a vertex, along a cell), each as its number in order of
 * discovery and the bit saying whether the constraint's dangerous dart is
 * the one the walk took first (a fresh constraint's bits are read relative to
 * its first edge's, as it does not care which way round it is read).  t gets
 * the encoding of g, r that of g with every arrow reversed.  The least of
 * them and best (nb tokens; nb < 0 when there is none yet) is left in best;
 * the walk stops as soon as both are known to be greater.  Returns the
 * number of tokens in best. */
static int plane_encode(const sg_board *sb, const sg *g, int e0, int fd0, int mirror, uint16_t *t, uint16_t *r,
                        uint16_t *best, int nb)
{
    int ct = nb < 0 ? -1 : 0, cr = ct; /* t and r against best: less, equal so far, greater */
    int8_t label[SG_MAXE];
    uint8_t fd[SG_MAXE], queue[SG_MAXE];
    uint64_t seen = 0;
    int nl = 0, qh = 0, n = 0;
    memset(label, -1, sizeof label);
    label[e0] = (int8_t)nl++;
    fd[e0] = (uint8_t)fd0;
    queue[0] = (uint8_t)e0;
    int qt = 1;
    while (qh < qt) {
        int e = queue[qh++], f = fd[e];
        int8_t slot[4] = {sb->ends[e][f], sb->ends[e][1 - f], sb->sides[e][f ^ mirror], sb->sides[e][1 - (f ^ mirror)]};
        for (int s = 0; s < 4; s++) {
            int k = slot[s];
            if (k < 0 || !((g->alive >> k) & 1u) || ((seen >> k) & 1u))
                continue;
            seen |= 1ull << k;
            int cell = (int)((sb->cells >> k) & 1u), comm = (int)((g->comm >> k) & 1u);
            uint64_t es = sb->edges[k] & g->live, dg = sg_danger(sb, g, k);
            uint16_t head =
                (uint16_t)(0x8000u | (unsigned)__builtin_popcountll(es) << 2 | (unsigned)cell << 1 | (unsigned)comm);
            n = emit(t, r, best, n, head, head, &ct, &cr);
            if (ct > 0 && cr > 0)
                return nb;
            int len = sb->len[k], at = sb->place[k][e], step = mirror ? -1 : 1;
            int base = -1;
            for (int i = 0; i < len; i++, at += step) {
                if (at == len)
                    at = 0;
                else if (at < 0)
                    at = len - 1;
                int d = sb->list[k][at], x = d >> 1;
                if (!((g->live >> x) & 1u))
                    continue;
                if (label[x] < 0) {
                    label[x] = (int8_t)nl++;
                    /* a vertex's darts leave it either way round; a cell's
                     * walk runs the other way in the reflection */
                    fd[x] = (uint8_t)((d & 1) ^ (cell & mirror));
                    queue[qt++] = (uint8_t)x;
                }
                int rel = (int)((dg >> x) & 1u) ^ fd[x];
                if (base < 0)
                    base = comm ? 0 : rel;
                rel ^= base;
                n = emit(t, r, best, n, (uint16_t)(label[x] << 1 | rel), (uint16_t)(label[x] << 1 | (rel ^ comm)), &ct,
                         &cr);
            }
        }
        if (ct > 0 && cr > 0)
            return nb;
    }
    /* the least of t, r (those below best) */
    const uint16_t *x = NULL;
    if (ct < 0)
        x = t;
    if (cr < 0) {
        int i = 0;
        while (x && i < n && r[i] == x[i])
            i++;
        if (!x || (i < n && r[i] < x[i]))
            x = r;
    }
    if (x)
        memcpy(best, x, sizeof(uint16_t) * (size_t)n);
    return x ? n : nb;
}

/* The sum of the invariants of the alive constraints on edge e. */
static inline uint64_t around(const sg_board *sb, const sg *g, const uint64_t *kinv, int e)
{
    uint64_t v = 0;
    for (uint64_t ks = sb->on[e] & g->alive; ks; ks &= ks - 1)
        v += kinv[__builtin_ctzll(ks)];
    return v;
}

/* The invariant of constraint k (-1 for none) for choosing where to start. */
static inline uint64_t code(const sg *g, const uint64_t *kinv, int k)
{
    return k >= 0 && ((g->alive >> k) & 1u) ? kinv[k] : 0;
}

void sg_plane_key(const sg_board *sb, const sg *g, uint64_t key[2])
{
    /* read only from the edges of least invariant: the kinds, states and
     * sizes of their constraints (what every isomorphism keeps).  A second
     * round (the neighbours' invariants added) left fewer edges to read
     * from, but on the census's sparse boards it cost more than the
     * readings it spared (docs/census-plan.md) */
    uint64_t inv[SG_MAXE], kinv[SG_MAXK], least = UINT64_MAX;
    for (uint64_t ks = g->alive; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        kinv[k] = sg_mix(((uint64_t)__builtin_popcountll(sb->edges[k] & g->live) << 2 | ((sb->cells >> k) & 1u) << 1 |
                          ((g->comm >> k) & 1u)) +
                         0x9E3779B97F4A7C15ull);
    }
    for (uint64_t es = g->live; es; es &= es - 1) {
        int e = __builtin_ctzll(es);
        inv[e] = around(sb, g, kinv, e);
        if (inv[e] < least)
            least = inv[e];
    }
    uint16_t best[PLANE_MAXT], t[PLANE_MAXT], r[PLANE_MAXT];
    int nb = -1;
    for (uint64_t es = g->live; es; es &= es - 1) {
        int e = __builtin_ctzll(es);
        if (inv[e] != least)
            continue;
        /* and only the ways round that put the smaller invariant first: the
         * constraint at the dart's tail before its head, the cell first
         * visited before the other (a tie allows both) */
        for (int fd = 0; fd < 2; fd++) {
            if (code(g, kinv, sb->ends[e][fd]) > code(g, kinv, sb->ends[e][1 - fd]))
                continue;
            for (int mirror = 0; mirror < 2; mirror++)
                if (code(g, kinv, sb->sides[e][fd ^ mirror]) <= code(g, kinv, sb->sides[e][1 - (fd ^ mirror)]))
                    nb = plane_encode(sb, g, e, fd, mirror, t, r, best, nb);
        }
    }
    key[0] = 0x3C6EF372FE94F82Bull;
    key[1] = 0xA54FF53A5F1D36F1ull;
    for (int i = 0; i < nb; i += 4) {
        uint64_t w = 0;
        for (int j = i; j < i + 4 && j < nb; j++)
            w = w << 16 | best[j];
        fold(key, w);
    }
}

void cy_nauty_thread_done(void)
{
    nauty_freedyn();
    nautil_freedyn();
    naugraph_freedyn();
    schreier_freedyn();
    nausparse_freedyn();
}
