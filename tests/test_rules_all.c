/*
 * test_rules_all.c - cy_rules_classify_all, which classifies every edge of a
 * position at once (what `cycles show` prints), against cy_rules_classify
 * asked edge by edge, the reference built on the rules' two tests: the same
 * class, verdicts, sink/source vertices and death cells for every edge of
 * random markings (any marking, not only the reachable ones: positions with
 * a cycle cell, broken cells and cells one edge short of complete
 * included) of random plane boards and of the families and named boards,
 * boards on other surfaces with loops and parallel edges among them.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "randboard.c"

/* Compares the two ways on board b with the marking mark; names what in a
 * failure. */
static void compare(const cy_board *b, unsigned char *mark, const char *what)
{
    cy_edge_info *all = calloc((size_t)b->ne + 1, sizeof *all);
    assert_non_null(all);
    cy_rules_classify_all(b, mark, all);
    for (int e = 0; e < b->ne; e++) {
        cy_edge_info one;
        cy_rules_classify(b, mark, e, &one);
        int same = one.cls == all[e].cls;
        for (int s = 0; s < 2; s++)
            same &= one.verdict[s] == all[e].verdict[s] && one.vertex[s] == all[e].vertex[s] &&
                    one.death_cell[s] == all[e].death_cell[s];
        if (!same)
            fail_msg("%s, edge %d: one by one class %d verdicts %d %d vertices %d %d death cells %d %d; all at once "
                     "class %d verdicts %d %d vertices %d %d death cells %d %d",
                     what, e, one.cls, one.verdict[0], one.verdict[1], one.vertex[0], one.vertex[1], one.death_cell[0],
                     one.death_cell[1], all[e].cls, all[e].verdict[0], all[e].verdict[1], all[e].vertex[0],
                     all[e].vertex[1], all[e].death_cell[0], all[e].death_cell[1]);
    }
    free(all);
}

/* Random markings of b: each edge unmarked with probability p/8, else
 * either way; also the positions of random legal play, move by move. */
static int markings(const cy_board *b, rb_rng *r, int rounds, const char *name)
{
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    int *legal = malloc(sizeof(int) * (2 * (size_t)b->ne + 1));
    int checked = 0;
    char what[160];
    for (int k = 0; k < rounds; k++) {
        int p = rb_below(r, 9);
        for (int e = 0; e < b->ne; e++)
            mark[e] = rb_below(r, 8) < p ? CY_UNMARKED : (unsigned char)(rb_below(r, 2) ? CY_FWD : CY_BWD);
        snprintf(what, sizeof what, "%s, random marking %d", name, k);
        compare(b, mark, what);
        checked++;
    }
    memset(mark, 0, (size_t)b->ne);
    for (int k = 0;; k++) {
        snprintf(what, sizeof what, "%s, after %d random legal moves", name, k);
        compare(b, mark, what);
        checked++;
        int n = cy_rules_legal(b, mark, legal);
        if (n == 0)
            break;
        int d = legal[rb_below(r, n)];
        mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
    }
    free(legal);
    free(mark);
    return checked;
}

static void test_random_boards(void **state)
{
    (void)state;
    rb_rng r = {20261127};
    int checked = 0;
    for (int i = 0; i < 300; i++) {
        char desc[4096], name[64];
        cy_board *b = rb_board(&r, 3 + rb_below(&r, 20), desc, sizeof desc);
        snprintf(name, sizeof name, "random board %d", i);
        checked += markings(b, &r, 20, name);
        cy_board_free(b);
    }
    print_message("%d positions of 300 random boards\n", checked);
}

/* The families and named boards, among them boards on other surfaces with
 * loops and parallel edges (torus:1x1, torus:1x3, torus:2x2). */
static void test_families(void **state)
{
    (void)state;
    const char *specs[] =
        {"k4",         "cycle:5",   "chord:6,2",     "inner:5",       "theta:3,2,5",      "gtheta:2,3,4",
         "grid:3x3",   "grid:2x4",  "wedge:3,4",     "butterfly",     "butterfly:closed", "windmill:4",
         "lollipop:4", "path:6",    "star:5",        "spider:2,3",    "torus:3x3",        "torus:1x3",
         "torus:1x1",  "torus:2x2", "projective-k6", "k4-projective", "k5-torus",         "figure1"};
    rb_rng r = {7};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        markings(b, &r, 200, specs[i]);
        cy_board_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_boards),
        cmocka_unit_test(test_families),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
