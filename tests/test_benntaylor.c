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
        {"other-formats/benntaylor/K4_encoding.txt", 4, 3, kc},
        {"other-formats/benntaylor/4wheel_encoding.txt", 5, 4, wc},
        {"other-formats/benntaylor/wedge4_encoding.txt", 6, 4, lc},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        cy_board *b = t_board(t_shared_path(t[i].file));
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_their_files),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_loose_edges),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
