/*
 * layout.c - coordinates for drawing a board (cy_layout).
 *
 * A board with coordinates of its own is drawn with them.  Otherwise the
 * layout is computed from the embedding alone, so it has the board's faces
 * and rotations and no crossings:
 *
 *  1. The plane graph is completed to a triangulated disk by temporary
 *     edges and ("dummy") vertices, without touching the original edges:
 *       - a face whose walk passes a vertex more than once (bridges, cut
 *         vertices, trees) first gets shortcuts: at a corner w_i of a vertex
 *         the walk visits again, between two edges that are not bridges, the
 *         edge w_i-1 - w_i+1 is added inside the face when those two differ
 *         and are not yet joined, cutting off the triangle w_i-1 w_i w_i+1.
 *         This spreads blocks that meet at a cut vertex apart (where the
 *         rings below would squeeze them together) and often leaves a simple
 *         walk;
 *       - a cell whose walk is then a simple cycle of length 3 gets nothing;
 *       - a cell whose walk is a longer simple cycle gets one dummy joined to
 *         each of its vertices (a star: triangles z w_i w_i+1);
 *       - a face whose walk still repeats a vertex gets a ring of corner
 *         dummies c_0 .. c_k-1, one per step w_i -> w_i+1 of the walk, with
 *         edges c_i-w_i, c_i-w_i+1 and c_i-c_i+1, and (for a cell) one more
 *         dummy joined to the whole ring.  The triangles w_i w_i+1 c_i and
 *         c_i w_i+1 c_i+1 fill the band between walk and ring; since every
 *         corner has a ring vertex of its own, no two of the new edges are
 *         parallel, so the graph stays simple.
 *     The outer face is the disk's boundary: its walk when that is (after
 *     shortcuts) a simple cycle, else its ring of corner dummies, which then
 *     surrounds the whole board.
 *  2. The boundary is placed on a regular polygon (counterclockwise, so that
 *     cells run clockwise, the convention of the game tables) and every other
 *     vertex at a weighted average of its neighbours (Tutte's barycentric
 *     method, solved by conjugate gradients).  For a triangulated disk whose
 *     boundary is a strictly convex polygon, any such convex-combination map
 *     with positive weights is an embedding with the given rotations
 *     (Floater, "One-to-one piecewise linear mappings over triangulations",
 *     2003, after Tutte 1963), so the original graph, a subgraph of it, is
 *     drawn with straight lines, without crossings and with the board's
 *     rotation at every vertex.
 *  3. The temporary edges and vertices are dropped.  A board whose faces are
 *     all triangles (and whose outer walk is simple) gets none: its layout
 *     is Tutte's plain one.
 *  4. The barycentric drawing has no vertex resolution: trees and paths
 *     hanging inside a face are squeezed onto a few points, and some
 *     vertices lie next to edges.  cyi_layout_spread (layout_spread.c) then
 *     moves the vertices under repelling and attracting forces, one step at
 *     a time, each step kept only when the drawing stays a plane drawing with
 *     the board's rotations and outer face, so the embedding is the same.
 *
 * The weights of the temporary edges (below) were chosen by eye and by the
 * smallest vertex-to-edge distance over the families and random boards; any
 * positive weights keep the proof.  Floating point can in principle still
 * squeeze a layout too much, so boards of up to CHECK_MAX_EDGES edges are
 * checked afterwards and refused with a message rather than drawn crossed
 * (the spreading starts only from a drawing that passes, and its result is
 * checked the same way, falling back to the barycentric drawing).
 */
#include "internal.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Weights of the edges the layout adds (board edges weigh 1): a shortcut
 * across a corner, a star spoke, a ring vertex's edges to the walk, along
 * the ring and to the ring's centre. */
static const double W_SHORTCUT = 2, W_STAR = 2, W_RING_WALK = 2, W_RING = 0.5, W_RING_CENTRE = 20;
/* The crossing check after the solve runs on boards up to this many edges. */
#define CHECK_MAX_EDGES 4000

static const double PI = 3.14159265358979323846;

/* The augmented graph: vertices 0..nv-1 are the board's, the rest dummies;
 * a hash set of the edges between board vertices keeps it simple. */
typedef struct aug {
    int n;      /* vertices */
    int m, cap; /* edges and room */
    int *eu, *ev;
    double *w;
    uint64_t *set; /* edges u-v (u < v, board vertices) as (u << 32 | v) + 1; 0 = empty */
    size_t setcap, setn;
} aug;

/* Adds a vertex; returns its number. */
static int aug_vertex(aug *g)
{
    return g->n++;
}

/* The slot of key in the edge set (where it is, or the empty slot where it
 * would go). */
static size_t set_slot(const aug *g, uint64_t key)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    size_t i = (size_t)(h >> 20) & (g->setcap - 1);
    while (g->set[i] && g->set[i] != key)
        i = (i + 1) & (g->setcap - 1);
    return i;
}

/* The key of the pair u, v. */
static uint64_t pair_key(int u, int v)
{
    if (u > v) {
        int t = u;
        u = v;
        v = t;
    }
    return ((uint64_t)(unsigned)u << 32 | (unsigned)v) + 1;
}

/* Whether board vertices u and v are joined in g. */
static int aug_adjacent(const aug *g, int u, int v)
{
    return g->setcap && g->set[set_slot(g, pair_key(u, v))] != 0;
}

/* Adds the edge u-v of weight w (and records it when both ends are board
 * vertices, nv of them). */
static void aug_edge(aug *g, int u, int v, double w, int nv)
{
    if (g->m == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 64;
        g->eu = cyi_xrealloc(g->eu, sizeof(int) * (size_t)g->cap);
        g->ev = cyi_xrealloc(g->ev, sizeof(int) * (size_t)g->cap);
        g->w = cyi_xrealloc(g->w, sizeof(double) * (size_t)g->cap);
    }
    g->eu[g->m] = u;
    g->ev[g->m] = v;
    g->w[g->m] = w;
    g->m++;
    if (u >= nv || v >= nv)
        return;
    if (2 * (g->setn + 1) > g->setcap) {
        uint64_t *old = g->set;
        size_t oldcap = g->setcap;
        g->setcap = oldcap ? 2 * oldcap : 256;
        g->set = cyi_xcalloc(g->setcap, sizeof(uint64_t));
        for (size_t i = 0; i < oldcap; i++)
            if (old[i])
                g->set[set_slot(g, old[i])] = old[i];
        free(old);
    }
    size_t i = set_slot(g, pair_key(u, v));
    if (!g->set[i]) {
        g->set[i] = pair_key(u, v);
        g->setn++;
    }
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

/* Shortens the walk of face f, w[0..k) with darts fd[0..k) (w[i] the tail of
 * fd[i]), by shortcuts: at a corner w[i] whose vertex the walk visits again,
 * between two edges that are not bridges, the edge w[i-1]-w[i+1] is added
 * inside the face (when those differ and are not yet joined), cutting off the
 * triangle w[i-1] w[i] w[i+1].  This spreads blocks that meet at a cut vertex
 * apart, where the rings below would squeeze them together.  cnt is an
 * nv-array of zeros (left zero).  Returns the new length; w is rewritten. */
static int shortcut(aug *g, const cy_board *b, int *w, const int *fd, int k, int *cnt)
{
    if (k <= 3)
        return k;
    int *prev = cyi_xmalloc(sizeof(int) * (size_t)k), *next = cyi_xmalloc(sizeof(int) * (size_t)k);
    int *queue = cyi_xmalloc(sizeof(int) * (size_t)(3 * k));
    unsigned char *alive = cyi_xmalloc((size_t)k), *bridge = cyi_xmalloc((size_t)k);
    int nq = 0, len = k;
    for (int i = 0; i < k; i++) {
        prev[i] = (i + k - 1) % k;
        next[i] = (i + 1) % k;
        alive[i] = 1;
        /* the edge of fd[i] is a bridge when the face lies on both its sides */
        bridge[i] = b->dface[fd[i]] == b->dface[cy_dart_rev(fd[i])];
        cnt[w[i]]++;
    }
    for (int i = 0; i < k; i++)
        if (cnt[w[i]] > 1)
            queue[nq++] = i;
    /* bridge[i] is about the step from corner i to corner next[i]; a
     * shortcut's step is never a bridge */
    for (int q = 0; q < nq && len > 3; q++) {
        int i = queue[q];
        if (!alive[i] || cnt[w[i]] <= 1 || bridge[i] || bridge[prev[i]])
            continue;
        int p = prev[i], n = next[i];
        if (w[p] == w[n] || aug_adjacent(g, w[p], w[n]))
            continue;
        aug_edge(g, w[p], w[n], W_SHORTCUT, b->nv);
        alive[i] = 0;
        cnt[w[i]]--;
        next[p] = n;
        prev[n] = p;
        bridge[p] = 0;
        len--;
        queue[nq++] = p;
        queue[nq++] = n;
    }
    int s = 0;
    while (!alive[s])
        s++;
    int *out = cyi_xmalloc(sizeof(int) * (size_t)len);
    for (int j = 0, i = s; j < len; j++, i = next[i])
        out[j] = w[i];
    for (int i = 0; i < k; i++)
        cnt[w[i]] = 0;
    memcpy(w, out, sizeof(int) * (size_t)len);
    free(out);
    free(prev);
    free(next);
    free(queue);
    free(alive);
    free(bridge);
    return len;
}

/* Adds a ring of corner dummies for the walk w[0..k) (k >= 3); ring[i] gets
 * the dummy of step w[i] -> w[i+1]. */
static void add_ring(aug *g, const int *w, int k, int *ring, int nv)
{
    for (int i = 0; i < k; i++)
        ring[i] = aug_vertex(g);
    for (int i = 0; i < k; i++) {
        aug_edge(g, ring[i], w[i], W_RING_WALK, nv);
        aug_edge(g, ring[i], w[(i + 1) % k], W_RING_WALK, nv);
        aug_edge(g, ring[i], ring[(i + 1) % k], W_RING, nv);
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
    int *start = cyi_xcalloc((size_t)n + 1, sizeof(int));
    for (int e = 0; e < g->m; e++) {
        start[g->eu[e] + 1]++;
        start[g->ev[e] + 1]++;
    }
    for (int v = 0; v < n; v++)
        start[v + 1] += start[v];
    int *adj = cyi_xmalloc(sizeof(int) * (size_t)(2 * g->m + 1));
    double *wt = cyi_xmalloc(sizeof(double) * (size_t)(2 * g->m + 1));
    int *fill = cyi_xmalloc(sizeof(int) * (size_t)n);
    memcpy(fill, start, sizeof(int) * (size_t)n);
    for (int e = 0; e < g->m; e++) {
        adj[fill[g->eu[e]]] = g->ev[e];
        wt[fill[g->eu[e]]++] = g->w[e];
        adj[fill[g->ev[e]]] = g->eu[e];
        wt[fill[g->ev[e]]++] = g->w[e];
    }
    free(fill);
    double *diag = cyi_xcalloc((size_t)n, sizeof(double));
    for (int v = 0; v < n; v++)
        for (int i = start[v]; i < start[v + 1]; i++)
            diag[v] += wt[i];
    double *x = cyi_xcalloc((size_t)n, sizeof(double)), *r = cyi_xcalloc((size_t)n, sizeof(double));
    double *z = cyi_xcalloc((size_t)n, sizeof(double)), *p = cyi_xcalloc((size_t)n, sizeof(double));
    double *q = cyi_xcalloc((size_t)n, sizeof(double));
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
            if (sqrt(rnorm) <= 1e-13 * bnorm)
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
        aug_edge(&g, b->eu[e], b->ev[e], 1.0, b->nv);
    int *stamp = cyi_xmalloc(sizeof(int) * (size_t)b->nv);
    int *cnt = cyi_xcalloc((size_t)b->nv, sizeof(int));
    for (int v = 0; v < b->nv; v++)
        stamp[v] = -1;
    int maxlen = 0;
    for (int f = 0; f < nf; f++)
        if (cy_face_len(b, f) > maxlen)
            maxlen = cy_face_len(b, f);
    int *w = cyi_xmalloc(sizeof(int) * (size_t)maxlen);
    int *ring = cyi_xmalloc(sizeof(int) * (size_t)maxlen);
    int *boundary = NULL, nb = 0;
    for (int f = 0; f < nf; f++) {
        int k = cy_face_len(b, f);
        const int *fd = b->fdarts + b->fstart[f];
        for (int i = 0; i < k; i++)
            w[i] = cy_tail(b, fd[i]);
        if (!walk_simple(w, k, stamp, 2 * f))
            k = shortcut(&g, b, w, fd, k, cnt);
        int simple = walk_simple(w, k, stamp, 2 * f + 1);
        if (f == outer) {
            boundary = cyi_xmalloc(sizeof(int) * (size_t)k);
            nb = k;
            if (simple)
                memcpy(boundary, w, sizeof(int) * (size_t)k);
            else {
                add_ring(&g, w, k, ring, b->nv);
                memcpy(boundary, ring, sizeof(int) * (size_t)k);
            }
        } else if (simple && k > 3) {
            int z = aug_vertex(&g);
            for (int i = 0; i < k; i++)
                aug_edge(&g, z, w[i], W_STAR, b->nv);
        } else if (!simple) {
            add_ring(&g, w, k, ring, b->nv);
            int z = aug_vertex(&g);
            for (int i = 0; i < k; i++)
                aug_edge(&g, z, ring[i], W_RING_CENTRE, b->nv);
        }
    }
    free(w);
    free(ring);
    free(stamp);
    free(cnt);
    free(g.set);

    double *pos = cyi_xcalloc(2 * (size_t)g.n, sizeof(double));
    unsigned char *fixed = cyi_xcalloc((size_t)g.n, 1);
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
    if (b->ne <= CHECK_MAX_EDGES && !cyi_layout_ok(b, xy))
        return cy_error_set(err, "the computed layout is too cramped to draw without crossings "
                                 "(give the board coordinates)");
    /* 4. spread out what the barycentric layout squeezes (layout_spread.c) */
    if (b->ne <= CHECK_MAX_EDGES) {
        double *keep = cyi_xmalloc(sizeof(double) * 2 * (size_t)b->nv);
        memcpy(keep, xy, sizeof(double) * 2 * (size_t)b->nv);
        cyi_layout_spread(b, xy);
        if (!cyi_layout_ok(b, xy))
            memcpy(xy, keep, sizeof(double) * 2 * (size_t)b->nv);
        free(keep);
    }
    return 0;
}

/* The board's own coordinates when all are finite numbers, else the
 * computed layout (see the top of this file). */
int cy_layout(const cy_board *b, double *xy, cy_error *err)
{
    if (b->surface) {
        char s[64];
        return cy_error_set(err,
                            "the board lies on %s, not in the plane, so it has no plane drawing; `cycles show` lists its cells and arrows",
                            cy_board_surface(b, s, sizeof s));
    }
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

int cyi_layout_computed(const cy_board *b, double *xy, cy_error *err)
{
    if (b->surface)
        return cy_layout(b, xy, err);
    return tutte_layout(b, xy, err);
}
