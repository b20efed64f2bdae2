/*
 * drawing.c - a board from a straight-line drawing: vertices with
 * coordinates (y up) and edges.  The drawing is checked (a simple connected
 * graph, no two vertices at one point, no vertex on an edge, no crossing or
 * overlapping edges), the rotation at each vertex comes from the angles, and
 * the faces are traced so that bounded faces run clockwise: after arriving
 * at v along u->v, leave along the dart next counterclockwise after v->u.
 * The outer face is then the one with the largest signed area.
 */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Pairs of edges whose x-ranges overlap that the crossing test will examine
 * before it gives up. */
#define CROSS_BUDGET 60000000L

typedef struct drawing {
    int nv, ne;
    const char *const *labels;
    const double *xy;
    const int *edges;
} drawing;

/* The label of vertex v (its number when there are no labels), in buf. */
static const char *lab(const drawing *g, int v, char buf[24])
{
    if (g->labels && g->labels[v])
        return g->labels[v];
    snprintf(buf, 24, "%d", v + 1);
    return buf;
}

/* Checks the labels, coordinates and edge endpoints one by one. */
static int check_items(const drawing *g, cy_error *err)
{
    if (g->nv < 1)
        return cy_error_set(err, "the drawing has no vertices");
    if (g->nv > CY_MAX_VERTICES)
        return cy_error_set(err, "the drawing has %d vertices; at most %d are supported", g->nv, CY_MAX_VERTICES);
    if (g->ne < 1)
        return cy_error_set(err, "the drawing has no edges");
    if (g->ne > CY_MAX_EDGES)
        return cy_error_set(err, "the drawing has %d edges; at most %d are supported", g->ne, CY_MAX_EDGES);
    if (!g->xy || !g->edges)
        return cy_error_set(err, "the drawing has no coordinates or no edges");
    for (int v = 0; v < g->nv; v++) {
        if (g->labels && (!g->labels[v] || !cyi_label_ok(g->labels[v])))
            return cy_error_set(err, "vertex %d has an unusable label", v + 1);
        if (!cyi_coord_ok(g->xy[2 * v]) || !cyi_coord_ok(g->xy[2 * v + 1])) {
            char b[24];
            return cy_error_set(err, "vertex %s has a coordinate that is not a finite number of at most 1e100 in size",
                                lab(g, v, b));
        }
    }
    for (int e = 0; e < g->ne; e++) {
        int u = g->edges[2 * e], v = g->edges[2 * e + 1];
        if (u < 0 || u >= g->nv || v < 0 || v >= g->nv)
            return cy_error_set(err, "edge %d names vertex number %d, but the drawing has %d vertices", e + 1,
                                (u < 0 || u >= g->nv ? u : v) + 1, g->nv);
        if (u == v) {
            char b[24];
            return cy_error_set(err, "edge %d is a loop at vertex %s", e + 1, lab(g, u, b));
        }
    }
    return 0;
}

/* Orders (min, max, index) edge triples. */
static int cmp_triple(const void *a, const void *b)
{
    const int *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* Checks that no two edges join the same vertices. */
static int check_repeated(const drawing *g, cy_error *err)
{
    int *t = cyi_xmalloc(sizeof(int) * 3 * (size_t)g->ne);
    for (int e = 0; e < g->ne; e++) {
        int u = g->edges[2 * e], v = g->edges[2 * e + 1];
        t[3 * e] = u < v ? u : v;
        t[3 * e + 1] = u < v ? v : u;
        t[3 * e + 2] = e;
    }
    qsort(t, (size_t)g->ne, 3 * sizeof(int), cmp_triple);
    int rc = 0;
    for (int i = 1; i < g->ne && rc == 0; i++)
        if (t[3 * i] == t[3 * i - 3] && t[3 * i + 1] == t[3 * i - 2]) {
            char b1[24], b2[24];
            rc = cy_error_set(err, "edges %d and %d both join %s and %s (a board is a simple graph)", t[3 * i - 1] + 1,
                              t[3 * i + 2] + 1, lab(g, t[3 * i], b1), lab(g, t[3 * i + 1], b2));
        }
    free(t);
    return rc;
}

/* A vertex and its point. */
typedef struct vpoint {
    double x, y;
    int v;
} vpoint;

/* Orders vertex points by x, then y, then vertex. */
static int cmp_vpoint(const void *a, const void *b)
{
    const vpoint *p = a, *q = b;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return p->v - q->v;
}

/* Checks that no two vertices are drawn at the same point. */
static int check_points(const drawing *g, cy_error *err)
{
    vpoint *p = cyi_xmalloc(sizeof(vpoint) * (size_t)g->nv);
    for (int v = 0; v < g->nv; v++)
        p[v] = (vpoint){g->xy[2 * v], g->xy[2 * v + 1], v};
    qsort(p, (size_t)g->nv, sizeof *p, cmp_vpoint);
    int rc = 0;
    for (int i = 1; i < g->nv && rc == 0; i++)
        if (p[i].x == p[i - 1].x && p[i].y == p[i - 1].y) {
            char b1[24], b2[24];
            rc = cy_error_set(err, "vertices %s and %s are at the same point (%g, %g)", lab(g, p[i - 1].v, b1),
                              lab(g, p[i].v, b2), p[i].x, p[i].y);
        }
    free(p);
    return rc;
}

/* Checks that the graph is connected. */
static int check_connected(const drawing *g, cy_error *err)
{
    int *par = cyi_xmalloc(sizeof(int) * (size_t)g->nv);
    for (int v = 0; v < g->nv; v++)
        par[v] = v;
    for (int e = 0; e < g->ne; e++) {
        int a = g->edges[2 * e], b = g->edges[2 * e + 1];
        while (par[a] != a)
            a = par[a] = par[par[a]];
        while (par[b] != b)
            b = par[b] = par[par[b]];
        if (a != b)
            par[a] = b;
    }
    int rc = 0, root = 0;
    while (par[root] != root)
        root = par[root];
    for (int v = 1; v < g->nv && rc == 0; v++) {
        int a = v;
        while (par[a] != a)
            a = par[a] = par[par[a]];
        if (a != root) {
            char b1[24], b2[24];
            rc = cy_error_set(err, "the drawing is not connected (no path from vertex %s to vertex %s)", lab(g, 0, b1),
                              lab(g, v, b2));
        }
    }
    free(par);
    return rc;
}

/* Twice the signed area of triangle (a, b, c): positive when counterclockwise. */
static long double orient(const double *a, const double *b, const double *c)
{
    return ((long double)b[0] - a[0]) * ((long double)c[1] - a[1]) -
           ((long double)b[1] - a[1]) * ((long double)c[0] - a[0]);
}

/* Whether point p, collinear with segment ab, lies strictly inside it. */
static int inside(const double *a, const double *b, const double *p)
{
    long double d = ((long double)p[0] - a[0]) * ((long double)b[0] - a[0]) +
                    ((long double)p[1] - a[1]) * ((long double)b[1] - a[1]);
    long double l = ((long double)b[0] - a[0]) * ((long double)b[0] - a[0]) +
                    ((long double)b[1] - a[1]) * ((long double)b[1] - a[1]);
    return d > 0 && d < l;
}

/* Names edge e as "u-v" in buf. */
static const char *ename(const drawing *g, int e, char buf[64])
{
    char b1[24], b2[24];
    snprintf(buf, 64, "%s-%s", lab(g, g->edges[2 * e], b1), lab(g, g->edges[2 * e + 1], b2));
    return buf;
}

/* Checks one pair of edges for crossing, overlap or a vertex of one lying on
 * the other; -1 with a message naming them. */
static int check_pair(const drawing *g, int e, int f, cy_error *err)
{
    int a0 = g->edges[2 * e], a1 = g->edges[2 * e + 1], b0 = g->edges[2 * f], b1 = g->edges[2 * f + 1];
    const double *A0 = g->xy + 2 * a0, *A1 = g->xy + 2 * a1, *B0 = g->xy + 2 * b0, *B1 = g->xy + 2 * b1;
    char n1[64], n2[64], vb[24];
    if (a0 == b0 || a0 == b1 || a1 == b0 || a1 == b1) {
        /* a shared endpoint p: they meet elsewhere only if they overlap */
        int p = (a0 == b0 || a0 == b1) ? a0 : a1;
        const double *P = g->xy + 2 * p, *A = p == a0 ? A1 : A0, *B = (p == b0) ? B1 : B0;
        if (orient(P, A, B) == 0 && ((long double)A[0] - P[0]) * ((long double)B[0] - P[0]) +
                                            ((long double)A[1] - P[1]) * ((long double)B[1] - P[1]) >
                                        0)
            return cy_error_set(err, "edges %s and %s overlap", ename(g, e, n1), ename(g, f, n2));
        return 0;
    }
    long double o1 = orient(A0, A1, B0), o2 = orient(A0, A1, B1), o3 = orient(B0, B1, A0), o4 = orient(B0, B1, A1);
    if (o1 == 0 && o2 == 0) {
        /* collinear: they meet if an endpoint of one is inside the other */
        int in = inside(A0, A1, B0) + inside(A0, A1, B1) + inside(B0, B1, A0) + inside(B0, B1, A1);
        if (in >= 2)
            return cy_error_set(err, "edges %s and %s overlap", ename(g, e, n1), ename(g, f, n2));
        if (in == 1) {
            int v = inside(A0, A1, B0) ? b0 : inside(A0, A1, B1) ? b1 : inside(B0, B1, A0) ? a0 : a1;
            int on = (v == b0 || v == b1) ? e : f;
            return cy_error_set(err, "vertex %s lies on edge %s (so edges %s and %s overlap)", lab(g, v, vb),
                                ename(g, on, n1), ename(g, on, n1), ename(g, on == e ? f : e, n2));
        }
        return 0;
    }
    if (o1 == 0 && inside(A0, A1, B0))
        return cy_error_set(err, "vertex %s lies on edge %s (it touches edge %s there)", lab(g, b0, vb),
                            ename(g, e, n1), ename(g, f, n2));
    if (o2 == 0 && inside(A0, A1, B1))
        return cy_error_set(err, "vertex %s lies on edge %s (it touches edge %s there)", lab(g, b1, vb),
                            ename(g, e, n1), ename(g, f, n2));
    if (o3 == 0 && inside(B0, B1, A0))
        return cy_error_set(err, "vertex %s lies on edge %s (it touches edge %s there)", lab(g, a0, vb),
                            ename(g, f, n1), ename(g, e, n2));
    if (o4 == 0 && inside(B0, B1, A1))
        return cy_error_set(err, "vertex %s lies on edge %s (it touches edge %s there)", lab(g, a1, vb),
                            ename(g, f, n1), ename(g, e, n2));
    if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
        return cy_error_set(err, "edges %s and %s cross", ename(g, e, n1), ename(g, f, n2));
    return 0;
}

/* An edge's bounding box. */
typedef struct ebox {
    double x0, x1, y0, y1;
    int e;
} ebox;

/* Orders boxes by their left side, then edge. */
static int cmp_ebox(const void *a, const void *b)
{
    const ebox *p = a, *q = b;
    if (p->x0 != q->x0)
        return p->x0 < q->x0 ? -1 : 1;
    return p->e - q->e;
}

/* Checks the edges of boxes p and q when the boxes meet; counts the work
 * and refuses once it passes the budget. */
static int try_pair(const drawing *g, const ebox *p, const ebox *q, long *work, cy_error *err)
{
    if (++*work > CROSS_BUDGET)
        return cy_error_set(err,
                            "the drawing has too many edges close together to check for crossings in reasonable time (%d edges)",
                            g->ne);
    if (q->x0 > p->x1 || q->x1 < p->x0 || q->y0 > p->y1 || q->y1 < p->y0)
        return 0;
    return check_pair(g, p->e < q->e ? p->e : q->e, p->e < q->e ? q->e : p->e, err);
}

/* Checks all pairs of edges whose boxes meet by sweeping in x: the fallback
 * for drawings with long edges. */
static int sweep(const drawing *g, ebox *bx, long *work, cy_error *err)
{
    qsort(bx, (size_t)g->ne, sizeof *bx, cmp_ebox);
    for (int i = 0; i < g->ne; i++)
        for (int j = i + 1; j < g->ne && bx[j].x0 <= bx[i].x1; j++)
            if (try_pair(g, &bx[i], &bx[j], work, err) < 0)
                return -1;
    return 0;
}

/* The grid column (or row) of coordinate x, for a grid of n cells of size w
 * from x0. */
static int gcell(double x, double x0, double w, int n)
{
    double c = floor((x - x0) / w);
    return c < 0 ? 0 : c >= n ? n - 1 : (int)c;
}

/* Checks all pairs of edges whose bounding boxes meet: a uniform grid of
 * about ne cells holds each edge in the cells its box covers, and a pair is
 * examined in the one cell holding the low corner of the boxes' overlap.
 * Falls back to an x-sweep when the edges are too long for the grid; refuses
 * drawings that would take too long either way. */
static int check_crossings(const drawing *g, cy_error *err)
{
    int ne = g->ne;
    ebox *bx = cyi_xmalloc(sizeof(ebox) * (size_t)ne);
    double X0 = INFINITY, X1 = -INFINITY, Y0 = INFINITY, Y1 = -INFINITY;
    for (int e = 0; e < ne; e++) {
        const double *a = g->xy + 2 * g->edges[2 * e], *b = g->xy + 2 * g->edges[2 * e + 1];
        bx[e] = (ebox){fmin(a[0], b[0]), fmax(a[0], b[0]), fmin(a[1], b[1]), fmax(a[1], b[1]), e};
        X0 = fmin(X0, bx[e].x0);
        X1 = fmax(X1, bx[e].x1);
        Y0 = fmin(Y0, bx[e].y0);
        Y1 = fmax(Y1, bx[e].y1);
    }
    int n = (int)ceil(sqrt((double)ne));
    double wx = (X1 - X0) / n, wy = (Y1 - Y0) / n;
    if (!(wx > 0) || !isfinite(wx))
        wx = 1;
    if (!(wy > 0) || !isfinite(wy))
        wy = 1;
    /* count the cell entries; too many means long edges: sweep instead */
    long entries = 0, limit = 16L * ne + 100000;
    for (int e = 0; e < ne && entries <= limit; e++)
        entries += (long)(gcell(bx[e].x1, X0, wx, n) - gcell(bx[e].x0, X0, wx, n) + 1) *
                   (gcell(bx[e].y1, Y0, wy, n) - gcell(bx[e].y0, Y0, wy, n) + 1);
    long work = 0;
    int rc;
    if (entries > limit) {
        rc = sweep(g, bx, &work, err);
        free(bx);
        return rc;
    }
    size_t ncell = (size_t)n * (size_t)n;
    int *start = cyi_xcalloc(ncell + 1, sizeof(int)), *list = cyi_xmalloc(sizeof(int) * (size_t)(entries ? entries : 1));
    for (int pass = 0; pass < 2; pass++) {
        for (int e = 0; e < ne; e++) {
            int cx0 = gcell(bx[e].x0, X0, wx, n), cx1 = gcell(bx[e].x1, X0, wx, n);
            int cy0 = gcell(bx[e].y0, Y0, wy, n), cy1 = gcell(bx[e].y1, Y0, wy, n);
            for (int cx = cx0; cx <= cx1; cx++)
                for (int cy = cy0; cy <= cy1; cy++) {
                    size_t c = (size_t)cx * (size_t)n + (size_t)cy;
                    if (pass == 0)
                        start[c + 1]++;
                    else
                        list[start[c]++] = e;
                }
        }
        if (pass == 0)
            for (size_t c = 0; c < ncell; c++)
                start[c + 1] += start[c];
        else
            for (size_t c = ncell; c > 0; c--)
                start[c] = start[c - 1];
        start[0] = 0;
    }
    rc = 0;
    for (size_t c = 0; c < ncell && rc == 0; c++)
        for (int i = start[c]; i < start[c + 1] && rc == 0; i++)
            for (int j = i + 1; j < start[c + 1] && rc == 0; j++) {
                const ebox *p = &bx[list[i]], *q = &bx[list[j]];
                /* examine the pair only in the cell of its overlap's low corner */
                size_t home = (size_t)gcell(fmax(p->x0, q->x0), X0, wx, n) * (size_t)n +
                              (size_t)gcell(fmax(p->y0, q->y0), Y0, wy, n);
                if (home == c)
                    rc = try_pair(g, p, q, &work, err);
                else if (++work > CROSS_BUDGET)
                    rc = try_pair(g, p, q, &work, err);
            }
    free(start);
    free(list);
    free(bx);
    return rc;
}

/* A dart with its direction, sorted around its tail counterclockwise from
 * the positive x axis. */
typedef struct rdart {
    int tail, d;
    double dx, dy;
} rdart;

/* Half of the plane a direction lies in: 0 for angles [0, pi), 1 for [pi, 2pi). */
static int half(double dx, double dy)
{
    return dy < 0 || (dy == 0 && dx < 0);
}

/* Orders darts by tail, then counterclockwise from the positive x axis. */
static int cmp_rdart(const void *a, const void *b)
{
    const rdart *p = a, *q = b;
    if (p->tail != q->tail)
        return p->tail < q->tail ? -1 : 1;
    int hp = half(p->dx, p->dy), hq = half(q->dx, q->dy);
    if (hp != hq)
        return hp - hq;
    long double c = (long double)p->dx * q->dy - (long double)p->dy * q->dx;
    if (c != 0)
        return c > 0 ? -1 : 1;
    return p->d - q->d;
}

/* Traces the faces and builds the board. */
static cy_board *trace(const drawing *g, const unsigned char *special, const char *name, cy_error *err)
{
    int nd = 2 * g->ne;
    /* dart 2e runs edges[2e] -> edges[2e+1], dart 2e+1 back */
    rdart *r = cyi_xmalloc(sizeof(rdart) * (size_t)nd);
    for (int d = 0; d < nd; d++) {
        int u = g->edges[d ^ (d & 1)], v = g->edges[(d ^ (d & 1)) + 1];
        if (d & 1) {
            int t = u;
            u = v;
            v = t;
        }
        r[d] = (rdart){u, d, g->xy[2 * v] - g->xy[2 * u], g->xy[2 * v + 1] - g->xy[2 * u + 1]};
    }
    qsort(r, (size_t)nd, sizeof *r, cmp_rdart);
    int *pos = cyi_xmalloc(sizeof(int) * (size_t)nd), *vstart = cyi_xcalloc((size_t)g->nv + 1, sizeof(int));
    for (int i = 0; i < nd; i++) {
        pos[r[i].d] = i;
        vstart[r[i].tail + 1]++;
    }
    for (int v = 0; v < g->nv; v++)
        vstart[v + 1] += vstart[v];
    /* next(u->v) = the dart after v->u counterclockwise around v */
    int *next = cyi_xmalloc(sizeof(int) * (size_t)nd);
    for (int d = 0; d < nd; d++) {
        int rv = d ^ 1, i = pos[rv], v = r[i].tail;
        int j = i + 1 < vstart[v + 1] ? i + 1 : vstart[v];
        next[d] = r[j].d;
    }
    /* faces */
    int *face = cyi_xmalloc(sizeof(int) * (size_t)nd), *walk = cyi_xmalloc(sizeof(int) * (size_t)nd);
    int *fstart = cyi_xmalloc(sizeof(int) * ((size_t)nd + 1));
    long double *area = cyi_xmalloc(sizeof(long double) * (size_t)nd);
    for (int d = 0; d < nd; d++)
        face[d] = -1;
    int nf = 0, k = 0;
    for (int d0 = 0; d0 < nd; d0++) {
        if (face[d0] >= 0)
            continue;
        fstart[nf] = k;
        long double a = 0;
        const double *o = g->xy + 2 * r[pos[d0]].tail;
        int d = d0;
        do {
            face[d] = nf;
            int u = r[pos[d]].tail, v = r[pos[d ^ 1]].tail;
            walk[k++] = u;
            const double *p = g->xy + 2 * u, *q = g->xy + 2 * v;
            a += ((long double)p[0] - o[0]) * ((long double)q[1] - o[1]) -
                 ((long double)q[0] - o[0]) * ((long double)p[1] - o[1]);
            d = next[d];
        } while (d != d0 && k < nd);
        area[nf++] = a;
    }
    fstart[nf] = k;
    int outer = 0;
    for (int f = 1; f < nf; f++)
        if (area[f] > area[outer])
            outer = f;
    int **cells = cyi_xmalloc(sizeof(int *) * (size_t)nf);
    int *len = cyi_xmalloc(sizeof(int) * (size_t)nf);
    int nc = 0;
    for (int f = 0; f < nf; f++)
        if (f != outer) {
            cells[nc] = walk + fstart[f];
            len[nc++] = fstart[f + 1] - fstart[f];
        }
    cy_board_desc desc = {
        .nv = g->nv,
        .labels = g->labels,
        .ncells = nc,
        .cells = (const int *const *)cells,
        .cell_len = len,
        .outer = walk + fstart[outer],
        .outer_len = fstart[outer + 1] - fstart[outer],
        .special = special,
        .xy = g->xy,
        .name = name,
    };
    cy_board *b = cy_board_from_faces(&desc, err);
    free(r);
    free(pos);
    free(vstart);
    free(next);
    free(face);
    free(walk);
    free(fstart);
    free(area);
    free(cells);
    free(len);
    return b;
}

/* Builds the board of a straight-line drawing; NULL with a message naming
 * the defect (two crossing edges, a vertex on an edge, ...). */
cy_board *cy_board_from_drawing(int nv, const char *const *labels, const double *xy, int ne, const int *edges,
                                const unsigned char *special, const char *name, cy_error *err)
{
    drawing g = {nv, ne, labels, xy, edges};
    if (check_items(&g, err) < 0 || check_repeated(&g, err) < 0 || check_points(&g, err) < 0 ||
        check_connected(&g, err) < 0 || check_crossings(&g, err) < 0)
        return NULL;
    return trace(&g, special, name, err);
}
