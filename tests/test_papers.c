/*
 * test_papers.c - theorems of the papers (README.md, References) reproduced by
 * computation with the plain solver (CY_ENGINE_PLAIN).
 *
 * Every expected value below is a statement of a paper (cited at each test)
 * or follows from one by an argument given in the comment; nothing is
 * copied from a run of the program.  The tests check the structure of each
 * family board they use (vertices, edges, cells, degrees, special vertices)
 * before applying a theorem, so a family built differently from what the
 * theorem is about fails loudly instead of testing the wrong thing.
 *
 * randboard.c is included directly (a unity build) because
 * tests/CMakeLists.txt links every test with tests/support.c only.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "randboard.c"

/* ------------------------------------------------------------ helpers */

/* A family board from a printf-style spec; fails the test if it cannot. */
static cy_board *fam(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static cy_board *fam(const char *fmt, ...)
{
    char spec[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(spec, sizeof spec, fmt, ap);
    va_end(ap);
    return t_board(spec);
}

/* A plain-engine solver for b. */
static cy_solver *plain_solver(const cy_board *b)
{
    cy_error err;
    cy_solver_opts o = {.engine = CY_ENGINE_PLAIN, .memory = 256u << 20};
    cy_solver *s = cy_solver_new(b, &o, &err);
    if (!s)
        fail_msg("%s: %s", b->name ? b->name : "board", err.msg);
    return s;
}

/* Analyses the empty board of b with the plain engine. */
static void analyse_empty(const cy_board *b, cy_analysis *a)
{
    cy_solver *s = plain_solver(b);
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    cy_error err;
    if (cy_analyse(s, mark, a, &err) < 0)
        fail_msg("%s: %s", b->name ? b->name : "board", err.msg);
    free(mark);
    cy_solver_free(s);
}

/* The winner (1 or 2) of the empty board of b under the original rules. */
static int winner(const cy_board *b)
{
    cy_analysis a;
    analyse_empty(b, &a);
    int w = a.winner;
    cy_analysis_free(&a);
    return w;
}

/* The normal-play Grundy value of the empty board of b (-1 when a cycle cell
 * can be completed at once). */
static int grundy(const cy_board *b)
{
    cy_analysis a;
    analyse_empty(b, &a);
    int g = a.grundy;
    cy_analysis_free(&a);
    return g;
}

/* The number of vertices of degree deg. */
static int n_degree(const cy_board *b, int deg)
{
    int n = 0;
    for (int v = 0; v < b->nv; v++)
        n += cy_degree(b, v) == deg;
    return n;
}

/* The number of special vertices. */
static int n_special(const cy_board *b)
{
    int n = 0;
    for (int v = 0; v < b->nv; v++)
        n += b->special[v] != 0;
    return n;
}

/* Whether exactly the vertices of degree 1 are special. */
static int leaves_special(const cy_board *b)
{
    for (int v = 0; v < b->nv; v++)
        if ((cy_degree(b, v) == 1) != (b->special[v] != 0))
            return 0;
    return 1;
}

/* A copy of b in which exactly vertex v is special. */
static cy_board *special_at(const cy_board *b, int v)
{
    unsigned char *sp = calloc((size_t)b->nv, 1);
    sp[v] = 1;
    cy_error err;
    cy_board *r = cy_board_with_special(b, sp, &err);
    free(sp);
    if (!r)
        fail_msg("%s", err.msg);
    return r;
}

/* A copy of b with no special vertex. */
static cy_board *no_special(const cy_board *b)
{
    cy_error err;
    cy_board *r = cy_board_with_special(b, NULL, &err);
    if (!r)
        fail_msg("%s", err.msg);
    return r;
}

/* The Grundy value of an n-gon with one special vertex, Fokkink and Zandee 2022 Thm 2:
 * 2 for the triangle, else 0 for n even and 1 for n odd. */
static int ngon_special_value(int n)
{
    return n == 3 ? 2 : n % 2;
}

/* The vertex of the largest degree (the first one). */
static int max_degree_vertex(const cy_board *b)
{
    int best = 0;
    for (int v = 1; v < b->nv; v++)
        if (cy_degree(b, v) > cy_degree(b, best))
            best = v;
    return best;
}

/* Checks the structure of a board: vertices, edges, cells. */
static void shape(const cy_board *b, int nv, int ne, int ncells)
{
    if (b->nv != nv || b->ne != ne || b->ncells != ncells)
        fail_msg("%s: %d vertices, %d edges, %d cells; the theorem is about %d, %d, %d", b->name ? b->name : "board",
                 b->nv, b->ne, b->ncells, nv, ne, ncells);
}

/* A check of one reachable position and the plain solver's analysis of it. */
typedef void (*pos_check)(const cy_board *b, const unsigned char *mark, const cy_analysis *a, void *arg);

/* One level of the walk: analyses mark, then plays each legal move. */
static void walk_from(const cy_board *b, cy_solver *s, unsigned char *mark, unsigned char *seen, pos_check check,
                      void *arg, int *count)
{
    size_t x = 0;
    for (int e = b->ne - 1; e >= 0; e--)
        x = 3 * x + mark[e];
    if (seen[x])
        return;
    seen[x] = 1;
    (*count)++;
    cy_analysis a;
    cy_error err;
    if (cy_analyse(s, mark, &a, &err) < 0)
        fail_msg("%s", err.msg);
    check(b, mark, &a, arg);
    cy_analysis_free(&a);
    int *moves = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int n = cy_rules_legal(b, mark, moves);
    for (int i = 0; i < n; i++) {
        int e = cy_dart_edge(moves[i]);
        mark[e] = (unsigned char)cy_dart_mark(moves[i]);
        walk_from(b, s, mark, seen, check, arg, count);
        mark[e] = CY_UNMARKED;
    }
    free(moves);
}

/* Walks every position reachable from the empty board of b (at most 13
 * edges) by legal moves (library rules), calling check on each with the
 * plain solver's analysis; returns the number of positions. */
static int walk_all(const cy_board *b, pos_check check, void *arg)
{
    assert_true(b->ne <= 13);
    size_t n = 1;
    for (int e = 0; e < b->ne; e++)
        n *= 3;
    unsigned char *seen = calloc(n, 1), *mark = calloc((size_t)b->ne + 1, 1);
    cy_solver *s = plain_solver(b);
    int count = 0;
    walk_from(b, s, mark, seen, check, arg, &count);
    cy_solver_free(s);
    free(seen);
    free(mark);
    return count;
}

/* ---------------------------------------------------------- Alvarado et al. 2021 */

/* Alvarado et al. 2021, Theorem 1: on a K4 board player 2 has a winning strategy. */
static void test_k4(void **state)
{
    (void)state;
    cy_board *b = fam("k4");
    shape(b, 4, 6, 3);
    assert_int_equal(n_degree(b, 3), 4);
    assert_int_equal(winner(b), 2);
    cy_board_free(b);
}

/* The player who wins every game on C_n (Alvarado et al. 2021, Theorem 3). */
typedef struct determined {
    int n, w;
} determined;

/* At every reachable position of C_n the winner is the one Theorem 3 names
 * and every legal move is winning or every legal move is losing (the game is
 * deterministic: the outcome does not depend on the moves made). */
static void check_determined(const cy_board *b, const unsigned char *mark, const cy_analysis *a, void *arg)
{
    const determined *d = arg;
    int *moves = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    int n = cy_rules_legal(b, mark, moves);
    free(moves);
    if (a->winner != d->w)
        fail_msg("C_%d after %d moves: winner %d, Theorem 3 says %d", d->n, a->played, a->winner, d->w);
    if (a->nwin != 0 && a->nwin != n)
        fail_msg("C_%d after %d moves: %d of %d legal moves win; Theorem 3 says play is deterministic", d->n, a->played,
                 a->nwin, n);
}

/* Alvarado et al. 2021, Theorem 3: play on C_n is determined by parity: player 1 wins
 * for n odd, player 2 for n even, whatever moves are made. */
static void test_cycles(void **state)
{
    (void)state;
    for (int n = 3; n <= 12; n++) {
        cy_board *b = fam("cycle:%d", n);
        shape(b, n, n, 1);
        assert_int_equal(n_degree(b, 2), n);
        determined d = {n, n % 2 ? 1 : 2};
        assert_int_equal(winner(b), d.w);
        int count = walk_all(b, check_determined, &d);
        assert_true(count > 2 * n);
        if (n == 12)
            print_message("C_12: %d reachable positions, all won by player 2\n", count);
        cy_board_free(b);
    }
}

/* Alvarado et al. 2021, Theorem 4: C_n (n >= 4) with a chord between two non-adjacent
 * vertices: player 1 wins for n even, player 2 for n odd. */
static void test_chord(void **state)
{
    (void)state;
    for (int n = 4; n <= 10; n++)
        for (int k = 2; k <= n - 2; k++) {
            cy_board *b = fam("chord:%d,%d", n, k);
            shape(b, n, n + 1, 2);
            assert_int_equal(n_degree(b, 3), 2);
            assert_int_equal(n_degree(b, 2), n - 2);
            int w = winner(b);
            if (w != (n % 2 == 0 ? 1 : 2))
                fail_msg("chord:%d,%d: player %d wins; Theorem 4 says player %d", n, k, w, n % 2 == 0 ? 1 : 2);
            cy_board_free(b);
        }
}

/* Alvarado et al. 2021, Theorem 5: C_n (n >= 3) with an inner vertex joined to two
 * adjacent cycle vertices: player 1 wins for n odd, player 2 for n even. */
static void test_inner(void **state)
{
    (void)state;
    for (int n = 3; n <= 10; n++) {
        cy_board *b = fam("inner:%d", n);
        shape(b, n + 1, n + 2, 2);
        assert_int_equal(n_degree(b, 3), 2);
        /* one cell is the triangle a b c, the other has n + 1 sides */
        int l0 = cy_face_len(b, 0), l1 = cy_face_len(b, 1);
        assert_true((l0 == 3 && l1 == n + 1) || (l1 == 3 && l0 == n + 1));
        int w = winner(b);
        if (w != (n % 2 ? 1 : 2))
            fail_msg("inner:%d: player %d wins; Theorem 5 says player %d", n, w, n % 2 ? 1 : 2);
        cy_board_free(b);
    }
}

/* ---------------------------------------------------------- Fokkink and Zandee 2022 */

/* Fokkink and Zandee 2022, Fig. 1: the lollipop graph (a triangle with a loose end) has
 * Grundy value 2.  More generally, trimming the loose end (Fokkink and Zandee 2022,
 * section 1) makes lollipop:n the n-gon with a special vertex, whose value
 * Theorem 2 gives. */
static void test_lollipop(void **state)
{
    (void)state;
    for (int n = 3; n <= 11; n++) {
        cy_board *b = fam("lollipop:%d", n);
        shape(b, n + 1, n + 1, 1);
        assert_int_equal(n_degree(b, 1), 1);
        assert_int_equal(n_special(b), 0);
        assert_true(b->cyclable[0]); /* the loose end lies outside the cell */
        int g = grundy(b);
        if (g != ngon_special_value(n))
            fail_msg("lollipop:%d: Grundy value %d; Fokkink and Zandee 2022 (trimming, Thm 2) gives %d", n, g,
                     ngon_special_value(n));
        cy_board_free(b);
    }
}

/* Fokkink and Zandee 2022, section 3 and Fig. 4: the open butterfly has Grundy value 0
 * (won by Bob), the closed butterfly 3 (won by Alice). */
static void test_butterflies(void **state)
{
    (void)state;
    cy_board *b = fam("butterfly");
    shape(b, 5, 6, 2);
    assert_int_equal(n_degree(b, 4), 1);
    assert_int_equal(grundy(b), 0);
    assert_int_equal(winner(b), 2);
    cy_board_free(b);
    b = fam("butterfly:closed");
    shape(b, 5, 6, 2);
    assert_int_equal(n_degree(b, 4), 1);
    assert_int_equal(grundy(b), 3);
    assert_int_equal(winner(b), 1);
    cy_board_free(b);
}

/* Fokkink and Zandee 2022, Theorem 2: an n-gon with a special vertex has Grundy value 0
 * for n even, 1 for n odd, except the triangle, which has 2. */
static void test_ngon_special(void **state)
{
    (void)state;
    for (int n = 3; n <= 12; n++) {
        cy_board *c = fam("cycle:%d", n);
        for (int i = 0; i < 2; i++) { /* vertex 1, and one across the cycle */
            int v = i * (n / 2);
            cy_board *b = special_at(c, v);
            int g = grundy(b);
            if (g != ngon_special_value(n))
                fail_msg("cycle:%d with vertex %s special: Grundy value %d; Theorem 2 says %d", n, b->label[v], g,
                         ngon_special_value(n));
            cy_board_free(b);
        }
        cy_board_free(c);
    }
}

/* Fokkink and Zandee 2022, section 4 and Fig. 9: with the shared vertex special, a wedge
 * of polygons is a sum of n-gons with a special vertex, so its Grundy value
 * is the nim-sum of Theorem 2's values; for the fishy graphs (a triangle and
 * an n-gon, n >= 4) that is 2 for n even and 3 for n odd, as the paper says
 * it proves. */
static void test_wedge_special(void **state)
{
    (void)state;
    for (int a = 3; a <= 6; a++)
        for (int n = a; a + n <= 12; n++) {
            cy_board *w = fam("wedge:%d,%d", a, n);
            shape(w, a + n - 1, a + n, 2);
            int c = max_degree_vertex(w);
            assert_int_equal(cy_degree(w, c), 4);
            cy_board *b = special_at(w, c);
            int want = ngon_special_value(a) ^ ngon_special_value(n);
            if (a == 3 && n >= 4)
                assert_int_equal(want, n % 2 == 0 ? 2 : 3);
            int g = grundy(b);
            if (g != want)
                fail_msg("wedge:%d,%d with the shared vertex special: Grundy value %d; Fokkink and Zandee 2022 "
                         "(Thm 2, Fig. 9) gives %d",
                         a, n, g, want);
            cy_board_free(b);
            cy_board_free(w);
        }
}

/* Fokkink and Zandee 2022, section 2 (Karker and Walker): a triangle joined at a vertex to
 * an n-gon is won by Alice for every n >= 4.  Section 4 adds that their
 * computations suggest Grundy value 2 for n even and 3 for n odd (fishy
 * graphs, Fig. 7); that suggestion is checked too, and for n = 3 (the open
 * butterfly) Bob wins. */
static void test_fishy(void **state)
{
    (void)state;
    for (int n = 3; n <= 9; n++) {
        cy_board *b = fam("wedge:3,%d", n);
        shape(b, n + 2, n + 3, 2);
        assert_int_equal(n_special(b), 0);
        int w = winner(b), g = grundy(b);
        if (n == 3) {
            assert_int_equal(w, 2);
        } else {
            if (w != 1)
                fail_msg("wedge:3,%d: player %d wins; Karker and Walker (Fokkink and Zandee 2022) say Alice", n, w);
            if (g != (n % 2 == 0 ? 2 : 3))
                fail_msg("wedge:3,%d: Grundy value %d; Fokkink and Zandee 2022's computations suggest %d", n, g,
                         n % 2 == 0 ? 2 : 3);
        }
        cy_board_free(b);
    }
}

/* Builds a random branching tree (every inner vertex of degree >= 3) with at
 * most max_edges edges, leaves special, as one outer face walk (its Euler
 * tour). */
static cy_board *branching_tree(rb_rng *r, int max_edges)
{
    int parent[64], nv = 1, deg[64] = {0};
    parent[0] = -1;
    /* the root gets 3..5 children; then leaves sprout 2..3 children each */
    int k = 3 + rb_below(r, 3);
    for (int i = 0; i < k && nv - 1 < max_edges; i++) {
        parent[nv] = 0;
        deg[0]++;
        deg[nv++] = 1;
    }
    int tries = rb_below(r, 5);
    for (int t = 0; t < tries; t++) {
        int leaf = 1 + rb_below(r, nv - 1);
        int kids = 2 + rb_below(r, 2);
        if (deg[leaf] != 1 || nv - 1 + kids > max_edges)
            continue;
        for (int i = 0; i < kids; i++) {
            parent[nv] = leaf;
            deg[leaf]++;
            deg[nv++] = 1;
        }
    }
    /* Euler tour: v, then each child's tour followed by v again */
    int walk[128], len = 0, stack[64], next[64], top = 0;
    for (int v = 0; v < nv; v++)
        next[v] = 0;
    stack[top++] = 0;
    walk[len++] = 0;
    while (top) {
        int v = stack[top - 1], c = -1;
        for (int u = next[v]; u < nv && c < 0; u++)
            if (parent[u] == v)
                c = u;
        if (c < 0) {
            top--;
            if (top)
                walk[len++] = stack[top - 1];
            continue;
        }
        next[v] = c + 1;
        stack[top++] = c;
        walk[len++] = c;
    }
    len--; /* the tour ends where it started */
    unsigned char sp[64];
    for (int v = 0; v < nv; v++)
        sp[v] = v > 0 && deg[v] == 1;
    cy_board_desc d = {.nv = nv, .ncells = 0, .outer = walk, .outer_len = len, .special = sp, .name = "tree"};
    cy_error err;
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("branching tree: %s", err.msg);
    return b;
}

/* Fokkink and Zandee 2022, Theorem 1: a branching tree (loose ends removed, so its leaves
 * are special and every edge is markable) has Grundy value 1 if its size is
 * odd and 0 if even.  Stars and random branching trees. */
static void test_branching_trees(void **state)
{
    (void)state;
    for (int k = 3; k <= 10; k++) {
        cy_board *b = fam("star:%d", k);
        shape(b, k + 1, k, 0);
        assert_int_equal(n_degree(b, k), 1);
        assert_true(leaves_special(b));
        int g = grundy(b);
        if (g != k % 2)
            fail_msg("star:%d: Grundy value %d; Fokkink and Zandee 2022 Thm 1 says %d", k, g, k % 2);
        cy_board_free(b);
    }
    for (uint64_t seed = 1; seed <= 40; seed++) {
        rb_rng r = {seed * 7919};
        cy_board *b = branching_tree(&r, 10);
        assert_int_equal(b->ncells, 0);
        for (int v = 0; v < b->nv; v++)
            assert_true(cy_degree(b, v) == 1 || cy_degree(b, v) >= 3);
        assert_true(leaves_special(b));
        int g = grundy(b);
        if (g != b->ne % 2)
            fail_msg("branching tree of %d edges (seed %d): Grundy value %d; Fokkink and Zandee 2022 Thm 1 says %d",
                     b->ne, (int)seed, g, b->ne % 2);
        cy_board_free(b);
    }
}

/* Fokkink and Zandee 2022, section 2 (Mathews): a three-legged spider whose legs are all
 * even has Grundy value 0 (loose ends removed: leaves special). */
static void test_spiders(void **state)
{
    (void)state;
    static const int legs[][3] = {{2, 2, 2}, {2, 2, 4}, {2, 4, 4}, {4, 4, 4}, {2, 2, 6}, {2, 4, 6}, {2, 2, 8}};
    for (size_t i = 0; i < sizeof legs / sizeof legs[0]; i++) {
        const int *l = legs[i];
        cy_board *b = fam("spider:%d,%d,%d", l[0], l[1], l[2]);
        int size = l[0] + l[1] + l[2];
        shape(b, size + 1, size, 0);
        assert_int_equal(n_degree(b, 3), 1);
        assert_int_equal(n_degree(b, 1), 3);
        assert_true(leaves_special(b));
        int g = grundy(b);
        if (g != 0)
            fail_msg("spider:%d,%d,%d: Grundy value %d; Mathews (Fokkink and Zandee 2022) says 0", l[0], l[1], l[2], g);
        cy_board_free(b);
    }
}

/* ---------------------------------------------------------- Barua et al. 2022 */

/* Barua et al. 2022, Theorem 2: on a path (the sink-source rule ignored at its two
 * ends, i.e. the ends special) player 1 wins iff the number of edges is odd.
 * Without special ends both end edges are unmarkable and trimming them
 * (Fokkink and Zandee 2022, section 1) leaves the path of n - 2 edges with special ends,
 * of the same parity: the same winner for n >= 2. */
static void test_paths(void **state)
{
    (void)state;
    for (int n = 1; n <= 12; n++) {
        cy_board *b = fam("path:%d", n);
        shape(b, n + 1, n, 0);
        assert_int_equal(n_degree(b, 1), 2);
        assert_true(leaves_special(b));
        int w = winner(b);
        if (w != (n % 2 ? 1 : 2))
            fail_msg("path:%d with special ends: player %d wins; Barua et al. 2022 Thm 2 says %d", n, w, n % 2 ? 1 : 2);
        if (n >= 2) {
            cy_board *p = no_special(b);
            w = winner(p);
            if (w != (n % 2 ? 1 : 2))
                fail_msg("path:%d without special ends: player %d wins; Thm 2 after trimming says %d", n, w,
                         n % 2 ? 1 : 2);
            cy_board_free(p);
        }
        cy_board_free(b);
    }
}

/* Barua et al. 2022, Theorem 4 and Corollary 4.1: a generalised theta graph whose
 * odd paths all have at least 5 edges (or, when the total is odd, with one
 * path of 1 or 3 edges) is won by player 1 iff its number of edges is odd. */
static void test_theta(void **state)
{
    (void)state;
    static const char *const specs[] = {
        "gtheta:2,2,2",   "gtheta:2,2,4",   "gtheta:2,4,2",   "gtheta:2,4,4",   "gtheta:2,2,6",
        "gtheta:2,2,2,2", "gtheta:2,2,2,4", "gtheta:5,2,2",   "gtheta:2,5,2",   "gtheta:5,2,4",
        "gtheta:5,5,2",   "gtheta:1,2,2",   "gtheta:2,1,2",   "gtheta:3,2,2",   "gtheta:1,2,4",
        "gtheta:3,2,4",   "gtheta:1,2,2,2", "gtheta:3,2,2,2", "gtheta:2,3,2,2",
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        int len[8], k = 0, total = 0;
        const char *p = specs[i] + strlen("gtheta:");
        while (*p) {
            len[k] = (int)strtol(p, (char **)&p, 10);
            total += len[k++];
            if (*p == ',')
                p++;
        }
        cy_board *b = t_board(specs[i]);
        int inner = 0;
        for (int j = 0; j < k; j++)
            inner += len[j] - 1;
        shape(b, 2 + inner, total, k - 1);
        assert_int_equal(n_degree(b, k), 2);
        int w = winner(b);
        if (w != (total % 2 ? 1 : 2))
            fail_msg("%s: player %d wins; Barua et al. 2022 Thm 4 / Cor 4.1 says %d", specs[i], w, total % 2 ? 1 : 2);
        cy_board_free(b);
    }
}

/* Grids of R x C vertices.  Barua et al. 2022, Theorem 8: exactly one of R, C odd:
 * player 1 wins.  Barua et al. 2022 section 6 (from Alvarado et al. 2021 Thm 6 / Cor 7, the
 * 180-degree rotation): R and C of the same parity: player 2 wins. */
static void test_grids(void **state)
{
    (void)state;
    static const int dims[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {2, 5}};
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
        int r = dims[i][0], c = dims[i][1];
        cy_board *b = fam("grid:%dx%d", r, c);
        shape(b, r * c, r * (c - 1) + c * (r - 1), (r - 1) * (c - 1));
        int want = (r % 2) != (c % 2) ? 1 : 2;
        int w = winner(b);
        if (w != want)
            fail_msg("grid:%dx%d: player %d wins; Barua et al. 2022 says %d", r, c, w, want);
        cy_board_free(b);
    }
}

/* ---------------------------------------------------------- Zonnefeld et al. 2023 */

/* A board from a game table file in tests/data/peer-tables. */
static cy_board *table(const char *name)
{
    char rel[64];
    snprintf(rel, sizeof rel, "peer-tables/%s", name);
    size_t len;
    char *text = t_read_file(t_data_path(rel), &len);
    cy_error err;
    cy_board *b = cy_read_board(text, len, CY_FMT_TABLE, NULL, &err);
    free(text);
    if (!b)
        fail_msg("%s: %s", name, err.msg);
    return b;
}

/* The outcome expected at every position of C_5 (Zonnefeld et al. 2023, Example 9). */
static void check_c5_column(const cy_board *b, const unsigned char *mark, const cy_analysis *a, void *arg)
{
    (void)b;
    (void)mark;
    (void)arg;
    int want = a->played % 2 == 0 ? 'N' : 'P';
    if (a->outcome != want)
        fail_msg("C5 table after %d moves: %c; Zonnefeld et al. 2023 Example 9 says %c", a->played, a->outcome, want);
}

/* Zonnefeld et al. 2023, Table 1 (Example 8): the K4 game table's initial position is a
 * P-position (player 2 wins, [3] Thm 1).  Table 2 (Example 9): the C5 game
 * table's initial position is an N-position, and every column of the state
 * digraph is monochromatic: the label depends only on the number of moves
 * made (N after an even number, as player 1 wins). */
static void test_tables(void **state)
{
    (void)state;
    cy_board *b = table("t02.json");
    shape(b, 4, 6, 3);
    cy_analysis a;
    analyse_empty(b, &a);
    assert_int_equal(a.outcome, 'P');
    assert_int_equal(a.winner, 2);
    cy_analysis_free(&a);
    cy_board_free(b);

    b = table("t01.json");
    shape(b, 5, 5, 1);
    analyse_empty(b, &a);
    assert_int_equal(a.outcome, 'N');
    assert_int_equal(a.winner, 1);
    cy_analysis_free(&a);
    walk_all(b, check_c5_column, NULL);
    cy_board_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k4),           cmocka_unit_test(test_cycles),
        cmocka_unit_test(test_chord),        cmocka_unit_test(test_inner),
        cmocka_unit_test(test_lollipop),     cmocka_unit_test(test_butterflies),
        cmocka_unit_test(test_ngon_special), cmocka_unit_test(test_wedge_special),
        cmocka_unit_test(test_fishy),        cmocka_unit_test(test_branching_trees),
        cmocka_unit_test(test_spiders),      cmocka_unit_test(test_paths),
        cmocka_unit_test(test_theta),        cmocka_unit_test(test_grids),
        cmocka_unit_test(test_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
