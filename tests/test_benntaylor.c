/*
 * test_benntaylor.c - the text format of BennTaylor/Game-of-Cycles: their
 * three board files against the same boards built here by hand from their
 * faces, boards written and read back, and the reader's errors.
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
    static const char *specs[] = {"k4", "grid:3x3", "theta:2,3,4", "lollipop:4", "wedge:3,4", "chord:6,3",
                                  "windmill:3", "inner:5", "butterfly:closed"};
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
    expect_err("x\n3 3\nEDGES\n0 1\n1 1\n2 0\nCYCLES\n", "loop");
    expect_err("x\n3 3\nEDGES\n0 1\n1 0\n2 0\nCYCLES\n", "both join");
    expect_err("x\n3 3\nEDGES\n0 1\n1 9\n2 0\nCYCLES\n", "vertex numbers from 0 to 2");
    expect_err("x\n3 3\nEDGES\n0 1\n1 2\n2 0\nCYCLES\n+0 +1 +7", "edge 7 does not exist");
    expect_err("x\n3 3\nEDGES\n0 1\n1 2\n2 0\nCYCLES\n+0 1 +2", "+i or -i");
    expect_err("x\n3 3\nEDGES\n0 1\n1 2\n2 0\nCYCLES\n+0 +1 +2\n-2 -1 -0", "closed surface");
    expect_err("x\n5 4\nEDGES\n0 1\n1 2\n2 0\n3 4\nCYCLES\n+0 +1 +2", "not connected");
    expect_err("x\nthree three\nEDGES\n", "want \"V E\"");
    /* three cells on one edge */
    expect_err("x\n4 5\nEDGES\n0 1\n1 2\n2 0\n1 3\n3 0\nCYCLES\n+0 +1 +2\n+0 +3 +4\n-2 -1 -0", "more than two cells");
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
        {"000000000", 0}, {"000000002", 1}, {"000000200", 3}, {"000020000", 1}, {"000200002", 0},
        {"001000002", 5}, {"000010020", 0}, {"000200020", 5}, {"200000200", 0}, {"000000122", 0},
        {"000020022", 4}, {"002000202", 3}, {"020010002", 6}, {"001200001", 6}, {"100020001", 0},
        {"002000222", 5}, {"200000222", 0}, {"012000022", 5}, {"000002122", 0}, {"200002202", 5},
        {"020010202", 5}, {"001021100", 0}, {"121000100", 5}, {"212000200", 5}, {"001110100", 5},
        {"101020020", 5}, {"210010020", 2},
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
        cmocka_unit_test(test_their_files),
        cmocka_unit_test(test_their_nimbers),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_loose_edges),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
