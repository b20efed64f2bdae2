/*
 * test_symmetry.c - the automorphism group of a board (nauty on the flag
 * graph), board isomorphism and the classes of an involution (Alvarado et al. 2021,
 * section 5).
 *
 * Group orders are hand-derived (dihedral groups of polygons and so on, see
 * each test) and checked against an independent brute force written here:
 * every permutation of the vertices is tried against the edges, the special
 * vertices and the face walks (as vertex sequences up to rotation, all read
 * forwards for a rotation or all backwards for a reflection, the outer face
 * kept).  randboard.c is included directly (a unity build).
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "randboard.c"

/* ------------------------------------------------------- brute force */

/* The vertex walk of face f into w; returns its length. */
static int walk_of(const cy_board *b, int f, int *w)
{
    int n = 0;
    for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
        w[n++] = cy_tail(b, b->fdarts[i]);
    return n;
}

/* Whether the cyclic sequences a and c (length n) agree up to rotation. */
static int same_cyclic(const int *a, const int *c, int n)
{
    for (int s = 0; s < n; s++) {
        int ok = 1;
        for (int i = 0; i < n && ok; i++)
            ok = a[i] == c[(i + s) % n];
        if (ok)
            return 1;
    }
    return 0;
}

/* Whether p maps every face walk onto a face walk, read forwards (rev 0)
 * or backwards (rev 1), the outer face onto the outer face. */
static int faces_ok(const cy_board *b, const int *p, int rev)
{
    int w[256], img[256], g[256];
    for (int f = 0; f <= b->ncells; f++) {
        int n = walk_of(b, f, w);
        for (int i = 0; i < n; i++)
            img[i] = p[w[rev ? n - 1 - i : i]];
        int found = 0;
        for (int h = 0; h <= b->ncells && !found; h++) {
            if ((h == b->ncells) != (f == b->ncells) || walk_of(b, h, g) != n)
                continue;
            found = same_cyclic(img, g, n);
        }
        if (!found)
            return 0;
    }
    return 1;
}

/* Whether permutation p (of 0..nv-1) is an automorphism of b. */
static int brute_is_aut(const cy_board *b, const int *p)
{
    for (int v = 0; v < b->nv; v++)
        if ((b->special[v] != 0) != (b->special[p[v]] != 0))
            return 0;
    for (int e = 0; e < b->ne; e++)
        if (cy_board_edge_between(b, p[b->eu[e]], p[b->ev[e]]) < 0)
            return 0;
    return faces_ok(b, p, 0) || faces_ok(b, p, 1);
}

/* Counts the automorphisms of b (nv <= 8) by trying every permutation. */
static int brute_count(const cy_board *b, int *p, int k, unsigned used)
{
    if (k == b->nv)
        return brute_is_aut(b, p);
    int n = 0;
    for (int v = 0; v < b->nv; v++)
        if (!(used & (1u << v)) && cy_degree(b, v) == cy_degree(b, k)) {
            p[k] = v;
            n += brute_count(b, p, k + 1, used | (1u << v));
        }
    return n;
}

/* The group of spec; fails the test if it cannot be computed. */
static cy_symmetry *group(const cy_board *b)
{
    cy_error err;
    cy_symmetry *s = cy_symmetry_new(b, &err);
    if (!s)
        fail_msg("%s: %s", b->name ? b->name : "board", err.msg);
    return s;
}

/* Counts the rotations (identity included) and reflections of s. */
static void kinds(const cy_symmetry *s, int *rot, int *refl)
{
    *rot = *refl = 0;
    for (int i = 0; i < s->n; i++)
        s->aut[i].reflection ? (*refl)++ : (*rot)++;
}

/* ------------------------------------------------------------- tests */

/* Hand-derived group orders: a polygon's dihedral group (n rotations, n
 * reflections); K4 drawn as a triangle round its centre keeps the outer
 * triangle: D3; a grid of R x C vertices, R != C: the Klein group of 180-degree
 * rotation and two reflections; a square grid: D4; a star of K legs: D_K; a
 * path: itself and its reversal; the open butterfly: D2; the closed one
 * only the reflection through the shared vertex; a lollipop only its
 * reflection. */
static void test_orders(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        int rot, refl;
    } cases[] = {
        {"cycle:3", 3, 3},    {"cycle:5", 5, 5},   {"cycle:8", 8, 8},     {"k4", 3, 3},
        {"grid:2x3", 2, 2},   {"grid:3x4", 2, 2},  {"grid:3x3", 4, 4},    {"grid:2x2", 4, 4},
        {"star:5", 5, 5},     {"path:4", 2, 0},    {"butterfly", 2, 2},   {"butterfly:closed", 1, 1},
        {"lollipop:5", 1, 1}, {"wedge:3,4", 1, 1}, {"chord:4,2", 2, 2},   {"gtheta:2,2,2", 2, 2},
        {"windmill:3", 3, 3}, {"inner:5", 1, 1},   {"theta:1,2,3", 1, 1}, {"spider:1,2,3", 1, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cy_board *b = t_board(cases[i].spec);
        cy_symmetry *s = group(b);
        int rot, refl;
        kinds(s, &rot, &refl);
        if (rot != cases[i].rot || refl != cases[i].refl)
            fail_msg("%s: %d rotations and %d reflections; expected %d and %d", cases[i].spec, rot, refl, cases[i].rot,
                     cases[i].refl);
        /* the identity first, every element an automorphism of the right order */
        assert_int_equal(s->aut[0].order, 1);
        for (int v = 0; v < b->nv; v++)
            assert_int_equal(s->aut[0].vmap[v], v);
        for (int k = 0; k < s->n; k++) {
            assert_int_equal(s->aut[k].fmap[b->ncells], b->ncells);
            int *p = s->aut[k].vmap, *q = malloc(sizeof(int) * (size_t)b->nv);
            for (int v = 0; v < b->nv; v++)
                q[v] = v;
            int ord = 0;
            do {
                for (int v = 0; v < b->nv; v++)
                    q[v] = p[q[v]];
                ord++;
                int id = 1;
                for (int v = 0; v < b->nv; v++)
                    id &= q[v] == v;
                if (id)
                    break;
            } while (ord < 1000);
            assert_int_equal(ord, s->aut[k].order);
            free(q);
        }
        cy_symmetry_free(s);
        cy_board_free(b);
    }
}

/* Special vertices must go to special vertices: k4 with its centre special
 * keeps D3, with a corner special only the reflection through that corner. */
static void test_special(void **state)
{
    (void)state;
    cy_board *k4 = t_board("k4");
    unsigned char centre[4] = {0, 0, 0, 1}, corner[4] = {1, 0, 0, 0};
    cy_error err;
    cy_board *a = cy_board_with_special(k4, centre, &err), *c = cy_board_with_special(k4, corner, &err);
    cy_symmetry *s = group(a);
    assert_int_equal(s->n, 6);
    cy_symmetry_free(s);
    s = group(c);
    assert_int_equal(s->n, 2);
    assert_int_equal(s->aut[1].vmap[0], 0);
    assert_true(s->aut[1].reflection);
    cy_symmetry_free(s);
    cy_board_free(a);
    cy_board_free(c);
    cy_board_free(k4);
}

/* The nauty group equals the brute force's on family boards and random
 * boards of at most 8 vertices, and every element is also found by
 * cy_board_isomorphic's independent dart extension. */
static void test_against_brute(void **state)
{
    (void)state;
    static const char *const specs[] = {"k4",           "cycle:6",          "grid:2x3",    "grid:2x4",
                                        "butterfly",    "butterfly:closed", "wedge:3,4",   "chord:6,3",
                                        "inner:4",      "gtheta:2,2,2",     "theta:1,3,3", "star:4",
                                        "spider:1,1,2", "lollipop:4",       "windmill:3",  "path:5"};
    int p[8];
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        cy_symmetry *s = group(b);
        int want = brute_count(b, p, 0, 0);
        if (s->n != want)
            fail_msg("%s: nauty finds %d automorphisms, the brute force %d", specs[i], s->n, want);
        for (int k = 0; k < s->n; k++)
            assert_true(brute_is_aut(b, s->aut[k].vmap));
        cy_symmetry_free(s);
        cy_board_free(b);
    }
    int tested = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        rb_rng r = {seed * 104729};
        char desc[512];
        cy_board *b = rb_board(&r, 10, desc, sizeof desc);
        if (b->nv <= 8) {
            cy_symmetry *s = group(b);
            int want = brute_count(b, p, 0, 0);
            if (s->n != want)
                fail_msg("random board %s: nauty finds %d automorphisms, the brute force %d", desc, s->n, want);
            cy_symmetry_free(s);
            tested++;
        }
        cy_board_free(b);
    }
    assert_true(tested > 100);
}

/* ------------------------------------- brute force over dart maps */

/* The search state of dart_count: the board, the face successor of each
 * dart, the partial edge map (te[e] = 2 * image edge + flip, -1 free) and
 * vertex map, and the dart maps found. */
typedef struct dsearch {
    const cy_board *b;
    int next[64], te[32], vm[32], used[32];
    int found, (*maps)[64];
} dsearch;

/* Image of dart d under the edge map of s: edge te>>1, reversed by the flip. */
static int dimg(const dsearch *s, int d)
{
    return 2 * (s->te[d >> 1] >> 1) + ((s->te[d >> 1] & 1) ^ (d & 1));
}

/* Whether the complete dart map of s keeps the faces: forwards (a
 * rotation: the successor of an image is the image of the successor) or
 * backwards (a reflection: the image walks run the other way round), the
 * outer face onto the outer face. */
static int dmap_keeps_faces(const dsearch *s, int refl)
{
    const cy_board *b = s->b;
    for (int d = 0; d < 2 * b->ne; d++) {
        int x = dimg(s, d), n = dimg(s, s->next[d]);
        if (refl ? s->next[n ^ 1] != (x ^ 1) : s->next[x] != n)
            return 0;
        int img = refl ? x ^ 1 : x;
        if ((b->dface[d] == b->ncells) != (b->dface[img] == b->ncells))
            return 0;
    }
    return 1;
}

/* Tries every image (edge and direction) for edge e and on, keeping the
 * vertex map a bijection that keeps special vertices; counts the complete
 * maps that keep the faces one way or the other. */
static void dart_count(dsearch *s, int e)
{
    const cy_board *b = s->b;
    if (e == b->ne) {
        if (dmap_keeps_faces(s, 0) || dmap_keeps_faces(s, 1)) {
            for (int d = 0; d < 2 * b->ne; d++)
                s->maps[s->found][d] = dimg(s, d);
            s->found++;
        }
        return;
    }
    for (int t = 0; t < 2 * b->ne; t++) {
        if (s->used[t >> 1])
            continue;
        s->te[e] = t;
        /* the ends of e go to the ends of the image dart */
        int ends[2] = {b->eu[e], b->ev[e]}, img[2] = {cy_tail(b, t), cy_head(b, t)};
        int saved[2] = {s->vm[ends[0]], s->vm[ends[1]]}, ok = 1;
        for (int k = 0; k < 2 && ok; k++) {
            int v = ends[k], w = img[k];
            if (s->vm[v] >= 0)
                ok = s->vm[v] == w;
            else {
                for (int x = 0; x < b->nv && ok; x++)
                    ok = s->vm[x] != w;
                ok = ok && b->special[v] == b->special[w] && cy_degree(b, v) == cy_degree(b, w);
                if (ok)
                    s->vm[v] = w;
            }
        }
        if (ok) {
            s->used[t >> 1] = 1;
            dart_count(s, e + 1);
            s->used[t >> 1] = 0;
        }
        s->vm[ends[0]] = saved[0];
        s->vm[ends[1]] = saved[1];
        s->te[e] = -1;
    }
}

/* The group of a board with parallel edges (the C++ program's SP3 on the
 * torus, every pair of its three vertices joined twice; two digons on the
 * sphere; the two-row torus grid), of boards with loops, and of simple
 * boards on both surfaces, against every map of edges
 * to edges with a direction each: the same number of elements, and each
 * element's dart map among those found. */
static void test_dart_maps(void **state)
{
    (void)state;
    static const char *const specs[] = {"benntaylor/SP3_encoding.txt",
                                        "benntaylor/SP5_encoding.txt",
                                        "k4",
                                        "cycle:5",
                                        "projective-k6",
                                        "path:3",
                                        "torus:2x3",
                                        "benntaylor-loops/two-loops.txt",
                                        "benntaylor-loops/loops-and-edges.txt",
                                        "benntaylor-loops/loops-three-cells.txt",
                                        "benntaylor-loops/loop-triangle.txt"};
    static const char *digons = "digons\n2 2\nEDGES\n0 1\n1 0\nCYCLES\n+0 +1\n-1 -0";
    for (size_t i = 0; i <= sizeof specs / sizeof specs[0]; i++) {
        cy_error err;
        cy_board *b = i == sizeof specs / sizeof specs[0]
                          ? cy_read_board(digons, strlen(digons), CY_FMT_BENNTAYLOR, NULL, &err)
                          : t_board(strncmp(specs[i], "benntaylor", 10) ? specs[i] : t_data_path(specs[i]));
        assert_non_null(b);
        if (!b->orientable) { /* only the identity is claimed there */
            cy_symmetry *s = group(b);
            assert_int_equal(s->n, 1);
            cy_symmetry_free(s);
            cy_board_free(b);
            continue;
        }
        assert_true(b->ne <= 32);
        dsearch *ds = calloc(1, sizeof *ds);
        ds->b = b;
        ds->maps = malloc(sizeof *ds->maps * 4 * 64);
        for (int f = 0; f <= b->ncells; f++)
            for (int k = b->fstart[f]; k < b->fstart[f + 1]; k++)
                ds->next[b->fdarts[k]] = b->fdarts[k + 1 < b->fstart[f + 1] ? k + 1 : b->fstart[f]];
        for (int v = 0; v < b->nv; v++)
            ds->vm[v] = -1;
        for (int e = 0; e < b->ne; e++)
            ds->te[e] = -1;
        dart_count(ds, 0);
        cy_symmetry *s = group(b);
        if (s->n != ds->found)
            fail_msg("%s: the group has %d elements, the brute force over dart maps %d", b->name, s->n, ds->found);
        for (int k = 0; k < s->n; k++) {
            int in = 0;
            for (int j = 0; j < ds->found && !in; j++)
                in = !memcmp(ds->maps[j], s->aut[k].dmap, sizeof(int) * 2 * (size_t)b->ne);
            if (!in)
                fail_msg("%s: element %d of the group is no map the brute force found", b->name, k);
            for (int d = 0; d < 2 * b->ne; d++)
                assert_int_equal(s->aut[k].emap[d >> 1], s->aut[k].dmap[d] >> 1);
        }
        cy_symmetry_free(s);
        free(ds->maps);
        free(ds);
        cy_board_free(b);
    }
}

/* Relabels and mirrors board b: vertex v becomes perm[v], every walk is
 * reversed (which turns the drawing over). */
static cy_board *mirror_copy(const cy_board *b, const int *perm)
{
    int nf = b->ncells + 1;
    int **walk = malloc(sizeof(int *) * (size_t)nf), *len = malloc(sizeof(int) * (size_t)nf);
    for (int f = 0; f < nf; f++) {
        len[f] = cy_face_len(b, f);
        walk[f] = malloc(sizeof(int) * (size_t)len[f]);
        for (int i = 0; i < len[f]; i++)
            walk[f][i] = perm[cy_tail(b, b->fdarts[b->fstart[f + 1] - 1 - i])];
    }
    char **labels = malloc(sizeof(char *) * (size_t)b->nv);
    unsigned char *sp = malloc((size_t)b->nv);
    for (int v = 0; v < b->nv; v++) {
        labels[perm[v]] = b->label[v];
        sp[perm[v]] = b->special[v];
    }
    cy_board_desc d = {.nv = b->nv,
                       .labels = (const char *const *)labels,
                       .ncells = b->ncells,
                       .cells = (const int *const *)walk,
                       .cell_len = len,
                       .outer = walk[b->ncells],
                       .outer_len = len[b->ncells],
                       .special = sp,
                       .name = "mirror"};
    cy_error err;
    cy_board *m = cy_board_from_faces(&d, &err);
    if (!m)
        fail_msg("mirror copy: %s", err.msg);
    for (int f = 0; f < nf; f++)
        free(walk[f]);
    free(walk);
    free(len);
    free(labels);
    free(sp);
    return m;
}

/* Isomorphism respects cells, not only the graph (Zonnefeld et al. 2023, section 2):
 * the open and the closed butterfly are the same graph but different
 * boards; a relabelled mirror image is isomorphic, with a vertex map that
 * carries edges to edges. */
static void test_isomorphic(void **state)
{
    (void)state;
    cy_board *open = t_board("butterfly"), *closed = t_board("butterfly:closed");
    assert_int_equal(open->ne, closed->ne);
    assert_false(cy_board_isomorphic(open, closed, NULL));
    cy_board *t1 = t_board("theta:2,3,4"), *t2 = t_board("theta:3,2,4");
    assert_false(cy_board_isomorphic(t1, t2, NULL)); /* a different path in the middle */
    cy_board *t3 = t_board("theta:4,3,2");
    assert_true(cy_board_isomorphic(t1, t3, NULL)); /* turned over */
    static const char *const specs[] = {"k4", "grid:3x3", "wedge:3,5", "chord:7,3", "spider:1,2,3", "inner:6"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        int *perm = malloc(sizeof(int) * (size_t)b->nv), *vm = malloc(sizeof(int) * (size_t)b->nv);
        for (int v = 0; v < b->nv; v++)
            perm[v] = (v * 5 + 3) % b->nv;
        int bijective = 1;
        for (int v = 0; v < b->nv; v++)
            for (int w = 0; w < v; w++)
                bijective &= perm[v] != perm[w];
        if (!bijective)
            for (int v = 0; v < b->nv; v++)
                perm[v] = b->nv - 1 - v;
        cy_board *m = mirror_copy(b, perm);
        assert_true(cy_board_isomorphic(b, m, vm));
        for (int e = 0; e < b->ne; e++)
            assert_true(cy_board_edge_between(m, vm[b->eu[e]], vm[b->ev[e]]) >= 0);
        cy_board_free(m);
        free(perm);
        free(vm);
        cy_board_free(b);
    }
    cy_board_free(t1);
    cy_board_free(t2);
    cy_board_free(t3);
    cy_board_free(open);
    cy_board_free(closed);
}

/* The analysis of one involution given by label pairs. */
static void involution(const cy_board *b, const char *pairs, cy_involution *inv)
{
    int *vmap = malloc(sizeof(int) * (size_t)b->nv);
    cy_error err;
    if (cy_involution_parse(b, pairs, vmap, &err) < 0)
        fail_msg("%s: %s", pairs, err.msg);
    if (cy_involution_analyse(b, vmap, inv, &err) < 0)
        fail_msg("%s: %s", pairs, err.msg);
    free(vmap);
}

/* The class of the cell whose walk contains the labels a, b, c. */
static int class_of(const cy_board *b, const cy_involution *inv, const char *x, const char *y, const char *z)
{
    int want[3] = {cy_board_find(b, x), cy_board_find(b, y), cy_board_find(b, z)};
    for (int c = 0; c < b->ncells; c++) {
        int hit = 0;
        for (int k = 0; k < 3; k++)
            for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++)
                hit += cy_tail(b, b->fdarts[i]) == want[k];
        if (hit == 3)
            return inv->cell[c];
    }
    fail_msg("no cell %s %s %s", x, y, z);
    return -1;
}

/* Alvarado et al. 2021 section 5, by hand:
 *  - K4, reflection 2<->3: the edge 1-4 lies along the axis (ends fixed),
 *    2-3 crosses it (ends exchanged); cell 2,3,4 is self-involutive, cells
 *    1,2,4 and 1,3,4 are partners that each hold 1-4 and its partner (itself):
 *    part-involutive; so Theorem 6 says nothing;
 *  - Figure 12 (the theta of three 2-paths, rotated by 180 degrees): the two
 *    cells are partners, each holding a-e and its partner e-c: part-involutive;
 *  - the same board reflected across the middle path: both cells
 *    self-involutive, no edge fixed: Theorem 6 gives player 2;
 *  - grid 2x3 rotated: the centre edge 2-5 is fixed (ends exchanged) and the
 *    two cells are part-involutive (Barua et al. 2022, section 6);
 *  - C5 reflected through vertex 1: one fixed edge 3-4, ends exchanged:
 *    player 1. */
static void test_classes(void **state)
{
    (void)state;
    cy_involution inv;
    cy_board *b = t_board("k4");
    involution(b, "2:3", &inv);
    assert_true(inv.reflection);
    assert_int_equal(inv.fixed_vertices, 2);
    assert_int_equal(inv.edge[cy_board_edge_between(b, 0, 3)], CY_INV_EDGE_FIXED);
    assert_int_equal(inv.edge[cy_board_edge_between(b, 1, 2)], CY_INV_EDGE_SWAPPED);
    assert_int_equal(inv.edge[cy_board_edge_between(b, 0, 1)], CY_INV_EDGE_MOVED);
    assert_int_equal(class_of(b, &inv, "2", "3", "4"), CY_INV_SELF);
    assert_int_equal(class_of(b, &inv, "1", "2", "4"), CY_INV_PART);
    assert_int_equal(class_of(b, &inv, "1", "3", "4"), CY_INV_PART);
    assert_int_equal(inv.thm6, 0);
    cy_involution_free(&inv);
    cy_board_free(b);

    b = t_board("gtheta:2,2,2"); /* poles 1, 2; paths through 3 (top), 4, 5 (bottom) */
    involution(b, "1:2,3:5", &inv);
    assert_false(inv.reflection);
    assert_int_equal(inv.fixed_edges, 0);
    assert_int_equal(inv.part_cells, 2);
    assert_int_equal(inv.thm6, 0);
    cy_involution_free(&inv);
    involution(b, "1:2", &inv);
    assert_true(inv.reflection);
    assert_int_equal(inv.fixed_cells, 2);
    assert_int_equal(inv.fixed_edges, 0);
    assert_int_equal(inv.thm6, 2);
    cy_involution_free(&inv);
    cy_board_free(b);

    b = t_board("grid:2x3");
    involution(b, "1:6,2:5,3:4", &inv);
    assert_false(inv.reflection);
    assert_int_equal(inv.fixed_edges, 1);
    assert_int_equal(inv.swapped_edges, 1);
    assert_int_equal(inv.edge[cy_board_edge_between(b, 1, 4)], CY_INV_EDGE_SWAPPED);
    assert_int_equal(inv.part_cells, 2);
    assert_int_equal(inv.thm6, 0);
    cy_involution_free(&inv);
    cy_board_free(b);

    b = t_board("cycle:5");
    involution(b, "2:5,3:4", &inv);
    assert_int_equal(inv.fixed_vertices, 1);
    assert_int_equal(inv.swapped_edges, 1);
    assert_int_equal(inv.cell[0], CY_INV_SELF);
    assert_int_equal(inv.thm6, 1);
    cy_involution_free(&inv);
    /* not an automorphism: a rotation by one step is no involution, and
     * exchanging two neighbours of C5 breaks edges */
    int bad[5] = {1, 0, 2, 3, 4};
    cy_error err;
    assert_int_equal(cy_involution_analyse(b, bad, &inv, &err), -1);
    int id[5] = {0, 1, 2, 3, 4};
    assert_int_equal(cy_involution_analyse(b, id, &inv, &err), -1);
    cy_board_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_orders),    cmocka_unit_test(test_special),    cmocka_unit_test(test_against_brute),
        cmocka_unit_test(test_dart_maps), cmocka_unit_test(test_isomorphic), cmocka_unit_test(test_classes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
