/*
 * treekey.c - keys of tree components (treekey.h): AHU's canonical form of an
 * unordered tree, rooted at its centre.
 *
 * Without a cell, what a component plays depends only on its graph: which
 * live edges meet at which alive vertices, each vertex's state (fresh, or
 * committed with arrows all in, or all out) and the edges that end on no
 * alive vertex (pendant edges: a special vertex, or a vertex that no longer
 * constrains anything, at their other end).  Each vertex is written as its
 * state, its number of pendant edges and its number of children, followed by
 * its children's codes in sorted order; the tree is written from its centre
 * (or both halves of its central edge, the smaller first).  Isomorphic trees
 * get equal codes, and different trees different codes, since a code reads
 * back into its tree.  Reversing every arrow swaps "all in" with "all out";
 * the key takes the smaller of the two codes.
 */
#include "treekey.h"

#include <string.h>

#define TK_MAXCODE (3 * SG_MAXK + 8)

/* What the encoder reads: the tree as neighbour masks over constraints. */
typedef struct tree {
    uint64_t nbr[SG_MAXK];     /* the alive vertices joined to k by a live edge */
    uint8_t pend[SG_MAXK];     /* live edges from k to no alive vertex */
    uint8_t state[SG_MAXK];    /* 0 fresh, 1 committed arrows-in, 2 arrows-out */
} tree;

/* Writes the code of the subtree at v (away from parent) to out with states
 * read through rev (0 as they are, 1 reversed); returns its length. */
static int encode(const tree *t, int v, int parent, int rev, uint8_t *out)
{
    uint8_t s = t->state[v];
    out[0] = (uint8_t)(s && rev ? 3 - s : s);
    out[1] = t->pend[v];
    int n = 3, nc = 0, start[SG_MAXK], len[SG_MAXK];
    uint64_t kids = t->nbr[v] & ~(parent >= 0 ? UINT64_C(1) << parent : 0);
    for (; kids; kids &= kids - 1) {
        int w = __builtin_ctzll(kids);
        start[nc] = n;
        len[nc] = encode(t, w, v, rev, out + n);
        n += len[nc++];
    }
    out[2] = (uint8_t)nc;
    if (nc < 2)
        return n;
    /* sort the children's codes (insertion sort of spans; codes are
     * prefix-free, so comparing the common length decides unless equal) */
    int order[SG_MAXK];
    for (int i = 0; i < nc; i++) {
        int j = i;
        for (; j > 0; j--) {
            int a = order[j - 1], m = len[a] < len[i] ? len[a] : len[i];
            int c = memcmp(out + start[a], out + start[i], (size_t)m);
            if (c < 0 || (c == 0 && len[a] <= len[i]))
                break;
            order[j] = order[j - 1];
        }
        order[j] = i;
    }
    uint8_t tmp[TK_MAXCODE];
    int m = 0;
    for (int i = 0; i < nc; i++) {
        memcpy(tmp + m, out + start[order[i]], (size_t)len[order[i]]);
        m += len[order[i]];
    }
    memcpy(out + 3, tmp, (size_t)m);
    return n;
}

/* Compares two codes of lengths la and lb. */
static int code_cmp(const uint8_t *a, int la, const uint8_t *b, int lb)
{
    int c = memcmp(a, b, (size_t)(la < lb ? la : lb));
    return c ? c : la - lb;
}

/* The code of the whole tree rooted at its centre c (or the central edge
 * c-d when d >= 0), states read through rev; returns its length. */
static int encode_tree(const tree *t, int c, int d, int rev, uint8_t *out)
{
    if (d < 0) {
        out[0] = 0xF1;
        return 1 + encode(t, c, -1, rev, out + 1);
    }
    uint8_t a[TK_MAXCODE], b[TK_MAXCODE];
    int la = encode(t, c, d, rev, a), lb = encode(t, d, c, rev, b);
    out[0] = 0xF2;
    int first = code_cmp(a, la, b, lb) <= 0;
    memcpy(out + 1, first ? a : b, (size_t)(first ? la : lb));
    memcpy(out + 1 + (first ? la : lb), first ? b : a, (size_t)(first ? lb : la));
    return 1 + la + lb;
}

int sg_tree_key(const sg_board *sb, const sg *g, uint64_t key[2])
{
    uint64_t alive = g->alive;
    if (!alive || (alive & sb->cells))
        return 0;
    tree t;
    int internal = 0;
    for (uint64_t ks = alive; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        t.nbr[k] = 0;
        t.pend[k] = 0;
        t.state[k] = (uint8_t)((g->comm >> k) & 1u ? 1 + ((g->flip >> k) & 1u) : 0);
    }
    for (uint64_t es = g->live; es; es &= es - 1) {
        int e = __builtin_ctzll(es), a = sb->ends[e][0], b = sb->ends[e][1];
        int ia = a >= 0 && ((alive >> a) & 1u), ib = b >= 0 && ((alive >> b) & 1u);
        if (ia && ib) {
            t.nbr[a] |= UINT64_C(1) << b;
            t.nbr[b] |= UINT64_C(1) << a;
            internal++;
        } else if (ia)
            t.pend[a]++;
        else if (ib)
            t.pend[b]++;
        else
            return 0;   /* an edge on no alive vertex: not one component */
    }
    int nv = __builtin_popcountll(alive);
    if (internal != nv - 1)
        return 0;       /* a cycle (or more than one component) */
    /* connected? then a tree; its centre by peeling leaves */
    uint64_t seen = alive & -alive, frontier = seen;
    while (frontier) {
        uint64_t next = 0;
        for (uint64_t f = frontier; f; f &= f - 1)
            next |= t.nbr[__builtin_ctzll(f)];
        frontier = next & ~seen;
        seen |= next;
    }
    if (seen != alive)
        return 0;
    uint64_t left = alive;
    int deg[SG_MAXK];
    for (uint64_t ks = alive; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        deg[k] = __builtin_popcountll(t.nbr[k]);
    }
    while (__builtin_popcountll(left) > 2) {
        uint64_t leaves = 0;
        for (uint64_t ks = left; ks; ks &= ks - 1) {
            int k = __builtin_ctzll(ks);
            if (deg[k] <= 1)
                leaves |= UINT64_C(1) << k;
        }
        for (uint64_t ls = leaves; ls; ls &= ls - 1) {
            int k = __builtin_ctzll(ls);
            for (uint64_t ns = t.nbr[k] & left; ns; ns &= ns - 1)
                deg[__builtin_ctzll(ns)]--;
        }
        left &= ~leaves;
    }
    int c = __builtin_ctzll(left), d = __builtin_popcountll(left) == 2 ? 63 - __builtin_clzll(left) : -1;
    uint8_t code[2][TK_MAXCODE];
    int n = encode_tree(&t, c, d, 0, code[0]);
    int r = 0;
    if (g->comm) {   /* reversing every arrow changes only committed states */
        encode_tree(&t, c, d, 1, code[1]);
        r = memcmp(code[1], code[0], (size_t)n) < 0;
    }
    uint64_t a = 0x7A3C5E91D24F6B08ull, b = 0x1F83D9ABFB41BD6Bull;
    for (int i = 0; i < n; i += 8) {
        uint64_t w = 0;
        for (int j = i; j < i + 8 && j < n; j++)
            w = w << 8 | code[r][j];
        a = sg_mix(a ^ w) + 0x9E3779B97F4A7C15ull;
        b = sg_mix(b + w * 0xD6E8FEB86659FD93ull) ^ 0x5BE0CD19137E2179ull;
    }
    key[0] = sg_mix(a ^ (uint64_t)n);
    key[1] = sg_mix(b + (uint64_t)n);
    return 1;
}
