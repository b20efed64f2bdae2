/*
 * test_table.c - a table shared by the solvers of many boards (cy_table, the
 * census's way of solving): its answers against the plain memoised engine,
 * which keeps no table across boards, on random boards and positions, one
 * board after another on the same table; and a winning move read from it.
 * The same on bitboards with a shared table, as the census solves its
 * small dense boards (the bitboard table passed on from board to board).
 *
 * Random boards of equal size have equal labelled keys for many positions
 * (the empty board of any two boards with as many edges and constraints has
 * the same words), so a labelled entry read on the wrong board would show
 * here as a wrong value.
 *
 * randboard.c is included (a unity build), as in test_solver.c.
 */
#include "support.h"

#include "randboard.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shared-table solvers under test: the census's settings, and outcome
 * search on components of more than 2 edges so that small boards store
 * outcome entries too. */
static const cy_solver_opts shared_variants[] = {
    {.threads = 1, .no_bitboard = 1},
    {.threads = 1, .no_bitboard = 1, .mex_edges = 2},
    {.threads = 2, .no_bitboard = 1, .mex_edges = 2, .round_allowance = 1},
};

/* Solves random boards one after another on one shared table (small, so that
 * it grows and replaces entries) and compares every value with the plain
 * engine's; the winning move read from the shared table must be legal and
 * lead to value 0 by the plain engine. */
static void test_shared_against_plain(void **state)
{
    (void)state;
    for (size_t v = 0; v < sizeof shared_variants / sizeof shared_variants[0]; v++) {
        cy_error err;
        cy_table *t = cy_table_new(1 << 20, &err);
        assert_non_null(t);
        rb_rng rng = {0x7AB1E + v};
        int checked = 0;
        for (int i = 0; i < 100; i++) {
            char desc[2048];
            cy_board *b = rb_board(&rng, 10, desc, sizeof desc);
            cy_solver_opts so = shared_variants[v];
            so.table = t;
            cy_solver_opts po = {.engine = CY_ENGINE_PLAIN, .memory = 16 << 20};
            cy_solver *shared = cy_solver_new(b, &so, &err);
            cy_solver *plain = cy_solver_new(b, &po, &err);
            assert_non_null(shared);
            assert_non_null(plain);
            unsigned char *mark = calloc((size_t)b->ne + 1, 1);
            for (int p = 0; p < 3; p++) {
                memset(mark, 0, (size_t)b->ne + 1);
                if (p)
                    rb_position(b, mark, &rng, rb_below(&rng, b->ne + 1));
                if (cy_rules_winning_completion(b, mark) >= 0 || cy_rules_cycle_cell(b, mark) >= 0)
                    continue;
                int want = cy_solver_grundy(plain, mark), got = cy_solver_grundy(shared, mark);
                if (got != want)
                    fail_msg("variant %zu, board %d, position %d: shared table %d, plain %d\n%s", v, i, p, got, want,
                             desc);
                int d = -1, r = cy_solver_move(shared, mark, &d);
                assert_int_equal(r, want != 0);
                if (r == 1) {
                    assert_int_equal(cy_rules_check(b, mark, d, NULL), CY_LEGAL);
                    mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
                    assert_int_equal(cy_solver_grundy(plain, mark), 0);
                }
                checked++;
            }
            free(mark);
            cy_solver_free(shared);
            cy_solver_free(plain);
            cy_board_free(b);
        }
        assert_true(checked > 200);
        cy_table_free(t);
    }
}

/* The census's way with small boards: solvers given a shared table and
 * allowed bitboards, one board after another, so that each bitboard solver
 * takes the table the one before it gave back (emptied entry by entry, or
 * whole when it wrote too many to list) rather than a fresh one; boards of
 * 4 to 12 edges in turn, so that a board meets a spare table larger than it
 * needs.  Every value, of the empty board and of random positions, against
 * the plain engine; a stale entry left by an earlier board would show as a
 * wrong value. */
static void test_shared_bitboards_against_plain(void **state)
{
    (void)state;
    cy_error err;
    cy_table *t = cy_table_new(1 << 20, &err);
    assert_non_null(t);
    rb_rng rng = {0xB175};
    int checked = 0, nonzero = 0;
    for (int i = 0; i < 150; i++) {
        char desc[2048];
        cy_board *b = rb_board(&rng, 4 + (i * 5) % 9, desc, sizeof desc);
        cy_solver_opts so = {.threads = 1, .no_theorems = 1, .table = t};
        cy_solver_opts po = {.engine = CY_ENGINE_PLAIN, .memory = 16 << 20};
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        for (int p = 0; p < 3; p++) {
            /* a solver of its own for each position: each takes the spare table */
            cy_solver *shared = cy_solver_new(b, &so, &err);
            cy_solver *plain = cy_solver_new(b, &po, &err);
            assert_non_null(shared);
            assert_non_null(plain);
            memset(mark, 0, (size_t)b->ne + 1);
            if (p)
                rb_position(b, mark, &rng, rb_below(&rng, b->ne + 1));
            if (cy_rules_winning_completion(b, mark) < 0 && cy_rules_cycle_cell(b, mark) < 0) {
                int want = cy_solver_grundy(plain, mark), got = cy_solver_grundy(shared, mark);
                if (got != want)
                    fail_msg("board %d, position %d: shared table and bitboards %d, plain %d\n%s", i, p, got, want, desc);
                checked++;
                nonzero += want > 0;
            }
            cy_solver_free(shared);
            cy_solver_free(plain);
        }
        free(mark);
        cy_board_free(b);
    }
    assert_true(checked > 300 && nonzero > 50);
    cy_table_free(t);
}

/* Family boards of up to 15 edges: a solver of their own and solvers on one
 * shared table, in two orders, give the same values. */
static void test_shared_against_own(void **state)
{
    (void)state;
    static const char *const specs[] = {"grid:3x3",    "theta:3,2,5", "cycle:7",  "k4",          "grid:2x4",
                                        "wedge:3,5,5", "chord:6,2",   "grid:2x5", "theta:3,4,5", "spider:1,3,7"};
    enum { N = sizeof specs / sizeof specs[0] };
    int own[N];
    for (int i = 0; i < N; i++) {
        cy_board *b = t_board(specs[i]);
        cy_solver_opts so = {.threads = 1, .no_bitboard = 1, .memory = 64 << 20};
        cy_error err;
        cy_solver *s = cy_solver_new(b, &so, &err);
        assert_non_null(s);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        own[i] = cy_solver_grundy(s, mark);
        assert_true(own[i] >= 0);
        free(mark);
        cy_solver_free(s);
        cy_board_free(b);
    }
    for (int order = 0; order < 2; order++) {
        cy_error err;
        cy_table *t = cy_table_new(64 << 20, &err);
        assert_non_null(t);
        for (int k = 0; k < N; k++) {
            int i = order ? N - 1 - k : k;
            cy_board *b = t_board(specs[i]);
            cy_solver_opts so = {.threads = 1, .no_bitboard = 1, .table = t};
            cy_solver *s = cy_solver_new(b, &so, &err);
            assert_non_null(s);
            unsigned char *mark = calloc((size_t)b->ne + 1, 1);
            int g = cy_solver_grundy(s, mark);
            if (g != own[i])
                fail_msg("%s, order %d: shared table %d, own table %d", specs[i], order, g, own[i]);
            free(mark);
            cy_solver_free(s);
            cy_board_free(b);
        }
        cy_table_free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shared_against_plain),
        cmocka_unit_test(test_shared_against_own),
        cmocka_unit_test(test_shared_bitboards_against_plain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
