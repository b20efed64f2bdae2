/*
 * test_families.c - the named boards: sizes, degrees, special vertices and
 * cell walks against hand-derived formulas, the drawings (no crossings, cells
 * clockwise, rotations matching the coordinates) and the refusal of bad specs.
 * Game outcomes are tested elsewhere.
 */
#include "support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double TAU = 6.28318530717958647692;

/* Builds spec with cy_family_build, failing the test with the message if it cannot. */
static cy_board *fam(const char *spec)
{
    cy_error err = {{0}};
    cy_board *b = cy_family_build(spec, &err);
    if (!b)
        fail_msg("%s: %s", spec, err.msg);
    assert_non_null(b->name);
    assert_string_equal(b->name, spec);
    return b;
}

/* Fails unless spec is refused with a message containing want (and no
 * "cycles:" prefix). */
static void refused(const char *spec, const char *want)
{
    cy_error err = {{0}};
    cy_board *b = cy_family_build(spec, &err);
    if (b) {
        cy_board_free(b);
        fail_msg("%s was accepted", spec ? spec : "(null)");
    }
    if (!strstr(err.msg, want))
        fail_msg("%s: message \"%s\" lacks \"%s\"", spec ? spec : "(null)", err.msg, want);
    assert_null(strstr(err.msg, "cycles:"));
    if (spec && *spec && strncmp(err.msg, spec, strlen(spec)) == 0)
        fail_msg("%s: the message repeats the spec: %s", spec, err.msg);
}

/* The index of the vertex labelled with the number n (fails if there is none). */
static int V(const cy_board *b, int n)
{
    char l[16];
    snprintf(l, sizeof l, "%d", n);
    int v = cy_board_find(b, l);
    if (v < 0)
        fail_msg("%s has no vertex %d", b->name, n);
    return v;
}

/* The degree of the vertex labelled n. */
static int deg(const cy_board *b, int n)
{
    return cy_degree(b, V(b, n));
}

/* Whether vertices labelled m and n are adjacent. */
static int adj(const cy_board *b, int m, int n)
{
    return cy_board_edge_between(b, V(b, m), V(b, n)) >= 0;
}

/* Checks the numbers of vertices, edges and cells, and (on small boards) that
 * the labels are 1..nv. */
static void counts(const cy_board *b, int nv, int ne, int ncells)
{
    if (b->nv != nv || b->ne != ne || b->ncells != ncells)
        fail_msg("%s: V,E,cells = %d,%d,%d, expected %d,%d,%d", b->name, b->nv, b->ne, b->ncells, nv, ne, ncells);
    for (int n = 1; n <= nv && nv <= 2000; n++) /* the lookup is linear */
        V(b, n);
}

/* Checks that cell i's walk has length want[i] and the outer face outer_len. */
static void walk_lens(const cy_board *b, const int *want, int outer_len)
{
    for (int i = 0; i < b->ncells; i++)
        if (cy_face_len(b, i) != want[i])
            fail_msg("%s: cell %d has a walk of %d, expected %d", b->name, i + 1, cy_face_len(b, i), want[i]);
    if (cy_face_len(b, b->ncells) != outer_len)
        fail_msg("%s: outer walk of %d, expected %d", b->name, cy_face_len(b, b->ncells), outer_len);
}

/* Checks that exactly the vertices labelled in sp[0..n) are special. */
static void specials(const cy_board *b, const int *sp, int n)
{
    int count = 0;
    for (int v = 0; v < b->nv; v++)
        count += b->special[v];
    assert_int_equal(count, n);
    for (int i = 0; i < n; i++)
        if (!b->special[V(b, sp[i])])
            fail_msg("%s: vertex %d is not special", b->name, sp[i]);
}

/* Checks that every vertex not among the labels in ex[0..n) has degree d. */
static void degrees_else(const cy_board *b, const int *ex, int n, int d)
{
    for (int v = 1; v <= b->nv; v++) {
        int skip = 0;
        for (int i = 0; i < n; i++)
            skip |= ex[i] == v;
        if (!skip && deg(b, v) != d)
            fail_msg("%s: vertex %d has degree %d, expected %d", b->name, v, deg(b, v), d);
    }
}

/* Checks that all cells can become cycle cells (no walk uses an edge twice). */
static void all_cyclable(const cy_board *b)
{
    for (int i = 0; i < b->ncells; i++)
        if (!b->cyclable[i])
            fail_msg("%s: cell %d is not cyclable", b->name, i + 1);
}

/* ---------------------------------------------------------------- drawing */

/* Twice the signed area of face f's walk in the drawing (negative: clockwise). */
static double face_area(const cy_board *b, int f)
{
    double s = 0;
    for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++) {
        int d = b->fdarts[i], u = cy_tail(b, d), v = cy_head(b, d);
        s += b->x[u] * b->y[v] - b->x[v] * b->y[u];
    }
    return s;
}

/* The cross product (q - p) x (r - p). */
static double orient(const cy_board *b, int p, int q, int r)
{
    return (b->x[q] - b->x[p]) * (b->y[r] - b->y[p]) - (b->y[q] - b->y[p]) * (b->x[r] - b->x[p]);
}

/* Whether point r lies within the bounding box of segment pq (with slack). */
static int in_box(const cy_board *b, int p, int q, int r, double eps)
{
    double lo = fmin(b->x[p], b->x[q]) - eps, hi = fmax(b->x[p], b->x[q]) + eps;
    double lo2 = fmin(b->y[p], b->y[q]) - eps, hi2 = fmax(b->y[p], b->y[q]) + eps;
    return b->x[r] >= lo && b->x[r] <= hi && b->y[r] >= lo2 && b->y[r] <= hi2;
}

/* Whether edges e and f touch anywhere they should not (conservatively: near
 * touches count). */
static int edges_meet(const cy_board *b, int e, int f, double eps)
{
    int p = b->eu[e], q = b->ev[e], r = b->eu[f], s = b->ev[f];
    if (p == r || p == s || q == r || q == s) {
        /* sharing a vertex: they must not run along each other */
        int c = (p == r || p == s) ? p : q;
        int a = c == p ? q : p, d = (c == r) ? s : r;
        double ax = b->x[a] - b->x[c], ay = b->y[a] - b->y[c], dx = b->x[d] - b->x[c], dy = b->y[d] - b->y[c];
        double cr = ax * dy - ay * dx, dot = ax * dx + ay * dy;
        return fabs(cr) <= 1e-12 * sqrt((ax * ax + ay * ay) * (dx * dx + dy * dy)) && dot > 0;
    }
    double o1 = orient(b, p, q, r), o2 = orient(b, p, q, s), o3 = orient(b, r, s, p), o4 = orient(b, r, s, q);
    if (((o1 > eps && o2 < -eps) || (o1 < -eps && o2 > eps)) && ((o3 > eps && o4 < -eps) || (o3 < -eps && o4 > eps)))
        return 1;
    if (fabs(o1) <= eps && in_box(b, p, q, r, 1e-9))
        return 1;
    if (fabs(o2) <= eps && in_box(b, p, q, s, 1e-9))
        return 1;
    if (fabs(o3) <= eps && in_box(b, r, s, p, 1e-9))
        return 1;
    if (fabs(o4) <= eps && in_box(b, r, s, q, 1e-9))
        return 1;
    return 0;
}

/* Checks the drawing of b: distinct points, no two edges crossing or
 * touching, cells clockwise, the outer face counterclockwise, and the
 * rotation at every vertex the counterclockwise order of its edges. */
static void check_drawing(const cy_board *b)
{
    if (!b->has_coords)
        fail_msg("%s has no coordinates", b->name);
    for (int u = 0; u < b->nv; u++)
        for (int v = u + 1; v < b->nv; v++)
            if (fabs(b->x[u] - b->x[v]) < 1e-9 && fabs(b->y[u] - b->y[v]) < 1e-9)
                fail_msg("%s: vertices %s and %s share a point", b->name, b->label[u], b->label[v]);
    for (int e = 0; e < b->ne; e++)
        for (int f = e + 1; f < b->ne; f++)
            if (edges_meet(b, e, f, 1e-12))
                fail_msg("%s: edges %s-%s and %s-%s meet", b->name, b->label[b->eu[e]], b->label[b->ev[e]],
                         b->label[b->eu[f]], b->label[b->ev[f]]);
    for (int c = 0; c < b->ncells; c++)
        if (!(face_area(b, c) < -1e-9))
            fail_msg("%s: cell %d is not clockwise (area %g)", b->name, c + 1, face_area(b, c) / 2);
    double oa = face_area(b, b->ncells);
    if (b->ncells ? !(oa > 1e-9) : fabs(oa) > 1e-6)
        fail_msg("%s: the outer face has area %g", b->name, oa / 2);
    for (int v = 0; v < b->nv; v++) {
        int s = b->vstart[v], n = cy_degree(b, v);
        double turn = 0;
        for (int i = 0; i < n; i++) {
            int d1 = b->vdarts[s + i], d2 = b->vdarts[s + (i + 1) % n];
            int h1 = cy_head(b, d1), h2 = cy_head(b, d2);
            double a1 = atan2(b->y[h1] - b->y[v], b->x[h1] - b->x[v]);
            double a2 = atan2(b->y[h2] - b->y[v], b->x[h2] - b->x[v]);
            double t = fmod(a2 - a1 + 2 * TAU, TAU);
            turn += n == 1 ? TAU : (t < 1e-12 ? TAU : t);
        }
        if (fabs(turn - TAU) > 1e-6)
            fail_msg("%s: the rotation at vertex %s is not counterclockwise", b->name, b->label[v]);
    }
}

/* ---------------------------------------------------------------- tests */

/* k4: 4 vertices of degree 3, 3 triangles, outer triangle 1,2,3. */
static void test_k4(void **state)
{
    (void)state;
    cy_board *b = fam("k4");
    counts(b, 4, 6, 3);
    walk_lens(b, (int[]){3, 3, 3}, 3);
    degrees_else(b, NULL, 0, 3);
    specials(b, NULL, 0);
    all_cyclable(b);
    /* the outer face is the triangle 1,2,3; 4 is inside */
    for (int i = b->fstart[3]; i < b->fstart[4]; i++)
        assert_int_not_equal(cy_tail(b, b->fdarts[i]), V(b, 4));
    cy_board_free(b);
}

/* cycle:N: N vertices of degree 2, one N-cell, consecutive labels adjacent. */
static void test_cycle(void **state)
{
    (void)state;
    static const int ns[] = {3, 4, 5, 6, 10, 101};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int n = ns[i];
        char spec[32];
        snprintf(spec, sizeof spec, "cycle:%d", n);
        cy_board *b = fam(spec);
        counts(b, n, n, 1);
        walk_lens(b, (int[]){n}, n);
        degrees_else(b, NULL, 0, 2);
        specials(b, NULL, 0);
        for (int v = 1; v <= n; v++)
            assert_true(adj(b, v, v % n + 1));
        /* the cell walks 1 -> 2 -> ... */
        int d = cy_board_dart(b, V(b, 1), V(b, 2));
        assert_int_equal(b->dface[d], 0);
        cy_board_free(b);
    }
}

/* chord:N,K: N edges of the cycle plus the chord 1-(K+1); cells of K+1 and N-K+1. */
static void test_chord(void **state)
{
    (void)state;
    static const int nk[][2] = {{4, 2}, {5, 2}, {5, 3}, {6, 2}, {6, 3}, {6, 4}, {9, 5}, {12, 7}};
    for (size_t i = 0; i < sizeof nk / sizeof nk[0]; i++) {
        int n = nk[i][0], k = nk[i][1];
        char spec[32];
        snprintf(spec, sizeof spec, "chord:%d,%d", n, k);
        cy_board *b = fam(spec);
        counts(b, n, n + 1, 2);
        walk_lens(b, (int[]){k + 1, n - k + 1}, n);
        assert_true(adj(b, 1, k + 1));
        assert_int_equal(deg(b, 1), 3);
        assert_int_equal(deg(b, k + 1), 3);
        degrees_else(b, (int[]){1, k + 1}, 2, 2);
        all_cyclable(b);
        cy_board_free(b);
    }
}

/* inner:N: N+1 vertices, N+2 edges, a triangle 1,2,N+1 and an (N+1)-cell. */
static void test_inner(void **state)
{
    (void)state;
    static const int ns[] = {3, 4, 5, 8};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int n = ns[i];
        char spec[32];
        snprintf(spec, sizeof spec, "inner:%d", n);
        cy_board *b = fam(spec);
        counts(b, n + 1, n + 2, 2);
        walk_lens(b, (int[]){3, n + 1}, n);
        assert_true(adj(b, n + 1, 1));
        assert_true(adj(b, n + 1, 2));
        assert_int_equal(deg(b, 1), 3);
        assert_int_equal(deg(b, 2), 3);
        degrees_else(b, (int[]){1, 2}, 2, 2);
        /* the edge 1-2 separates the triangle from the outer face */
        int d = cy_board_dart(b, V(b, 1), V(b, 2));
        assert_int_equal(b->dface[d], 0);
        assert_int_equal(b->dface[cy_dart_rev(d)], 2);
        all_cyclable(b);
        cy_board_free(b);
    }
}

/* theta:A,B,C: A+B+C-1 vertices, poles 1 and 2 of degree 3, cells A+B and B+C. */
static void test_theta(void **state)
{
    (void)state;
    static const int abc[][3] = {{2, 3, 4}, {1, 2, 2}, {2, 1, 3}, {3, 3, 1},
                                 {5, 5, 5}, {1, 4, 6}, {2, 2, 2}, {4, 2, 2}};
    for (size_t i = 0; i < sizeof abc / sizeof abc[0]; i++) {
        int a = abc[i][0], bb = abc[i][1], c = abc[i][2];
        char spec[48];
        snprintf(spec, sizeof spec, "theta:%d,%d,%d", a, bb, c);
        cy_board *b = fam(spec);
        counts(b, a + bb + c - 1, a + bb + c, 2);
        walk_lens(b, (int[]){a + bb, bb + c}, a + c);
        assert_int_equal(deg(b, 1), 3);
        assert_int_equal(deg(b, 2), 3);
        degrees_else(b, (int[]){1, 2}, 2, 2);
        specials(b, NULL, 0);
        all_cyclable(b);
        /* path A runs 1, 3, 4, ..., A+1, 2 */
        if (a == 1)
            assert_true(adj(b, 1, 2));
        else {
            assert_true(adj(b, 1, 3));
            assert_true(adj(b, a + 1, 2));
        }
        /* the middle path B borders both cells */
        int first_b = a == 1 ? 3 : a + 2;
        int d = bb == 1 ? cy_board_dart(b, V(b, 1), V(b, 2)) : cy_board_dart(b, V(b, 1), V(b, first_b));
        assert_true(d >= 0);
        assert_true(b->dface[d] < 2 && b->dface[cy_dart_rev(d)] < 2);
        cy_board_free(b);
    }
}

/* gtheta: poles of degree k, cells L_i + L_{i+1}, outer L_1 + L_k. */
static void test_gtheta(void **state)
{
    (void)state;
    struct {
        const char *spec;
        int k, len[6];
    } cases[] = {
        {"gtheta:1,2", 2, {1, 2}},
        {"gtheta:3,4", 2, {3, 4}},
        {"gtheta:2,3,4", 3, {2, 3, 4}},
        {"gtheta:2,2,2,2", 4, {2, 2, 2, 2}},
        {"gtheta:3,1,4,2,5", 5, {3, 1, 4, 2, 5}},
        {"gtheta:5,4,3,2,1,2", 6, {5, 4, 3, 2, 1, 2}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int k = cases[i].k, sum = 0, cl[6];
        for (int j = 0; j < k; j++)
            sum += cases[i].len[j];
        for (int j = 0; j + 1 < k; j++)
            cl[j] = cases[i].len[j] + cases[i].len[j + 1];
        cy_board *b = fam(cases[i].spec);
        counts(b, sum - k + 2, sum, k - 1);
        walk_lens(b, cl, cases[i].len[0] + cases[i].len[k - 1]);
        if (k > 2) {
            assert_int_equal(deg(b, 1), k);
            assert_int_equal(deg(b, 2), k);
        }
        degrees_else(b, (int[]){1, 2}, 2, 2);
        all_cyclable(b);
        cy_board_free(b);
    }
    /* theta and gtheta agree on three paths */
    cy_board *t = fam("theta:2,3,4"), *g = fam("gtheta:2,3,4");
    assert_int_equal(t->ne, g->ne);
    for (int e = 0; e < t->ne; e++)
        assert_true(cy_board_edge_between(g, t->eu[e], t->ev[e]) >= 0);
    cy_board_free(t);
    cy_board_free(g);
}

/* grid:RxC: R*C vertices, R(C-1)+C(R-1) edges, (R-1)(C-1) squares, labelled row by row. */
static void test_grid(void **state)
{
    (void)state;
    static const int rc[][2] = {{1, 2}, {2, 1}, {1, 5}, {5, 1}, {2, 2}, {2, 3}, {3, 4}, {4, 3}, {10, 10}};
    for (size_t i = 0; i < sizeof rc / sizeof rc[0]; i++) {
        int R = rc[i][0], C = rc[i][1];
        char spec[32];
        snprintf(spec, sizeof spec, "grid:%dx%d", R, C);
        cy_board *b = fam(spec);
        int ncell = (R - 1) * (C - 1);
        counts(b, R * C, R * (C - 1) + C * (R - 1), ncell);
        for (int c = 0; c < ncell; c++)
            assert_int_equal(cy_face_len(b, c), 4);
        assert_int_equal(cy_face_len(b, ncell), (R == 1 || C == 1) ? 2 * (R * C - 1) : 2 * (R - 1) + 2 * (C - 1));
        specials(b, NULL, 0);
        all_cyclable(b);
        for (int r = 0; r < R; r++)
            for (int c = 0; c < C; c++) {
                int l = r * C + c + 1;
                int want = (r > 0) + (r < R - 1) + (c > 0) + (c < C - 1);
                assert_int_equal(deg(b, l), want);
                if (c + 1 < C)
                    assert_true(adj(b, l, l + 1));
                if (r + 1 < R)
                    assert_true(adj(b, l, l + C));
            }
        cy_board_free(b);
    }
}

/* wedge: 1 + sum(N_i - 1) vertices, sum N_i edges, centre of degree 2k. */
static void test_wedge(void **state)
{
    (void)state;
    struct {
        const char *spec;
        int k, len[5];
    } cases[] = {
        {"wedge:3,3", 2, {3, 3}},
        {"wedge:4,3", 2, {4, 3}},
        {"wedge:3,4,5", 3, {3, 4, 5}},
        {"wedge:6,6,6,6", 4, {6, 6, 6, 6}},
        {"wedge:12,3,7,4,9", 5, {12, 3, 7, 4, 9}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int k = cases[i].k, sum = 0;
        for (int j = 0; j < k; j++)
            sum += cases[i].len[j];
        cy_board *b = fam(cases[i].spec);
        counts(b, sum - k + 1, sum, k);
        walk_lens(b, cases[i].len, sum);
        assert_int_equal(deg(b, 1), 2 * k);
        degrees_else(b, (int[]){1}, 1, 2);
        all_cyclable(b);
        /* cycle j: 1, next labels in order, back to 1 */
        int first = 2;
        for (int j = 0; j < k; j++) {
            int n = cases[i].len[j];
            assert_true(adj(b, 1, first));
            assert_true(adj(b, first + n - 2, 1));
            for (int t = first; t < first + n - 2; t++)
                assert_true(adj(b, t, t + 1));
            int d = cy_board_dart(b, V(b, 1), V(b, first));
            assert_int_equal(b->dface[d], j);
            first += n - 1;
        }
        cy_board_free(b);
    }
}

/* butterfly and butterfly:closed: the same graph embedded two ways. */
static void test_butterfly(void **state)
{
    (void)state;
    cy_board *o = fam("butterfly"), *w = fam("wedge:3,3"), *o2 = fam("butterfly:open");
    counts(o, 5, 6, 2);
    walk_lens(o, (int[]){3, 3}, 6);
    for (int e = 0; e < o->ne; e++) {
        assert_int_equal(o->eu[e], w->eu[e]);
        assert_int_equal(o->ev[e], w->ev[e]);
        assert_int_equal(o->eu[e], o2->eu[e]);
    }
    all_cyclable(o);
    cy_board_free(o);
    cy_board_free(o2);
    cy_board_free(w);

    cy_board *b = fam("butterfly:closed");
    counts(b, 5, 6, 2);
    walk_lens(b, (int[]){3, 6}, 3);
    assert_int_equal(deg(b, 1), 4);
    degrees_else(b, (int[]){1}, 1, 2);
    /* the ring cell passes the shared vertex twice; the inner triangle once */
    int twice = -1;
    for (int c = 0; c < b->ncells; c++) {
        int n = 0;
        for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
            n += cy_tail(b, b->fdarts[i]) == V(b, 1);
        if (n == 2)
            twice = c;
        else
            assert_int_equal(n, 1);
    }
    assert_int_equal(twice, 1);
    /* the inner triangle 1,4,5 is cell 1; the outer face is the triangle 1,2,3 */
    assert_int_equal(b->dface[cy_board_dart(b, V(b, 4), V(b, 5))], 0);
    for (int i = b->fstart[2]; i < b->fstart[3]; i++) {
        int t = cy_tail(b, b->fdarts[i]);
        assert_true(t == V(b, 1) || t == V(b, 2) || t == V(b, 3));
    }
    cy_board_free(b);
}

/* windmill:K: 2K+1 vertices, 3K edges, K triangles, centre of degree 2K. */
static void test_windmill(void **state)
{
    (void)state;
    static const int ks[] = {2, 3, 7, 20};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        int k = ks[i];
        char spec[32];
        snprintf(spec, sizeof spec, "windmill:%d", k);
        cy_board *b = fam(spec);
        counts(b, 2 * k + 1, 3 * k, k);
        for (int c = 0; c < k; c++) {
            assert_int_equal(cy_face_len(b, c), 3);
            assert_true(adj(b, 2 * c + 2, 2 * c + 3));
        }
        assert_int_equal(cy_face_len(b, k), 3 * k);
        assert_int_equal(deg(b, 1), 2 * k);
        degrees_else(b, (int[]){1}, 1, 2);
        cy_board_free(b);
    }
}

/* lollipop:N: N+1 vertices and edges, the pendant N+1 of degree 1 and not special. */
static void test_lollipop(void **state)
{
    (void)state;
    static const int ns[] = {3, 4, 9};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int n = ns[i];
        char spec[32];
        snprintf(spec, sizeof spec, "lollipop:%d", n);
        cy_board *b = fam(spec);
        counts(b, n + 1, n + 1, 1);
        walk_lens(b, (int[]){n}, n + 2);
        assert_int_equal(deg(b, n + 1), 1);
        assert_int_equal(deg(b, 1), 3);
        assert_true(adj(b, 1, n + 1));
        degrees_else(b, (int[]){1, n + 1}, 2, 2);
        specials(b, NULL, 0);
        /* the pendant edge lies on the outer face on both sides */
        int d = cy_board_dart(b, V(b, 1), V(b, n + 1));
        assert_int_equal(b->dface[d], 1);
        assert_int_equal(b->dface[cy_dart_rev(d)], 1);
        cy_board_free(b);
    }
}

/* path:N: N+1 vertices, N edges, no cells, ends special. */
static void test_path(void **state)
{
    (void)state;
    static const int ns[] = {1, 2, 5, 30};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int n = ns[i];
        char spec[32];
        snprintf(spec, sizeof spec, "path:%d", n);
        cy_board *b = fam(spec);
        counts(b, n + 1, n, 0);
        walk_lens(b, NULL, 2 * n);
        specials(b, (int[]){1, n + 1}, 2);
        assert_int_equal(deg(b, 1), 1);
        assert_int_equal(deg(b, n + 1), 1);
        degrees_else(b, (int[]){1, n + 1}, 2, 2);
        for (int v = 1; v <= n; v++)
            assert_true(adj(b, v, v + 1));
        cy_board_free(b);
    }
}

/* star:K: centre 1 of degree K, leaves 2..K+1 all special. */
static void test_star(void **state)
{
    (void)state;
    static const int ks[] = {2, 3, 5, 12};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        int k = ks[i];
        char spec[32];
        snprintf(spec, sizeof spec, "star:%d", k);
        cy_board *b = fam(spec);
        counts(b, k + 1, k, 0);
        walk_lens(b, NULL, 2 * k);
        assert_int_equal(deg(b, 1), k);
        degrees_else(b, (int[]){1}, 1, 1);
        int leaves[16];
        for (int j = 0; j < k; j++)
            leaves[j] = j + 2;
        specials(b, leaves, k);
        cy_board_free(b);
    }
}

/* spider: 1 + sum legs vertices, sum legs edges, leg ends special. */
static void test_spider(void **state)
{
    (void)state;
    struct {
        const char *spec;
        int k, len[5];
    } cases[] = {
        {"spider:1,1", 2, {1, 1}},
        {"spider:2,2", 2, {2, 2}},
        {"spider:1,2,3", 3, {1, 2, 3}},
        {"spider:4,1,1,1", 4, {4, 1, 1, 1}},
        {"spider:3,3,3,3,3", 5, {3, 3, 3, 3, 3}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int k = cases[i].k, sum = 0, ends[5];
        for (int j = 0; j < k; j++) {
            sum += cases[i].len[j];
            ends[j] = 1 + sum;
        }
        cy_board *b = fam(cases[i].spec);
        counts(b, sum + 1, sum, 0);
        walk_lens(b, NULL, 2 * sum);
        specials(b, ends, k);
        assert_int_equal(deg(b, 1), k);
        int first = 2;
        for (int j = 0; j < k; j++) {
            assert_true(adj(b, 1, first));
            assert_int_equal(deg(b, ends[j]), 1);
            for (int t = first; t < ends[j]; t++) {
                assert_true(adj(b, t, t + 1));
                assert_int_equal(deg(b, t), 2);
            }
            first = ends[j] + 1;
        }
        cy_board_free(b);
    }
    /* a star is a spider with legs of 1 */
    cy_board *s = fam("star:4"), *p = fam("spider:1,1,1,1");
    for (int e = 0; e < s->ne; e++) {
        assert_int_equal(s->eu[e], p->eu[e]);
        assert_int_equal(s->ev[e], p->ev[e]);
    }
    for (int v = 0; v < s->nv; v++)
        assert_int_equal(s->special[v], p->special[v]);
    cy_board_free(s);
    cy_board_free(p);
}

/* Every family's drawing is a plane straight-line drawing matching its faces. */
static void test_drawings(void **state)
{
    (void)state;
    static const char *specs[] = {
        "k4",
        "cycle:3",
        "cycle:4",
        "cycle:7",
        "cycle:50",
        "chord:4,2",
        "chord:7,3",
        "chord:10,8",
        "inner:3",
        "inner:4",
        "inner:9",
        "theta:1,2,2",
        "theta:2,1,2",
        "theta:2,2,1",
        "theta:3,3,3",
        "theta:1,3,3",
        "theta:3,3,1",
        "theta:2,5,2",
        "theta:7,2,3",
        "theta:1,2,9",
        "gtheta:1,2",
        "gtheta:2,1",
        "gtheta:2,2",
        "gtheta:2,3,2,3,2,3,2",
        "gtheta:5,2,4,2,3,2,1,2,3,4,2,6,2",
        "gtheta:1,2,2,2,2,2,2,2",
        "gtheta:9,8,7,6,5,4,3,2",
        "gtheta:2,3,4,5,6,7,8,9,1",
        "grid:1x2",
        "grid:2x1",
        "grid:1x6",
        "grid:6x1",
        "grid:2x2",
        "grid:3x5",
        "grid:6x4",
        "wedge:3,3",
        "wedge:3,4,5",
        "wedge:20,3",
        "wedge:3,3,3,3,3,3,3,3,3",
        "wedge:30,30,30",
        "wedge:5,12,3,4,9,3,7",
        "butterfly",
        "butterfly:open",
        "butterfly:closed",
        "windmill:2",
        "windmill:5",
        "windmill:40",
        "lollipop:3",
        "lollipop:4",
        "lollipop:11",
        "path:1",
        "path:2",
        "path:9",
        "star:2",
        "star:3",
        "star:9",
        "spider:1,1",
        "spider:2,5",
        "spider:3,1,2,4,1,1",
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = fam(specs[i]);
        check_drawing(b);
        cy_board_free(b);
    }
    /* exhaustively over small theta graphs */
    for (int a = 1; a <= 6; a++)
        for (int bb = 1; bb <= 6; bb++)
            for (int c = 1; c <= 6; c++) {
                if ((a == 1) + (bb == 1) + (c == 1) > 1)
                    continue;
                char spec[48];
                snprintf(spec, sizeof spec, "theta:%d,%d,%d", a, bb, c);
                cy_board *b = fam(spec);
                check_drawing(b);
                cy_board_free(b);
            }
    /* and over generalised theta graphs with paths of 1..4 edges */
    for (int code = 0; code < 4 * 4 * 4 * 4; code++) {
        char spec[64];
        int l[4] = {1 + code % 4, 1 + code / 4 % 4, 1 + code / 16 % 4, 1 + code / 64};
        if ((l[0] == 1) + (l[1] == 1) + (l[2] == 1) + (l[3] == 1) > 1)
            continue;
        snprintf(spec, sizeof spec, "gtheta:%d,%d,%d,%d", l[0], l[1], l[2], l[3]);
        cy_board *b = fam(spec);
        check_drawing(b);
        cy_board_free(b);
    }
}

/* Bad specs are refused with a message naming the problem. */
static void test_bad_specs(void **state)
{
    (void)state;
    static const struct {
        const char *spec, *want;
    } bad[] = {
        {"", "unknown family \"\""},
        {"foo", "unknown family \"foo\" (cycles families lists them)"},
        {"foo:3", "unknown family \"foo\""},
        {"Cycle:5", "unknown family \"Cycle\""},
        {"cycles:5", "unknown family"},
        {":5", "unknown family"},
        {"k4:1", "k4 takes no parameters"},
        {"k4:", "k4 takes no parameters"},
        {"cycle", "expected cycle:N"},
        {"cycle:", "expected cycle:N"},
        {"cycle:2", "N must be at least 3"},
        {"cycle:0", "N must be at least 3"},
        {"cycle:-5", "digits"},
        {"cycle:+5", "digits"},
        {"cycle: 5", "digits"},
        {"cycle:5 ", "digits"},
        {"cycle:5x", "digits"},
        {"cycle:5,", "digits"},
        {"cycle:5,6", "expected cycle:N"},
        {"cycle:0x10", "digits"},
        {"cycle:1e3", "digits"},
        {"cycle:5.0", "digits"},
        {"cycle:99999999999999999999", "too large"},
        {"cycle:100001", "more than 100000 edges"},
        {"chord:3,1", "N must be at least 4"},
        {"chord:6,1", "K must be between 2 and N-2 = 4"},
        {"chord:6,5", "K must be between 2 and N-2"},
        {"chord:6", "expected chord:N,K"},
        {"chord:6,2,1", "expected chord:N,K"},
        {"inner:2", "N must be at least 3"},
        {"theta:1,1,3", "at most one path may have 1 edge"},
        {"theta:2,0,3", "at least 1 edge"},
        {"theta:2,3", "expected theta:A,B,C"},
        {"theta:2,3,4,5", "expected theta:A,B,C"},
        {"theta:2,,3", "digits"},
        {"gtheta:3", "expected gtheta"},
        {"gtheta:1,1", "at most one path may have 1 edge"},
        {"gtheta:2,3,1,4,1", "at most one path"},
        {"gtheta:60000,60000", "more than 100000 edges"},
        {"grid:0x3", "rows and columns must be at least 1"},
        {"grid:3x0", "rows and columns must be at least 1"},
        {"grid:1x1", "no edges"},
        {"grid:3", "expected grid:RxC"},
        {"grid:3x", "expected grid:RxC"},
        {"grid:3X4", "expected grid:RxC"},
        {"grid:3,4", "expected grid:RxC"},
        {"grid:3x4x5", "expected grid:RxC"},
        {"grid:1000x1000", "too large"},
        {"grid:99999999999x99999999999", "too large"},
        {"wedge:3", "expected wedge"},
        {"wedge:3,2", "at least 3 vertices"},
        {"wedge:", "expected wedge"},
        {"butterfly:", "expected butterfly, butterfly:open or butterfly:closed"},
        {"butterfly:shut", "butterfly:closed"},
        {"butterfly:closed:", "butterfly:closed"},
        {"windmill:1", "K must be at least 2"},
        {"windmill:33334", "too large"},
        {"lollipop:2", "N must be at least 3"},
        {"path:0", "N must be at least 1"},
        {"path:100000", "more than 100000 vertices"},
        {"star:1", "K must be at least 2"},
        {"star:abc", "digits"},
        {"spider:3", "expected spider"},
        {"spider:3,0", "at least 1 edge"},
        {"spider:50000,50001", "more than 100000 edges"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        refused(bad[i].spec, bad[i].want);
    refused(NULL, "no family given");
    /* the caller names the spec (the CLI prints "cycles: SPEC: MESSAGE"), so
     * messages do not repeat it */
    cy_error err;
    assert_null(cy_family_build("grid:0x3", &err));
    assert_string_equal(err.msg, "rows and columns must be at least 1");
    assert_null(cy_family_build("cycle:2", &err));
    assert_string_equal(err.msg, "N must be at least 3");
    /* a NULL error pointer is allowed */
    assert_null(cy_family_build("cycle:2", NULL));
    assert_null(cy_family_build("nothing", NULL));
}

/* Messages show unprintable bytes escaped as \xHH (cy_escape) and cut very long specs. */
static void test_messages_printable(void **state)
{
    (void)state;
    cy_error err;
    assert_null(cy_family_build("cyc\x01le:5", &err));
    assert_non_null(strstr(err.msg, "cyc\\x01le"));
    assert_null(cy_family_build("cy\033[2J\xffle:5", &err));
    assert_non_null(strstr(err.msg, "cy\\x1b[2J\\xffle"));
    char *big = malloc(400001);
    memset(big, '7', 400000);
    big[400000] = 0;
    memcpy(big, "cycle:", 6);
    assert_null(cy_family_build(big, &err));
    assert_non_null(strstr(err.msg, "too large"));
    assert_true(strlen(err.msg) < 300);
    /* a list with a great many numbers */
    for (int i = 7; i < 400000; i += 2)
        big[i] = ',';
    big[399999] = '7';
    memcpy(big, "wedge:", 6);
    assert_null(cy_family_build(big, &err));
    assert_non_null(strstr(err.msg, "too large"));
    free(big);
}

/* The largest boards within the limits build; one more is refused. */
static void test_limits(void **state)
{
    (void)state;
    cy_board *b = fam("cycle:100000");
    counts(b, 100000, 100000, 1);
    cy_board_free(b);
    b = fam("windmill:33333");
    assert_int_equal(b->ne, 99999);
    cy_board_free(b);
    b = fam("grid:2x33334");
    assert_int_equal(b->ne, 2 * 33333 + 33334);
    cy_board_free(b);
    refused("grid:2x33335", "too large");
    b = fam("path:99999");
    assert_int_equal(b->nv, 100000);
    cy_board_free(b);
    b = fam("gtheta:2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2");
    assert_int_equal(b->ncells, 40);
    cy_board_free(b);
    b = fam("cycle:0003"); /* leading zeros are digits too */
    assert_int_equal(b->nv, 3);
    cy_board_free(b);
}

/* cy_family_known and cy_family_list agree, and every listed family builds. */
static void test_known_and_list(void **state)
{
    (void)state;
    assert_false(cy_family_known(NULL));
    assert_false(cy_family_known(""));
    assert_false(cy_family_known("foo"));
    assert_false(cy_family_known("cycl"));
    assert_false(cy_family_known("cycles:5"));
    assert_false(cy_family_known("board.json"));
    assert_true(cy_family_known("cycle:5"));
    assert_true(cy_family_known("cycle:junk")); /* known name, bad parameters */
    assert_true(cy_family_known("k4"));
    assert_true(cy_family_known("butterfly:closed"));
    static const char *example[] = {"k4",          "cycle:5",        "chord:6,3",  "inner:5",
                                    "theta:2,3,4", "gtheta:2,3,4,5", "grid:3x4",   "wedge:3,4",
                                    "butterfly",   "windmill:3",     "lollipop:4", "path:3",
                                    "star:3",      "spider:1,2",     "torus:3x4",  "projective-k6",
                                    "figure1",     "asym30",         "k4-table",   "k4-projective",
                                    "k5-torus"};
    const cy_family_info *f = cy_family_list();
    int n = 0;
    for (; f[n].name; n++) {
        assert_non_null(f[n].usage);
        assert_non_null(f[n].summary);
        assert_true(strncmp(f[n].usage, f[n].name, strlen(f[n].name)) == 0);
        assert_true(cy_family_known(f[n].name));
        int found = 0;
        for (size_t i = 0; i < sizeof example / sizeof example[0]; i++) {
            size_t l = strcspn(example[i], ":");
            if (l == strlen(f[n].name) && strncmp(example[i], f[n].name, l) == 0) {
                cy_board_free(fam(example[i]));
                found = 1;
            }
        }
        if (!found)
            fail_msg("family %s has no example in this test", f[n].name);
    }
    assert_int_equal(n, (int)(sizeof example / sizeof example[0]));
    assert_null(f[n].usage);
    assert_null(f[n].summary);
}

/* Random strings never crash the parser; every result is an error or a board. */
static void test_garbage(void **state)
{
    (void)state;
    static const char *pieces[] = {"cycle", "grid",      "theta",    "gtheta",   "wedge", "spider",      "star",
                                   "path",  "butterfly", "closed",   "k4",       ":",     ",",           "x",
                                   "0",     "1",         "2",        "3",        "9",     "99999999999", "-",
                                   " ",     "\xff",      "lollipop", "windmill", "chord", "inner"};
    unsigned seed = 12345;
    for (int round = 0; round < 20000; round++) {
        char s[128];
        size_t len = 0;
        seed = seed * 1103515245u + 12345u;
        int parts = 1 + (int)(seed >> 16) % 6;
        for (int p = 0; p < parts; p++) {
            seed = seed * 1103515245u + 12345u;
            const char *piece = pieces[(seed >> 16) % (sizeof pieces / sizeof pieces[0])];
            size_t pl = strlen(piece);
            if (len + pl >= sizeof s)
                break;
            memcpy(s + len, piece, pl);
            len += pl;
        }
        s[len] = 0;
        cy_error err;
        err.msg[0] = 0;
        cy_board *b = cy_family_build(s, &err);
        if (b) {
            assert_true(b->ne >= 1);
            cy_board_free(b);
        } else {
            assert_true(err.msg[0] != 0);
        }
    }
}

/* Runs the tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k4),
        cmocka_unit_test(test_cycle),
        cmocka_unit_test(test_chord),
        cmocka_unit_test(test_inner),
        cmocka_unit_test(test_theta),
        cmocka_unit_test(test_gtheta),
        cmocka_unit_test(test_grid),
        cmocka_unit_test(test_wedge),
        cmocka_unit_test(test_butterfly),
        cmocka_unit_test(test_windmill),
        cmocka_unit_test(test_lollipop),
        cmocka_unit_test(test_path),
        cmocka_unit_test(test_star),
        cmocka_unit_test(test_spider),
        cmocka_unit_test(test_drawings),
        cmocka_unit_test(test_bad_specs),
        cmocka_unit_test(test_messages_printable),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_known_and_list),
        cmocka_unit_test(test_garbage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
