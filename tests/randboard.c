/*
 * randboard.c - random small connected plane boards (see randboard.h).
 *
 * Test files that need it include this file directly (a unity build), since
 * tests/CMakeLists.txt links each test with tests/support.c only; include it
 * after support.h (it fails tests through cmocka).
 *
 * A board is kept as its face walks (vertex sequences, cells all the same way
 * round, the outer face the other way), so every operation is an edit of the
 * walks:
 *   delete edge u-v between faces A (step u->v) and B (step v->u):
 *       A = u v a2 .. ak-1, B = v u b2 .. bm-1  ->  v a2 .. ak-1 u b2 .. bm-1
 *   hang a pendant x at corner w of a face:   .. w ..  ->  .. w x w ..
 *   subdivide u-v by x:    u v -> u x v in A, v u -> v x u in B
 *   delete a pendant x hanging at w:           .. w x w ..  ->  .. w ..
 */
#include "randboard.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RB_MAXV 64
#define RB_MAXF 40
#define RB_MAXW 128

typedef struct rb_walks {
    int nv, nf, outer; /* faces 0..nf-1, one of them the outer face */
    int len[RB_MAXF];
    int w[RB_MAXF][RB_MAXW];
    unsigned char alive[RB_MAXV];
} rb_walks;

/* splitmix64. */
uint64_t rb_next(rb_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n). */
int rb_below(rb_rng *r, int n)
{
    return (int)(rb_next(r) % (uint64_t)n);
}

void rb_position(const cy_board *b, unsigned char *mark, rb_rng *r, int k)
{
    int *moves = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    for (int i = 0; i < k; i++) {
        int n = cy_rules_safe(b, mark, moves);
        if (n == 0)
            break;
        int d = moves[rb_below(r, n)];
        mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
    }
    free(moves);
}

/* Appends a face walk; returns its index. */
static int rb_add_face(rb_walks *g, const int *w, int len)
{
    if (g->nf >= RB_MAXF || len > RB_MAXW)
        fail_msg("randboard: too many faces or too long a walk");
    memcpy(g->w[g->nf], w, sizeof(int) * (size_t)len);
    g->len[g->nf] = len;
    return g->nf++;
}

/* The number of edges: every edge has two steps. */
static int rb_edges(const rb_walks *g)
{
    int t = 0;
    for (int f = 0; f < g->nf; f++)
        t += g->len[f];
    return t / 2;
}

/* The degree of v: the steps leaving it. */
static int rb_degree(const rb_walks *g, int v)
{
    int k = 0;
    for (int f = 0; f < g->nf; f++)
        for (int i = 0; i < g->len[f]; i++)
            k += g->w[f][i] == v;
    return k;
}

/* Finds the step u->v: face in *f, position in *i; 0 if there is none. */
static int rb_find_step(const rb_walks *g, int u, int v, int *f, int *i)
{
    for (int a = 0; a < g->nf; a++)
        for (int k = 0; k < g->len[a]; k++)
            if (g->w[a][k] == u && g->w[a][(k + 1) % g->len[a]] == v) {
                *f = a;
                *i = k;
                return 1;
            }
    return 0;
}

/* A grid of r x c square cells. */
static void rb_grid(rb_walks *g, int r, int c)
{
    memset(g, 0, sizeof *g);
    g->nv = (r + 1) * (c + 1);
#define RB_V(i, j) ((i) * (c + 1) + (j))
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) {
            int w[4] = {RB_V(i, j), RB_V(i, j + 1), RB_V(i + 1, j + 1), RB_V(i + 1, j)};
            rb_add_face(g, w, 4);
        }
    int o[RB_MAXW], n = 0;
    for (int i = 0; i < r; i++)
        o[n++] = RB_V(i, 0);
    for (int j = 0; j < c; j++)
        o[n++] = RB_V(r, j);
    for (int i = r; i > 0; i--)
        o[n++] = RB_V(i, c);
    for (int j = c; j > 0; j--)
        o[n++] = RB_V(0, j);
#undef RB_V
    g->outer = rb_add_face(g, o, n);
}

/* Splits polygon p[0..n) into triangles by random diagonals, all listed in
 * the polygon's own order. */
static void rb_triangulate(rb_walks *g, rb_rng *r, const int *p, int n)
{
    if (n == 3) {
        rb_add_face(g, p, 3);
        return;
    }
    int i = rb_below(r, n), j;
    do
        j = rb_below(r, n);
    while (j == i || (j + 1) % n == i || (i + 1) % n == j);
    if (i > j) {
        int t = i;
        i = j;
        j = t;
    }
    int a[RB_MAXV], na = 0, b[RB_MAXV], nb = 0;
    for (int k = i; k <= j; k++)
        a[na++] = p[k];
    for (int k = j; k != i; k = (k + 1) % n)
        b[nb++] = p[k];
    b[nb++] = p[i];
    rb_triangulate(g, r, a, na);
    rb_triangulate(g, r, b, nb);
}

/* A randomly triangulated n-gon. */
static void rb_polygon(rb_walks *g, rb_rng *r, int n)
{
    memset(g, 0, sizeof *g);
    g->nv = n;
    int p[RB_MAXV], o[RB_MAXV];
    for (int i = 0; i < n; i++) {
        p[i] = i;
        o[i] = n - 1 - i;
    }
    rb_triangulate(g, r, p, n);
    g->outer = rb_add_face(g, o, n);
}

/* A wheel: rim 0..n-1 and hub n. */
static void rb_wheel(rb_walks *g, int n)
{
    memset(g, 0, sizeof *g);
    g->nv = n + 1;
    int o[RB_MAXV];
    for (int i = 0; i < n; i++) {
        int w[3] = {i, (i + 1) % n, n};
        rb_add_face(g, w, 3);
        o[i] = n - 1 - i;
    }
    g->outer = rb_add_face(g, o, n);
}

/* A single n-gon cell. */
static void rb_cycle(rb_walks *g, int n)
{
    memset(g, 0, sizeof *g);
    g->nv = n;
    int p[RB_MAXV], o[RB_MAXV];
    for (int i = 0; i < n; i++) {
        p[i] = i;
        o[i] = n - 1 - i;
    }
    rb_add_face(g, p, n);
    g->outer = rb_add_face(g, o, n);
}

/* Deletes a random edge whose two sides lie on different faces; 0 if none. */
static int rb_delete_edge(rb_walks *g, rb_rng *r)
{
    int cand[2 * RB_MAXF * RB_MAXW / 2][2], nc = 0;
    for (int f = 0; f < g->nf; f++)
        for (int i = 0; i < g->len[f]; i++) {
            int u = g->w[f][i], v = g->w[f][(i + 1) % g->len[f]], bf = -1, bi = -1;
            if (u < v && rb_find_step(g, v, u, &bf, &bi) && bf != f) {
                cand[nc][0] = f;
                cand[nc][1] = i;
                nc++;
            }
        }
    if (!nc)
        return 0;
    int k = rb_below(r, nc), fa = cand[k][0], ia = cand[k][1];
    int u = g->w[fa][ia], v = g->w[fa][(ia + 1) % g->len[fa]], fb = -1, ib = -1;
    if (!rb_find_step(g, v, u, &fb, &ib))
        return 0;
    int m[RB_MAXW], n = 0, la = g->len[fa], lb = g->len[fb];
    if (la + lb - 2 > RB_MAXW)
        return 0;
    for (int t = 1; t < la; t++)
        m[n++] = g->w[fa][(ia + t) % la];
    for (int t = 1; t < lb; t++)
        m[n++] = g->w[fb][(ib + t) % lb];
    /* the merged face keeps the outer face's slot when it is the outer face */
    int keep = fb == g->outer ? fb : fa, drop = keep == fa ? fb : fa;
    memcpy(g->w[keep], m, sizeof(int) * (size_t)n);
    g->len[keep] = n;
    int last = g->nf - 1;
    if (drop != last) {
        memcpy(g->w[drop], g->w[last], sizeof(int) * (size_t)g->len[last]);
        g->len[drop] = g->len[last];
        if (g->outer == last)
            g->outer = drop;
    }
    g->nf--;
    return 1;
}

/* Hangs a new pendant vertex at a random corner of a random face. */
static void rb_add_pendant(rb_walks *g, rb_rng *r)
{
    int f = rb_below(r, g->nf);
    if (g->nv >= RB_MAXV || g->len[f] + 2 > RB_MAXW)
        return;
    int i = rb_below(r, g->len[f]), x = g->nv++;
    int w = g->w[f][i];
    g->alive[x] = 1;
    memmove(&g->w[f][i + 3], &g->w[f][i + 1], sizeof(int) * (size_t)(g->len[f] - i - 1));
    g->w[f][i + 1] = x;
    g->w[f][i + 2] = w;
    g->len[f] += 2;
}

/* Inserts x after position i of face f. */
static void rb_insert(rb_walks *g, int f, int i, int x)
{
    memmove(&g->w[f][i + 2], &g->w[f][i + 1], sizeof(int) * (size_t)(g->len[f] - i - 1));
    g->w[f][i + 1] = x;
    g->len[f]++;
}

/* Subdivides a random edge with a new degree-2 vertex. */
static void rb_subdivide(rb_walks *g, rb_rng *r)
{
    int f = rb_below(r, g->nf);
    int i = rb_below(r, g->len[f]);
    int u = g->w[f][i], v = g->w[f][(i + 1) % g->len[f]], fb = -1, ib = -1;
    if (g->nv >= RB_MAXV || !rb_find_step(g, v, u, &fb, &ib))
        return;
    if (g->len[f] + 1 > RB_MAXW || g->len[fb] + 2 > RB_MAXW)
        return;
    int x = g->nv++;
    g->alive[x] = 1;
    rb_insert(g, f, i, x);
    rb_find_step(g, v, u, &fb, &ib); /* positions may have moved */
    rb_insert(g, fb, ib, x);
}

/* Deletes a random pendant vertex (keeping at least one edge); 0 if none. */
static int rb_delete_pendant(rb_walks *g, rb_rng *r)
{
    if (rb_edges(g) <= 1)
        return 0;
    int cand[RB_MAXV], nc = 0;
    for (int v = 0; v < g->nv; v++)
        if (g->alive[v] && rb_degree(g, v) == 1)
            cand[nc++] = v;
    if (!nc)
        return 0;
    int x = cand[rb_below(r, nc)];
    for (int f = 0; f < g->nf; f++)
        for (int i = 0; i < g->len[f]; i++)
            if (g->w[f][i] == x) {
                /* .. w x w ..: drop x and the w after it */
                int n = g->len[f];
                int keep[RB_MAXW], k = 0;
                for (int t = 0; t < n; t++)
                    if (t != i && t != (i + 1) % n)
                        keep[k++] = g->w[f][t];
                memcpy(g->w[f], keep, sizeof(int) * (size_t)k);
                g->len[f] = k;
                g->alive[x] = 0;
                return 1;
            }
    return 0;
}

/* Random board (see randboard.h). */
cy_board *rb_board(rb_rng *r, int max_edges, char *desc, size_t n)
{
    rb_walks g;
    int kind = rb_below(r, 10);
    if (kind < 4) {
        int rr = 1 + rb_below(r, 3), cc = 1 + rb_below(r, 3);
        rb_grid(&g, rr, cc);
    } else if (kind < 7) {
        rb_polygon(&g, r, 3 + rb_below(r, 5));
    } else if (kind < 9) {
        rb_wheel(&g, 3 + rb_below(r, 4));
    } else {
        rb_cycle(&g, 3 + rb_below(r, max_edges - 2));
    }
    for (int v = 0; v < g.nv; v++)
        g.alive[v] = 1;
    /* make room, then maybe delete a few more */
    int target = max_edges - rb_below(r, 4);
    while (rb_edges(&g) > target && rb_delete_edge(&g, r))
        ;
    int extra = rb_below(r, 3);
    for (int k = 0; k < extra; k++)
        rb_delete_edge(&g, r);
    /* decorate while the budget allows */
    int ops = rb_below(r, 4);
    for (int k = 0; k < ops; k++) {
        int op = rb_below(r, 3);
        if (op == 2)
            rb_delete_pendant(&g, r);
        else if (rb_edges(&g) < max_edges) {
            if (op == 0)
                rb_add_pendant(&g, r);
            else
                rb_subdivide(&g, r);
        }
    }
    while (rb_edges(&g) > max_edges && rb_delete_pendant(&g, r))
        ;
    while (rb_edges(&g) > max_edges && rb_delete_edge(&g, r))
        ;

    /* renumber the live vertices 0..nv-1 */
    int map[RB_MAXV], nv = 0;
    for (int v = 0; v < g.nv; v++)
        map[v] = g.alive[v] ? nv++ : -1;
    unsigned char special[RB_MAXV];
    int pspecial = rb_below(r, 3) == 0 ? 0 : 1 + rb_below(r, 3); /* in twelfths */
    for (int v = 0; v < nv; v++)
        special[v] = rb_below(r, 12) < pspecial;
    int ncells = g.nf - 1;
    int *cellw[RB_MAXF], clen[RB_MAXF], k = 0;
    static int buf[RB_MAXF][RB_MAXW];
    for (int f = 0; f < g.nf; f++)
        for (int i = 0; i < g.len[f]; i++)
            buf[f][i] = map[g.w[f][i]];
    for (int f = 0; f < g.nf; f++)
        if (f != g.outer) {
            cellw[k] = buf[f];
            clen[k++] = g.len[f];
        }
    /* the description, for failure messages */
    if (desc && n) {
        size_t at = 0;
        at += (size_t)snprintf(desc + at, at < n ? n - at : 0, "nv=%d cells:", nv);
        for (int f = 0; f <= ncells; f++) {
            const int *w = f < ncells ? cellw[f] : buf[g.outer];
            int len = f < ncells ? clen[f] : g.len[g.outer];
            at += (size_t)snprintf(desc + at, at < n ? n - at : 0, "%s [", f < ncells ? "" : " outer:");
            for (int i = 0; i < len; i++)
                at += (size_t)snprintf(desc + at, at < n ? n - at : 0, "%s%d", i ? " " : "", w[i] + 1);
            at += (size_t)snprintf(desc + at, at < n ? n - at : 0, "]");
        }
        at += (size_t)snprintf(desc + at, at < n ? n - at : 0, " special:");
        for (int v = 0; v < nv; v++)
            if (special[v])
                at += (size_t)snprintf(desc + at, at < n ? n - at : 0, " %d", v + 1);
    }
    cy_board_desc d = {
        .nv = nv,
        .ncells = ncells,
        .cells = (const int *const *)cellw,
        .cell_len = clen,
        .outer = buf[g.outer],
        .outer_len = g.len[g.outer],
        .special = special,
        .name = "random",
    };
    cy_error err;
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("randboard: the library rejects %s: %s", desc ? desc : "a board", err.msg);
    return b;
}

cy_board *rb_tree(rb_rng *r, int n, const int *parent, const unsigned char *sp, int *perm)
{
    if (n < 2 || n > RB_TREE_MAXN)
        fail_msg("randboard: a tree of %d vertices (2 to %d)", n, RB_TREE_MAXN);
    int deg[RB_TREE_MAXN] = {0}, rot[RB_TREE_MAXN][RB_TREE_MAXN];
    for (int v = 1; v < n; v++) {
        rot[v][deg[v]++] = parent[v];
        rot[parent[v]][deg[parent[v]]++] = v;
    }
    for (int v = 0; v < n; v++) /* the identity labelling, or a random one */
        perm[v] = v;
    if (r) {
        for (int v = 0; v < n; v++) /* a random drawing: shuffle each rotation */
            for (int i = deg[v] - 1; i > 0; i--) {
                int j = rb_below(r, i + 1), t = rot[v][i];
                rot[v][i] = rot[v][j];
                rot[v][j] = t;
            }
        for (int i = n - 1; i > 0; i--) {
            int j = rb_below(r, i + 1), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
    }
    int walk[2 * RB_TREE_MAXN], k = 0, v = 0, i = 0;
    do { /* the face walk: leave v by rot[v][i], go on after the way back */
        int w = rot[v][i], j = 0;
        walk[k++] = perm[v];
        while (rot[w][j] != v)
            j++;
        i = (j + 1) % deg[w];
        v = w;
    } while (!(v == 0 && i == 0));
    unsigned char special[RB_TREE_MAXN];
    for (int u = 0; u < n; u++)
        special[perm[u]] = sp ? sp[u] : deg[u] == 1;
    cy_board_desc d = {.nv = n, .outer = walk, .outer_len = k, .special = special};
    cy_error err;
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("randboard: the library rejects a tree of %d vertices: %s", n, err.msg);
    return b;
}
