/*
 * layout.c - coordinates for drawing a board (cy_layout).
 *
 * A board with coordinates of its own is drawn with them.  Otherwise the
 * layout is computed from the embedding alone, so it has the board's faces
 * and rotations and no crossings:
 *
 *  1. The plane graph is completed to a triangulated disk by temporary
 *     ("dummy") vertices, without touching the original edges:
 *       - a cell whose walk is a simple cycle of length 3 gets nothing;
 *       - a cell whose walk is a longer simple cycle gets one dummy joined to
 *         each of its vertices (a star: triangles z, w_i, w_i+1);
 *       - a face whose walk passes a vertex more than once (trees, bridges,
 *         cut vertices) gets a ring of corner dummies c_0 .. c_k-1, one per
 *         step w_i -> w_i+1 of the walk, with edges c_i-w_i, c_i-w_i+1 and
 *         c_i-c_i+1, and (for a cell) one more dummy joined to the whole ring.
 *         The triangles w_i w_i+1 c_i and c_i w_i+1 c_i+1 fill the band between
 *         walk and ring; since every corner has a ring vertex of its own, no
 *         two of the new edges are parallel, so the graph stays simple.
 *     The outer face is the disk's boundary: its own walk when that is a
 *     simple cycle, else its ring of corner dummies (which then surrounds the
 *     whole board).
 *  2. The boundary is placed on a regular polygon (counterclockwise, so that
 *     cells run clockwise, the convention of the game tables) and every other
 *     vertex at a weighted average of its neighbours (Tutte's barycentric
 *     method, solved by conjugate gradients).  For a triangulated disk whose
 *     boundary is a strictly convex polygon, any such convex-combination map
 *     is an embedding with the given rotations (Floater, "One-to-one
 *     piecewise linear mappings over triangulations", 2003, after Tutte
 *     1963), so the original graph, a subgraph of it, is drawn with straight
 *     lines, without crossings and with the board's rotation at every vertex.
 *  3. The dummies are dropped.  A 3-connected board whose faces are all
 *     triangles gets no dummies: its layout is Tutte's plain one.
 *
 * Dummy edges weigh less than board edges (DUMMY_WEIGHT) so that the board's
 * own structure dominates the picture; any positive weight keeps the proof.
 */
#include "internal.h"

#include <math.h>
#include <string.h>

/* Weight of an edge to a dummy vertex (board edges weigh 1). */
#define DUMMY_WEIGHT 0.5
/* The crossing check after the solve runs on boards up to this many edges. */
#define CHECK_MAX_EDGES 4000

static const double PI = 3.14159265358979323846;

/* The augmented graph: vertices 0..nv-1 are the board's, the rest dummies. */
typedef struct aug {
    int n;              /* vertices */
    int m, cap;         /* edges and room */
    int *eu, *ev;
    double *w;
} aug;

/* Adds a vertex; returns its number. */
static int aug_vertex(aug *g)
{
    return g->n++;
}

/* Adds the edge u-v of weight w. */
static void aug_edge(aug *g, int u, int v, double w)
{
    if (g->m == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 64;
        g->eu = cy_xrealloc(g->eu, sizeof(int) * (size_t)g->cap);
        g->ev = cy_xrealloc(g->ev, sizeof(int) * (size_t)g->cap);
        g->w = cy_xrealloc(g->w, sizeof(double) * (size_t)g->cap);
    }
    g->eu[g->m] = u;
    g->ev[g->m] = v;
    g->w[g->m] = w;
    g->m++;
}

/* Whether the walk w[0..k) visits no vertex twice (stamp is an nv-array of
 * ints, all different from tag on entry). */
static int walk_simple(const int *w, int k, int *stamp, int tag)
{
    int simple = 1;
    for (int i = 0; i < k; i++) {
        if (stamp[w[i]] == tag)
            simple = 0;
        stamp[w[i]] = tag;
    }
    return simple;
}

/* Adds a ring of corner dummies for the walk w[0..k) (k >= 3); ring[i] gets
 * the dummy of step w[i] -> w[i+1]. */
static void add_ring(aug *g, const int *w, int k, int *ring)
{
    for (int i = 0; i < k; i++)
        ring[i] = aug_vertex(g);
    for (int i = 0; i < k; i++) {
        aug_edge(g, ring[i], w[i], DUMMY_WEIGHT);
        aug_edge(g, ring[i], w[(i + 1) % k], DUMMY_WEIGHT);
        aug_edge(g, ring[i], ring[(i + 1) % k], DUMMY_WEIGHT);
    }
}

/* Solves the barycentric system: every vertex not fixed (fixed[v] == 0) at
 * the weighted average of its neighbours, the fixed ones where pos says.
 * Conjugate gradients with a diagonal preconditioner on the (symmetric,
 * positive definite, since every vertex reaches the boundary) Laplacian of
 * the free vertices; pos[2*v] and pos[2*v+1] get the result. */
static void barycentric(const aug *g, const unsigned char *fixed, double *pos)
{
    int n = g->n;
    int *start = cy_xcalloc((size_t)n + 1, sizeof(int));
    for (int e = 0; e < g->m; e++) {
        start[g->eu[e] + 1]++;
        start[g->ev[e] + 1]++;
    }
    for (int v = 0; v < n; v++)
        start[v + 1] += start[v];
    int *adj = cy_xmalloc(sizeof(int) * (size_t)(2 * g->m + 1));
    double *wt = cy_xmalloc(sizeof(double) * (size_t)(2 * g->m + 1));
    int *fill = cy_xmalloc(sizeof(int) * (size_t)n);
    memcpy(fill, start, sizeof(int) * (size_t)n);
    for (int e = 0; e < g->m; e++) {
        adj[fill[g->eu[e]]] = g->ev[e];
        wt[fill[g->eu[e]]++] = g->w[e];
        adj[fill[g->ev[e]]] = g->eu[e];
        wt[fill[g->ev[e]]++] = g->w[e];
    }
    free(fill);
    double *diag = cy_xcalloc((size_t)n, sizeof(double));
    for (int v = 0; v < n; v++)
        for (int i = start[v]; i < start[v + 1]; i++)
            diag[v] += wt[i];
    double *x = cy_xcalloc((size_t)n, sizeof(double)), *r = cy_xcalloc((size_t)n, sizeof(double));
    double *z = cy_xcalloc((size_t)n, sizeof(double)), *p = cy_xcalloc((size_t)n, sizeof(double));
    double *q = cy_xcalloc((size_t)n, sizeof(double));
    int maxit = 20 * n + 200;
    if (maxit > 200000)
        maxit = 200000;
    for (int c = 0; c < 2; c++) {
        /* A x = rhs with x = 0 at the free vertices to start: r = rhs */
        double bnorm = 0;
        for (int v = 0; v < n; v++) {
            x[v] = fixed[v] ? pos[2 * v + c] : 0;
            r[v] = 0;
        }
        for (int v = 0; v < n; v++) {
            if (fixed[v])
                continue;
            for (int i = start[v]; i < start[v + 1]; i++)
                if (fixed[adj[i]])
                    r[v] += wt[i] * x[adj[i]];
            bnorm += r[v] * r[v];
        }
        bnorm = sqrt(bnorm);
        double rz = 0;
        for (int v = 0; v < n; v++) {
            z[v] = fixed[v] ? 0 : r[v] / diag[v];
            p[v] = z[v];
            rz += r[v] * z[v];
        }
        for (int it = 0; it < maxit && bnorm > 0; it++) {
            double pq = 0;
            for (int v = 0; v < n; v++) {
                if (fixed[v]) {
                    q[v] = 0;
                    continue;
                }
                double s = diag[v] * p[v];
                for (int i = start[v]; i < start[v + 1]; i++)
                    if (!fixed[adj[i]])
                        s -= wt[i] * p[adj[i]];
                q[v] = s;
                pq += p[v] * s;
            }
            if (!(pq > 0))
                break;
            double alpha = rz / pq, rnorm = 0, rz2 = 0;
            for (int v = 0; v < n; v++) {
                if (fixed[v])
                    continue;
                x[v] += alpha * p[v];
                r[v] -= alpha * q[v];
                rnorm += r[v] * r[v];
                z[v] = r[v] / diag[v];
                rz2 += r[v] * z[v];
            }
            if (sqrt(rnorm) <= 1e-15 * bnorm)
                break;
            double beta = rz2 / rz;
            rz = rz2;
            for (int v = 0; v < n; v++)
                p[v] = fixed[v] ? 0 : z[v] + beta * p[v];
        }
        for (int v = 0; v < n; v++)
            pos[2 * v + c] = x[v];
    }
    free(x);
    free(r);
    free(z);
    free(p);
    free(q);
    free(diag);
    free(start);
    free(adj);
    free(wt);
}

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

/* Whether the drawing of b at xy is a plane straight-line drawing with the
 * board's rotations: no two vertices at one point, no two edges meeting
 * except at a shared end (and then not along each other), and the darts at
 * every vertex in counterclockwise order.  O(E^2); used on small boards. */
static int layout_ok(const cy_board *b, const double *xy)
{
    for (int v = 0; v < b->nv; v++) {
        int s = b->vstart[v], k = cy_degree(b, v);
        double turn = 0;
        for (int i = 0; i < k && k > 1; i++) {
            int h1 = cy_head(b, b->vdarts[s + i]), h2 = cy_head(b, b->vdarts[s + (i + 1) % k]);
            double a1 = atan2(xy[2 * h1 + 1] - xy[2 * v + 1], xy[2 * h1] - xy[2 * v]);
            double a2 = atan2(xy[2 * h2 + 1] - xy[2 * v + 1], xy[2 * h2] - xy[2 * v]);
            double t = fmod(a2 - a1 + 4 * PI, 2 * PI);
            if (t < 1e-12)
                return 0;
            turn += t;
        }
        if (k > 1 && fabs(turn - 2 * PI) > 1e-6)
            return 0;
    }
    for (int e = 0; e < b->ne; e++)
        for (int f = e + 1; f < b->ne; f++) {
            int p = b->eu[e], q = b->ev[e], r = b->eu[f], s = b->ev[f];
            if (p == r || p == s || q == r || q == s)
                continue; /* the rotation check rules out overlaps at a shared end */
            int o1 = orient(xy, p, q, r), o2 = orient(xy, p, q, s);
            int o3 = orient(xy, r, s, p), o4 = orient(xy, r, s, q);
            if (o1 * o2 < 0 && o3 * o4 < 0)
                return 0; /* a proper crossing */
            if ((o1 == 0 && on_segment(xy, p, q, r)) || (o2 == 0 && on_segment(xy, p, q, s)) ||
                (o3 == 0 && on_segment(xy, r, s, p)) || (o4 == 0 && on_segment(xy, r, s, q)))
                return 0; /* touching, overlapping or too close to tell */
        }
    return 1;
}

/* Computes the layout of a board without usable coordinates (see the top of
 * this file); returns 0 or -1 with a message. */
static int tutte_layout(const cy_board *b, double *xy, cy_error *err)
{
    int nf = b->ncells + 1, outer = b->ncells;
    if (b->nv <= 2) {
        for (int v = 0; v < b->nv; v++) {
            xy[2 * v] = v;
            xy[2 * v + 1] = 0;
        }
        return 0;
    }
    aug g = {.n = b->nv};
    for (int e = 0; e < b->ne; e++)
        aug_edge(&g, b->eu[e], b->ev[e], 1.0);
    int *stamp = cy_xmalloc(sizeof(int) * (size_t)b->nv);
    for (int v = 0; v < b->nv; v++)
        stamp[v] = -1;
    int maxlen = 0;
    for (int f = 0; f < nf; f++)
        if (cy_face_len(b, f) > maxlen)
            maxlen = cy_face_len(b, f);
    int *w = cy_xmalloc(sizeof(int) * (size_t)maxlen);
    int *ring = cy_xmalloc(sizeof(int) * (size_t)maxlen);
    int *boundary = NULL, nb = 0;
    for (int f = 0; f < nf; f++) {
        int k = cy_face_len(b, f);
        for (int i = 0; i < k; i++)
            w[i] = cy_tail(b, b->fdarts[b->fstart[f] + i]);
        int simple = walk_simple(w, k, stamp, f);
        if (f == outer) {
            boundary = cy_xmalloc(sizeof(int) * (size_t)k);
            nb = k;
            if (simple)
                memcpy(boundary, w, sizeof(int) * (size_t)k);
            else {
                add_ring(&g, w, k, ring);
                memcpy(boundary, ring, sizeof(int) * (size_t)k);
            }
        } else if (simple && k > 3) {
            int z = aug_vertex(&g);
            for (int i = 0; i < k; i++)
                aug_edge(&g, z, w[i], DUMMY_WEIGHT);
        } else if (!simple) {
            add_ring(&g, w, k, ring);
            int z = aug_vertex(&g);
            for (int i = 0; i < k; i++)
                aug_edge(&g, z, ring[i], DUMMY_WEIGHT);
        }
    }
    free(w);
    free(ring);
    free(stamp);

    double *pos = cy_xcalloc(2 * (size_t)g.n, sizeof(double));
    unsigned char *fixed = cy_xcalloc((size_t)g.n, 1);
    /* counterclockwise, starting so that the polygon stands on a side */
    for (int i = 0; i < nb; i++) {
        double a = -PI / 2 - PI / nb + 2 * PI * i / nb;
        pos[2 * boundary[i]] = cos(a);
        pos[2 * boundary[i] + 1] = sin(a);
        fixed[boundary[i]] = 1;
    }
    barycentric(&g, fixed, pos);
    memcpy(xy, pos, sizeof(double) * 2 * (size_t)b->nv);
    free(pos);
    free(fixed);
    free(boundary);
    free(g.eu);
    free(g.ev);
    free(g.w);
    if (b->ne <= CHECK_MAX_EDGES && !layout_ok(b, xy))
        return cy_error_set(err, "the computed layout is too cramped to draw without crossings "
                                 "(give the board coordinates)");
    return 0;
}

int cy_layout(const cy_board *b, double *xy, cy_error *err)
{
    int own = b->has_coords;
    for (int v = 0; v < b->nv && own; v++)
        own = isfinite(b->x[v]) && isfinite(b->y[v]);
    if (own) {
        for (int v = 0; v < b->nv; v++) {
            xy[2 * v] = b->x[v];
            xy[2 * v + 1] = b->y[v];
        }
        return 0;
    }
    return tutte_layout(b, xy, err);
}
