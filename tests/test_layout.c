/*
 * test_layout.c - cy_layout and the pictures drawn with it: a board's own
 * coordinates are used as they are; boards without coordinates (families
 * stripped of theirs, game tables, random boards with bridges, cut vertices,
 * trees and pendant vertices, and every plane board of up to 8 edges) get a
 * straight-line drawing without crossings whose rotation at every vertex is
 * the board's, cells clockwise and the outer face outside.  For every plane
 * board of up to 8 edges the picture cy_render_svg makes is at most 800
 * pixels on its longer side, with vertex centres three radii apart and every
 * vertex a radius away from the edges it is not on.
 */
#include "support.h"
#include "randboard.c"
#include "planeboards.c"
#include "svgpic.c"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double TAU = 6.28318530717958647692;

/* A copy of b without coordinates (same labels, faces and special vertices). */
static cy_board *strip(const cy_board *b)
{
    int nf = b->ncells + 1;
    int **walk = malloc(sizeof(int *) * (size_t)nf);
    int *len = malloc(sizeof(int) * (size_t)nf);
    for (int f = 0; f < nf; f++) {
        len[f] = cy_face_len(b, f);
        walk[f] = malloc(sizeof(int) * (size_t)len[f]);
        for (int i = 0; i < len[f]; i++)
            walk[f][i] = cy_tail(b, b->fdarts[b->fstart[f] + i]);
    }
    cy_board_desc d = {
        .nv = b->nv,
        .labels = (const char *const *)b->label,
        .ncells = b->ncells,
        .cells = (const int *const *)walk,
        .cell_len = len,
        .outer = walk[b->ncells],
        .outer_len = len[b->ncells],
        .special = b->special,
        .name = b->name,
    };
    cy_error err;
    cy_board *r = cy_board_from_faces(&d, &err);
    if (!r)
        fail_msg("strip %s: %s", b->name ? b->name : "?", err.msg);
    for (int f = 0; f < nf; f++)
        free(walk[f]);
    free(walk);
    free(len);
    assert_int_equal(r->has_coords, 0);
    return r;
}

/* The cross product (q - p) x (r - p). */
static double cross(const double *xy, int p, int q, int r)
{
    return (xy[2 * q] - xy[2 * p]) * (xy[2 * r + 1] - xy[2 * p + 1]) -
           (xy[2 * q + 1] - xy[2 * p + 1]) * (xy[2 * r] - xy[2 * p]);
}

/* Whether r lies in the bounding box of segment pq, with slack eps. */
static int in_box(const double *xy, int p, int q, int r, double eps)
{
    return xy[2 * r] >= fmin(xy[2 * p], xy[2 * q]) - eps && xy[2 * r] <= fmax(xy[2 * p], xy[2 * q]) + eps &&
           xy[2 * r + 1] >= fmin(xy[2 * p + 1], xy[2 * q + 1]) - eps &&
           xy[2 * r + 1] <= fmax(xy[2 * p + 1], xy[2 * q + 1]) + eps;
}

/* Whether edges e and f meet anywhere but at a shared end (conservatively:
 * near touches count), computed by intersecting the segments. */
static int edges_meet(const cy_board *b, const double *xy, int e, int f, double eps)
{
    int p = b->eu[e], q = b->ev[e], r = b->eu[f], s = b->ev[f];
    if (p == r || p == s || q == r || q == s) {
        int c = (p == r || p == s) ? p : q;
        int a = c == p ? q : p, d = c == r ? s : r;
        double ax = xy[2 * a] - xy[2 * c], ay = xy[2 * a + 1] - xy[2 * c + 1];
        double dx = xy[2 * d] - xy[2 * c], dy = xy[2 * d + 1] - xy[2 * c + 1];
        double cr = ax * dy - ay * dx, dot = ax * dx + ay * dy;
        return fabs(cr) <= 1e-12 * sqrt((ax * ax + ay * ay) * (dx * dx + dy * dy)) && dot > 0;
    }
    double o1 = cross(xy, p, q, r), o2 = cross(xy, p, q, s), o3 = cross(xy, r, s, p), o4 = cross(xy, r, s, q);
    if (((o1 > eps && o2 < -eps) || (o1 < -eps && o2 > eps)) && ((o3 > eps && o4 < -eps) || (o3 < -eps && o4 > eps)))
        return 1;
    return (fabs(o1) <= eps && in_box(xy, p, q, r, 1e-12)) || (fabs(o2) <= eps && in_box(xy, p, q, s, 1e-12)) ||
           (fabs(o3) <= eps && in_box(xy, r, s, p, 1e-12)) || (fabs(o4) <= eps && in_box(xy, r, s, q, 1e-12));
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

/* Checks the drawing xy of b: finite, distinct points; no two edges meeting
 * except at a shared end; cells clockwise and the outer face
 * counterclockwise; the darts at every vertex in counterclockwise order, as
 * the rotation says.  what names the board in failure messages. */
static void check_drawing(const cy_board *b, const double *xy, const char *what)
{
    double ext = 0;
    for (int i = 0; i < 2 * b->nv; i++) {
        if (!isfinite(xy[i]))
            fail_msg("%s: coordinate %d is not finite", what, i);
        ext = fmax(ext, fabs(xy[i]));
    }
    double tiny = 1e-9 * (ext > 0 ? ext : 1);
    for (int u = 0; u < b->nv; u++)
        for (int v = u + 1; v < b->nv; v++)
            if (hypot(xy[2 * u] - xy[2 * v], xy[2 * u + 1] - xy[2 * v + 1]) < tiny)
                fail_msg("%s: vertices %s and %s share a point", what, b->label[u], b->label[v]);
    for (int e = 0; e < b->ne; e++)
        for (int f = e + 1; f < b->ne; f++)
            if (edges_meet(b, xy, e, f, 1e-14 * ext * ext))
                fail_msg("%s: edges %s-%s and %s-%s meet", what, b->label[b->eu[e]], b->label[b->ev[e]],
                         b->label[b->eu[f]], b->label[b->ev[f]]);
    for (int c = 0; c < b->ncells; c++)
        if (!(face_area(b, xy, c) < 0))
            fail_msg("%s: cell %d is not clockwise (area %g)", what, c + 1, face_area(b, xy, c) / 2);
    if (b->ncells && !(face_area(b, xy, b->ncells) > 0))
        fail_msg("%s: the outer face is not counterclockwise", what);
    for (int v = 0; v < b->nv; v++) {
        int s = b->vstart[v], n = cy_degree(b, v);
        if (n < 2)
            continue;
        double turn = 0;
        for (int i = 0; i < n; i++) {
            int h1 = cy_head(b, b->vdarts[s + i]), h2 = cy_head(b, b->vdarts[s + (i + 1) % n]);
            double a1 = atan2(xy[2 * h1 + 1] - xy[2 * v + 1], xy[2 * h1] - xy[2 * v]);
            double a2 = atan2(xy[2 * h2 + 1] - xy[2 * v + 1], xy[2 * h2] - xy[2 * v]);
            double t = fmod(a2 - a1 + 2 * TAU, TAU);
            turn += t < 1e-12 ? TAU : t;
        }
        if (fabs(turn - TAU) > 1e-6)
            fail_msg("%s: the drawn rotation at vertex %s is not the board's", what, b->label[v]);
    }
}

/* Lays b out and checks the drawing (check_drawing).  Returns the layout (to
 * free). */
static double *check_layout(const cy_board *b, const char *what)
{
    double *xy = malloc(sizeof(double) * 2 * (size_t)b->nv);
    cy_error err;
    if (cy_layout(b, xy, &err) < 0)
        fail_msg("%s: %s", what, err.msg);
    check_drawing(b, xy, what);
    return xy;
}

/* The families, each stripped of its coordinates. */
static const char *const FAMILIES[] = {
    "k4",
    "cycle:3",
    "cycle:4",
    "cycle:9",
    "chord:6,3",
    "chord:7,2",
    "inner:4",
    "inner:7",
    "theta:1,2,3",
    "theta:2,3,4",
    "theta:4,4,4",
    "gtheta:2,3,3,3",
    "gtheta:1,3,3,4,2",
    "grid:2x2",
    "grid:2x5",
    "grid:3x3",
    "grid:4x4",
    "grid:5x7",
    "wedge:3,4",
    "wedge:3,4,5",
    "wedge:5,3,6,4",
    "butterfly",
    "butterfly:closed",
    "windmill:2",
    "windmill:5",
    "lollipop:3",
    "lollipop:5",
    "path:1",
    "path:2",
    "path:6",
    "star:2",
    "star:7",
    "spider:1,2,3",
    "spider:3,3,1,2",
    "asym30",
    NULL,
};

/* A board with coordinates is drawn with exactly those. */
static void test_own_coordinates(void **state)
{
    (void)state;
    for (int i = 0; FAMILIES[i]; i++) {
        cy_board *b = t_board(FAMILIES[i]);
        assert_true(b->has_coords);
        double *xy = check_layout(b, FAMILIES[i]);
        for (int v = 0; v < b->nv; v++) {
            assert_true(xy[2 * v] == b->x[v]);
            assert_true(xy[2 * v + 1] == b->y[v]);
        }
        free(xy);
        cy_board_free(b);
    }
}

/* Every family without its coordinates draws without crossings and with its
 * rotations. */
static void test_families_stripped(void **state)
{
    (void)state;
    for (int i = 0; FAMILIES[i]; i++) {
        cy_board *f = t_board(FAMILIES[i]);
        cy_board *b = strip(f);
        free(check_layout(b, FAMILIES[i]));
        cy_board_free(b);
        cy_board_free(f);
    }
}

/* Every family, in a range of sizes (the families' own list), stripped. */
static void test_family_list_stripped(void **state)
{
    (void)state;
    static const char *const more[] = {"cycle:30", "grid:10x12", "wedge:3,3,3,3,3,3", "windmill:12", "star:40",
                                       "spider:5,1,4,2,3", "gtheta:2,2,3,3,4,4", "theta:1,5,9", "lollipop:12",
                                       "path:40", "chord:12,6", "inner:12",
                                       /* named boards without coordinates */
                                       "figure1", "k4-table", NULL};
    for (int i = 0; more[i]; i++) {
        cy_board *f = t_board(more[i]);
        cy_board *b = strip(f);
        free(check_layout(b, more[i]));
        cy_board_free(b);
        cy_board_free(f);
    }
    /* the families on closed surfaces have no plane layout: a message */
    static const char *const surfaces[] = {"torus:3x3", "projective-k6", "k4-projective", "k5-torus", NULL};
    for (int i = 0; surfaces[i]; i++) {
        cy_board *b = t_board(surfaces[i]);
        double *xy = calloc(2 * (size_t)b->nv, sizeof(double));
        cy_error err;
        assert_int_equal(cy_layout(b, xy, &err), -1);
        assert_non_null(strstr(err.msg, "no plane drawing"));
        free(xy);
        cy_board_free(b);
    }
    /* every family named by cy_family_list has a default-looking spec above */
    for (const cy_family_info *fi = cy_family_list(); fi->name; fi++) {
        int found = 0;
        for (int i = 0; FAMILIES[i] && !found; i++)
            found = !strncmp(FAMILIES[i], fi->name, strlen(fi->name));
        for (int i = 0; surfaces[i] && !found; i++)
            found = !strncmp(surfaces[i], fi->name, strlen(fi->name));
        for (int i = 0; more[i] && !found; i++)
            found = !strcmp(more[i], fi->name);
        if (!found)
            fail_msg("family %s is not covered by the layout tests", fi->name);
    }
}

/* Boards of more than 300 edges are spread with the bucket grid
 * (layout_spread.c): grid:15x15 (420 edges) and grid:20x20 (760) without
 * coordinates draw without crossings, with their rotations and outer face,
 * and spread: the closest two vertices at least 0.4 of the longest edge
 * apart (the barycentric drawing alone has 0.31 and 0.25: its inner
 * vertices crowd towards the middle; the grid's own drawing has 1). */
static void test_big_boards(void **state)
{
    (void)state;
    static const char *const big[] = {"grid:15x15", "grid:20x20", NULL};
    for (int i = 0; big[i]; i++) {
        cy_board *f = t_board(big[i]);
        cy_board *b = strip(f);
        assert_true(b->ne > 300);
        double *xy = check_layout(b, big[i]);
        double closest = INFINITY, longest = 0;
        for (int u = 0; u < b->nv; u++)
            for (int v = u + 1; v < b->nv; v++)
                closest = fmin(closest, hypot(xy[2 * u] - xy[2 * v], xy[2 * u + 1] - xy[2 * v + 1]));
        for (int e = 0; e < b->ne; e++)
            longest =
                fmax(longest, hypot(xy[2 * b->eu[e]] - xy[2 * b->ev[e]], xy[2 * b->eu[e] + 1] - xy[2 * b->ev[e] + 1]));
        if (!(closest >= 0.4 * longest))
            fail_msg("%s: the closest vertices are %.3f of the longest edge apart", big[i], closest / longest);
        free(xy);
        cy_board_free(b);
        cy_board_free(f);
    }
}

/* A game table carries no coordinates: read it back and lay it out. */
static void test_game_tables(void **state)
{
    (void)state;
    static const char *const specs[] = {"k4",          "grid:3x3",    "lollipop:5",   "butterfly:closed",
                                        "wedge:3,4,5", "theta:2,3,4", "spider:1,2,3", NULL};
    for (int i = 0; specs[i]; i++) {
        cy_board *f = t_board(specs[i]);
        cy_error err;
        char *table = cy_write_board(f, NULL, CY_FMT_TABLE, &err);
        if (!table)
            fail_msg("%s: %s", specs[i], err.msg);
        cy_board *b = cy_read_board(table, strlen(table), CY_FMT_TABLE, NULL, &err);
        if (!b)
            fail_msg("%s: %s", specs[i], err.msg);
        assert_int_equal(b->has_coords, 0);
        free(check_layout(b, specs[i]));
        free(table);
        cy_board_free(b);
        cy_board_free(f);
    }
}

/* Random boards: cells with repeated vertices, trees inside cells, bridges,
 * pendant and degree-2 vertices. */
static void test_random_boards(void **state)
{
    (void)state;
    rb_rng r = {20240605};
    for (int i = 0; i < 400; i++) {
        char desc[4096];
        cy_board *b = rb_board(&r, 4 + i % 40, desc, sizeof desc);
        char what[4200];
        snprintf(what, sizeof what, "random board %d (%s)", i, desc);
        if (b->has_coords) {
            cy_board *s = strip(b);
            cy_board_free(b);
            b = s;
        }
        free(check_layout(b, what));
        cy_board_free(b);
    }
}

/* The picture of b as `cycles draw` makes it (with a caption of the usual
 * length), checked as a drawing (check_drawing, on the vertex centres with
 * rows turned upside down, since the layout's y runs up) and against the
 * goals: at most 800 pixels on the longer side, vertex centres at least three
 * radii apart, every vertex at least a radius away from the edges it is not
 * on.  what names the board in messages. */
static void check_picture(const cy_board *b, const char *what)
{
    cy_picture pic = {.last = -1, .caption = "plane board: 0 moves; player 1 to move"};
    cy_error err;
    char *svg = cy_render_svg(b, &pic, &err);
    if (!svg)
        fail_msg("%s: %s", what, err.msg);
    sp_pic p;
    if (sp_read(svg, b, &p) < 0)
        fail_msg("%s: the picture does not show %d vertices and %d edges", what, b->nv, b->ne);
    double *xy = malloc(sizeof(double) * 2 * (size_t)b->nv);
    for (int v = 0; v < b->nv; v++) {
        xy[2 * v] = p.cx[v];
        xy[2 * v + 1] = -p.cy[v];
    }
    check_drawing(b, xy, what);
    free(xy);
    double vv, ve;
    sp_resolution(&p, b, &vv, &ve);
    if (fmax(p.width, p.height) > 800)
        fail_msg("%s: the picture is %.0f x %.0f pixels", what, p.width, p.height);
    if (vv < 3)
        fail_msg("%s: two vertex centres are %.2f radii apart", what, vv);
    if (ve < 1)
        fail_msg("%s: a vertex is %.2f radii from an edge it is not on", what, ve);
    sp_free(&p);
    free(svg);
}

/* The generator of plane boards: the hand counts 1, 1, 3, 6 for 1 to 4 edges
 * (an edge; a path; a path, a claw and a triangle; three trees, a triangle
 * with a pendant edge inside or outside, a square); every board built by the
 * library; up to 6 edges the same counts when every extension is deduplicated
 * by cy_board_isomorphic instead of the generator's own canonical code, and
 * up to 8 edges no two boards listed isomorphic by cy_board_isomorphic.
 * Generated up to rotation only (reflections told apart), the trees among
 * them are the plane trees: 1, 1, 2, 3, 6, 14, 34, 95 for 1 to 8 edges (OEIS
 * A002995, unlabeled plane trees by nodes). */
static void test_generator(void **state)
{
    (void)state;
    static const int hand[] = {0, 1, 1, 3, 6};
    static const int trees[] = {0, 1, 1, 2, 3, 6, 14, 34, 95};
    pb_list level[PB_MAXE + 1];
    pb_generate(PB_MAXE, level);
    for (int e = 1; e <= 4; e++)
        assert_int_equal(level[e].n, hand[e]);
    for (int e = 1; e <= PB_MAXE; e++) {
        int n = level[e].n;
        cy_board **b = malloc(sizeof(cy_board *) * (size_t)n);
        char desc[512];
        for (int i = 0; i < n; i++) {
            cy_error err;
            b[i] = pb_board(&level[e].m[i], desc, sizeof desc, &err);
            if (!b[i])
                fail_msg("%d edges: the library refuses %s: %s", e, desc, err.msg);
            assert_int_equal(b[i]->ne, e);
        }
        /* no two alike (compared when vertex and cell counts agree) */
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                if (b[i]->nv == b[j]->nv && b[i]->ncells == b[j]->ncells &&
                    cy_face_len(b[i], b[i]->ncells) == cy_face_len(b[j], b[j]->ncells) &&
                    cy_board_isomorphic(b[i], b[j], NULL))
                    fail_msg("%d edges: boards %d and %d are isomorphic", e, i, j);
        /* up to 6 edges: every extension of the boards one edge smaller,
         * deduplicated by cy_board_isomorphic, gives as many */
        if (e >= 2 && e <= 6) {
            pb_list all = {0};
            for (int i = 0; i < level[e - 1].n; i++)
                pb_extend(&level[e - 1].m[i], &all);
            cy_board **kept = malloc(sizeof(cy_board *) * (size_t)all.n);
            int nk = 0;
            for (int i = 0; i < all.n; i++) {
                cy_error err;
                cy_board *c = pb_board(&all.m[i], NULL, 0, &err);
                assert_non_null(c);
                int dup = 0;
                for (int j = 0; j < nk && !dup; j++)
                    dup = kept[j]->nv == c->nv && kept[j]->ncells == c->ncells && cy_board_isomorphic(kept[j], c, NULL);
                if (dup)
                    cy_board_free(c);
                else
                    kept[nk++] = c;
            }
            assert_int_equal(nk, n);
            for (int j = 0; j < nk; j++)
                cy_board_free(kept[j]);
            free(kept);
            free(all.m);
        }
        for (int i = 0; i < n; i++)
            cy_board_free(b[i]);
        free(b);
    }
    for (int e = 0; e <= PB_MAXE; e++)
        free(level[e].m);
    /* reflections told apart: the trees */
    pb_reflections = 0;
    pb_generate(PB_MAXE, level);
    pb_reflections = 1;
    for (int e = 1; e <= PB_MAXE; e++) {
        int ntrees = 0;
        for (int i = 0; i < level[e].n; i++)
            ntrees += level[e].m[i].n == e + 1;
        assert_int_equal(ntrees, trees[e]);
        free(level[e].m);
    }
}

/* Every plane board of up to 8 edges, without coordinates: a plane drawing
 * with the board's rotations and outer face, and a readable picture. */
static void test_every_small_board(void **state)
{
    (void)state;
    pb_list level[PB_MAXE + 1];
    pb_generate(PB_MAXE, level);
    for (int e = 1; e <= PB_MAXE; e++)
        for (int i = 0; i < level[e].n; i++) {
            char desc[512];
            cy_error err;
            cy_board *b = pb_board(&level[e].m[i], desc, sizeof desc, &err);
            assert_non_null(b);
            check_picture(b, desc);
            cy_board_free(b);
        }
    for (int e = 0; e <= PB_MAXE; e++)
        free(level[e].m);
}

/* Builds a board without coordinates from face walks written as label
 * lists ("1 2 3"), the last one the outer face. */
static cy_board *walks_board(int nv, const char *const *walks, int nw)
{
    int w[16][32], len[16];
    const int *cells[16];
    for (int f = 0; f < nw; f++) {
        len[f] = 0;
        for (const char *p = walks[f]; *p;) {
            char *end;
            w[f][len[f]++] = (int)strtol(p, &end, 10) - 1;
            p = end;
        }
        cells[f] = w[f];
    }
    cy_board_desc d = {.nv = nv,
                       .ncells = nw - 1,
                       .cells = cells,
                       .cell_len = len,
                       .outer = w[nw - 1],
                       .outer_len = len[nw - 1],
                       .name = "board"};
    cy_error err;
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("%s", err.msg);
    return b;
}

/* Pendant leaves are spread, not piled up: a star inside a triangle and four
 * leaves at a corner inside one (the leaves the barycentric layout puts on
 * one point), and larger ones beyond
 * the enumerated sizes: stars and a path inside a square, a star outside. */
static void test_pendant_trees(void **state)
{
    (void)state;
    static const char *const star_in_triangle[] = {"1 2 3 1 4 5 4 6 4 7 4", "3 2 1"};
    static const char *const leaves_in_corner[] = {"1 4 1 5 1 6 1 7 1 2 3", "3 2 1"};
    static const char *const stars_in_square[] = {"1 5 6 5 7 5 8 5 1 2 3 9 10 9 11 9 12 9 3 4", "4 3 2 1"};
    static const char *const path_in_square[] = {"1 2 3 4 1 5 6 7 8 9 8 7 6 5", "4 3 2 1"};
    static const char *const star_outside[] = {"1 2 3", "3 2 1 4 5 4 6 4 7 4 8 4 9 4 1"};
    struct {
        const char *what;
        int nv, nw;
        const char *const *walks;
    } boards[] = {
        {"a star inside a triangle", 7, 2, star_in_triangle},
        {"four leaves at a corner inside a triangle", 7, 2, leaves_in_corner},
        {"two stars inside a square", 12, 2, stars_in_square},
        {"a path inside a square", 9, 2, path_in_square},
        {"a star outside a triangle", 9, 2, star_outside},
    };
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        cy_board *b = walks_board(boards[i].nv, boards[i].walks, boards[i].nw);
        free(check_layout(b, boards[i].what));
        check_picture(b, boards[i].what);
        cy_board_free(b);
    }
}

/* Boards with coordinates keep them, and their pictures are bounded too: the
 * families of up to 60 vertices fit in 800 pixels, readable. */
static void test_own_coordinates_pictures(void **state)
{
    (void)state;
    for (int i = 0; FAMILIES[i]; i++) {
        cy_board *b = t_board(FAMILIES[i]);
        if (b->nv <= 60)
            check_picture(b, FAMILIES[i]);
        cy_board_free(b);
    }
}

/* The two smallest boards: one edge (two vertices) and a path of two. */
static void test_tiny(void **state)
{
    (void)state;
    const char *specs[] = {"path:1", "path:2", "star:2", NULL};
    for (int i = 0; specs[i]; i++) {
        cy_board *f = t_board(specs[i]);
        cy_board *b = strip(f);
        free(check_layout(b, specs[i]));
        cy_board_free(b);
        cy_board_free(f);
    }
}

/* Runs the tests. */
int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_own_coordinates),
        cmocka_unit_test(test_families_stripped),
        cmocka_unit_test(test_family_list_stripped),
        cmocka_unit_test(test_big_boards),
        cmocka_unit_test(test_game_tables),
        cmocka_unit_test(test_random_boards),
        cmocka_unit_test(test_tiny),
        cmocka_unit_test(test_generator),
        cmocka_unit_test(test_every_small_board),
        cmocka_unit_test(test_pendant_trees),
        cmocka_unit_test(test_own_coordinates_pictures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
