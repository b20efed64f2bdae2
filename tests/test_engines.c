/*
 * test_engines.c - the fast engine, with each of its techniques switched off
 * in turn and with several threads, against the plain memoised engine on
 * thousands of random boards and positions: the values, and the moves read
 * from the table (a winning move, the winning replies of a lost position),
 * and who wins asked alone (--no-grundy).
 *
 * randboard.c is included (a unity build), as in test_solver.c.
 */
#include "support.h"

#include "randboard.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fast engine's variants under test. */
static const struct {
    const char *name;
    cy_solver_opts o;
} variants[] = {
    {"fast (bitboards)", {.engine = CY_ENGINE_FAST, .threads = 1}},
    {"fast --no-canon (bitboards without symmetry)", {.engine = CY_ENGINE_FAST, .threads = 1, .no_canon = 1}},
    {"fast --no-bitboard (sub-games)", {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1}},
    {"fast --no-bitboard --no-decompose", {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .no_decompose = 1}},
    {"fast --no-bitboard --no-canon", {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .no_canon = 1}},
    {"fast --no-bitboard --no-plane-keys (nauty alone)",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .no_plane_keys = 1}},
    {"fast --no-bitboard --no-outcome-search",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .no_outcome_search = 1}},
    {"fast, every technique off",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .no_decompose = 1, .no_canon = 1, .no_outcome_search = 1}},
    {"fast --no-bitboard --no-rounds", {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .no_rounds = 1}},
    {"fast --no-bitboard --no-mirrors, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .no_mirrors = 1, .mex_edges = 2}},
    {"fast --no-bitboard, first rounds of one position",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .round_allowance = 1}},
    /* outcome search on components of more than 2 edges, so that small
     * boards exercise it (rounds, mirror replies, cancelled pairs) */
    {"fast --no-bitboard, mex up to 2 edges", {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2}},
    {"fast --no-bitboard, mex up to 2 edges, first rounds of one position",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .round_allowance = 1}},
    {"fast --no-bitboard --no-rounds, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .no_rounds = 1}},
    {"fast --no-bitboard, 2 threads", {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1}},
    {"fast --no-bitboard, 2 threads, first rounds of one position",
     {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1, .round_allowance = 1}},
    /* two threads sharing out the moves (and marking the positions they
     * search) deep in small boards: outcome search from 3 edges */
    {"fast --no-bitboard, 2 threads, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1, .mex_edges = 2}},
    {"fast --no-bitboard, 2 threads, mex up to 2 edges, first rounds of one position",
     {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1, .mex_edges = 2, .round_allowance = 1}},
    {"fast --no-bitboard --no-rounds, 2 threads, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1, .mex_edges = 2, .no_rounds = 1}},
    {"fast --no-bitboard --no-mirrors --no-canon, 2 threads, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1, .mex_edges = 2, .no_mirrors = 1, .no_canon = 1}},
    {"fast --no-bitboard --no-decompose, 2 threads",
     {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1, .no_decompose = 1}},
    /* df-pn instead of rounds, on components of more than 2 (or 5) edges
     * and with mex up to 2 edges, so that small boards exercise it (its
     * thresholds, mirror replies, heap moves, and the rounds search with a
     * budget below it) */
    {"fast --no-bitboard --search dfpn, df-pn above 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .search = CY_SEARCH_DFPN, .dfpn_edges = 2}},
    {"fast --no-bitboard --grundy-method mex, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .grundy_method = CY_GRUNDY_MEX}},
    {"fast --no-bitboard --grundy-method mex --no-rounds --no-mirrors --no-canon, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST,
      .threads = 1,
      .no_bitboard = 1,
      .mex_edges = 2,
      .grundy_method = CY_GRUNDY_MEX,
      .no_rounds = 1,
      .no_mirrors = 1,
      .no_canon = 1}},
    {"fast --no-bitboard --grundy-method mex, first round 1 position, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST,
      .threads = 1,
      .no_bitboard = 1,
      .mex_edges = 2,
      .grundy_method = CY_GRUNDY_MEX,
      .round_allowance = 1}},
    {"fast --no-bitboard --grundy-method mex, 2 threads, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1, .mex_edges = 2, .grundy_method = CY_GRUNDY_MEX}},
    {"fast --no-bitboard --grundy-method rounds, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .grundy_method = CY_GRUNDY_ROUNDS}},
    {"fast --no-bitboard --grundy-method rounds, 2 threads, first round 1 position, mex up to 2 edges",
     {.engine = CY_ENGINE_FAST,
      .threads = 2,
      .no_bitboard = 1,
      .mex_edges = 2,
      .grundy_method = CY_GRUNDY_ROUNDS,
      .round_allowance = 1}},
    {"fast --no-bitboard --search dfpn, mex up to 2 edges, df-pn above 2",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .search = CY_SEARCH_DFPN, .dfpn_edges = 2}},
    {"fast --no-bitboard --search dfpn, mex up to 2 edges, df-pn above 5",
     {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .search = CY_SEARCH_DFPN, .dfpn_edges = 5}},
    {"fast --no-bitboard --search dfpn --no-mirrors --no-canon, mex up to 2 edges, df-pn above 2",
     {.engine = CY_ENGINE_FAST,
      .threads = 1,
      .no_bitboard = 1,
      .mex_edges = 2,
      .no_mirrors = 1,
      .no_canon = 1,
      .search = CY_SEARCH_DFPN,
      .dfpn_edges = 2}},
    {"fast --no-bitboard --search dfpn, 2 threads, mex up to 2 edges, df-pn above 2",
     {.engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1, .mex_edges = 2, .search = CY_SEARCH_DFPN, .dfpn_edges = 2}},
};
#define NVARIANTS (int)(sizeof variants / sizeof variants[0])

/* Whether legal dart d wins at mark under the original rules, by the plain
 * engine: it completes a cycle cell, or is no death move and leaves a
 * position of value 0. */
static int plain_move_wins(cy_solver *plain, const cy_board *b, unsigned char *mark, int d)
{
    if (cy_rules_completes(b, mark, d) >= 0)
        return 1;
    if (cy_rules_is_death(b, mark, d, NULL))
        return 0;
    int e = cy_dart_edge(d);
    mark[e] = (unsigned char)cy_dart_mark(d);
    int g = cy_solver_grundy(plain, mark);
    mark[e] = CY_UNMARKED;
    assert_true(g >= 0);
    return g == 0;
}

/* Checks the moves a variant reads from its table against the plain
 * engine: the winning move of the normal-play game (cy_solver_move, none
 * exactly when the value is 0), the winning moves of cy_analyse, and for a
 * lost position the winning reply to every legal move
 * (cy_analysis_replies).  want is the plain value. */
static void check_moves(cy_solver *plain, cy_solver *fast, const cy_board *b, unsigned char *mark, int want,
                        const char *desc, const char *variant)
{
    int d = -1, r = cy_solver_move(fast, mark, &d);
    if (r != (want != 0) || (r && (cy_rules_check(b, mark, d, NULL) != CY_LEGAL || !plain_move_wins(plain, b, mark, d))))
        fail_msg("%s, %s: value %d, but cy_solver_move says %d with move %d", desc, variant, want, r, d);
    cy_analysis a;
    cy_error err;
    assert_int_equal(cy_analyse(fast, mark, &a, &err), 0);
    assert_int_equal(a.outcome, want ? 'N' : 'P');
    /* the winning moves: exactly those the plain engine finds winning */
    int *legal = malloc(sizeof(int) * (size_t)(2 * b->ne + 1)), nl = cy_rules_legal(b, mark, legal), k = 0;
    for (int i = 0; i < nl; i++)
        if (plain_move_wins(plain, b, mark, legal[i]) && (k >= a.nwin || a.winning[k++] != legal[i]))
            fail_msg("%s, %s: winning move %d missing from cy_analyse", desc, variant, legal[i]);
    if (k != a.nwin)
        fail_msg("%s, %s: cy_analyse lists %d winning moves, the plain engine %d", desc, variant, a.nwin, k);
    free(legal);
    cy_analysis_free(&a);
    if (want != 0)
        return;
    int *reply, n = cy_analysis_replies(fast, mark, &legal, &reply, &err);
    assert_true(n >= 0);
    for (int i = 0; i < n; i++) {
        int e = cy_dart_edge(legal[i]);
        int completes = cy_rules_completes(b, mark, legal[i]) >= 0;
        mark[e] = (unsigned char)cy_dart_mark(legal[i]);
        int ok = completes ? reply[i] < 0
                           : reply[i] >= 0 && cy_rules_check(b, mark, reply[i], NULL) == CY_LEGAL &&
                                 plain_move_wins(plain, b, mark, reply[i]);
        mark[e] = CY_UNMARKED;
        if (!ok)
            fail_msg("%s, %s: a lost position, but reply %d to move %d does not win", desc, variant, reply[i], legal[i]);
    }
    free(legal);
    free(reply);
}

/* Compares every variant with the plain engine on positions of b; returns
 * the number of positions compared. */
static int compare_on(const cy_board *b, rb_rng *r, int positions, const char *desc)
{
    cy_error err;
    cy_solver_opts po = {.engine = CY_ENGINE_PLAIN, .memory = 16u << 20};
    cy_solver *plain = cy_solver_new(b, &po, &err);
    if (!plain)
        fail_msg("%s: %s", desc, err.msg);
    cy_solver *fast[NVARIANTS];
    for (int v = 0; v < NVARIANTS; v++) {
        cy_solver_opts o = variants[v].o;
        o.memory = 16u << 20;
        fast[v] = cy_solver_new(b, &o, &err);
        if (!fast[v])
            fail_msg("%s, %s: %s", desc, variants[v].name, err.msg);
    }
    /* who wins asked alone, as --no-grundy asks it: the outcome search's
     * answers (packed in the table, ttable.c) with no value asked first */
    cy_solver_opts wo =
        {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .no_grundy = 1, .memory = 16u << 20};
    cy_solver *winner = cy_solver_new(b, &wo, &err);
    if (!winner)
        fail_msg("%s, who wins alone: %s", desc, err.msg);
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    int compared = 0;
    for (int p = 0; p < positions; p++) {
        memset(mark, 0, (size_t)b->ne);
        rb_position(b, mark, r, rb_below(r, b->ne + 1));
        if (cy_rules_cycle_cell(b, mark) >= 0 || cy_rules_winning_completion(b, mark) >= 0)
            continue;
        int want = cy_solver_grundy(plain, mark);
        assert_true(want >= 0);
        int alone = cy_solver_wins(winner, mark);
        if (alone != (want != 0))
            fail_msg("%s, position %d: plain Grundy %d, who wins alone says %d", desc, p, want, alone);
        for (int v = 0; v < NVARIANTS; v++) {
            int got = cy_solver_grundy(fast[v], mark);
            int wins = cy_solver_wins(fast[v], mark);
            if (got != want || wins != (want != 0)) {
                char pos[2048] = "";
                size_t n = 0;
                for (int e = 0; e < b->ne && n + 80 < sizeof pos; e++)
                    if (mark[e]) {
                        char m[2 * CY_MAX_LABEL + 8];
                        cy_move_str(b, cy_dart(e, mark[e]), m, sizeof m);
                        n += (size_t)snprintf(pos + n, sizeof pos - n, " %s", m);
                    }
                fail_msg("%s, moves%s: plain Grundy %d, %s says %d (wins %d)", desc, pos, want, variants[v].name, got,
                         wins);
            }
            check_moves(plain, fast[v], b, mark, want, desc, variants[v].name);
        }
        compared++;
    }
    free(mark);
    cy_solver_free(winner);
    for (int v = 0; v < NVARIANTS; v++)
        cy_solver_free(fast[v]);
    cy_solver_free(plain);
    return compared;
}

/* Random boards of up to 11 edges, several positions each. */
static void test_random_boards(void **state)
{
    (void)state;
    int total = 0;
    char desc[1024];
    for (uint64_t seed = 1; seed <= 600; seed++) {
        rb_rng r = {seed * 0x9E3779B97F4A7C15ull + 17};
        cy_board *b = rb_board(&r, seed % 5 == 0 ? 11 : 9, desc, sizeof desc);
        total += compare_on(b, &r, 6, desc);
        cy_board_free(b);
    }
    print_message("%d random positions on 600 random boards agree in all %d variants\n", total, NVARIANTS);
    assert_true(total >= 2000);
}

/* Family boards with 12 to 17 edges, where components and symmetry matter. */
static void test_family_boards(void **state)
{
    (void)state;
    static const char *const specs[] = {"grid:3x3",         "theta:3,4,5", "wedge:4,5",
                                        "chord:12,5",       "inner:11",    "k4",
                                        "butterfly:closed", "windmill:4",  "gtheta:2,3,3,3",
                                        "wedge:3,3,3,3",    "lollipop:9",  "spider:3,3,4"};
    rb_rng r = {12345};
    int total = 0;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        total += compare_on(b, &r, 12, specs[i]);
        cy_board_free(b);
    }
    print_message("%d positions on family boards agree in all variants\n", total);
    assert_true(total >= 100);
}

/* Where Theorem 6 of Alvarado et al. 2021 answers (the empty board of a board with a
 * suitable involution), cy_analyse's answer and the strategy's replies
 * against the plain engine's search. */
static void test_theorem_answers(void **state)
{
    (void)state;
    static const char *const specs[] = {"cycle:4",   "cycle:6",   "grid:3x3", "grid:2x4",  "theta:3,2,3",
                                        "wedge:4,4", "butterfly", "grid:2x3", "chord:6,3", "k4"};
    int answered = 0;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        cy_error err;
        cy_solver_opts po = {.engine = CY_ENGINE_PLAIN, .no_theorems = 1};
        cy_solver_opts fo = {.engine = CY_ENGINE_FAST, .threads = 1};
        cy_solver *plain = cy_solver_new(b, &po, &err), *fast = cy_solver_new(b, &fo, &err);
        assert_non_null(plain);
        assert_non_null(fast);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        cy_analysis a, want;
        assert_int_equal(cy_analyse(fast, mark, &a, &err), 0);
        assert_int_equal(cy_analyse(plain, mark, &want, &err), 0);
        assert_null(want.proof);
        if (a.outcome != want.outcome || a.grundy != want.grundy)
            fail_msg("%s: %s says %c (grundy %d), search %c (grundy %d)", specs[i], a.proof ? a.proof : "search",
                     a.outcome, a.grundy, want.outcome, want.grundy);
        if (a.proof) {
            answered++;
            check_moves(plain, fast, b, mark, 0, specs[i], "theorem");
        }
        cy_analysis_free(&a);
        cy_analysis_free(&want);
        free(mark);
        cy_solver_free(plain);
        cy_solver_free(fast);
        cy_board_free(b);
    }
    print_message("%d boards answered by Theorem 6, all as the search answers\n", answered);
    assert_true(answered >= 5);
}

/* On the smaller benchmark boards, the empty board and a few positions
 * after one move: df-pn (above 6 edges, so that it searches the
 * top of these boards) and rounds agree on who wins and on the Grundy
 * value, both with all techniques and the board's symmetries; the rounds
 * search is the one checked against the plain engine above. */
static void test_dfpn_benchmark_boards(void **state)
{
    (void)state;
    static const char *const specs[] = {"k4", "grid:3x3", "boards/figure1.json", "theta:3,2,5"};
    int compared = 0;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(strchr(specs[i], '/') ? t_source_path(specs[i]) : specs[i]);
        cy_error err;
        cy_solver_opts ro = {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .memory = 64u << 20};
        cy_solver_opts dfo = ro;
        dfo.search = CY_SEARCH_DFPN;
        dfo.dfpn_edges = 6;
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        int *legal = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
        int nl = cy_rules_safe(b, mark, legal);
        for (int p = -1; p < nl && p < 3; p++) {
            /* fresh solvers each time: no answer carried over */
            cy_solver *rounds = cy_solver_new(b, &ro, &err), *dfpn = cy_solver_new(b, &dfo, &err);
            assert_non_null(rounds);
            assert_non_null(dfpn);
            if (p >= 0)
                mark[cy_dart_edge(legal[p])] = (unsigned char)cy_dart_mark(legal[p]);
            int wr = cy_solver_wins(rounds, mark), wd = cy_solver_wins(dfpn, mark);
            cy_solver_free(dfpn);
            dfpn = cy_solver_new(b, &dfo, &err);
            int gr = cy_solver_grundy(rounds, mark), gd = cy_solver_grundy(dfpn, mark);
            if (wr < 0 || gr < 0 || wr != wd || gr != gd || wr != (gr != 0))
                fail_msg("%s after %d move(s): rounds says wins %d, Grundy %d; dfpn wins %d, Grundy %d", specs[i],
                         p >= 0, wr, gr, wd, gd);
            if (p >= 0)
                mark[cy_dart_edge(legal[p])] = CY_UNMARKED;
            cy_solver_free(rounds);
            cy_solver_free(dfpn);
            compared++;
        }
        free(legal);
        free(mark);
        cy_board_free(b);
    }
    print_message("%d positions of benchmark boards: df-pn and rounds agree\n", compared);
    assert_true(compared >= 12);
}

/* The positions one search with opts o (a fresh table of o.memory, 16
 * MiB if 0) makes for the position mark of b: who wins (value 0) or the
 * value (value 1), which goes to *answer. */
static uint64_t positions_of(const cy_board *b, const unsigned char *mark, cy_solver_opts o, int value, int *answer)
{
    cy_error err;
    if (!o.memory)
        o.memory = 16u << 20;
    cy_solver *s = cy_solver_new(b, &o, &err);
    if (!s)
        fail_msg("%s", err.msg);
    *answer = value ? cy_solver_grundy(s, mark) : cy_solver_wins(s, mark);
    assert_true(*answer >= 0);
    cy_solver_stats st;
    cy_solver_stats_get(s, &st);
    cy_solver_free(s);
    return st.positions;
}

/* The positions a fresh one-thread solver with grundy method `method`
 * searches for mark's answer (positions_of). */
static uint64_t method_positions(const cy_board *b, const unsigned char *mark, int method, int value, int *answer)
{
    cy_solver_opts o = {.engine = CY_ENGINE_FAST,
                        .threads = 1,
                        .no_bitboard = 1,
                        .no_theorems = 1,
                        .mex_edges = 2,
                        .grundy_method = method,
                        .memory = 2u << 20};
    return positions_of(b, mark, o, value, answer);
}

/* Where --grundy-method applies: mex pruning values the components of the
 * position asked only, and the components a search folds into its heap
 * are valued by the rounds whatever the method (solver_fast.c,
 * comp_value_of).  So on one thread who wins, which asks no component of
 * the position its value, searches exactly the same positions under either
 * method, on every random position; and the value, which does, searches
 * other positions on some (the method is in effect), with the same answer
 * and the same outcome as who wins. */
static void test_grundy_method_scope(void **state)
{
    (void)state;
    char desc[1024];
    int compared = 0, differ = 0, nested = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        rb_rng r = {seed * 0xD1B54A32D192ED03ull + 5};
        cy_board *b = rb_board(&r, 13, desc, sizeof desc);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        for (int p = 0; p < 2; p++) {
            memset(mark, 0, (size_t)b->ne);
            rb_position(b, mark, &r, p ? rb_below(&r, b->ne / 3 + 1) : 0);
            if (cy_rules_cycle_cell(b, mark) >= 0 || cy_rules_winning_completion(b, mark) >= 0)
                continue;
            int wm, wr, vm, vr;
            uint64_t pm = method_positions(b, mark, CY_GRUNDY_MEX, 0, &wm);
            uint64_t pr = method_positions(b, mark, CY_GRUNDY_ROUNDS, 0, &wr);
            if (wm != wr || pm != pr)
                fail_msg("%s: who wins by mex pruning %d in %llu positions, by the rounds %d in %llu", desc, wm,
                         (unsigned long long)pm, wr, (unsigned long long)pr);
            uint64_t qm = method_positions(b, mark, CY_GRUNDY_MEX, 1, &vm);
            uint64_t qr = method_positions(b, mark, CY_GRUNDY_ROUNDS, 1, &vr);
            if (vm != vr || (vm != 0) != wm)
                fail_msg("%s: the value by mex pruning %d, by the rounds %d, who wins %d", desc, vm, vr, wm);
            differ += qm != qr;
            nested += pm > 200;
            compared++;
        }
        free(mark);
        cy_board_free(b);
    }
    print_message("%d random positions: who wins searches the same positions under both methods (%d of over 200 "
                  "positions), the value other positions on %d\n",
                  compared, nested, differ);
    assert_true(compared >= 150);
    assert_true(nested >= 20); /* searches deep enough to fold components */
    assert_true(differ >= 5);
}

/* The rounds of the outcome search are for mirror replies: on a board
 * without automorphisms (none to give a mirror reply) the search is the
 * one without rounds, position for position, on random boards of up to 13
 * edges and positions on them, and its answers are the plain engine's;
 * on boards with automorphisms (where the rounds find the mirror replies
 * cheaply) the rounds stay, and change the search. */
static void test_rounds_and_mirrors(void **state)
{
    (void)state;
    cy_solver_opts o = {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .no_grundy = 1};
    cy_solver_opts nr = o;
    nr.no_rounds = 1;
    char desc[1024];
    int boards = 0, searched = 0;
    for (uint64_t seed = 1; seed <= 400 && boards < 40; seed++) {
        rb_rng r = {seed * 0x2545F4914F6CDD1Dull + 3};
        cy_board *b = rb_board(&r, 13, desc, sizeof desc);
        cy_symmetry *sym = cy_symmetry_new(b, NULL);
        int asym = sym && sym->n == 1;
        cy_symmetry_free(sym);
        if (!asym || b->ne < 11) {
            cy_board_free(b);
            continue;
        }
        boards++;
        cy_error err;
        cy_solver_opts po = {.engine = CY_ENGINE_PLAIN, .memory = 16u << 20};
        cy_solver *plain = cy_solver_new(b, &po, &err);
        assert_non_null(plain);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        for (int p = 0; p < 3; p++) {
            memset(mark, 0, (size_t)b->ne);
            if (p)
                rb_position(b, mark, &r, rb_below(&r, 4));
            if (cy_rules_cycle_cell(b, mark) >= 0 || cy_rules_winning_completion(b, mark) >= 0)
                continue;
            int want = cy_solver_grundy(plain, mark) != 0, with, without;
            uint64_t a = positions_of(b, mark, o, 0, &with), z = positions_of(b, mark, nr, 0, &without);
            if (with != want || without != want)
                fail_msg("%s, position %d: the plain engine says %d, the fast %d (%d without rounds)", desc, p, want,
                         with, without);
            if (a != z)
                fail_msg("%s (no automorphism), position %d: %llu positions searched, %llu without rounds", desc, p,
                         (unsigned long long)a, (unsigned long long)z);
            searched += a > 64; /* (a search the first round would have cut) */
        }
        free(mark);
        cy_solver_free(plain);
        cy_board_free(b);
    }
    print_message("%d boards without automorphisms, %d searches of over 64 positions: as without rounds\n", boards,
                  searched);
    assert_true(boards >= 20 && searched >= 20);
    /* with automorphisms: the rounds change the search */
    static const char *const specs[] = {"grid:3x3", "grid:2x5", "theta:4,5,5"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        cy_board *b = t_board(specs[i]);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        cy_solver_opts ot = o, nt = nr;
        ot.no_theorems = nt.no_theorems = 1;
        int with, without;
        uint64_t a = positions_of(b, mark, ot, 0, &with), z = positions_of(b, mark, nt, 0, &without);
        assert_int_equal(with, without);
        if (a == z)
            fail_msg("%s: %llu positions with rounds and without", specs[i], (unsigned long long)a);
        print_message("%s: %llu positions with rounds, %llu without\n", specs[i], (unsigned long long)a,
                      (unsigned long long)z);
        free(mark);
        cy_board_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_theorem_answers),     cmocka_unit_test(test_random_boards),
        cmocka_unit_test(test_family_boards),       cmocka_unit_test(test_dfpn_benchmark_boards),
        cmocka_unit_test(test_grundy_method_scope), cmocka_unit_test(test_rounds_and_mirrors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
