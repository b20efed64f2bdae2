/*
 * layout_spread.c - checking a straight-line drawing of a board, and
 * spreading one out without changing its embedding.
 *
 * The barycentric layout (layout.c) is a plane drawing with the board's
 * rotations, but it squeezes trees and paths hanging inside a face onto a few
 * points.  cyi_layout_spread moves the vertices under forces in the manner of
 * Bertault's PrEd and Simonetto et al.'s ImPrEd ("ImPrEd: an improved
 * force-directed algorithm that prevents nodes from crossing edges", 2011):
 * every pair of vertices repels, edges pull their ends together, and a vertex
 * near an edge it is not on is pushed away from it (and the edge from the
 * vertex).  The embedding is kept by moving one vertex at a time, along its
 * force by at most a "temperature" that falls with every iteration, and
 * taking a step only when the drawing afterwards is still a plane drawing
 * with the board's rotations and its cells clockwise (vertex_ok); a step that
 * is not is halved a few times, then given up.  Since the rotations fix the
 * faces of a connected plane drawing and the cells' way round fixes which
 * face is outside, every drawing passed through is the board's embedding.
 * (PrEd instead bounds each step by the distances to the edges around, which
 * keeps the embedding without a check but moves more timidly.)
 */
#include "internal.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Boards with more edges keep the barycentric layout.  Up to
 * SPREAD_GRID_EDGES edges every check and force looks at every edge and
 * vertex (O(E) a step, O(E^2) an iteration); above, only at those a bucket
 * grid says may be near (see "near" below).  The limit is measured
 * (docs/reliability.md, "Layout of big boards"): on grid:15x15 (420 edges)
 * and grid:20x20 (760) the spreading brings the closest two vertices from
 * 0.31 and 0.25 of the longest edge to 0.50 and 0.44 in 0.3 and 0.8 s; on
 * grid:25x25 (1200 edges) its 60 iterations make the drawing worse. */
#define SPREAD_MAX_EDGES 800
#define SPREAD_GRID_EDGES 300
/* Iterations of the force loop. */
#define SPREAD_ITER 60
/* A layout whose vertices all move less than this (in edge lengths) in an
 * iteration is done. */
#define STILL 0.005
/* Halvings of a refused step before the vertex stays where it is. */
#define SPREAD_HALVINGS 4

/* The sign of the cross product (q - p) x (r - p), 0 when (nearly) collinear. */
static int orient(const double *xy, int p, int q, int r)
{
    double ax = xy[2 * q] - xy[2 * p], ay = xy[2 * q + 1] - xy[2 * p + 1];
    double bx = xy[2 * r] - xy[2 * p], by = xy[2 * r + 1] - xy[2 * p + 1];
    double c = ax * by - ay * bx, scale = (fabs(ax) + fabs(ay)) * (fabs(bx) + fabs(by));
    if (fabs(c) <= 1e-13 * scale)
        return 0;
    return c > 0 ? 1 : -1;
}

/* Whether point r (collinear with p and q) lies on the segment pq, ends
 * included, with a little slack. */
static int on_segment(const double *xy, int p, int q, int r)
{
    double len = fabs(xy[2 * q] - xy[2 * p]) + fabs(xy[2 * q + 1] - xy[2 * p + 1]), eps = 1e-12 * len;
    return xy[2 * r] >= fmin(xy[2 * p], xy[2 * q]) - eps && xy[2 * r] <= fmax(xy[2 * p], xy[2 * q]) + eps &&
           xy[2 * r + 1] >= fmin(xy[2 * p + 1], xy[2 * q + 1]) - eps &&
           xy[2 * r + 1] <= fmax(xy[2 * p + 1], xy[2 * q + 1]) + eps;
}

/* Whether edges e and f, which share no end, are apart: neither crossing
 * nor touching (nor too close to tell). */
static int edges_apart(const cy_board *b, const double *xy, int e, int f)
{
    int p = b->eu[e], q = b->ev[e], r = b->eu[f], s = b->ev[f];
    /* boxes apart (with slack for the tests below): segments apart */
    double slack = 1e-9 * (fabs(xy[2 * p] - xy[2 * q]) + fabs(xy[2 * p + 1] - xy[2 * q + 1]) +
                           fabs(xy[2 * r] - xy[2 * s]) + fabs(xy[2 * r + 1] - xy[2 * s + 1]));
    for (int c = 0; c < 2; c++)
        if (fmax(xy[2 * p + c], xy[2 * q + c]) + slack < fmin(xy[2 * r + c], xy[2 * s + c]) ||
            fmax(xy[2 * r + c], xy[2 * s + c]) + slack < fmin(xy[2 * p + c], xy[2 * q + c]))
            return 1;
    int o1 = orient(xy, p, q, r), o2 = orient(xy, p, q, s);
    int o3 = orient(xy, r, s, p), o4 = orient(xy, r, s, q);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return 0; /* a proper crossing */
    if ((o1 == 0 && on_segment(xy, p, q, r)) || (o2 == 0 && on_segment(xy, p, q, s)) ||
        (o3 == 0 && on_segment(xy, r, s, p)) || (o4 == 0 && on_segment(xy, r, s, q)))
        return 0; /* touching, overlapping or too close to tell */
    return 1;
}

/* A number from 0 to 4 that grows with the angle of (dx, dy) as the angle
 * goes once round counterclockwise from the positive x axis (the "diamond
 * angle": cheaper than atan2, and as good for comparing directions). */
static double pseudo_angle(double dx, double dy)
{
    double p = dy / (fabs(dx) + fabs(dy));
    return dx < 0 ? 2 - p : p < 0 ? 4 + p : p;
}

/* Whether the darts at v leave it in counterclockwise order: each turn from
 * one to the next strictly positive and the turns adding up to one full turn
 * (in pseudo-angle units, 4 to the turn).  A dart of length 0 fails. */
static int rotation_ok(const cy_board *b, const double *xy, int v)
{
    int s = b->vstart[v], k = cy_degree(b, v);
    if (k < 2)
        return 1;
    double turn = 0, first = 0, prev = 0;
    for (int i = 0; i <= k; i++) {
        int h = cy_head(b, b->vdarts[s + i % k]);
        double dx = xy[2 * h] - xy[2 * v], dy = xy[2 * h + 1] - xy[2 * v + 1];
        if (!(fabs(dx) + fabs(dy) > 0))
            return 0;
        double a = i < k ? pseudo_angle(dx, dy) : first;
        if (i == 0)
            first = a;
        else {
            double t = fmod(a - prev + 8, 4);
            if (t < 1e-12)
                return 0;
            turn += t;
        }
        prev = a;
    }
    return fabs(turn - 4) <= 1e-6;
}

/* Twice the signed area of face f's walk (negative: clockwise). */
static double face_area(const cy_board *b, const double *xy, int f)
{
    double s = 0;
    for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++) {
        int d = b->fdarts[i], u = cy_tail(b, d), v = cy_head(b, d);
        s += xy[2 * u] * xy[2 * v + 1] - xy[2 * v] * xy[2 * u + 1];
    }
    return s;
}

/* A bucket grid over the drawing, rebuilt every iteration, that finds the
 * edges (or vertices) that may lie in a box: each is filed under every cell
 * its bounding box, widened by pad, covers.  pad is the most a vertex may
 * move in the iteration, so what the grid finds is a superset of what lies
 * in the box even after vertices have moved (the checks stay exact). */
typedef struct grid {
    double x0, y0, cell, pad;
    int nx, ny, n;      /* cells across and up; items */
    int *start, *items; /* cell c holds items[start[c] .. start[c+1]) */
    int *stamp, now;    /* per item: the query that last found it */
    int *found, nfound; /* the last query's items, ascending */
} grid;

/* The cells of box [x1, x2] x [y1, y2] (clamped to the grid): c[0..3] =
 * first column, first row, last column, last row. */
static void cell_range(const grid *g, double x1, double y1, double x2, double y2, int *c)
{
    double v[4] = {(x1 - g->x0) / g->cell, (y1 - g->y0) / g->cell, (x2 - g->x0) / g->cell, (y2 - g->y0) / g->cell};
    int lim[4] = {g->nx - 1, g->ny - 1, g->nx - 1, g->ny - 1};
    for (int i = 0; i < 4; i++)
        c[i] = !(v[i] > 0) ? 0 : v[i] >= lim[i] ? lim[i] : (int)v[i];
}

/* Files n items, item i's box from box(ctx, xy, i, box), in a grid of cells
 * of about cell over the drawing xy of nv vertices. */
static void grid_build(grid *g, const double *xy, int nv, int n, double cell, double pad,
                       void (*box)(const void *, const double *, int, double *), const void *ctx)
{
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (int v = 0; v < nv; v++)
        for (int c = 0; c < 2; c++) {
            lo[c] = fmin(lo[c], xy[2 * v + c]);
            hi[c] = fmax(hi[c], xy[2 * v + c]);
        }
    g->pad = pad;
    g->x0 = lo[0] - pad;
    g->y0 = lo[1] - pad;
    double w = hi[0] - lo[0] + 2 * pad, h = hi[1] - lo[1] + 2 * pad;
    g->cell = fmax(cell, fmax(w, h) / 512);
    g->nx = (int)(w / g->cell) + 1;
    g->ny = (int)(h / g->cell) + 1;
    g->n = n;
    size_t ncell = (size_t)g->nx * (size_t)g->ny;
    g->start = cyi_xrealloc(g->start, sizeof(int) * (ncell + 1));
    memset(g->start, 0, sizeof(int) * (ncell + 1));
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            double bx[4];
            int c[4];
            box(ctx, xy, i, bx);
            cell_range(g, bx[0] - pad, bx[1] - pad, bx[2] + pad, bx[3] + pad, c);
            for (int y = c[1]; y <= c[3]; y++)
                for (int x = c[0]; x <= c[2]; x++) {
                    size_t k = (size_t)y * (size_t)g->nx + (size_t)x;
                    if (pass == 0)
                        g->start[k + 1]++;
                    else
                        g->items[g->start[k]++] = i;
                }
        }
        if (pass == 0) {
            for (size_t k = 0; k < ncell; k++)
                g->start[k + 1] += g->start[k];
            g->items = cyi_xrealloc(g->items, sizeof(int) * ((size_t)g->start[ncell] + 1));
        } else {
            /* filling moved each start to the next cell's: move them back */
            for (size_t k = ncell; k > 0; k--)
                g->start[k] = g->start[k - 1];
            g->start[0] = 0;
        }
    }
    g->stamp = cyi_xrealloc(g->stamp, sizeof(int) * ((size_t)n + 1));
    memset(g->stamp, 0, sizeof(int) * ((size_t)n + 1));
    g->found = cyi_xrealloc(g->found, sizeof(int) * ((size_t)n + 1));
    g->now = 0;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The items that may meet box [x1, x2] x [y1, y2]: g->found[0 .. nfound),
 * ascending (so forces add up in the order the full loops use). */
static void grid_query(grid *g, double x1, double y1, double x2, double y2)
{
    int c[4];
    cell_range(g, fmin(x1, x2), fmin(y1, y2), fmax(x1, x2), fmax(y1, y2), c);
    if (++g->now == INT_MAX) {
        memset(g->stamp, 0, sizeof(int) * (size_t)g->n);
        g->now = 1;
    }
    g->nfound = 0;
    for (int y = c[1]; y <= c[3]; y++)
        for (int x = c[0]; x <= c[2]; x++) {
            size_t k = (size_t)y * (size_t)g->nx + (size_t)x;
            for (int j = g->start[k]; j < g->start[k + 1]; j++) {
                int i = g->items[j];
                if (g->stamp[i] != g->now) {
                    g->stamp[i] = g->now;
                    g->found[g->nfound++] = i;
                }
            }
        }
    qsort(g->found, (size_t)g->nfound, sizeof(int), cmp_int);
}

static void grid_free(grid *g)
{
    free(g->start);
    free(g->items);
    free(g->stamp);
    free(g->found);
}

/* The bounding box of edge i (ctx: the board). */
static void edge_box(const void *ctx, const double *xy, int i, double *bx)
{
    const cy_board *b = ctx;
    int p = b->eu[i], q = b->ev[i];
    bx[0] = fmin(xy[2 * p], xy[2 * q]);
    bx[1] = fmin(xy[2 * p + 1], xy[2 * q + 1]);
    bx[2] = fmax(xy[2 * p], xy[2 * q]);
    bx[3] = fmax(xy[2 * p + 1], xy[2 * q + 1]);
}

/* The box of vertex i: its point. */
static void vertex_box(const void *ctx, const double *xy, int i, double *bx)
{
    (void)ctx;
    bx[0] = bx[2] = xy[2 * i];
    bx[1] = bx[3] = xy[2 * i + 1];
}

/* What is near, for big boards: grids of the edges and of the vertices (a
 * NULL near: look at everything). */
typedef struct near {
    grid edges, vertices;
} near;

/* Whether the drawing xy of b is a plane straight-line drawing with the
 * board's rotations and every cell clockwise (so the outer face outside):
 * no two edges meeting except at a shared end, and there not along each
 * other.  O(E^2). */
int cyi_layout_ok(const cy_board *b, const double *xy)
{
    for (int v = 0; v < b->nv; v++)
        if (!rotation_ok(b, xy, v))
            return 0;
    for (int e = 0; e < b->ne; e++)
        for (int f = e + 1; f < b->ne; f++) {
            int p = b->eu[e], q = b->ev[e], r = b->eu[f], s = b->ev[f];
            /* the rotation check rules out overlaps at a shared end */
            if (p != r && p != s && q != r && q != s && !edges_apart(b, xy, e, f))
                return 0;
        }
    for (int c = 0; c < b->ncells; c++)
        if (!(face_area(b, xy, c) < 0))
            return 0;
    return 1;
}

/* Whether the drawing is still good around v, given that it was good before
 * v alone moved: the edges at v meet no other edge, the rotations at v and
 * its neighbours hold, and the cells at v are clockwise.  O(E deg v). */
static int vertex_ok(const cy_board *b, const double *xy, int v, near *nr)
{
    if (!rotation_ok(b, xy, v))
        return 0;
    for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
        int d = b->vdarts[i], e = cy_dart_edge(d), h = cy_head(b, d);
        if (!rotation_ok(b, xy, h))
            return 0;
        int n = b->ne;
        if (nr) {
            /* the edges whose boxes (widened by the moves) meet e's */
            grid_query(&nr->edges, xy[2 * v], xy[2 * v + 1], xy[2 * h], xy[2 * h + 1]);
            n = nr->edges.nfound;
        }
        for (int k = 0; k < n; k++) {
            int f = nr ? nr->edges.found[k] : k;
            int r = b->eu[f], s = b->ev[f];
            if (r != v && s != v && r != h && s != h && !edges_apart(b, xy, e, f))
                return 0;
        }
        if (b->dface[d] < b->ncells && !(face_area(b, xy, b->dface[d]) < 0))
            return 0;
    }
    return 1;
}

/* The length of (dx, dy). */
static double norm(double dx, double dy)
{
    return sqrt(dx * dx + dy * dy);
}

/* The point of segment a-b nearest to (x, y): *t gets its place along the
 * segment (0 at a, 1 at b); returns the distance. */
static double seg_nearest(const double *xy, int a, int b, double x, double y, double *t, double *px, double *py)
{
    double ax = xy[2 * a], ay = xy[2 * a + 1], dx = xy[2 * b] - ax, dy = xy[2 * b + 1] - ay;
    double l2 = dx * dx + dy * dy, s = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    *t = s;
    *px = ax + s * dx;
    *py = ay + s * dy;
    return norm(x - *px, y - *py);
}

/* Adds to (fx, fy) a push of size mag along (dx, dy) from a point at
 * distance d; coincident points are pushed along a direction fixed by seed. */
static void push(double *fx, double *fy, double dx, double dy, double d, double mag, int seed)
{
    if (d < 1e-12) {
        double a = 2.399963 * (double)(seed + 1);
        dx = cos(a);
        dy = sin(a);
        d = 1;
    }
    *fx += mag * dx / d;
    *fy += mag * dy / d;
}

/* The force on v: repulsion L^2/d from every other vertex, attraction d^2/L
 * along its edges, (G-d)^2/d away from every edge not on v closer than G, and
 * the same away from every vertex closer than G to an edge of v, shared out
 * between the edge's ends by where the vertex is nearest (ImPrEd's forces). */
static void force(const cy_board *b, const double *xy, int v, double L, double G, near *nr, double *fx, double *fy)
{
    double x = xy[2 * v], y = xy[2 * v + 1];
    *fx = *fy = 0;
    for (int u = 0; u < b->nv; u++) {
        if (u == v)
            continue;
        double dx = x - xy[2 * u], dy = y - xy[2 * u + 1], d = norm(dx, dy);
        push(fx, fy, dx, dy, d, L * L / fmax(d, 1e-9), v * 7 + u);
    }
    for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
        int h = cy_head(b, b->vdarts[i]);
        double dx = xy[2 * h] - x, dy = xy[2 * h + 1] - y, d = norm(dx, dy);
        if (d > 0)
            push(fx, fy, dx, dy, d, d * d / L, 0);
    }
    /* the edges near v (without a grid: all) and then v's own edges */
    int ne = b->ne, own = 0;
    if (nr) {
        grid_query(&nr->edges, x - G, y - G, x + G, y + G);
        ne = nr->edges.nfound;
        own = b->vstart[v + 1] - b->vstart[v];
    }
    for (int k = 0; k < ne + own; k++) {
        int e = !nr ? k : k < ne ? nr->edges.found[k] : cy_dart_edge(b->vdarts[b->vstart[v] + k - ne]);
        int a = b->eu[e], c = b->ev[e];
        double t, px, py;
        if (nr && k < ne && (a == v || c == v))
            continue; /* v's own edges come after the grid's */
        if (a != v && c != v) {
            /* v near edge e: v is pushed off it */
            double d = seg_nearest(xy, a, c, x, y, &t, &px, &py);
            if (d < G)
                push(fx, fy, x - px, y - py, d, (G - d) * (G - d) / fmax(d, 1e-3 * G), v + e);
            continue;
        }
        /* edge e is v's: every vertex near it pushes it, and v gets its share */
        int o = a == v ? c : a;
        int nw = b->nv;
        if (nr) {
            grid_query(&nr->vertices, fmin(x, xy[2 * o]) - G, fmin(y, xy[2 * o + 1]) - G, fmax(x, xy[2 * o]) + G,
                       fmax(y, xy[2 * o + 1]) + G);
            nw = nr->vertices.nfound;
        }
        for (int j = 0; j < nw; j++) {
            int w = nr ? nr->vertices.found[j] : j;
            if (w == v || w == o)
                continue;
            double d = seg_nearest(xy, v, o, xy[2 * w], xy[2 * w + 1], &t, &px, &py);
            if (d < G)
                push(fx, fy, px - xy[2 * w], py - xy[2 * w + 1], d, (1 - t) * (G - d) * (G - d) / fmax(d, 1e-3 * G),
                     w + e);
        }
    }
}

/* Spreads out the drawing xy of b, which must pass cyi_layout_ok, keeping it
 * a drawing that does (see the top of this file).  Boards of more than
 * SPREAD_MAX_EDGES edges, or of fewer than three vertices, are left as they
 * are.  The result's size is arbitrary (edges of length about 1). */
void cyi_layout_spread(const cy_board *b, double *xy)
{
    int n = b->nv;
    if (n < 3 || b->ne > SPREAD_MAX_EDGES)
        return;
    /* the barycentric layout lies in the unit disc; give it room for
     * edges of length about 1 */
    double L = 1, G = 1.2 * L, grow = fmax(1.0, 0.6 * sqrt((double)n));
    for (int i = 0; i < 2 * n; i++)
        xy[i] *= grow;
    /* steps shrink from t0 to nothing; the loop ends early once no vertex
     * moves more than STILL */
    double t0 = 0.15 * grow;
    near grids, *nr = NULL;
    if (b->ne > SPREAD_GRID_EDGES) {
        memset(&grids, 0, sizeof grids);
        nr = &grids;
    }
    for (int it = 0; it < SPREAD_ITER; it++) {
        double temp = t0 * (1.0 - (double)it / SPREAD_ITER) + 0.002 * L, moved = 0;
        if (nr) {
            /* a vertex moves at most temp in this iteration: the grids'
             * boxes are widened by that (and a hair) */
            double pad = temp * 1.001 + 1e-9 * grow;
            grid_build(&nr->edges, xy, n, b->ne, 2 * G, pad, edge_box, b);
            grid_build(&nr->vertices, xy, n, n, 2 * G, pad, vertex_box, NULL);
        }
        for (int v = 0; v < n; v++) {
            double fx, fy;
            force(b, xy, v, L, G, nr, &fx, &fy);
            double f = norm(fx, fy);
            if (!(f > 0) || !isfinite(f))
                continue;
            double step = fmin(f, temp), ox = xy[2 * v], oy = xy[2 * v + 1];
            int h = 0;
            for (;;) {
                xy[2 * v] = ox + step * fx / f;
                xy[2 * v + 1] = oy + step * fy / f;
                if (vertex_ok(b, xy, v, nr)) {
                    moved = fmax(moved, step);
                    break;
                }
                if (h++ == SPREAD_HALVINGS) {
                    xy[2 * v] = ox;
                    xy[2 * v + 1] = oy;
                    break;
                }
                step /= 2;
            }
        }
        if (moved < STILL * L)
            break;
    }
    if (nr) {
        grid_free(&nr->edges);
        grid_free(&nr->vertices);
    }
}
