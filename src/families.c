/*
 * families.c - named boards ("k4", "cycle:5", "grid:3x4", ...), built from
 * their face walks with cy_board_from_faces.
 *
 * Conventions shared by every family:
 *  - vertices are labelled "1" .. "n" in the order the family's definition
 *    gives (see the table in cy_family_list and the comments below);
 *  - coordinates, where a family has them, have y pointing up, and the
 *    drawing is a straight-line drawing without crossings;
 *  - every cell walk runs clockwise in that drawing and the outer face walk
 *    counterclockwise, so each face lies on the right of its darts; the outer
 *    face is always given explicitly, never derived;
 *  - only path ends, star leaves and spider leaves are special.
 *
 * Error messages do not repeat the spec: the caller names it (the CLI prints
 * "cycles: SPEC: MESSAGE").
 *
 * Parameters are whole numbers written with digits only; numbers saturate
 * while they are read, so no input overflows, and a board is refused before
 * it is built when it would exceed FAM_MAX_EDGES edges or FAM_MAX_VERTICES
 * vertices.
 */
#include "internal.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define FAM_MAX_EDGES 100000
#define FAM_MAX_VERTICES CY_MAX_VERTICES
#define FAM_NUM_CAP 1000000000L /* larger numbers are read as FAM_NUM_CAP + 1 */

static const double PI = 3.14159265358979323846;

/* ------------------------------------------------------------ the builder */

/* A board under construction: walks (cells, then the outer face last), flags
 * and coordinates; vertex numbers are 0-based. */
typedef struct build {
    int nv;
    int *w; /* all walks, concatenated */
    size_t wlen, wcap;
    size_t *wend; /* end of each finished walk in w */
    int nwalk, wendcap;
    int have_outer;
    int surface, orientable, genus; /* a board on a closed surface (no outer face) */
    unsigned char *special;
    double *xy; /* 2*nv coordinates, or NULL */
} build;

/* The context of one cy_family_build call: the spec (the board's name) and
 * an escaped copy of it (cy_escape, cut at 80 bytes) for messages. */
typedef struct ctx {
    const char *spec;
    char show[4 * 80 + 8];
} ctx;

/* Starts a board of nv vertices, with room for coordinates when coords. */
static void b_init(build *b, int nv, int coords)
{
    memset(b, 0, sizeof *b);
    b->nv = nv;
    b->special = cyi_xcalloc((size_t)nv, 1);
    b->xy = coords ? cyi_xcalloc(2 * (size_t)nv, sizeof(double)) : NULL;
}

/* Releases everything b holds. */
static void b_free(build *b)
{
    free(b->w);
    free(b->wend);
    free(b->special);
    free(b->xy);
    memset(b, 0, sizeof *b);
}

/* Appends vertex v to the walk being written. */
static void b_v(build *b, int v)
{
    if (b->wlen == b->wcap) {
        b->wcap = b->wcap ? 2 * b->wcap : 64;
        b->w = cyi_xrealloc(b->w, sizeof(int) * b->wcap);
    }
    b->w[b->wlen++] = v;
}

/* Appends vertices from, from+step, ... (count of them) to the walk. */
static void b_run(build *b, int from, int count, int step)
{
    for (int i = 0; i < count; i++)
        b_v(b, from + i * step);
}

/* Finishes the walk being written as the next cell. */
static void b_cell(build *b)
{
    if (b->nwalk == b->wendcap) {
        b->wendcap = b->wendcap ? 2 * b->wendcap : 16;
        b->wend = cyi_xrealloc(b->wend, sizeof(size_t) * (size_t)b->wendcap);
    }
    b->wend[b->nwalk++] = b->wlen;
}

/* Finishes the walk being written as the outer face (the last walk). */
static void b_outer(build *b)
{
    b_cell(b);
    b->have_outer = 1;
}

/* Sets the coordinates of vertex v (when the board has coordinates). */
static void b_xy(build *b, int v, double x, double y)
{
    if (b->xy) {
        b->xy[2 * v] = x;
        b->xy[2 * v + 1] = y;
    }
}

/* Rounds the coordinates computed for a family (n points, or none) to 9
 * decimal places of the largest one's power of ten, as a decimal divided
 * by a power of ten, so that the noise of the trigonometry (3.5e-17 for 0,
 * 0.5000000000000001) is gone and the files written show the short numbers
 * they read back as. */
static void snap(double *xy, int n)
{
    if (!xy)
        return;
    double m = 0;
    for (int i = 0; i < 2 * n; i++)
        m = fmax(m, fabs(xy[i]));
    if (!(m > 0) || !isfinite(m))
        return;
    int e = (int)floor(log10(m)) - 9;
    if (e >= 0 || e < -22)
        return; /* 10^-e must be exact */
    double p = pow(10, -e);
    for (int i = 0; i < 2 * n; i++) {
        xy[i] = round(xy[i] * p) / p;
        if (xy[i] == 0)
            xy[i] = 0; /* no -0 */
    }
}

/* Turns b into a board named spec and frees b; NULL with a message if the
 * model refuses it (which would be a bug here). */
static cy_board *b_finish(build *b, const ctx *c, cy_error *err)
{
    int ncells = b->nwalk - (b->have_outer ? 1 : 0);
    const int **cells = cyi_xmalloc(sizeof(int *) * (size_t)(ncells + 1));
    int *len = cyi_xmalloc(sizeof(int) * (size_t)(b->nwalk + 1));
    for (int i = 0; i < b->nwalk; i++) {
        size_t s = i ? b->wend[i - 1] : 0;
        len[i] = (int)(b->wend[i] - s);
        if (i < ncells)
            cells[i] = b->w + s;
    }
    snap(b->xy, b->nv);
    cy_board_desc d = {
        .nv = b->nv,
        .labels = NULL,
        .ncells = ncells,
        .cells = cells,
        .cell_len = len,
        .outer = b->have_outer ? b->w + (b->nwalk > 1 ? b->wend[b->nwalk - 2] : 0) : NULL,
        .outer_len = b->have_outer ? len[b->nwalk - 1] : 0,
        .special = b->special,
        .xy = b->xy,
        .name = c->spec,
        .surface = b->surface,
        .orientable = b->orientable,
        .genus = b->genus,
    };
    cy_error e2;
    cy_board *r = cy_board_from_faces(&d, &e2);
    if (!r)
        cy_error_set(err, "internal error building the board: %s", e2.msg);
    free(cells);
    free(len);
    b_free(b);
    return r;
}

/* Places vertices first .. first+n-1 clockwise on a regular n-gon with unit
 * sides, centred at the origin, the first at the top; returns the radius. */
static double b_polygon(build *b, int first, int n)
{
    double r = 0.5 / sin(PI / n);
    for (int i = 0; i < n; i++) {
        double a = PI / 2 - 2 * PI * i / n;
        b_xy(b, first + i, r * cos(a), r * sin(a));
    }
    return r;
}

/* ------------------------------------------------------------- parameters */

/* Copies spec into c->show escaped by cy_escape, cut at 80 bytes. */
static void ctx_init(ctx *c, const char *spec)
{
    c->spec = spec;
    size_t n = strlen(spec), k = n > 80 ? 80 : n;
    cy_escape(c->show, sizeof c->show - 4, spec, k, 0);
    if (k < n)
        strcat(c->show, "...");
}

/* Parses p as whole numbers separated by sep into a malloc'd *out of *n
 * entries (numbers above FAM_NUM_CAP read as FAM_NUM_CAP + 1); 0 on
 * success, -1 on bad syntax, -2 when there are more than FAM_MAX_EDGES
 * numbers (no allocation left behind on failure). */
static int parse_nums(const char *p, char sep, long **out, int *n)
{
    size_t count = 1;
    for (const char *q = p; *q; q++)
        if (*q == sep && ++count > FAM_MAX_EDGES)
            return -2;
    long *a = cyi_xmalloc(sizeof(long) * count);
    size_t k = 0;
    for (;;) {
        if (*p < '0' || *p > '9' || k == count) {
            free(a);
            return -1;
        }
        long v = 0;
        for (; *p >= '0' && *p <= '9'; p++)
            if (v <= FAM_NUM_CAP)
                v = v * 10 + (*p - '0');
        a[k++] = v > FAM_NUM_CAP ? FAM_NUM_CAP + 1 : v;
        if (*p == 0)
            break;
        if (*p != sep) {
            free(a);
            return -1;
        }
        p++;
    }
    *out = a;
    *n = (int)k;
    return 0;
}

/* Refuses boards with more vertices or edges than the families allow. */
static int check_size(int64_t nv, int64_t ne, cy_error *err)
{
    if (ne > FAM_MAX_EDGES)
        return cy_error_set(err, "too large: the board would have more than %d edges", FAM_MAX_EDGES);
    if (nv > FAM_MAX_VERTICES)
        return cy_error_set(err, "too large: the board would have more than %d vertices", FAM_MAX_VERTICES);
    return 0;
}

/* Reads the parameters of a family with usage text: between lo and hi
 * numbers separated by sep.  Returns 0 and a malloc'd array, or -1 with a
 * message naming the usage. */
static int get_nums(const char *params, const char *usage, char sep, int lo, int hi, long **out, int *n, cy_error *err)
{
    if (!params || !*params)
        return cy_error_set(err, "expected %s", usage);
    int rc = parse_nums(params, sep, out, n);
    if (rc == -2)
        return check_size(0, INT64_MAX, err);
    if (rc < 0)
        return cy_error_set(err, "expected %s, with whole numbers written in digits", usage);
    if (*n < lo || *n > hi) {
        free(*out);
        *out = NULL;
        return cy_error_set(err, "expected %s", usage);
    }
    return 0;
}

/* ---------------------------------------------------------------- families */

/* Refuses any parameter for a family that takes none. */
static int no_params(const char *params, const char *name, cy_error *err)
{
    if (params)
        return cy_error_set(err, "%s takes no parameters", name);
    return 0;
}

/* k4: triangle 1,2,3 (clockwise from the top) with centre 4. */
static cy_board *fam_k4(const ctx *c, const char *params, cy_error *err)
{
    if (no_params(params, "k4", err) < 0)
        return NULL;
    build b;
    b_init(&b, 4, 1);
    b_polygon(&b, 0, 3);
    b_xy(&b, 3, 0, 0);
    for (int i = 0; i < 3; i++) {
        b_v(&b, i);
        b_v(&b, (i + 1) % 3);
        b_v(&b, 3);
        b_cell(&b);
    }
    b_run(&b, 2, 3, -1);
    b_outer(&b);
    return b_finish(&b, c, err);
}

/* Writes the outer face of the cycle 0..n-1 (cell clockwise): n-1 .. 0. */
static void cycle_outer(build *b, int n)
{
    b_run(b, n - 1, n, -1);
    b_outer(b);
}

/* cycle:N: the N-cycle 1..N clockwise, one cell. */
static cy_board *fam_cycle(const ctx *c, const char *params, cy_error *err)
{
    long *a, n;
    int k;
    if (get_nums(params, "cycle:N", ',', 1, 1, &a, &k, err) < 0)
        return NULL;
    n = a[0];
    free(a);
    if (n < 3)
        return cy_error_set(err, "N must be at least 3"), NULL;
    if (check_size(n, n, err) < 0)
        return NULL;
    build b;
    b_init(&b, (int)n, 1);
    b_polygon(&b, 0, (int)n);
    b_run(&b, 0, (int)n, 1);
    b_cell(&b);
    cycle_outer(&b, (int)n);
    return b_finish(&b, c, err);
}

/* chord:N,K: the N-cycle with the chord 1-(K+1); cells 1..K+1 and K+1..N,1. */
static cy_board *fam_chord(const ctx *c, const char *params, cy_error *err)
{
    long *a, n, kk;
    int cnt;
    if (get_nums(params, "chord:N,K", ',', 2, 2, &a, &cnt, err) < 0)
        return NULL;
    n = a[0];
    kk = a[1];
    free(a);
    if (n < 4)
        return cy_error_set(err, "N must be at least 4"), NULL;
    if (check_size(n, n + 1, err) < 0)
        return NULL;
    if (kk < 2 || kk > n - 2)
        return cy_error_set(err, "K must be between 2 and N-2 = %ld", n - 2), NULL;
    int N = (int)n, K = (int)kk;
    build b;
    b_init(&b, N, 1);
    b_polygon(&b, 0, N);
    b_run(&b, 0, K + 1, 1);
    b_cell(&b);
    b_run(&b, K, N - K, 1);
    b_v(&b, 0);
    b_cell(&b);
    cycle_outer(&b, N);
    return b_finish(&b, c, err);
}

/* inner:N: the N-cycle with vertex N+1 inside joined to 1 and 2; cells the
 * triangle 1,2,N+1 and the (N+1)-cell 2..N,1,N+1. */
static cy_board *fam_inner(const ctx *c, const char *params, cy_error *err)
{
    long *a, n;
    int k;
    if (get_nums(params, "inner:N", ',', 1, 1, &a, &k, err) < 0)
        return NULL;
    n = a[0];
    free(a);
    if (n < 3)
        return cy_error_set(err, "N must be at least 3"), NULL;
    if (check_size(n + 1, n + 2, err) < 0)
        return NULL;
    int N = (int)n;
    build b;
    b_init(&b, N + 1, 1);
    b_polygon(&b, 0, N);
    /* halfway from the middle of side 1-2 to the centre */
    b_xy(&b, N, (b.xy[0] + b.xy[2]) / 4, (b.xy[1] + b.xy[3]) / 4);
    b_v(&b, 0);
    b_v(&b, 1);
    b_v(&b, N);
    b_cell(&b);
    b_run(&b, 1, N - 1, 1);
    b_v(&b, 0);
    b_v(&b, N);
    b_cell(&b);
    cycle_outer(&b, N);
    return b_finish(&b, c, err);
}

/* The generalised theta graph on paths of len[0..k) edges, drawn top to
 * bottom: poles 1 (left) and 2 (right), then the inner vertices of each path
 * in order, each from left to right.  Cell i lies between paths i and i+1. */
static cy_board *make_theta(const ctx *c, const long *len, int k, cy_error *err)
{
    int64_t nv = 2, ne = 0;
    int ones = 0, one_at = -1;
    for (int i = 0; i < k; i++) {
        if (len[i] < 1)
            return cy_error_set(err, "every path needs at least 1 edge"), NULL;
        if (len[i] == 1) {
            ones++;
            one_at = i;
        }
        nv += len[i] - 1;
        ne += len[i];
    }
    if (ones > 1)
        return cy_error_set(err, "at most one path may have 1 edge (two would be parallel edges)"), NULL;
    if (check_size(nv, ne, err) < 0)
        return NULL;
    int *first = cyi_xmalloc(sizeof(int) * (size_t)k); /* first inner vertex of each path */
    int next = 2;
    for (int i = 0; i < k; i++) {
        first[i] = next;
        next += (int)len[i] - 1;
    }
    build b;
    b_init(&b, (int)nv, 1);

    /* Drawing: the path with 1 edge (else the middle one) runs straight along
     * the x axis from (0,0) to (W,0).  A path at rank r >= 1 above or below it
     * is the graph of min(r, s x, s (W-x)) (mirrored below): a path of 2
     * edges has its vertex at (W/2, r); a longer one rises to (w, r) with
     * w = W/2 (r+1/2)/(r+1) and runs flat to (W-w, r).  The slopes s grow
     * strictly with r, so each path lies strictly outside the ones nearer
     * the axis on (0, W) and no two edges cross. */
    int m = one_at >= 0 ? one_at : (k - 1) / 2;
    int maxr = m > k - 1 - m ? m : k - 1 - m;
    double W = 2;
    for (int i = 0; i < k; i++) {
        int r = i < m ? m - i : i - m;
        double need = r == 0 ? (double)len[i] : len[i] >= 3 ? 2.0 * (r + 1) * (double)(len[i] - 2) : 2;
        if (need > W)
            W = need;
    }
    double hs = W / (2.0 * (maxr + 1)); /* vertical scale */
    b_xy(&b, 0, 0, 0);
    b_xy(&b, 1, W, 0);
    for (int i = 0; i < k; i++) {
        int r = i < m ? m - i : i - m, L = (int)len[i];
        double y = (i < m ? r : -r) * hs;
        for (int j = 1; j < L; j++) {
            double x;
            if (r == 0)
                x = W * j / L;
            else if (L == 2)
                x = W / 2;
            else {
                double w = W / 2 * (r + 0.5) / (r + 1);
                x = w + (W - 2 * w) * (j - 1) / (L - 2);
            }
            b_xy(&b, first[i] + j - 1, x, y);
        }
    }

    for (int i = 0; i + 1 < k; i++) {
        b_v(&b, 0);
        b_run(&b, first[i], (int)len[i] - 1, 1);
        b_v(&b, 1);
        b_run(&b, first[i + 1] + (int)len[i + 1] - 2, (int)len[i + 1] - 1, -1);
        b_cell(&b);
    }
    b_v(&b, 0);
    b_run(&b, first[k - 1], (int)len[k - 1] - 1, 1);
    b_v(&b, 1);
    b_run(&b, first[0] + (int)len[0] - 2, (int)len[0] - 1, -1);
    b_outer(&b);
    free(first);
    return b_finish(&b, c, err);
}

/* theta:A,B,C: three paths between the poles 1 and 2, B drawn in the middle. */
static cy_board *fam_theta(const ctx *c, const char *params, cy_error *err)
{
    long *a;
    int k;
    if (get_nums(params, "theta:A,B,C (three path lengths; gtheta takes any number)", ',', 3, 3, &a, &k, err) < 0)
        return NULL;
    cy_board *r = make_theta(c, a, k, err);
    free(a);
    return r;
}

/* gtheta:A,B,...: two or more paths between the poles 1 and 2. */
static cy_board *fam_gtheta(const ctx *c, const char *params, cy_error *err)
{
    long *a;
    int k;
    if (get_nums(params, "gtheta:A,B,... (two or more path lengths)", ',', 2, FAM_MAX_EDGES + 1, &a, &k, err) < 0)
        return NULL;
    cy_board *r = make_theta(c, a, k, err);
    free(a);
    return r;
}

/* The path 0..n-1 along the x axis (a tree: the outer face walks it there
 * and back), with its ends special when ends_special. */
static void make_path(build *b, int n, int ends_special)
{
    for (int i = 0; i < n; i++)
        b_xy(b, i, i, 0);
    b_run(b, 0, n, 1);
    b_run(b, n - 2, n - 2, -1);
    b_outer(b);
    if (ends_special)
        b->special[0] = b->special[n - 1] = 1;
}

/* grid:RxC: R rows of C vertices, labelled row by row from the top left;
 * cell (r,c) runs (r,c) (r,c+1) (r+1,c+1) (r+1,c). */
static cy_board *fam_grid(const ctx *c, const char *params, cy_error *err)
{
    long *a;
    int k;
    if (get_nums(params, "grid:RxC", 'x', 2, 2, &a, &k, err) < 0)
        return NULL;
    long R = a[0], C = a[1];
    free(a);
    if (R < 1 || C < 1)
        return cy_error_set(err, "rows and columns must be at least 1"), NULL;
    if (R == 1 && C == 1)
        return cy_error_set(err, "a 1x1 grid has no edges"), NULL;
    if (check_size((int64_t)R * C, (int64_t)R * (C - 1) + (int64_t)C * (R - 1), err) < 0)
        return NULL;
    int nr = (int)R, nc = (int)C;
    build b;
    b_init(&b, nr * nc, 1);
    if (nr == 1 || nc == 1) {
        make_path(&b, nr * nc, 0);
        for (int i = 0; i < nr * nc; i++) /* lay it out as a row or a column */
            b_xy(&b, i, nr == 1 ? i : 0, nr == 1 ? 0 : -i);
        return b_finish(&b, c, err);
    }
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nc; q++)
            b_xy(&b, r * nc + q, q, -r);
    for (int r = 0; r + 1 < nr; r++)
        for (int q = 0; q + 1 < nc; q++) {
            int v = r * nc + q;
            b_v(&b, v);
            b_v(&b, v + 1);
            b_v(&b, v + nc + 1);
            b_v(&b, v + nc);
            b_cell(&b);
        }
    /* counterclockwise: down the left column, right along the bottom row,
     * up the right column, left along the top row */
    b_run(&b, 0, nr - 1, nc);
    b_run(&b, (nr - 1) * nc, nc - 1, 1);
    b_run(&b, (nr - 1) * nc + nc - 1, nr - 1, -nc);
    b_run(&b, nc - 1, nc - 1, -1);
    b_outer(&b);
    return b_finish(&b, c, err);
}

/* torus:RxC with R or C below 3: with two rows the vertical edges come in
 * parallel pairs ((0,q) to (1,q) down and up), with one they are loops, so
 * the cells name their edges: horizontal edge r*C+q from (r,q) to (r,q+1),
 * vertical edge R*C + r*C+q from (r,q) to (r+1,q), indices mod R and C. */
static cy_board *torus_named(const ctx *c, int nr, int nc, cy_error *err)
{
    int n = nr * nc;
    int *walk = cyi_xmalloc(sizeof(int) * 4 * (size_t)n), *names = cyi_xmalloc(sizeof(int) * 4 * (size_t)n);
    int **cells = cyi_xmalloc(sizeof(int *) * (size_t)n), **cnames = cyi_xmalloc(sizeof(int *) * (size_t)n);
    /* each cell runs along its top and right edges, back along the others
     * (which with one row or column are loops, whose way this says) */
    static const unsigned char way[4] = {0, 0, 1, 1};
    const unsigned char **rev = cyi_xmalloc(sizeof(unsigned char *) * (size_t)n);
    int *len = cyi_xmalloc(sizeof(int) * (size_t)n);
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nc; q++) {
            int i = r * nc + q, r1 = (r + 1) % nr, q1 = (q + 1) % nc, *w = walk + 4 * i, *m = names + 4 * i;
            w[0] = r * nc + q;
            m[0] = r * nc + q; /* across the top */
            w[1] = r * nc + q1;
            m[1] = n + r * nc + q1; /* down the right */
            w[2] = r1 * nc + q1;
            m[2] = r1 * nc + q; /* back along the bottom */
            w[3] = r1 * nc + q;
            m[3] = n + r * nc + q; /* up the left */
            cells[i] = w;
            cnames[i] = m;
            rev[i] = way;
            len[i] = 4;
        }
    cy_board_desc d = {.nv = n,
                       .ncells = n,
                       .cells = (const int *const *)cells,
                       .cell_len = len,
                       .name = c->spec,
                       .surface = 1,
                       .orientable = 1,
                       .genus = 1,
                       .cell_edges = (const int *const *)cnames,
                       .cell_rev = rev};
    cy_error e2;
    cy_board *b = cy_board_from_faces(&d, &e2);
    if (!b)
        cy_error_set(err, "internal error building the board: %s", e2.msg);
    free(walk);
    free(names);
    free(cells);
    free(cnames);
    free(rev);
    free(len);
    return b;
}

/* torus:RxC: the R x C grid on the torus, R, C >= 1 (with 1 or 2 rows or
 * columns through torus_named), vertices labelled row by row; cell (r,c) runs (r,c) (r,c+1)
 * (r+1,c+1) (r+1,c), indices taken mod R and C, so every face is a 4-cell
 * and there is no outer face.  No coordinates: no straight-line plane
 * drawing exists. */
static cy_board *fam_torus(const ctx *c, const char *params, cy_error *err)
{
    long *a;
    int k;
    if (get_nums(params, "torus:RxC", 'x', 2, 2, &a, &k, err) < 0)
        return NULL;
    long R = a[0], C = a[1];
    free(a);
    if (R < 1 || C < 1)
        return cy_error_set(err, "rows and columns must be at least 1"), NULL;
    if (check_size((int64_t)R * C, 2 * (int64_t)R * C, err) < 0)
        return NULL;
    int nr = (int)R, nc = (int)C;
    if (nr < 3 || nc < 3)
        return torus_named(c, nr, nc, err);
    build b;
    b_init(&b, nr * nc, 0);
    b.surface = 1;
    b.orientable = 1;
    b.genus = 1;
    for (int r = 0; r < nr; r++)
        for (int q = 0; q < nc; q++) {
            int r1 = (r + 1) % nr, q1 = (q + 1) % nc;
            b_v(&b, r * nc + q);
            b_v(&b, r * nc + q1);
            b_v(&b, r1 * nc + q1);
            b_v(&b, r1 * nc + q);
            b_cell(&b);
        }
    return b_finish(&b, c, err);
}

/* projective-k6: K6 on the projective plane (the hemi-icosahedron: the
 * icosahedron with opposite points identified), vertices 1..6, ten
 * triangles: 1 with 2,3,4,5,6 round it, and 2,3,5 / 3,4,6 / 4,5,2 / 5,6,3 /
 * 6,2,4.  V - E + F = 6 - 15 + 10 = 1, one crosscap. */
static cy_board *fam_projective_k6(const ctx *c, const char *params, cy_error *err)
{
    if (no_params(params, "projective-k6", err) < 0)
        return NULL;
    static const int tri[10][3] = {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}, {0, 5, 1},
                                   {1, 2, 4}, {2, 3, 5}, {3, 4, 1}, {4, 5, 2}, {5, 1, 3}};
    build b;
    b_init(&b, 6, 0);
    b.surface = 1;
    b.orientable = 0;
    b.genus = 1;
    for (int i = 0; i < 10; i++) {
        b_v(&b, tri[i][0]);
        b_v(&b, tri[i][1]);
        b_v(&b, tri[i][2]);
        b_cell(&b);
    }
    return b_finish(&b, c, err);
}

/* Cycles of len[0..k) vertices sharing vertex 1, side by side: cycle j has
 * the next len[j]-1 labels in clockwise order from the shared vertex; they
 * sit clockwise around it starting on its left. */
static cy_board *make_wedge(const ctx *c, const long *len, int k, cy_error *err)
{
    int64_t nv = 1, ne = 0;
    for (int j = 0; j < k; j++) {
        if (len[j] < 3)
            return cy_error_set(err, "every cycle needs at least 3 vertices"), NULL;
        nv += len[j] - 1;
        ne += len[j];
    }
    if (check_size(nv, ne, err) < 0)
        return NULL;
    int *first = cyi_xmalloc(sizeof(int) * (size_t)k);
    int next = 1;
    for (int j = 0; j < k; j++) {
        first[j] = next;
        next += (int)len[j] - 1;
    }
    build b;
    b_init(&b, (int)nv, 1);
    /* Cycle j is a convex polygon inscribed in a circle through the shared
     * vertex (the origin), its angle there at most 0.9 (2 pi / k) and
     * bisected by the direction th; the polygons lie in disjoint angular
     * sectors around the origin. */
    for (int j = 0; j < k; j++) {
        int n = (int)len[j];
        double th = PI - 2 * PI * j / k;
        double apex = PI * (n - 2) / n;
        if (apex > 1.8 * PI / k)
            apex = 1.8 * PI / k;
        double delta = PI - apex, rho = 0.5 / sin(PI / n);
        double cx = rho * cos(th), cy = rho * sin(th);
        for (int i = 1; i < n; i++) {
            double phi = th + PI - delta - (2 * PI - 2 * delta) * (i - 1) / (n - 2);
            b_xy(&b, first[j] + i - 1, cx + rho * cos(phi), cy + rho * sin(phi));
        }
    }
    for (int j = 0; j < k; j++) {
        b_v(&b, 0);
        b_run(&b, first[j], (int)len[j] - 1, 1);
        b_cell(&b);
    }
    for (int j = k - 1; j >= 0; j--) {
        b_v(&b, 0);
        b_run(&b, first[j] + (int)len[j] - 2, (int)len[j] - 1, -1);
    }
    b_outer(&b);
    free(first);
    return b_finish(&b, c, err);
}

/* wedge:N1,N2,...: two or more cycles sharing vertex 1, side by side. */
static cy_board *fam_wedge(const ctx *c, const char *params, cy_error *err)
{
    long *a;
    int k;
    if (get_nums(params, "wedge:N1,N2,... (two or more cycle lengths)", ',', 2, FAM_MAX_EDGES + 1, &a, &k, err) < 0)
        return NULL;
    cy_board *r = make_wedge(c, a, k, err);
    free(a);
    return r;
}

/* windmill:K: K triangles sharing vertex 1 (wedge:3,...,3). */
static cy_board *fam_windmill(const ctx *c, const char *params, cy_error *err)
{
    long *a, K;
    int k;
    if (get_nums(params, "windmill:K", ',', 1, 1, &a, &k, err) < 0)
        return NULL;
    K = a[0];
    free(a);
    if (K < 2)
        return cy_error_set(err, "K must be at least 2"), NULL;
    if (check_size(2 * K + 1, 3 * K, err) < 0)
        return NULL;
    long *len = cyi_xmalloc(sizeof(long) * (size_t)K);
    for (long i = 0; i < K; i++)
        len[i] = 3;
    cy_board *r = make_wedge(c, len, (int)K, err);
    free(len);
    return r;
}

/* butterfly: two triangles 1,2,3 and 1,4,5 side by side; butterfly:closed:
 * the triangle 1,4,5 inside the triangle 1,2,3, cells the inner triangle and
 * the ring 1,2,3,1,5,4 between them. */
static cy_board *fam_butterfly(const ctx *c, const char *params, cy_error *err)
{
    if (!params || strcmp(params, "open") == 0) {
        static const long three[2] = {3, 3};
        return make_wedge(c, three, 2, err);
    }
    if (strcmp(params, "closed") != 0)
        return cy_error_set(err, "expected butterfly, butterfly:open or butterfly:closed"), NULL;
    build b;
    b_init(&b, 5, 1);
    static const double xy[10] = {0, 0, -2, 3, 2, 3, -1, 2, 1, 2};
    memcpy(b.xy, xy, sizeof xy);
    static const int inner[3] = {0, 3, 4}, ring[6] = {0, 1, 2, 0, 4, 3}, outer[3] = {0, 2, 1};
    for (int i = 0; i < 3; i++)
        b_v(&b, inner[i]);
    b_cell(&b);
    for (int i = 0; i < 6; i++)
        b_v(&b, ring[i]);
    b_cell(&b);
    for (int i = 0; i < 3; i++)
        b_v(&b, outer[i]);
    b_outer(&b);
    return b_finish(&b, c, err);
}

/* lollipop:N: the N-cycle 1..N with the pendant vertex N+1 joined to 1
 * outside it. */
static cy_board *fam_lollipop(const ctx *c, const char *params, cy_error *err)
{
    long *a, n;
    int k;
    if (get_nums(params, "lollipop:N", ',', 1, 1, &a, &k, err) < 0)
        return NULL;
    n = a[0];
    free(a);
    if (n < 3)
        return cy_error_set(err, "N must be at least 3"), NULL;
    if (check_size(n + 1, n + 1, err) < 0)
        return NULL;
    int N = (int)n;
    build b;
    b_init(&b, N + 1, 1);
    double r = b_polygon(&b, 0, N);
    b_xy(&b, N, 0, r + 1);
    b_run(&b, 0, N, 1);
    b_cell(&b);
    b_v(&b, 0);
    b_v(&b, N);
    b_run(&b, 0, 1, 1);
    b_run(&b, N - 1, N - 1, -1);
    b_outer(&b);
    return b_finish(&b, c, err);
}

/* path:N: the path 1..N+1 of N edges, both ends special. */
static cy_board *fam_path(const ctx *c, const char *params, cy_error *err)
{
    long *a, n;
    int k;
    if (get_nums(params, "path:N", ',', 1, 1, &a, &k, err) < 0)
        return NULL;
    n = a[0];
    free(a);
    if (n < 1)
        return cy_error_set(err, "N must be at least 1"), NULL;
    if (check_size(n + 1, n, err) < 0)
        return NULL;
    build b;
    b_init(&b, (int)n + 1, 1);
    make_path(&b, (int)n + 1, 1);
    return b_finish(&b, c, err);
}

/* Legs of len[0..k) edges from the centre 1, each numbered outwards, placed
 * clockwise from the top; the leg ends are special. */
static cy_board *make_spider(const ctx *c, const long *len, int k, cy_error *err)
{
    int64_t ne = 0;
    for (int j = 0; j < k; j++) {
        if (len[j] < 1)
            return cy_error_set(err, "every leg needs at least 1 edge"), NULL;
        ne += len[j];
    }
    if (check_size(ne + 1, ne, err) < 0)
        return NULL;
    int *first = cyi_xmalloc(sizeof(int) * (size_t)k);
    int next = 1;
    for (int j = 0; j < k; j++) {
        first[j] = next;
        next += (int)len[j];
    }
    build b;
    b_init(&b, (int)ne + 1, 1);
    b_xy(&b, 0, 0, 0);
    for (int j = 0; j < k; j++) {
        double th = PI / 2 - 2 * PI * j / k;
        for (int t = 1; t <= len[j]; t++)
            b_xy(&b, first[j] + t - 1, t * cos(th), t * sin(th));
        b.special[first[j] + (int)len[j] - 1] = 1;
    }
    /* the outer face goes out and back along each leg, legs counterclockwise */
    for (int i = 0; i < k; i++) {
        int j = i == 0 ? 0 : k - i, L = (int)len[j];
        b_v(&b, 0);
        b_run(&b, first[j], L, 1);
        b_run(&b, first[j] + L - 2, L - 1, -1);
    }
    b_outer(&b);
    free(first);
    return b_finish(&b, c, err);
}

/* star:K: centre 1 and leaves 2..K+1 (all special), clockwise from the top. */
static cy_board *fam_star(const ctx *c, const char *params, cy_error *err)
{
    long *a, K;
    int k;
    if (get_nums(params, "star:K", ',', 1, 1, &a, &k, err) < 0)
        return NULL;
    K = a[0];
    free(a);
    if (K < 2)
        return cy_error_set(err, "K must be at least 2"), NULL;
    if (check_size(K + 1, K, err) < 0)
        return NULL;
    long *len = cyi_xmalloc(sizeof(long) * (size_t)K);
    for (long i = 0; i < K; i++)
        len[i] = 1;
    cy_board *r = make_spider(c, len, (int)K, err);
    free(len);
    return r;
}

/* spider:A,B,...: two or more legs from the centre 1, leaf ends special. */
static cy_board *fam_spider(const ctx *c, const char *params, cy_error *err)
{
    long *a;
    int k;
    if (get_nums(params, "spider:A,B,... (two or more leg lengths)", ',', 2, FAM_MAX_EDGES + 1, &a, &k, err) < 0)
        return NULL;
    cy_board *r = make_spider(c, a, k, err);
    free(a);
    return r;
}

/* ------------------------------------------------------------------ table */

/* The board files of boards/ built into the program (web/embed.cmake): the
 * bytes of "/NAME.json", or NULL. */
const unsigned char *cyi_board_asset(const char *path, size_t *len, const char **type);

/* A named board of the papers: boards/NAME.json as built in, read as a board
 * file and named spec; no parameters. */
static cy_board *fam_file(const ctx *c, const char *params, cy_error *err)
{
    size_t n = strcspn(c->spec, ":");
    char name[48], path[64];
    snprintf(name, sizeof name, "%.*s", (int)(n < 40 ? n : 40), c->spec);
    if (no_params(params, name, err) < 0)
        return NULL;
    snprintf(path, sizeof path, "/%s.json", name);
    size_t len;
    const char *type;
    const unsigned char *text = cyi_board_asset(path, &len, &type);
    if (!text)
        return cy_error_set(err, "internal error: the board file of this family is not built in"), NULL;
    cy_error e2;
    cy_board *b = cy_read_board((const char *)text, len, CY_FMT_AUTO, NULL, &e2);
    if (!b)
        return cy_error_set(err, "internal error reading the built-in board: %s", e2.msg), NULL;
    free(b->name);
    b->name = cyi_xstrdup(c->spec);
    return b;
}

/* A family's builder: params is the text after ':', or NULL without one. */
typedef cy_board *(*fam_fn)(const ctx *c, const char *params, cy_error *err);

/* The families as cy_family_list shows them ... */
static const cy_family_info families[] = {
    {"k4", "k4", "the complete graph K4: triangle 1,2,3 around the centre 4; 3 cells"},
    {"cycle", "cycle:N", "the N-cycle 1..N (N >= 3); 1 cell"},
    {"chord", "chord:N,K", "the N-cycle 1..N with a chord from 1 to K+1 (2 <= K <= N-2); 2 cells"},
    {"inner", "inner:N", "the N-cycle 1..N with vertex N+1 inside joined to 1 and 2; a triangle and an (N+1)-cell"},
    {"theta", "theta:A,B,C", "paths of A, B, C edges between poles 1 and 2, B in the middle; at most one of length 1"},
    {"gtheta", "gtheta:A,B,...", "generalised theta: two or more paths between poles 1 and 2, drawn in order"},
    {"grid", "grid:RxC", "R rows by C columns of vertices, labelled row by row; (R-1)(C-1) square cells"},
    {"wedge", "wedge:N1,N2,...", "cycles of N1, N2, ... vertices sharing vertex 1, side by side"},
    {"butterfly", "butterfly[:closed]", "triangles 1,2,3 and 1,4,5 side by side; closed: 1,4,5 inside 1,2,3"},
    {"windmill", "windmill:K", "K >= 2 triangles sharing vertex 1 (wedge:3,...,3)"},
    {"lollipop", "lollipop:N", "the N-cycle 1..N with a pendant vertex N+1 joined to 1 outside it"},
    {"path", "path:N", "the path 1..N+1 of N edges; both ends special"},
    {"star", "star:K", "centre 1 with K >= 2 leaves 2..K+1, all special"},
    {"spider", "spider:A,B,...", "legs of A, B, ... edges from centre 1, leaves special (Game of Arrows)"},
    {"torus", "torus:RxC",
     "the R x C grid on the torus (R, C >= 1; with 2, parallel edges, with 1, loops), labelled row by row; RC square cells, no outer face"},
    {"projective-k6", "projective-k6",
     "K6 on the projective plane (non-orientable): 6 vertices, 15 edges, 10 triangle cells"},
    /* the named boards of the papers and of the program's own files (boards/) */
    {"figure1", "figure1", "the board of Figure 1 of the Game of Cycles paper: 9 vertices, 14 edges, 6 cells"},
    {"asym30", "asym30", "a drawn board of 18 vertices and 30 edges with no symmetry at all (the benchmark's)"},
    {"k4-table", "k4-table", "K4 given as a game table (the table format); the same board as k4"},
    {"k4-projective", "k4-projective", "K4 on the projective plane (the hemicube): 3 four-sided cells"},
    {"k5-torus", "k5-torus", "K5 on the torus: 5 vertices, 10 edges, 5 cells"},
    {NULL, NULL, NULL},
};

/* ... and their builders, in the same order. */
static const fam_fn builders[] = {
    fam_k4,    fam_cycle,         fam_chord,    fam_inner,    fam_theta, fam_gtheta, fam_grid,
    fam_wedge, fam_butterfly,     fam_windmill, fam_lollipop, fam_path,  fam_star,   fam_spider,
    fam_torus, fam_projective_k6, fam_file,     fam_file,     fam_file,  fam_file,   fam_file,
};

_Static_assert(sizeof builders / sizeof builders[0] + 1 == sizeof families / sizeof families[0],
               "one builder per family");

/* The index of the family spec names (the part before ':'), or -1. */
static int family_index(const char *spec)
{
    if (!spec)
        return -1;
    size_t n = strcspn(spec, ":");
    for (int i = 0; families[i].name; i++)
        if (strlen(families[i].name) == n && strncmp(families[i].name, spec, n) == 0)
            return i;
    return -1;
}

/* The family table, ending with a zeroed entry. */
const cy_family_info *cy_family_list(void)
{
    return families;
}

/* Whether the part of spec before ':' names a family (NULL: no). */
int cy_family_known(const char *spec)
{
    return family_index(spec) >= 0;
}

/* Builds the board spec names, or NULL with a message (never crashes). */
cy_board *cy_family_build(const char *spec, cy_error *err)
{
    if (!spec)
        return cy_error_set(err, "no family given (cycles families lists them)"), NULL;
    int i = family_index(spec);
    ctx c;
    ctx_init(&c, spec);
    if (i < 0) {
        size_t n = strcspn(c.show, ":");
        return cy_error_set(err, "unknown family \"%.*s\" (cycles families lists them)", (int)n, c.show), NULL;
    }
    const char *colon = strchr(spec, ':');
    return builders[i](&c, colon ? colon + 1 : NULL, err);
}
