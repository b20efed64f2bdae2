/*
 * planeboards.c - every connected simple plane board with up to PB_MAXE
 * edges, each once up to relabelling, rotation and reflection (the outer
 * face kept as the outer face).
 *
 * Included directly by the files that use it (a unity build, like
 * randboard.c); it needs only cycles.h and the C library, so a benchmark can
 * include it too.
 *
 * A map is kept as a rotation system: each vertex's neighbours in cyclic
 * order, plus one dart on the outer face.  The faces are the orbits of
 * next(u->v) = (v -> the neighbour after u in v's rotation).  Every connected
 * plane graph with E >= 2 edges comes from one with E-1 edges by one of
 *   - a pendant edge to a new vertex, hung in a corner of a vertex (the
 *     inverse of deleting a leaf), or
 *   - a new edge between two corners of one face, at two different vertices
 *     not yet joined, splitting the face; when the face is the outer one,
 *     either part may stay outer (the inverse of deleting an edge of a cycle),
 * so applying both in every way to every map of E-1 edges, starting from the
 * single edge, reaches every map of E edges.  Duplicates are removed by a
 * canonical code: for a root dart on the outer face and a sense of rotation,
 * a breadth-first numbering of the vertices that lists each vertex's
 * neighbours in rotation order from the edge it was reached by; the code of
 * the map is the least over all roots and both senses, so two maps get the
 * same code exactly when one is the other relabelled, possibly reflected,
 * with outer face onto outer face (with pb_reflections off, one sense only:
 * mirror images count twice).
 */
#include "cycles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most edges generated: 8 unless the including file defines it first
 * (every level costs about five times the one before: 1,837 boards of up
 * to 8 edges, 9,549 of up to 9, 53,825 of up to 10). */
#ifndef PB_MAXE
#define PB_MAXE 8
#endif
#define PB_MAXV (PB_MAXE + 1)
#define PB_CODE (2 + 2 * PB_MAXV + 2 * PB_MAXE)

/* Whether a map and its mirror image count as one (1, the default) or two. */
static int pb_reflections = 1;

/* A plane map: rotations and a dart ou -> ov on the outer face. */
typedef struct pb_map {
    int n, m;
    int deg[PB_MAXV];
    int rot[PB_MAXV][PB_MAXV];
    int ou, ov;
    unsigned char code[PB_CODE];
} pb_map;

/* The position of w in v's rotation (w must be a neighbour). */
static int pb_index(const pb_map *g, int v, int w)
{
    for (int i = 0; i < g->deg[v]; i++)
        if (g->rot[v][i] == w)
            return i;
    abort();
}

/* The dart after u -> v on its face, in sense s (+1 or -1): v -> *w. */
static int pb_next(const pb_map *g, int u, int v, int s)
{
    int k = g->deg[v];
    return g->rot[v][((pb_index(g, v, u) + s) % k + k) % k];
}

/* Inserts w into v's rotation at position i (0 .. deg). */
static void pb_insert(pb_map *g, int v, int i, int w)
{
    for (int j = g->deg[v]; j > i; j--)
        g->rot[v][j] = g->rot[v][j - 1];
    g->rot[v][i] = w;
    g->deg[v]++;
}

/* The breadth-first code of the map from root dart u -> v in sense s, into c. */
static void pb_code_from(const pb_map *g, int u, int v, int s, unsigned char *c)
{
    int num[PB_MAXV], ref[PB_MAXV], order[PB_MAXV], cnt = 1, k = 0;
    for (int i = 0; i < g->n; i++)
        num[i] = -1;
    num[u] = 0;
    ref[u] = v;
    order[0] = u;
    memset(c, 0, PB_CODE);
    c[k++] = (unsigned char)g->n;
    c[k++] = (unsigned char)g->m;
    for (int q = 0; q < cnt; q++) {
        int x = order[q], d = g->deg[x], p = pb_index(g, x, ref[x]);
        c[k++] = (unsigned char)d;
        for (int t = 0; t < d; t++) {
            int y = g->rot[x][((p + s * t) % d + d) % d];
            if (num[y] < 0) {
                num[y] = cnt;
                ref[y] = x;
                order[cnt++] = y;
            }
            c[k++] = (unsigned char)num[y];
        }
    }
}

/* Sets g->code: the least code over the darts of the outer face and both
 * senses (the outer face in sense -1 is walked by the reverse darts). */
static void pb_canon(pb_map *g)
{
    unsigned char c[PB_CODE];
    int first = 1;
    for (int s = 1; s >= (pb_reflections ? -1 : 1); s -= 2) {
        int u = g->ou, v = g->ov;
        do {
            if (s > 0)
                pb_code_from(g, u, v, 1, c);
            else
                pb_code_from(g, v, u, -1, c);
            if (first || memcmp(c, g->code, PB_CODE) < 0)
                memcpy(g->code, c, PB_CODE);
            first = 0;
            int w = pb_next(g, u, v, 1);
            u = v;
            v = w;
        } while (u != g->ou || v != g->ov);
    }
}

/* A growable list of maps. */
typedef struct pb_list {
    pb_map *m;
    int n, cap;
} pb_list;

/* Appends a copy of g (with its code computed) to l. */
static void pb_push(pb_list *l, pb_map *g)
{
    pb_canon(g);
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->m = realloc(l->m, sizeof(pb_map) * (size_t)l->cap);
        if (!l->m)
            abort();
    }
    l->m[l->n++] = *g;
}

/* Orders maps by code. */
static int pb_cmp(const void *a, const void *b)
{
    return memcmp(((const pb_map *)a)->code, ((const pb_map *)b)->code, PB_CODE);
}

/* Every extension of g by one edge (see the top of the file), appended to l. */
static void pb_extend(const pb_map *g, pb_list *l)
{
    /* a pendant edge in each corner of each vertex */
    for (int v = 0; v < g->n; v++)
        for (int i = 0; i < g->deg[v]; i++) {
            pb_map h = *g;
            int w = h.n++;
            h.m++;
            h.deg[w] = 1;
            h.rot[w][0] = v;
            pb_insert(&h, v, i + 1, w);
            pb_push(l, &h);
        }
    /* an edge between two corners of one face: the corner after dart x -> a
     * lies between x and its successor in a's rotation */
    unsigned char seen[PB_MAXV][PB_MAXV];
    memset(seen, 0, sizeof seen);
    for (int u0 = 0; u0 < g->n; u0++)
        for (int i0 = 0; i0 < g->deg[u0]; i0++) {
            int v0 = g->rot[u0][i0];
            if (seen[u0][v0])
                continue;
            /* the face of u0 -> v0 as its darts */
            int fu[2 * PB_MAXE], fv[2 * PB_MAXE], k = 0, outer = 0;
            int u = u0, v = v0;
            do {
                seen[u][v] = 1;
                outer |= u == g->ou && v == g->ov;
                fu[k] = u;
                fv[k++] = v;
                int w = pb_next(g, u, v, 1);
                u = v;
                v = w;
            } while (u != u0 || v != v0);
            for (int i = 0; i < k; i++)
                for (int j = i + 1; j < k; j++) {
                    int a = fv[i], b = fv[j];
                    int joined = 0;
                    for (int t = 0; t < g->deg[a]; t++)
                        joined |= g->rot[a][t] == b;
                    if (a == b || joined)
                        continue;
                    for (int side = 0; side < (outer ? 2 : 1); side++) {
                        pb_map h = *g;
                        h.m++;
                        pb_insert(&h, a, pb_index(&h, a, fu[i]) + 1, b);
                        pb_insert(&h, b, pb_index(&h, b, fu[j]) + 1, a);
                        if (outer) {
                            h.ou = side ? b : a;
                            h.ov = side ? a : b;
                        }
                        pb_push(l, &h);
                    }
                }
        }
}

/* The maps with 1 .. maxe edges (maxe <= PB_MAXE), each once: level[e] gets
 * those with e edges (level[0] empty).  Free each level's m. */
static void pb_generate(int maxe, pb_list *level)
{
    memset(level, 0, sizeof(pb_list) * (size_t)(maxe + 1));
    pb_map g;
    memset(&g, 0, sizeof g);
    g.n = 2;
    g.m = 1;
    g.deg[0] = g.deg[1] = 1;
    g.rot[0][0] = 1;
    g.rot[1][0] = 0;
    g.ou = 0;
    g.ov = 1;
    pb_push(&level[1], &g);
    for (int e = 2; e <= maxe; e++) {
        pb_list all = {0};
        for (int i = 0; i < level[e - 1].n; i++)
            pb_extend(&level[e - 1].m[i], &all);
        qsort(all.m, (size_t)all.n, sizeof(pb_map), pb_cmp);
        for (int i = 0; i < all.n; i++)
            if (i == 0 || pb_cmp(&all.m[i], &all.m[i - 1]))
                pb_push(&level[e], &all.m[i]);
        free(all.m);
    }
}

/* The board of map g, built by cy_board_from_faces from its face walks, with
 * no coordinates; NULL (err says why) if the library refuses it.  desc (if not
 * NULL) gets the walks, for messages. */
static cy_board *pb_board(const pb_map *g, char *desc, size_t ndesc, cy_error *err)
{
    int walk[PB_MAXE + 1][2 * PB_MAXE], len[PB_MAXE + 1], nf = 0, outer = -1;
    unsigned char seen[PB_MAXV][PB_MAXV];
    memset(seen, 0, sizeof seen);
    size_t at = 0;
    if (desc && ndesc)
        desc[0] = 0;
    for (int u0 = 0; u0 < g->n; u0++)
        for (int i0 = 0; i0 < g->deg[u0]; i0++) {
            int v0 = g->rot[u0][i0];
            if (seen[u0][v0])
                continue;
            int u = u0, v = v0, k = 0, isout = 0;
            do {
                seen[u][v] = 1;
                isout |= u == g->ou && v == g->ov;
                walk[nf][k++] = u;
                int w = pb_next(g, u, v, 1);
                u = v;
                v = w;
            } while (u != u0 || v != v0);
            len[nf] = k;
            if (isout)
                outer = nf;
            if (desc && at < ndesc) {
                at += (size_t)snprintf(desc + at, ndesc - at, "%s[", isout ? "outer" : "cell");
                for (int i = 0; i < k && at < ndesc; i++)
                    at += (size_t)snprintf(desc + at, ndesc - at, "%s%d", i ? " " : "", walk[nf][i] + 1);
                if (at < ndesc)
                    at += (size_t)snprintf(desc + at, ndesc - at, "] ");
            }
            nf++;
        }
    const int *cells[PB_MAXE + 1];
    int clen[PB_MAXE + 1], nc = 0;
    for (int f = 0; f < nf; f++)
        if (f != outer) {
            cells[nc] = walk[f];
            clen[nc++] = len[f];
        }
    cy_board_desc d = {
        .nv = g->n,
        .ncells = nc,
        .cells = cells,
        .cell_len = clen,
        .outer = walk[outer],
        .outer_len = len[outer],
        .name = "plane board",
    };
    return cy_board_from_faces(&d, err);
}
