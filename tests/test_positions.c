/*
 * test_positions.c - cy_positions (every reachable position with its value)
 * against the independent brute force: the set of positions against a search
 * of the brute force's own legal moves from the start, each outcome against
 * br_wins, each Grundy value against br_grundy; and cy_position_moves against
 * the marks it describes, and the edge limit.
 *
 * brute.c and randboard.c are included directly (a unity build) because
 * tests/CMakeLists.txt links every test with tests/support.c only.
 */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.c"
#include "randboard.c"

/* The base-3 number of mark (edge 0 lowest digit). */
static uint64_t code_of(const cy_board *b, const unsigned char *mark)
{
    uint64_t c = 0;
    for (int e = b->ne - 1; e >= 0; e--)
        c = 3 * c + mark[e];
    return c;
}

/* Marks the positions reachable from mark with the brute force's moves
 * (ends: a cycle cell or no legal move) in seen (3^ne flags); returns how many
 * were new. */
static long reach(const br_game *g, const cy_board *b, unsigned char *mark, unsigned char *seen)
{
    uint64_t c = code_of(b, mark);
    if (seen[c])
        return 0;
    seen[c] = 1;
    long n = 1;
    if (br_has_cycle_cell(g, mark))
        return n;
    for (int d = 0; d < 2 * b->ne; d++) {
        if (!br_legal(g, mark, d))
            continue;
        mark[d >> 1] = (unsigned char)cy_dart_mark(d);
        n += reach(g, b, mark, seen);
        mark[d >> 1] = CY_UNMARKED;
    }
    return n;
}

/* Every position of board b from start (after k random safe moves) against
 * the brute force; returns the positions checked. */
static long check_board(const cy_board *b, rb_rng *r, int k, const char *desc)
{
    br_game *g = br_new(b);
    assert_non_null(g);
    unsigned char *start = calloc((size_t)b->ne + 1, 1);
    rb_position(b, start, r, k);
    uint64_t total = 1;
    for (int e = 0; e < b->ne; e++)
        total *= 3;
    unsigned char *seen = calloc(total, 1), *listed = calloc(total, 1);
    unsigned char *mark = malloc((size_t)b->ne + 1);
    memcpy(mark, start, (size_t)b->ne);
    long expect = reach(g, b, mark, seen);
    cy_solver_opts o = {.memory = 8u << 20, .threads = 1};
    cy_error err;
    cy_positions *it = cy_positions_new(b, start, &o, &err);
    if (!it)
        fail_msg("board %s: %s", desc, err.msg);
    cy_position_info p;
    long n = 0;
    int rc, last_played = -1;
    uint64_t last_code = 0;
    while ((rc = cy_positions_next(it, &p, &err)) == 1) {
        uint64_t c = code_of(b, p.mark);
        if (!seen[c] || listed[c])
            fail_msg("board %s: position %llu %s", desc, (unsigned long long)c,
                     listed[c] ? "listed twice" : "is not reachable");
        listed[c] = 1;
        n++;
        /* in order of moves played, then of the code */
        assert_true(p.played > last_played || (p.played == last_played && c > last_code));
        last_played = p.played;
        last_code = c;
        memcpy(mark, p.mark, (size_t)b->ne);
        assert_int_equal(p.played, cy_rules_played(b, mark));
        assert_int_equal(p.to_move, p.played % 2 ? 2 : 1);
        int cycle = br_has_cycle_cell(g, mark);
        int nlegal = cycle ? 0 : br_legal_moves(g, mark, (int[64]){0});
        assert_int_equal(p.over, cycle || nlegal == 0);
        assert_int_equal(p.cycle_cell >= 0, cycle);
        int wins = cycle ? 0 : br_wins(g, mark);
        if (p.outcome != (wins ? 'N' : 'P'))
            fail_msg("board %s, position %llu: outcome %c, brute force %c", desc, (unsigned long long)c, p.outcome,
                     wins ? 'N' : 'P');
        assert_int_equal(p.winner, wins ? p.to_move : 3 - p.to_move);
        if (cycle || br_can_complete(g, mark))
            assert_int_equal(p.grundy, -1);
        else if (p.grundy != br_grundy(g, mark))
            fail_msg("board %s, position %llu: grundy %d, brute force %d", desc, (unsigned long long)c, p.grundy,
                     br_grundy(g, mark));
    }
    assert_int_equal(rc, 0);
    assert_int_equal(cy_positions_next(it, &p, &err), 0); /* and stays at the end */
    if (n != expect)
        fail_msg("board %s: %ld positions listed, the brute force reaches %ld", desc, n, expect);
    assert_int_equal(cy_positions_done(it), (uint64_t)n);
    /* the estimate for progress: Knuth's, close on boards this small */
    double est = cy_positions_estimate(it);
    if (est < 0.9 * (double)n - 2 || est > 1.1 * (double)n + 2)
        fail_msg("board %s: %ld positions, estimated %.1f", desc, n, est);
    cy_positions_free(it);
    free(seen);
    free(listed);
    free(mark);
    free(start);
    br_free(g);
    return n;
}

/* Random boards of up to 9 edges, from the empty board and from a random
 * position. */
static void test_random_boards(void **state)
{
    (void)state;
    char desc[1024];
    long positions = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        rb_rng r = {seed * 0x9E3779B97F4A7C15ull};
        cy_board *b = rb_board(&r, 9, desc, sizeof desc);
        positions += check_board(b, &r, seed % 3 == 0 ? 2 : 0, desc);
        cy_board_free(b);
    }
    print_message("%ld positions checked against the brute force\n", positions);
}

/* The enumeration finds positions by a test on each position alone, not by
 * playing moves (positions.c): the same set as the brute force's moves reach
 * on larger random boards (up to 12 edges, special vertices among them),
 * from starts several random moves in, where ends and positions whose cycle
 * cells must share the last move are common. */
static void test_random_starts(void **state)
{
    (void)state;
    char desc[1024];
    long positions = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        rb_rng r = {seed * 0xD1B54A32D192ED03ull + 7};
        cy_board *b = rb_board(&r, 12, desc, sizeof desc);
        positions += check_board(b, &r, (int)(seed % 5), desc);
        cy_board_free(b);
    }
    print_message("%ld positions from random starts checked against the brute force\n", positions);
}

/* Under every rule variant, the listing holds the positions of the state
 * digraph that cy_statetree_build_rules finds breadth first by the variant's
 * legal moves (a second method: moves played, not a test on the position),
 * each with the value the digraph's labelling gives it. */
static void test_variants(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int players, extra;
    } rules[] = {
        {"misere", 0, 0}, {"draw", 0, 0}, {"score", 0, 0}, {"score", 0, 1}, {"any-cycle", 0, 0}, {"standard", 3, 0},
    };
    char desc[1024];
    long positions = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        rb_rng rng = {seed * 0x9E3779B97F4A7C15ull + 11};
        cy_board *b = rb_board(&rng, 8, desc, sizeof desc);
        unsigned char *start = calloc((size_t)b->ne + 1, 1);
        rb_position(b, start, &rng, (int)(seed % 3));
        for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
            cy_rules r;
            cy_error err;
            assert_int_equal(cy_rules_parse(rules[i].name, rules[i].players, rules[i].extra, &r, &err), 0);
            cy_statetree t;
            cy_solver_opts o = {.memory = 8u << 20};
            if (cy_statetree_build_rules(b, &r, &o, start, 200000, &t, &err) < 0)
                fail_msg("board %s, %s: %s", desc, rules[i].name, err.msg);
            cy_positions *it = cy_positions_new_rules(b, &r, start, &o, &err);
            assert_non_null(it);
            cy_position_info p;
            int n = 0, rc;
            while ((rc = cy_positions_next(it, &p, &err)) == 1) {
                int j = 0;
                while (j < t.n && memcmp(t.marks + (size_t)j * (size_t)b->ne, p.mark, (size_t)b->ne))
                    j++;
                if (j == t.n)
                    fail_msg("board %s, %s: position %s is not in the digraph", desc, rules[i].name,
                             cy_position_moves(b, p.mark));
                assert_int_equal(p.value, t.vvalue[j]);
                assert_int_equal(p.played, t.played[j]);
                n++;
            }
            assert_int_equal(rc, 0);
            if (n != t.n)
                fail_msg("board %s, %s: %d positions listed, the digraph has %d", desc, rules[i].name, n, t.n);
            positions += n;
            cy_positions_free(it);
            cy_statetree_free(&t);
        }
        free(start);
        cy_board_free(b);
    }
    print_message("%ld positions under the variants agree with the state digraphs\n", positions);
}

/* K4 from the empty board: the state digraph of Zonnefeld et al. 2023's Figure 7 has 549
 * positions (cycles tree says the same; here the brute force counts). */
static void test_k4(void **state)
{
    (void)state;
    cy_board *b = t_board("k4");
    rb_rng r = {1};
    assert_int_equal(check_board(b, &r, 0, "k4"), 549);
    cy_board_free(b);
}

/* cy_position_moves names each marked edge once, as the move that marks it. */
static void test_position_moves(void **state)
{
    (void)state;
    cy_board *b = t_board("cycle:4");
    unsigned char mark[4] = {0};
    char *s = cy_position_moves(b, mark);
    assert_string_equal(s, "");
    cy_free(s);
    int *darts, n;
    cy_error err;
    assert_int_equal(cy_moves_parse(b, "3->4 1->2", &darts, &n, &err), 0);
    assert_int_equal(cy_moves_play(b, mark, darts, n, &err), 0);
    cy_free(darts);
    s = cy_position_moves(b, mark);
    /* edge order: 1-2 comes before 3-4 */
    assert_string_equal(s, "1->2 3->4");
    cy_free(s);
    cy_board_free(b);
}

/* Boards beyond CY_POSITIONS_MAX_EDGES are refused with a message. */
static void test_too_big(void **state)
{
    (void)state;
    cy_board *b = t_board("grid:3x5");
    cy_error err;
    assert_true(b->ne > CY_POSITIONS_MAX_EDGES);
    assert_null(cy_positions_new(b, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "22 edges"));
    cy_board_free(b);
}

/* cy_positions_memory_need: under a variant a bound with which the whole
 * listing fits (given as --memory it lists every position), 3^E bytes, one
 * for each marking; 0 under the standard rules (whose table replaces
 * entries) and for a variant search without its direct table. */
static void test_memory_need(void **state)
{
    (void)state;
    cy_board *b = t_board("grid:2x5");
    cy_rules r;
    cy_error err;
    assert_int_equal(cy_rules_parse("misere", 0, 0, &r, &err), 0);
    cy_positions *it = cy_positions_new(b, NULL, NULL, &err);
    assert_true(cy_positions_memory_need(it) == 0);
    cy_positions_free(it);
    cy_solver_opts o = {.no_bitboard = 1};
    it = cy_positions_new_rules(b, &r, NULL, &o, &err);
    assert_true(cy_positions_memory_need(it) == 0);
    cy_positions_free(it);
    it = cy_positions_new_rules(b, &r, NULL, NULL, &err);
    double need = cy_positions_memory_need(it), pow3 = 1;
    for (int e = 0; e < b->ne; e++)
        pow3 *= 3;
    assert_true(need == pow3);
    cy_positions_free(it);
    o = (cy_solver_opts){.memory = (size_t)need};
    it = cy_positions_new_rules(b, &r, NULL, &o, &err);
    cy_position_info p;
    int rc;
    uint64_t n = 0;
    while ((rc = cy_positions_next(it, &p, &err)) == 1)
        n++;
    assert_int_equal(rc, 0);
    assert_true(n == cy_positions_done(it) && n > 1);
    cy_positions_free(it);
    cy_board_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_boards),  cmocka_unit_test(test_random_starts),
        cmocka_unit_test(test_variants),       cmocka_unit_test(test_k4),
        cmocka_unit_test(test_position_moves), cmocka_unit_test(test_too_big),
        cmocka_unit_test(test_memory_need),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
