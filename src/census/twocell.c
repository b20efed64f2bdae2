/*
 * twocell.c - every board with exactly two cells and no degree-1 vertex, of
 * any number of edges the census takes (Alvarado et al. 2021 §7 asks for a
 * strategy on two-cell boards), built from the three shapes such a graph
 * can have instead of filtered out of nauty's list of every planar graph.
 *
 * Why the list is complete.  A board with two cells has three faces, so by
 * Euler's formula V - E + 3 = 2: E = V + 1.  With no degree-1 vertex every
 * degree is at least 2, and the sum of (degree - 2) over the vertices is
 * 2E - 2V = 2.  So either one vertex has degree 4 and the rest degree 2, or
 * two vertices have degree 3 and the rest degree 2.  Suppressing the
 * degree-2 vertices leaves a multigraph on those one or two vertices with
 * cycle rank 2 (E - V + 1 is kept): on one vertex two loops, a
 * *figure-eight* (two cycles sharing a vertex); on two vertices either three
 * parallel edges, a *theta* (two cycles sharing a path: three paths between
 * two vertices), or a loop at each and an edge between them, a *dumbbell*
 * (two vertex-disjoint cycles joined by a path).  The graph is simple, so
 * cycles have at least 3 edges and at most one path of a theta has length 1.
 *
 * Each of these graphs has one embedding on the sphere up to homeomorphism
 * (its three faces are fixed by the graph: the two cycles and the walk round
 * both), and a board is that embedding with one face chosen as the outer
 * one.  Rather than trusting that, the enumerator tries every rotation at
 * the vertices of degree 3 or 4, keeps the plane ones (three faces) and
 * takes every face of each as the outer face, and the census's canonical
 * code (enum_embed.h) keeps each board once.  In the plane:
 *   - theta with paths a, b, c: the outer face is bounded by two paths and
 *     the third lies inside; the boards are (middle path, the pair of outer
 *     paths);
 *   - figure-eight with cycles p, q: side by side (outer face the walk round
 *     both), or one inside the other touching it at the shared vertex (the
 *     outer face one cycle's: ordered (outer, inner));
 *   - dumbbell with cycles p, q and a path of L edges: side by side, or one
 *     cycle inside the other with the path from the inner to the outer.
 * census_twocell_count counts them by these descriptions, and the tests
 * compare it with the enumeration and the enumeration with the census's own
 * boards of two cells and no degree-1 vertex.  The vertices are numbered as
 * the census numbers them (nauty's canonical labelling), so a board here
 * has the census's code and graph6.
 */
#include "census.h"
#include "enum_embed.h"

#include <stdlib.h>
#include <string.h>

#include <gtools.h>

/* Room for a graph6 string of up to EMB_MAXN vertices and its NUL. */
#define TC_G6_MAX (2 + (EMB_MAXN * (EMB_MAXN - 1) / 2 + 5) / 6 + 1)

/* A graph being built: its edges as vertex pairs. */
typedef struct tgraph {
    int n, ne;
    int eu[EMB_MAXN + 1], ev[EMB_MAXN + 1];
} tgraph;

/* Adds a path of len edges from vertex a to vertex b (a == b: a cycle
 * through a) through len - 1 new vertices. */
static void add_path(tgraph *g, int a, int b, int len)
{
    int prev = a;
    for (int i = 1; i < len; i++) {
        int v = g->n++;
        g->eu[g->ne] = prev;
        g->ev[g->ne++] = v;
        prev = v;
    }
    g->eu[g->ne] = prev;
    g->ev[g->ne++] = b;
}

/* The enumeration's state for one edge count. */
typedef struct tctx {
    const census_enum_opts *o;
    census_visit f;
    void *ctx;
    cy_error *err;
    long index;                                         /* boards met so far (for the parts) */
    char g6[TC_G6_MAX];                                 /* the graph's canonical graph6 */
    char (*seen)[EMB_CODE_LEN(EMB_MAXN, EMB_MAXN + 1)]; /* the graph's codes */
    int nseen;
    int rc; /* the visitor's return or -1 */
} tctx;

/* Each face of a plane rotation system m as the outer face: the boards not
 * seen yet for this graph to the visitor.  Returns nonzero to stop. */
static int faces_out(tctx *c, const emb_map *m)
{
    int off[EMB_MAXN + 1];
    int face[2 * (EMB_MAXN + 1)];
    int nf = emb_faces(m, off, face);
    if (nf != m->ne - m->n + 2)
        return 0; /* not plane: a rotation of the torus */
    if (nf != 3) {
        c->rc = cy_error_set(c->err, "internal error: graph %s has %d faces, not 3", c->g6, nf);
        return 1;
    }
    char code[EMB_CODE_LEN(EMB_MAXN, EMB_MAXN + 1)];
    for (int f = 0; f < nf; f++) {
        emb_code(m, off, face, f, code);
        int k = 0;
        while (k < c->nseen && strcmp(c->seen[k], code))
            k++;
        if (k < c->nseen)
            continue;
        strcpy(c->seen[c->nseen++], code);
        if (c->o->parts > 1 && c->index++ % c->o->parts != c->o->part)
            continue;
        cy_board *b = census_map_board(m, off, face, nf, f, NULL, c->err);
        if (!b) {
            char msg[sizeof c->err->msg];
            snprintf(msg, sizeof msg, "%s", c->err->msg);
            c->rc = cy_error_set(c->err, "internal error: a board of graph %s was refused: %s", c->g6, msg);
            return 1;
        }
        census_item it = {.board = b, .graph6 = c->g6, .code = code, .part = c->o->parts > 1 ? c->o->part : 0};
        int r = c->f(&it, c->ctx);
        cy_board_free(b);
        if (r) {
            c->rc = r;
            return 1;
        }
    }
    return 0;
}

/* Reverses rot[from..to). */
static void reverse(int *rot, int from, int to)
{
    for (to--; from < to; from++, to--) {
        int t = rot[from];
        rot[from] = rot[to];
        rot[to] = t;
    }
}

/* The next permutation of rot[from..to) in lexicographic order; 0 after the
 * last (rot is then the first again). */
static int next_perm(int *rot, int from, int to)
{
    int i = to - 2;
    while (i >= from && rot[i] >= rot[i + 1])
        i--;
    if (i < from) {
        reverse(rot, from, to);
        return 0;
    }
    int j = to - 1;
    while (rot[j] <= rot[i])
        j--;
    int t = rot[i];
    rot[i] = rot[j];
    rot[j] = t;
    reverse(rot, i + 1, to);
    return 1;
}

/* Every rotation of the vertices from v on (the first neighbour kept first:
 * a rotation is cyclic), then their faces out.  Returns nonzero to stop. */
static int rotations(tctx *c, emb_map *m, int v)
{
    while (v < m->n && m->deg[v] < 3)
        v++;
    if (v == m->n)
        return faces_out(c, m);
    do {
        if (rotations(c, m, v + 1))
            return 1;
    } while (next_perm(m->rot[v], 1, m->deg[v]));
    return 0;
}

/* Every board of graph g (any labelling): canonically labelled, every
 * rotation system tried.  Returns 0, the visitor's nonzero value or -1. */
static int graph_boards(tctx *c, const tgraph *t)
{
    int n = t->n, mw = SETWORDSNEEDED(n);
    graph *gr = calloc((size_t)n * (size_t)mw, sizeof(graph));
    if (!gr)
        abort();
    for (int e = 0; e < t->ne; e++)
        ADDONEEDGE(gr, t->eu[e], t->ev[e], mw);
    char line[TC_G6_MAX + 1];
    snprintf(line, sizeof line, "%s", ntog6(gr, mw, n));
    free(gr);
    line[strcspn(line, "\n")] = '\0';
    emb_graph g;
    if (census_canonical_graph(line, &g, c->g6, sizeof c->g6) < 0 || g.ne != t->ne)
        return cy_error_set(c->err, "internal error: the graph %s of %d edges was not read back", line, t->ne);
    emb_map m;
    m.n = g.n;
    m.ne = g.ne;
    for (int v = 0; v < g.n; v++) {
        m.deg[v] = g.deg[v];
        memcpy(m.rot[v], g.adj[v], sizeof(int) * (size_t)g.deg[v]);
        /* next_perm walks from the least order */
        for (int i = 1; i < g.deg[v]; i++)
            for (int j = i; j > 1 && m.rot[v][j - 1] > m.rot[v][j]; j--) {
                int x = m.rot[v][j];
                m.rot[v][j] = m.rot[v][j - 1];
                m.rot[v][j - 1] = x;
            }
    }
    c->nseen = 0;
    c->rc = 0;
    rotations(c, &m, 0);
    if (!c->rc && !c->nseen)
        return cy_error_set(c->err, "internal error: no plane embedding found for graph %s", c->g6);
    return c->rc;
}

int census_twocell_enumerate(const census_enum_opts *o, census_visit f, void *ctx, cy_error *err)
{
    int E = o->edges;
    if (E < 1 || E > CY_CENSUS_MAX_EDGES)
        return cy_error_set(err, "the edge count must be between 1 and %d", CY_CENSUS_MAX_EDGES);
    tctx c = {.o = o, .f = f, .ctx = ctx, .err = err};
    /* at most 3 faces of 6 rotations (a vertex of degree 4) or 2 x 2 */
    c.seen = malloc(sizeof *c.seen * 18);
    if (!c.seen)
        abort();
    int rc = 0;
    /* thetas: paths a <= b <= c, at most one of length 1 */
    for (int a = 1; rc == 0 && 3 * a <= E; a++)
        for (int b = a > 2 ? a : 2; rc == 0 && a + 2 * b <= E; b++) {
            tgraph t = {2, 0, {0}, {0}};
            add_path(&t, 0, 1, a);
            add_path(&t, 0, 1, b);
            add_path(&t, 0, 1, E - a - b);
            rc = graph_boards(&c, &t);
        }
    /* figure-eights: cycles p <= q sharing vertex 0 */
    for (int p = 3; rc == 0 && 2 * p <= E; p++) {
        tgraph t = {1, 0, {0}, {0}};
        add_path(&t, 0, 0, p);
        add_path(&t, 0, 0, E - p);
        rc = graph_boards(&c, &t);
    }
    /* dumbbells: cycles p <= q through 0 and 1, a path of L from 0 to 1 */
    for (int L = 1; rc == 0 && L <= E - 6; L++)
        for (int p = 3; rc == 0 && 2 * p <= E - L; p++) {
            tgraph t = {2, 0, {0}, {0}};
            add_path(&t, 0, 0, p);
            add_path(&t, 1, 1, E - L - p);
            add_path(&t, 0, 1, L);
            rc = graph_boards(&c, &t);
        }
    free(c.seen);
    return rc;
}

long census_twocell_count(int edges)
{
    long n = 0;
    /* thetas: the middle path m and the outer pair x <= y, at most one of
     * the three of length 1 */
    for (int m = 1; m <= edges; m++)
        for (int x = 1; 2 * x <= edges - m; x++) {
            int y = edges - m - x;
            n += (m == 1) + (x == 1) + (y == 1) <= 1;
        }
    /* figure-eights and dumbbells (path L >= 1, or L = 0 for the shared
     * vertex): cycles p, q >= 3 side by side (p <= q) or one inside the
     * other (ordered) */
    for (int L = 0; L <= edges - 6; L++)
        for (int p = 3; p <= edges - L - 3; p++)
            n += 1 + (2 * p <= edges - L);
    return n;
}
