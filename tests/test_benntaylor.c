/*
 * test_benntaylor.c - the text format of BennTaylor/Game-of-Cycles: their
 * three plane board files against the same boards built here by hand from
 * their faces, boards written and read back, the reader's errors, their SP
 * files and other boards on closed surfaces written and read back (the
 * surface checked against V - E + F counted from the text), and moves
 * along parallel edges (eN:U->V).  The engines on these boards are checked
 * against the brute force in tests/test_surface.c.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cy_board *rd(const char *text, cy_error *err)
{
    return cy_read_board(text, strlen(text), CY_FMT_AUTO, NULL, err);
}

/* A board from cells given as vertex walks (0-based), outer face derived. */
static cy_board *by_hand(int nv, int ncells, const int *const *cells, const int *len)
{
    cy_error err;
    cy_board_desc d = {.nv = nv, .ncells = ncells, .cells = cells, .cell_len = len};
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("by hand: %s", err.msg);
    return b;
}

/* Their files are the boards of their drawings: K4 with one triangle as the
 * outer face; the 4-cell wheel (a 4-cycle 1-2-3-4 round a hub 0); the
 * 4-cell lemon wedge (a fan of four triangles at 0 over the path 1-2-3-4-5). */
static void test_their_files(void **state)
{
    (void)state;
    static const int k1[] = {0, 1, 2}, k2[] = {0, 2, 3}, k3[] = {0, 3, 1};
    static const int w1[] = {0, 1, 2}, w2[] = {0, 2, 3}, w3[] = {0, 3, 4}, w4[] = {0, 4, 1};
    static const int l1[] = {0, 1, 2}, l2[] = {0, 2, 3}, l3[] = {0, 3, 4}, l4[] = {0, 4, 5};
    static const int *const kc[] = {k1, k2, k3}, *const wc[] = {w1, w2, w3, w4}, *const lc[] = {l1, l2, l3, l4};
    static const int three[] = {3, 3, 3, 3};
    struct {
        const char *file;
        int nv, ncells;
        const int *const *cells;
    } t[] = {
        {"benntaylor/K4_encoding.txt", 4, 3, kc},
        {"benntaylor/4wheel_encoding.txt", 5, 4, wc},
        {"benntaylor/wedge4_encoding.txt", 6, 4, lc},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        cy_board *b = t_board(t_data_path(t[i].file));
        cy_board *h = by_hand(t[i].nv, t[i].ncells, t[i].cells, three);
        if (!cy_board_isomorphic(b, h, NULL))
            fail_msg("%s is not the board of its drawing", t[i].file);
        /* vertices keep their numbers: edge i of the file joins the same labels */
        assert_string_equal(b->label[0], "0");
        cy_board_free(h);
        cy_board_free(b);
    }
}

/* Written and read back, a board is the same board up to relabelling. */
static void test_round_trip(void **state)
{
    (void)state;
    static const char *specs[] = {"k4",        "grid:3x3",   "theta:2,3,4", "lollipop:4",      "wedge:3,4",
                                  "chord:6,3", "windmill:3", "inner:5",     "butterfly:closed"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        cy_error err;
        char *text = cy_write_board(b, NULL, CY_FMT_BENNTAYLOR, &err);
        assert_non_null(text);
        assert_int_not_equal(text[strlen(text) - 1], '\n'); /* their reader takes an empty last line for a cell */
        cy_board *c = rd(text, &err);
        if (!c)
            fail_msg("%s written as %s does not read back: %s", specs[i], text, err.msg);
        if (!cy_board_isomorphic(b, c, NULL))
            fail_msg("%s read back is another board:\n%s", specs[i], text);
        free(text);
        cy_board_free(c);
        cy_board_free(b);
    }
}

/* Cells covering every edge twice: a board on the closed surface Euler's
 * formula names, orientable when the cells can be turned one way round
 * (counted here from the file: V - E + F).  Their SP files and boards on
 * the torus and the projective plane written here, read back: the same
 * edges and the same cells; with parallel edges (SP3) edge e is line e of
 * the file. */
static void test_closed_surfaces(void **state)
{
    (void)state;
    cy_error err;
    /* two triangles on three edges: the sphere */
    cy_board *b = rd("x\n3 3\nEDGES\n0 1\n1 2\n2 0\nCYCLES\n+0 +1 +2\n-2 -1 -0", &err);
    assert_non_null(b);
    assert_true(b->surface && b->orientable && b->genus == 0 && b->ncells == 2);
    cy_board_free(b);
    /* two digons on two parallel edges: the sphere again, with parallel edges */
    b = rd("x\n2 2\nEDGES\n0 1\n1 0\nCYCLES\n+0 +1\n-1 -0", &err);
    assert_non_null(b);
    assert_true(b->surface && b->genus == 0 && b->multi);
    cy_board_free(b);
    static const char *files[] = {"benntaylor/SP3_encoding.txt", "benntaylor/SP5_encoding.txt",
                                  "benntaylor/SP6_encoding.txt"};
    static const char *specs[] = {"torus:3x4", "projective-k6", "boards/k4-projective.json"};
    for (int i = 0; i < 6; i++) {
        cy_board *a = i < 3 ? t_board(t_data_path(files[i])) : t_board(i < 5 ? specs[i - 3] : t_source_path(specs[2]));
        char *text = cy_write_board(a, NULL, CY_FMT_BENNTAYLOR, &err);
        if (!text)
            fail_msg("board %d not written: %s", i, err.msg);
        /* the file's own counts give the surface */
        int nv, ne, nc = 0;
        assert_int_equal(sscanf(strchr(text, '\n') + 1, "%d %d", &nv, &ne), 2);
        for (const char *p = strstr(text, "CYCLES"); (p = strchr(p, '\n')); p++)
            nc++;
        assert_int_equal(nv - ne + nc, a->orientable ? 2 - 2 * a->genus : 2 - a->genus);
        cy_board *c = rd(text, &err);
        if (!c)
            fail_msg("board %d does not read back: %s\n%s", i, err.msg, text);
        assert_true(c->surface && c->orientable == a->orientable && c->genus == a->genus && c->multi == a->multi);
        assert_int_equal(c->ne, a->ne);
        assert_int_equal(c->ncells, a->ncells);
        for (int e = 0; e < a->ne; e++) {
            assert_int_equal(c->eu[e], a->eu[e]);
            assert_int_equal(c->ev[e], a->ev[e]);
        }
        if (i < 3) { /* line e of their file is an edge; with parallel edges, edge e */
            size_t len;
            char *orig = t_read_file(t_data_path(files[i]), &len), *p = strstr(orig, "EDGES");
            for (int e = 0; e < a->ne; e++) {
                int u, v;
                p = strchr(p, '\n') + 1;
                assert_int_equal(sscanf(p, "%d %d", &u, &v), 2);
                int x = a->multi ? e : cy_board_edge_between(a, u, v);
                assert_true(x >= 0 && ((a->eu[x] == u && a->ev[x] == v) || (a->eu[x] == v && a->ev[x] == u)));
            }
            free(orig);
        }
        for (int k = 0; k < a->fstart[a->ncells]; k++)
            assert_int_equal(c->fdarts[k], a->fdarts[k]);
        free(text);
        cy_board_free(c);
        cy_board_free(a);
    }
}

/* Moves along parallel edges are named eN:U->V; every move printed reads
 * back as itself, and U->V alone is refused where it is ambiguous. */
static void test_parallel_moves(void **state)
{
    (void)state;
    cy_board *b = t_board(t_data_path("benntaylor/SP3_encoding.txt"));
    cy_error err;
    int *d = NULL, n = 0;
    /* edges 1 and 2 of the file join 0 and 1 */
    assert_int_equal(cy_moves_parse(b, "e1:0->1 e2:0->1", &d, &n, &err), 0);
    assert_int_equal(n, 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(cy_dart_edge(d[i]), i + 1);
        assert_string_equal(b->label[cy_tail(b, d[i])], "0");
        assert_string_equal(b->label[cy_head(b, d[i])], "1");
    }
    free(d);
    assert_int_equal(cy_moves_parse(b, "0->1", &d, &n, &err), -1);
    assert_non_null(strstr(err.msg, "2 edges join 0 and 1 (e1, e2); name one"));
    assert_int_equal(cy_moves_parse(b, "e0:0->1", &d, &n, &err), -1);
    assert_non_null(strstr(err.msg, "edge e0 joins 0 and 2"));
    assert_int_equal(cy_moves_parse(b, "e6:0->1", &d, &n, &err), -1);
    assert_non_null(strstr(err.msg, "edges are e0 to e5"));
    for (int x = 0; x < 2 * b->ne; x++) {
        char m[64];
        cy_move_str(b, x, m, sizeof m);
        assert_int_equal(strncmp(m, "e", 1), 0);
        assert_int_equal(cy_moves_parse(b, m, &d, &n, &err), 0);
        assert_int_equal(n, 1);
        assert_int_equal(d[0], x);
        free(d);
    }
    cy_board_free(b);
    /* without parallel edges moves stay U->V */
    b = t_board(t_data_path("benntaylor/SP5_encoding.txt"));
    char m[64];
    cy_move_str(b, 0, m, sizeof m);
    assert_null(strchr(m, ':'));
    char named[80];
    snprintf(named, sizeof named, "e0:%s", m);
    assert_int_equal(cy_moves_parse(b, named, &d, &n, &err), 0);
    assert_int_equal(d[0], 0);
    free(d);
    cy_board_free(b);
}

/* Loops on closed surfaces: an edge line "u u" whose cells cover every edge
 * twice; the loop keeps the file's direction (+i is dart 2i), moves along it
 * say which way, and the board writes back as it was read. */
static void test_loops(void **state)
{
    (void)state;
    cy_error err;
    static const char *two = "two\n1 2\nEDGES\n0 0\n0 0\nCYCLES\n-0 -1 +0 +1";
    cy_board *b = rd(two, &err);
    if (!b)
        fail_msg("%s", err.msg);
    assert_true(b->surface && b->orientable && b->genus == 1 && b->loops && b->multi);
    assert_int_equal(b->ne, 2);
    assert_int_equal(cy_degree(b, 0), 4);
    /* the cell's steps are the file's signed edges, in its order */
    static const int want[] = {1, 3, 0, 2};
    for (int i = 0; i < 4; i++)
        assert_int_equal(b->fdarts[b->fstart[0] + i], want[i]);
    char m[64];
    cy_move_str(b, 1, m, sizeof m);
    assert_string_equal(m, "-e0:0->0");
    cy_move_str(b, 2, m, sizeof m);
    assert_string_equal(m, "+e1:0->0");
    int *d, n;
    assert_int_equal(cy_moves_parse(b, "-e0:0->0 +e1:0->0", &d, &n, &err), 0);
    assert_int_equal(n, 2);
    assert_int_equal(d[0], 1);
    assert_int_equal(d[1], 2);
    free(d);
    assert_int_equal(cy_moves_parse(b, "e0:0->0", &d, &n, &err), -1);
    assert_non_null(strstr(err.msg, "edge e0 is a loop; say which way, +e0:0->0"));
    assert_int_equal(cy_moves_parse(b, "0->0", &d, &n, &err), -1);
    assert_non_null(strstr(err.msg, "runs along a loop: name it and its way"));
    char *text = cy_write_board(b, NULL, CY_FMT_BENNTAYLOR, &err);
    assert_string_equal(text, two);
    free(text);
    /* and through native json, "-0" and "+0" saying the way */
    text = cy_write_board(b, NULL, CY_FMT_JSON, &err);
    assert_non_null(strstr(text, "[\"-0\", \"-1\", \"+0\", \"+1\"]"));
    cy_board *c = cy_read_board(text, strlen(text), CY_FMT_JSON, NULL, &err);
    assert_non_null(c);
    assert_int_equal(memcmp(c->fdarts, b->fdarts, sizeof(int) * 4), 0);
    cy_board_free(c);
    free(text);
    cy_board_free(b);
    /* a monogon on the sphere: marking its loop either way completes it */
    b = rd("m\n2 2\nEDGES\n0 0\n0 1\nCYCLES\n+0\n-0 +1 -1", &err);
    assert_non_null(b);
    assert_true(b->surface && b->genus == 0);
    unsigned char mark[2] = {0};
    for (int x = 0; x < 2; x++) {
        assert_int_equal(cy_rules_check(b, mark, x, NULL), CY_LEGAL);
        assert_int_equal(cy_rules_completes(b, mark, x), 0);
    }
    /* the pendant edge makes its end a sink or a source either way */
    assert_int_not_equal(cy_rules_check(b, mark, 2, NULL), CY_LEGAL);
    assert_int_not_equal(cy_rules_check(b, mark, 3, NULL), CY_LEGAL);
    cy_board_free(b);
}

/* A tree alone and a board with a tail: edges on no cell go on the outer face. */
static void test_loose_edges(void **state)
{
    (void)state;
    cy_error err;
    cy_board *b = rd("tail\n4 4\nEDGES\n0 1\n1 2\n2 0\n2 3\nCYCLES\n+0 +1 +2", &err);
    assert_non_null(b);
    assert_int_equal(b->ncells, 1);
    assert_int_equal(b->ne, 4);
    cy_board_free(b);
    b = rd("star\n4 3\nEDGES\n0 1\n0 2\n0 3\nCYCLES\n", &err);
    assert_non_null(b);
    assert_int_equal(b->ncells, 0);
    assert_int_equal(cy_face_len(b, 0), 6);
    cy_board_free(b);
}

static void expect_err(const char *text, const char *want)
{
    cy_error err;
    cy_board *b = rd(text, &err);
    if (b)
        fail_msg("read without error: %s", text);
    if (!strstr(err.msg, want))
        fail_msg("error \"%s\" does not say \"%s\"", err.msg, want);
    assert_null(strchr(err.msg, '\n'));
}

static void test_errors(void **state)
{
    (void)state;
    expect_err("x\n3 3\nEDGES\n0 1\n1 2\n2 0\nCYCLES\n+0 +2 +1", "no closed walk");
    expect_err("x\n3 3\nEDGES\n0 1\n1 2\nCYCLES\n", "edge lines");
    expect_err("x\n3 3\nEDGES\n0 1\n1 1\n2 0\nCYCLES\n",
               "line 5: edge 1 is a loop at vertex 1 (loops are allowed only on a board whose cells cover a closed surface");
    expect_err("x\n3 3\nEDGES\n0 1\n1 0\n2 0\nCYCLES\n", "both join");
    expect_err("x\n3 3\nEDGES\n0 1\n1 9\n2 0\nCYCLES\n", "vertex numbers from 0 to 2");
    expect_err("x\n3 3\nEDGES\n0 1\n1 2\n2 0\nCYCLES\n+0 +1 +7", "edge 7 does not exist");
    expect_err("x\n3 3\nEDGES\n0 1\n1 2\n2 0\nCYCLES\n+0 1 +2", "+i or -i");
    /* two vertex stars glued at vertex 0: both sides of every edge, but no surface */
    expect_err("x\n5 6\nEDGES\n0 1\n1 2\n2 0\n0 3\n3 4\n4 0\nCYCLES\n+0 +1 +2\n-2 -1 -0\n+3 +4 +5\n-5 -4 -3",
               "V - E + F = 5 - 6 + 4 = 3");
    /* parallel edges with a plane's cells: refused, the reason given */
    expect_err("x\n2 3\nEDGES\n0 1\n1 0\n0 1\nCYCLES\n+0 +1\n-1 -2", "parallel edges are allowed only");
    /* a loop inside a plane board's cell: refused, the plane stays simple */
    expect_err("x\n3 4\nEDGES\n0 1\n1 2\n2 0\n0 0\nCYCLES\n+0 +1 +2\n+3", "edge 3 is a loop at vertex 0");
    expect_err("x\n5 4\nEDGES\n0 1\n1 2\n2 0\n3 4\nCYCLES\n+0 +1 +2", "not connected");
    expect_err("x\nthree three\nEDGES\n", "want \"V E\"");
    /* three cells on one edge */
    expect_err("x\n4 5\nEDGES\n0 1\n1 2\n2 0\n1 3\n3 0\nCYCLES\n+0 +1 +2\n+0 +3 +4\n-2 -1 -0", "more than two cells");
    /* their SP4 names vertex 4 on a board of 4 vertices */
    size_t len;
    char *sp4 = t_read_file(t_data_path("benntaylor/SP4_encoding.txt"), &len);
    expect_err(sp4, "line 8: edge 4 should be two vertex numbers from 0 to 3");
    free(sp4);
    cy_board *b = t_board("path:3");
    cy_error err;
    assert_null(cy_write_board(b, NULL, CY_FMT_BENNTAYLOR, &err));
    assert_non_null(strstr(err.msg, "special"));
    cy_board_free(b);
}

/* The normal-play nimber as BennTaylor's program defines it: a finished
 * game (a cycle cell, or no legal move) 0, else the mex of the values after
 * every legal move, completions and death moves included; misère the same
 * with 1 for a finished game.  Recursion over cy_variant_legal, remembering
 * values by base-3 index in memo (3^E entries, -1 unknown; E <= 12). */
static int their_nimber_memo(const cy_board *b, unsigned char *m, int misere, signed char *memo)
{
    int idx = 0;
    for (int e = b->ne - 1; e >= 0; e--)
        idx = idx * 3 + m[e];
    if (memo[idx] >= 0)
        return memo[idx];
    cy_rules r = {CY_RULES_STANDARD, 0, 2};
    int mv[2 * 64], n = cy_variant_legal(b, &r, m, mv);
    if (n == 0)
        return memo[idx] = (signed char)misere;
    unsigned long long seen = 0;
    for (int i = 0; i < n; i++) {
        cy_move_effect fx;
        cy_variant_effect(b, &r, m, mv[i], &fx);
        m[mv[i] >> 1] = (unsigned char)cy_dart_mark(mv[i]);
        int g = fx.ends ? misere : their_nimber_memo(b, m, misere, memo);
        m[mv[i] >> 1] = CY_UNMARKED;
        seen |= 1ull << g;
    }
    int g = 0;
    while (seen >> g & 1)
        g++;
    memo[idx] = (signed char)g;
    return g;
}

static int their_nimber(const cy_board *b, unsigned char *m, int misere)
{
    size_t n = 1;
    for (int e = 0; e < b->ne; e++)
        n *= 3;
    signed char *memo = malloc(n);
    memset(memo, -1, n);
    int g = their_nimber_memo(b, m, misere, memo);
    free(memo);
    return g;
}

/* Their program's output for the lemon wedge (nimber_data/"4 Cell Lemon
 * Wedge" nimbers in BennTaylor/Game-of-Cycles: level, state, normal-play
 * nimber; the state's digits are edges 8..0 of the file, 1 along the
 * edge's orientation, 2 against).  A sample of its lines, which tests our
 * reading of their edges and orientations as much as the rules. */
static void test_their_nimbers(void **state)
{
    (void)state;
    static const struct {
        const char *digits;
        int nimber;
    } t[] = {
        {"000000000", 0}, {"000000002", 1}, {"000000200", 3}, {"000020000", 1}, {"000200002", 0}, {"001000002", 5},
        {"000010020", 0}, {"000200020", 5}, {"200000200", 0}, {"000000122", 0}, {"000020022", 4}, {"002000202", 3},
        {"020010002", 6}, {"001200001", 6}, {"100020001", 0}, {"002000222", 5}, {"200000222", 0}, {"012000022", 5},
        {"000002122", 0}, {"200002202", 5}, {"020010202", 5}, {"001021100", 0}, {"121000100", 5}, {"212000200", 5},
        {"001110100", 5}, {"101020020", 5}, {"210010020", 2},
    };
    /* the edges of their file, in order */
    static const int fu[] = {0, 1, 0, 2, 0, 3, 0, 4, 0}, fv[] = {1, 2, 2, 3, 3, 4, 4, 5, 5};
    cy_board *b = t_board(t_data_path("benntaylor/wedge4_encoding.txt"));
    for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
        unsigned char m[16] = {0};
        for (int i = 0; i < 9; i++) {
            char c = t[k].digits[8 - i];
            if (c == '0')
                continue;
            char a[8], z[8];
            snprintf(a, sizeof a, "%d", c == '1' ? fu[i] : fv[i]);
            snprintf(z, sizeof z, "%d", c == '1' ? fv[i] : fu[i]);
            int d = cy_board_dart(b, cy_board_find(b, a), cy_board_find(b, z));
            assert_true(d >= 0);
            m[d >> 1] = (unsigned char)cy_dart_mark(d);
        }
        int g = their_nimber(b, m, 0);
        if (g != t[k].nimber)
            fail_msg("state %s: their nimber %d, ours %d", t[k].digits, t[k].nimber, g);
    }
    /* the misère value of the same recursion is what solve --rules misere reports */
    unsigned char z[16] = {0};
    cy_rules mis = {CY_RULES_MISERE, 0, 2};
    cy_error err;
    cy_vsearch *s = cy_vsearch_new(b, &mis, NULL, &err);
    int v = -1;
    assert_int_equal(cy_vsearch_value(s, z, &v), 0);
    assert_int_equal(v, their_nimber(b, z, 1));
    cy_vsearch_free(s);
    cy_board_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_their_files),     cmocka_unit_test(test_their_nimbers),
        cmocka_unit_test(test_round_trip),      cmocka_unit_test(test_loose_edges),
        cmocka_unit_test(test_loops),           cmocka_unit_test(test_errors),
        cmocka_unit_test(test_closed_surfaces), cmocka_unit_test(test_parallel_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
