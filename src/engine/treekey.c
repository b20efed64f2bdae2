/*
 * treekey.c - keys of tree components (treekey.h): AHU's canonical form of an
 * unordered tree, rooted at its centre.
 *
 * Without a cell, what a component plays depends only on its graph: which
 * live edges meet at which alive vertices, each vertex's state (fresh, or
 * committed with arrows all in, or all out) and the edges that end on no
 * alive vertex (pendant edges: a special vertex, or a vertex that no longer
 * constrains anything, at their other end).  The tree is rooted at its
 * centre (or both halves of its central edge) and hashed from the leaves up,
 * AHU's way with hashes for codes: each vertex's hash mixes its word (its
 * state, its number of pendant edges and of children) with the sum of its
 * children's hashes, in two independent 64-bit lanes.  A sum does not
 * depend on the children's order, so isomorphic trees get equal keys;
 * different trees get different ones but for a collision of the 128 bits
 * (the same trust as every key of the table).  Reversing every arrow swaps
 * "all in" with "all out"; the key is the smaller of the two readings'.
 * (An earlier version wrote the canonical code out byte by byte, sorting
 * the children's codes, then hashed it: twice the instructions.)
 */
#include "treekey.h"

/* What the encoder reads: the tree as neighbour masks over constraints. */
typedef struct tree {
    uint64_t nbr[SG_MAXK];  /* the alive vertices joined to k by a live edge */
    uint8_t pend[SG_MAXK];  /* live edges from k to no alive vertex */
    uint8_t state[SG_MAXK]; /* 0 fresh, 1 committed arrows-in, 2 arrows-out */
} tree;

/* A rooted subtree's hash in lanes A and B, from its root's word (state,
 * pendant edges, children) and the sums of its children's hashes. */
static inline uint64_t lane_a(uint64_t sum, uint64_t word)
{
    return sg_mix(sum + (word + 1) * 0x9E3779B97F4A7C15ull);
}
static inline uint64_t lane_b(uint64_t sum, uint64_t word)
{
    return sg_fmix(sum + (word + 1) * 0xD6E8FEB86659FD93ull);
}

/* The root hashes of a tree in lanes A and B. */
typedef struct roots {
    uint64_t a[2], b[2];
} roots;

/* The key of a tree from the hashes of its root (or of the two halves of
 * its central edge, when two). */
static void root_key(const roots *r, int nroot, uint64_t key[2])
{
    if (nroot == 1) {
        key[0] = sg_mix(r->a[0] ^ 0x7A3C5E91D24F6B08ull);
        key[1] = sg_fmix(r->b[0] ^ 0x1F83D9ABFB41BD6Bull);
        return;
    }
    /* the two halves of the central edge, in the order of their hashes */
    int lo = r->a[1] < r->a[0] || (r->a[1] == r->a[0] && r->b[1] < r->b[0]);
    key[0] = sg_mix(sg_mix(r->a[lo] ^ 0x5BE0CD19137E2179ull) + r->a[!lo] * 0x94D049BB133111EBull);
    key[1] = sg_fmix(sg_fmix(r->b[lo] ^ 0x3C6EF372FE94F82Bull) + r->b[!lo] * 0xBF58476D1CE4E5B9ull);
}

/* The key of tree t from its vertices in order, leaves first and the
 * centre c (with d, when the centre is the edge c-d) last, each vertex
 * after its children (parent[]: -1 for c and d), into key[2]: the states
 * as they are, or with rev also reversed and the smaller of the two keys
 * (one walk computes both). */
static void hash_tree(const tree *t, const int *order, const int *parent, int nv, int rev, uint64_t key[2])
{
    uint64_t sum[SG_MAXK][4]; /* the children's hashes: lanes A, B; reversed A, B */
    int kids[SG_MAXK], nroot = 0;
    roots r[2];
    for (int i = 0; i < nv; i++) {
        int v = order[i];
        sum[v][0] = sum[v][1] = sum[v][2] = sum[v][3] = 0;
        kids[v] = 0;
    }
    for (int i = 0; i < nv; i++) {
        int v = order[i], p = parent[v], st = t->state[v];
        uint64_t word = (uint64_t)st | (uint64_t)t->pend[v] << 2 | (uint64_t)kids[v] << 10;
        uint64_t xa = lane_a(sum[v][0], word), xb = lane_b(sum[v][1], word), ya = 0, yb = 0;
        if (rev) {
            uint64_t rword = word ^ (uint64_t)(st ? 3 : 0); /* 1 <-> 2 */
            ya = lane_a(sum[v][2], rword);
            yb = lane_b(sum[v][3], rword);
        }
        if (p >= 0) {
            sum[p][0] += xa;
            sum[p][1] += xb;
            sum[p][2] += ya;
            sum[p][3] += yb;
            kids[p]++;
        } else {
            r[0].a[nroot] = xa;
            r[0].b[nroot] = xb;
            r[1].a[nroot] = ya;
            r[1].b[nroot++] = yb;
        }
    }
    root_key(&r[0], nroot, key);
    if (rev) {
        uint64_t k[2];
        root_key(&r[1], nroot, k);
        if (k[0] < key[0] || (k[0] == key[0] && k[1] < key[1])) {
            key[0] = k[0];
            key[1] = k[1];
        }
    }
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
            return 0; /* an edge on no alive vertex: not one component */
    }
    int nv = __builtin_popcountll(alive);
    if (internal != nv - 1)
        return 0; /* a cycle (or more than one component) */
    /* peel leaves, layer by layer, down to the centre: every vertex after
     * the neighbours it peels off (its children), each child's parent its
     * one neighbour left; a layer that is empty before the centre is
     * reached means a cycle, so not a tree */
    int deg[SG_MAXK], degrees = 0, order[SG_MAXK], parent[SG_MAXK], no = 0;
    uint64_t layer = 0, left = alive;
    for (uint64_t ks = alive; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        deg[k] = __builtin_popcountll(t.nbr[k]);
        degrees += deg[k];
        if (deg[k] <= 1)
            layer |= UINT64_C(1) << k;
    }
    if (degrees != 2 * internal)
        return 0; /* parallel edges or a loop */
    while (__builtin_popcountll(left) > 2) {
        if (!layer)
            return 0;
        left &= ~layer;
        uint64_t next = 0;
        for (; layer; layer &= layer - 1) {
            int v = __builtin_ctzll(layer);
            uint64_t up = t.nbr[v] & left;
            if (!up)
                return 0; /* an isolated vertex: not connected */
            int p = __builtin_ctzll(up);
            order[no++] = v;
            parent[v] = p;
            if (--deg[p] == 1)
                next |= UINT64_C(1) << p;
        }
        layer = next;
    }
    int c = __builtin_ctzll(left), d = __builtin_popcountll(left) == 2 ? 63 - __builtin_clzll(left) : -1;
    if (d >= 0 && !((t.nbr[c] >> d) & 1u))
        return 0; /* two parts: not connected */
    order[no++] = c;
    parent[c] = -1;
    if (d >= 0) {
        order[no++] = d;
        parent[d] = -1;
    }
    /* reversing every arrow changes only committed states */
    hash_tree(&t, order, parent, nv, g->comm != 0, key);
    key[0] ^= (uint64_t)nv * 0xA0761D6478BD642Full;
    return 1;
}
