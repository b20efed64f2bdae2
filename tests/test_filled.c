/*
 * test_filled.c - the filled-board theorem (Alvarado et al. 2021, Theorem 9): every
 * complete marking without a sink or a source has a cycle cell.
 *
 * cy_filled_check is compared with an enumeration written here from the
 * definitions alone (every orientation of every edge; a vertex that is not
 * special must have an arrow in and an arrow out; a cell is a cycle cell when
 * its walk uses no edge twice and all its arrows run one way round), on
 * family boards and random boards (randboard.c, included directly), and the
 * counts of a few boards are derived by hand.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "randboard.c"

/* Counts by trying all 2^E complete markings (E <= 16). */
static void enumerate(const cy_board *b, uint64_t *complete, uint64_t *without)
{
    assert_true(b->ne <= 16);
    *complete = *without = 0;
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    for (uint32_t bits = 0; bits < (1u << b->ne); bits++) {
        for (int e = 0; e < b->ne; e++)
            mark[e] = (bits >> e) & 1 ? CY_BWD : CY_FWD;
        int ok = 1;
        for (int v = 0; v < b->nv && ok; v++) {
            if (b->special[v])
                continue;
            int in = 0, out = 0;
            for (int e = 0; e < b->ne; e++) {
                int head = mark[e] == CY_FWD ? b->ev[e] : b->eu[e];
                int tail = mark[e] == CY_FWD ? b->eu[e] : b->ev[e];
                in += head == v;
                out += tail == v;
            }
            ok = in > 0 && out > 0;
        }
        if (!ok)
            continue;
        (*complete)++;
        int cycle = 0;
        for (int c = 0; c < b->ncells && !cycle; c++) {
            int along = 0, against = 0, twice = 0;
            for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
                int u = cy_tail(b, b->fdarts[i]), w = cy_head(b, b->fdarts[i]);
                int e = cy_board_edge_between(b, u, w);
                for (int j = b->fstart[c]; j < i; j++) {
                    int u2 = cy_tail(b, b->fdarts[j]), w2 = cy_head(b, b->fdarts[j]);
                    twice |= (u2 == w && w2 == u);
                }
                int head = mark[e] == CY_FWD ? b->ev[e] : b->eu[e];
                along += head == w;
                against += head == u;
            }
            cycle = !twice && (along == 0 || against == 0);
        }
        *without += !cycle;
    }
    free(mark);
}

/* The library's counts; fails the test on an error. */
static void library(const cy_board *b, cy_filled_result *r)
{
    cy_error err;
    if (cy_filled_check(b, 0, r, &err) < 0)
        fail_msg("%s: %s", b->name ? b->name : "board", err.msg);
    assert_true(r->complete);
}

/* Hand-derived counts: on C_n every vertex has degree 2, so the arrows must
 * run round: 2 markings, both cycle cells.  On a generalised theta graph of
 * k paths every inner vertex has degree 2, so each path runs one way, and a
 * pole needs paths both ways: 2^k - 2 markings.  A loose end that is not
 * special is always a sink or a source: none.  A path with special ends: the
 * 2 one-way markings and no cell, outside the theorem (special vertices).
 * K4: of its 64 orientations, 4 x 8 have a source, as many a sink, and 4 x 3
 * x 2 both, leaving 64 - 32 - 32 + 24 = 24. */
static void test_hand(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        uint64_t complete, without;
    } cases[] = {
        {"k4", 24, 0},          {"cycle:3", 2, 0},         {"cycle:9", 2, 0},           {"gtheta:2,2,2", 6, 0},
        {"gtheta:1,3,2", 6, 0}, {"gtheta:2,3,4,5", 14, 0}, {"gtheta:2,2,2,2,2", 30, 0}, {"lollipop:5", 0, 0},
        {"path:4", 2, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cy_board *b = t_board(cases[i].spec);
        cy_filled_result r;
        library(b, &r);
        if (r.complete_markings != cases[i].complete || r.without_cycle_cell != cases[i].without)
            fail_msg("%s: %llu markings, %llu without a cycle cell; expected %llu and %llu", cases[i].spec,
                     (unsigned long long)r.complete_markings, (unsigned long long)r.without_cycle_cell,
                     (unsigned long long)cases[i].complete, (unsigned long long)cases[i].without);
        assert_true((r.counterexample != NULL) == (cases[i].without > 0));
        cy_filled_result_free(&r);
        cy_board_free(b);
    }
}

/* Theorem 9 on every family board without special vertices here (up to 24
 * edges), the counts checked against the enumeration up to 16 edges. */
static void test_families(void **state)
{
    (void)state;
    static const char *const specs[] = {
        "k4",
        "cycle:4",
        "cycle:12",
        "chord:5,2",
        "chord:8,3",
        "chord:10,5",
        "inner:3",
        "inner:9",
        "theta:1,2,3",
        "theta:3,3,3",
        "theta:2,5,4",
        "gtheta:1,2,2,3",
        "grid:2x2",
        "grid:2x4",
        "grid:3x3",
        "grid:2x6",
        "grid:3x4",
        "grid:4x4",
        "wedge:3,3",
        "wedge:4,5,6",
        "butterfly:closed",
        "windmill:4",
        "windmill:5",
        "lollipop:3",
        "wedge:3,4,4,4",
    };
    uint64_t total = 0;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        cy_filled_result r;
        library(b, &r);
        if (r.without_cycle_cell)
            fail_msg("%s: a complete marking without sink, source or cycle cell; Theorem 9 says none", specs[i]);
        if (b->ne <= 16) {
            uint64_t c, w;
            enumerate(b, &c, &w);
            if (c != r.complete_markings || w != r.without_cycle_cell)
                fail_msg("%s: library %llu/%llu, enumeration %llu/%llu", specs[i],
                         (unsigned long long)r.complete_markings, (unsigned long long)r.without_cycle_cell,
                         (unsigned long long)c, (unsigned long long)w);
        }
        total += r.complete_markings;
        cy_filled_result_free(&r);
        cy_board_free(b);
    }
    assert_true(total > 1000);
}

/* Random boards (cells with repeated vertices, trees inside cells, bridges):
 * the counts agree with the enumeration whatever the special vertices, and
 * with no special vertex Theorem 9 holds. */
static void test_random(void **state)
{
    (void)state;
    int boards = 0, markings = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        rb_rng r = {seed * 7919 + 17};
        char desc[512];
        cy_board *b = rb_board(&r, 14, desc, sizeof desc);
        for (int plain = 0; plain < 2; plain++) {
            cy_board *x = b;
            cy_error err;
            if (plain && !(x = cy_board_with_special(b, NULL, &err)))
                fail_msg("%s", err.msg);
            cy_filled_result fr;
            library(x, &fr);
            uint64_t c, w;
            enumerate(x, &c, &w);
            if (c != fr.complete_markings || w != fr.without_cycle_cell)
                fail_msg("random board %s%s: library %llu/%llu, enumeration %llu/%llu", desc,
                         plain ? " (no special vertex)" : "", (unsigned long long)fr.complete_markings,
                         (unsigned long long)fr.without_cycle_cell, (unsigned long long)c, (unsigned long long)w);
            if (plain && fr.without_cycle_cell)
                fail_msg("random board %s: Theorem 9 fails", desc);
            boards += plain;
            markings += plain ? (int)fr.complete_markings : 0;
            cy_filled_result_free(&fr);
            if (plain)
                cy_board_free(x);
        }
        cy_board_free(b);
    }
    assert_int_equal(boards, 400);
    assert_true(markings > 100);
}

/* Limits: more than 62 edges is refused; a timeout stops the enumeration. */
static void test_limits(void **state)
{
    (void)state;
    cy_board *b = t_board("grid:6x8");
    cy_filled_result r;
    cy_error err;
    assert_int_equal(cy_filled_check(b, 0, &r, &err), -1);
    cy_board_free(b);
    b = t_board("grid:5x5");
    assert_int_equal(cy_filled_check(b, 0.05, &r, &err), 0);
    assert_false(r.complete);
    assert_true(r.complete_markings > 0);
    assert_int_equal(r.without_cycle_cell, 0);
    cy_filled_result_free(&r);
    cy_board_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand),
        cmocka_unit_test(test_families),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
