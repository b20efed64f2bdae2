/*
 * test_variants.c - the rule variants (issue 12) against independent
 * answers: the triangle and the square analysed by hand, a brute force
 * written here from the rules alone (plain recursion, no table, no call
 * into src/rules.c), theorems that carry over (a draw-rules win or loss is
 * the same under the standard rules; mirror-reverse never loses under
 * draw), and the standard rules through the variant search against the
 * existing engines on random boards.
 *
 * randboard.c is included (a unity build), as in test_engines.c.
 */
#include "support.h"

#include "randboard.c"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ brute force
 * Written from the rules of issue 12 alone; reads only the board's edges,
 * special flags and cell walks. */

/* Whether the edge of dart d is marked along d. */
static int bf_along(const cy_board *b, const unsigned char *m, int d)
{
    (void)b;
    return m[d >> 1] == ((d & 1) ? CY_BWD : CY_FWD);
}

/* Tail and head of dart d. */
static int bf_tail(const cy_board *b, int d)
{
    return (d & 1) ? b->ev[d >> 1] : b->eu[d >> 1];
}
static int bf_head(const cy_board *b, int d)
{
    return (d & 1) ? b->eu[d >> 1] : b->ev[d >> 1];
}

/* Whether vertex v, not special, has every edge marked and all of them
 * pointing in, or all pointing out. */
static int bf_sink_or_source(const cy_board *b, const unsigned char *m, int v)
{
    if (b->special[v])
        return 0;
    int in = 0, out = 0, degree = 0;
    for (int e = 0; e < b->ne; e++) {
        if (b->eu[e] != v && b->ev[e] != v)
            continue;
        degree++;
        int d = b->eu[e] == v ? 2 * e : 2 * e + 1; /* the dart leaving v */
        out += bf_along(b, m, d);
        in += bf_along(b, m, d ^ 1);
    }
    return in == degree || out == degree;
}

/* Whether cell c is a cycle cell: no edge twice on its walk and every dart
 * marked along it, or every dart marked against it. */
static int bf_cycle_cell(const cy_board *b, const unsigned char *m, int c)
{
    int n = b->fstart[c + 1] - b->fstart[c], along = 0, against = 0;
    for (int i = b->fstart[c]; i < b->fstart[c + 1]; i++) {
        int d = b->fdarts[i];
        for (int j = i + 1; j < b->fstart[c + 1]; j++)
            if ((b->fdarts[j] >> 1) == (d >> 1))
                return 0;
        along += bf_along(b, m, d);
        against += bf_along(b, m, d ^ 1);
    }
    return along == n || against == n;
}

static int bf_cycle_cells(const cy_board *b, const unsigned char *m)
{
    int n = 0;
    for (int c = 0; c < b->ncells; c++)
        n += bf_cycle_cell(b, m, c);
    return n;
}

/* Whether the marked arrows contain a directed cycle: repeatedly strip
 * vertices with no marked arrow in or none out (a second method, not a
 * search from the new arrow). */
static int bf_directed_cycle(const cy_board *b, const unsigned char *m)
{
    unsigned char gone[64] = {0};
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int v = 0; v < b->nv; v++) {
            if (gone[v])
                continue;
            int in = 0, out = 0;
            for (int d = 0; d < 2 * b->ne; d++)
                if (bf_along(b, m, d) && !gone[bf_tail(b, d)] && !gone[bf_head(b, d)]) {
                    out += bf_tail(b, d) == v;
                    in += bf_head(b, d) == v;
                }
            if (!in || !out) {
                gone[v] = 1;
                changed = 1;
            }
        }
    }
    for (int v = 0; v < b->nv; v++)
        if (!gone[v])
            return 1;
    return 0;
}

/* Whether d is legal by the sink/source rule (its edge unmarked). */
static int bf_legal(const cy_board *b, unsigned char *m, int d)
{
    if (m[d >> 1] != CY_UNMARKED)
        return 0;
    m[d >> 1] = (unsigned char)((d & 1) ? CY_BWD : CY_FWD);
    int ok = !bf_sink_or_source(b, m, bf_tail(b, d)) && !bf_sink_or_source(b, m, bf_head(b, d));
    m[d >> 1] = CY_UNMARKED;
    return ok;
}

/* The value of a position (cy_vsearch_value's meaning) by plain recursion.
 * kind is the rules; k the players; ended: the previous move ended the game
 * by a completion. */
static int bf_value(const cy_board *b, const cy_rules *r, unsigned char *m)
{
    int k = r->players > 2 ? r->players : 2;
    int nmoves = 0, best = 0, first = 1;
    uint64_t seen[3] = {0, 0, 0};
    for (int d = 0; d < 2 * b->ne; d++) {
        if (!bf_legal(b, m, d))
            continue;
        nmoves++;
        int before = bf_cycle_cells(b, m);
        m[d >> 1] = (unsigned char)((d & 1) ? CY_BWD : CY_FWD);
        int cells = bf_cycle_cells(b, m) - before;
        int ends = r->kind == CY_RULES_ANY_CYCLE ? bf_directed_cycle(b, m) : r->kind == CY_RULES_SCORE ? 0 : cells > 0;
        int child; /* the value for the player to move next */
        if (ends)
            child = r->kind == CY_RULES_MISERE ? 1 : k > 2 ? k - 1 : -1;
        else
            child = bf_value(b, r, m);
        m[d >> 1] = CY_UNMARKED;
        int mine;
        if (r->kind == CY_RULES_MISERE) {
            seen[child >> 6] |= 1ull << (child & 63);
            continue;
        } else if (k > 2)
            mine = (child + 1) % k;
        else if (r->kind == CY_RULES_SCORE)
            mine = r->extra_turn && cells ? cells + child : cells - child;
        else
            mine = -child;
        if (first || (k > 2 ? mine < best : mine > best))
            best = mine;
        first = 0;
    }
    if (r->kind == CY_RULES_MISERE) {
        if (!nmoves)
            return 1;
        int g = 0;
        while (seen[g >> 6] & (1ull << (g & 63)))
            g++;
        return g;
    }
    if (!nmoves)
        return r->kind == CY_RULES_DRAW || r->kind == CY_RULES_SCORE ? 0 : k > 2 ? k - 1 : -1;
    return best;
}

/* ---------------------------------------------------------------- helpers */

/* The variant search's value of mark; hashed: with the hash table instead
 * of the direct table (--no-bitboard). */
static int value_with(const cy_board *b, const cy_rules *r, const unsigned char *mark, int hashed)
{
    cy_error err;
    cy_solver_opts o = {.memory = 32u << 20, .no_bitboard = hashed};
    cy_vsearch *s = cy_vsearch_new(b, r, &o, &err);
    assert_non_null(s);
    int v = 0;
    assert_int_equal(cy_vsearch_value(s, mark, &v), 0);
    cy_vsearch_free(s);
    return v;
}

static int value_of(const cy_board *b, const cy_rules *r, const unsigned char *mark)
{
    return value_with(b, r, mark, 0);
}

static int value_spec(const char *spec, cy_rules_kind kind, int players, int extra)
{
    cy_board *b = t_board(spec);
    cy_rules r = {kind, extra, players};
    unsigned char *m = calloc((size_t)b->ne + 1, 1);
    int v = value_of(b, &r, m);
    free(m);
    cy_board_free(b);
    return v;
}

static int force_spec(const char *spec, int players, int player)
{
    cy_board *b = t_board(spec);
    cy_rules r = {CY_RULES_STANDARD, 0, players};
    unsigned char *m = calloc((size_t)b->ne + 1, 1);
    cy_error err;
    cy_vsearch *s = cy_vsearch_new(b, &r, NULL, &err);
    int w = -1;
    assert_int_equal(cy_vsearch_force(s, m, player, &w), 0);
    cy_vsearch_free(s);
    free(m);
    cy_board_free(b);
    return w;
}

/* ------------------------------------------------------------ hand checks */

/* THE TRIANGLE (cycle:3).  Every vertex has degree 2, so a vertex must end
 * with one arrow in and one out: after the first arrow, say 1->2, the only
 * legal moves are 2->3 and 3->1 (the other directions make a sink or a
 * source), and after either the last edge has one legal direction, which
 * completes the cycle.  So every game is three moves long and player 1
 * completes the cycle cell with the third move:
 *   standard, draw, any-cycle: player 1 wins (1);
 *   misère: player 1 must complete the cell and loses: value 0 (P);
 *   score: player 1 scores the one cell: +1 (with the extra turn too, since
 *     the scoring move is the last);
 *   3 players: player 3 completes it; offset 2 from player 1, and player 3
 *     wins against any coalition while players 1 and 2 cannot. */
static void test_triangle(void **state)
{
    (void)state;
    assert_int_equal(value_spec("cycle:3", CY_RULES_STANDARD, 2, 0), 1);
    assert_int_equal(value_spec("cycle:3", CY_RULES_DRAW, 2, 0), 1);
    assert_int_equal(value_spec("cycle:3", CY_RULES_ANY_CYCLE, 2, 0), 1);
    assert_int_equal(value_spec("cycle:3", CY_RULES_MISERE, 2, 0), 0);
    assert_int_equal(value_spec("cycle:3", CY_RULES_SCORE, 2, 0), 1);
    assert_int_equal(value_spec("cycle:3", CY_RULES_SCORE, 2, 1), 1);
    assert_int_equal(value_spec("cycle:3", CY_RULES_STANDARD, 3, 0), 2);
    assert_int_equal(force_spec("cycle:3", 3, 1), 0);
    assert_int_equal(force_spec("cycle:3", 3, 2), 0);
    assert_int_equal(force_spec("cycle:3", 3, 3), 1);
}

/* THE SQUARE (cycle:4), vertices 1..4 round it.  Say player 1 plays 1->2.
 * Player 2 can answer 4->3 (against the way round of 1->2): then edge 2-3
 * has no legal direction (2 has an arrow in and 3 one in, so 2->3 makes 3 a
 * sink and 3->2 makes 2 one) and neither has 4-1; the game is over after
 * two moves with no cycle cell.  Every other legal answer (2->3, 3->4, 4->1:
 * the same way round) leaves two edges, each with one legal direction, so
 * player 1 marks one and player 2 completes the cycle with the other.
 *   standard, any-cycle: player 2 wins either way (-1);
 *   draw: player 2 completes the cycle: -1;
 *   score: player 2 takes the cell: -1 (extra turn: the same);
 *   misère: player 2 must move after 1->2, and each answer loses for it
 *     (4->3 is the last move; the others leave player 2 the completion), so
 *     player 1 wins: value not 0;
 *   3 players: player 2 ends the game at once with 4->3 and wins; no one
 *     else can force a win (player 2's answer is always there). */
static void test_square(void **state)
{
    (void)state;
    assert_int_equal(value_spec("cycle:4", CY_RULES_STANDARD, 2, 0), -1);
    assert_int_equal(value_spec("cycle:4", CY_RULES_ANY_CYCLE, 2, 0), -1);
    assert_int_equal(value_spec("cycle:4", CY_RULES_DRAW, 2, 0), -1);
    assert_int_equal(value_spec("cycle:4", CY_RULES_SCORE, 2, 0), -1);
    assert_int_equal(value_spec("cycle:4", CY_RULES_SCORE, 2, 1), -1);
    assert_int_not_equal(value_spec("cycle:4", CY_RULES_MISERE, 2, 0), 0);
    assert_int_equal(value_spec("cycle:4", CY_RULES_STANDARD, 3, 0), 1);
    assert_int_equal(force_spec("cycle:4", 3, 1), 0);
    assert_int_equal(force_spec("cycle:4", 3, 2), 1);
    assert_int_equal(force_spec("cycle:4", 3, 3), 0);
}

/* THE SQUARE WITH A CHORD (chord:4,2, two triangles sharing edge 1-3),
 * under any-cycle: the outer 4-cycle is a directed cycle but no cell, so
 * closing it wins under any-cycle and not under the standard rules.  The
 * position 1->2, 2->3, 3->4 with the chord unmarked: 4->1 closes the outer
 * cycle (legal: 1 gets an arrow in, 4 one out). */
static void test_any_cycle_outer(void **state)
{
    (void)state;
    cy_board *b = t_board("chord:4,2");
    unsigned char *m = calloc((size_t)b->ne + 1, 1);
    int *d = NULL, n = 0;
    cy_error err;
    assert_int_equal(cy_moves_parse(b, "1->2 2->3 3->4", &d, &n, &err), 0);
    cy_rules any = {CY_RULES_ANY_CYCLE, 0, 2}, std = {CY_RULES_STANDARD, 0, 2};
    cy_variant_game g;
    assert_int_equal(cy_variant_play(b, &any, m, d, n, &g, &err), 0);
    int close = cy_board_dart(b, cy_board_find(b, "4"), cy_board_find(b, "1"));
    assert_true(cy_rules_closes_cycle(b, m, close));
    cy_move_effect fx;
    cy_variant_effect(b, &any, m, close, &fx);
    assert_true(fx.ends && fx.mover_result == 1 && fx.cells == 0);
    cy_variant_effect(b, &std, m, close, &fx);
    assert_false(fx.ends);
    assert_int_equal(value_of(b, &any, m), 1);
    free(d);
    free(m);
    cy_board_free(b);
}

/* ----------------------------------------------------- brute-force checks */

/* Plays up to k random legal moves (brute-force legality, stopping at an
 * end under r) on m. */
static void random_position(const cy_board *b, const cy_rules *r, unsigned char *m, rb_rng *rng, int k)
{
    for (int i = 0; i < k; i++) {
        int moves[128], n = 0;
        if (r->kind != CY_RULES_SCORE && bf_cycle_cells(b, m))
            return;
        if (r->kind == CY_RULES_ANY_CYCLE && bf_directed_cycle(b, m))
            return;
        for (int d = 0; d < 2 * b->ne; d++)
            if (bf_legal(b, m, d))
                moves[n++] = d;
        if (!n)
            return;
        int d = moves[rb_below(rng, n)];
        m[d >> 1] = (unsigned char)((d & 1) ? CY_BWD : CY_FWD);
    }
}

/* Every rule set: the variants, and three and four players. */
static const cy_rules rules[] = {
    {CY_RULES_STANDARD, 0, 2}, {CY_RULES_MISERE, 0, 2},    {CY_RULES_DRAW, 0, 2},     {CY_RULES_SCORE, 0, 2},
    {CY_RULES_SCORE, 1, 2},    {CY_RULES_ANY_CYCLE, 0, 2}, {CY_RULES_STANDARD, 0, 3}, {CY_RULES_STANDARD, 0, 4},
};

static void test_brute_force(void **state)
{
    (void)state;
    rb_rng rng = {12};
    int checked = 0;
    for (int t = 0; t < 120; t++) {
        char desc[2048];
        cy_board *b = rb_board(&rng, 7, desc, sizeof desc);
        for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
            const cy_rules *r = &rules[i];
            unsigned char m[64] = {0};
            random_position(b, r, m, &rng, rb_below(&rng, 3));
            int over = (r->kind != CY_RULES_SCORE && bf_cycle_cells(b, m)) ||
                       (r->kind == CY_RULES_ANY_CYCLE && bf_directed_cycle(b, m));
            if (over)
                continue;
            int want = bf_value(b, r, m);
            for (int hashed = 0; hashed < 2; hashed++) {
                int got = value_with(b, r, m, hashed);
                if (want != got)
                    fail_msg("rules %s (extra %d, players %d, %s table): brute force %d, search %d on %s",
                             cy_rules_name(r), r->extra_turn, r->players, hashed ? "hash" : "direct", want, got, desc);
            }
            checked++;
        }
        cy_board_free(b);
    }
    assert_true(checked > 500);
}

/* The state digraph under each rule set (cy_statetree_build_rules, behind
 * `cycles tree --rules`) against the brute force on random boards with
 * special vertices: every position's end, its number of moves and its
 * value, and the label read from the value. */
static void test_tree_rules(void **state)
{
    (void)state;
    rb_rng rng = {77};
    int positions = 0;
    for (int t = 0; t < 25; t++) {
        char desc[2048];
        cy_board *b = rb_board(&rng, 6, desc, sizeof desc);
        for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
            const cy_rules *r = &rules[i];
            int k = r->players > 2 ? r->players : 2;
            cy_statetree tr;
            cy_error err;
            assert_int_equal(cy_statetree_build_rules(b, r, NULL, NULL, 5000, &tr, &err), 0);
            int a = 0;
            for (int p = 0; p < tr.n; p++) {
                unsigned char *m = tr.marks + (size_t)p * (size_t)b->ne;
                int over = (r->kind != CY_RULES_SCORE && bf_cycle_cells(b, m)) ||
                           (r->kind == CY_RULES_ANY_CYCLE && bf_directed_cycle(b, m));
                int moves = 0;
                for (int d = 0; !over && d < 2 * b->ne; d++)
                    moves += bf_legal(b, m, d);
                int arcs = 0;
                while (a < tr.narcs && tr.from[a] == p) {
                    arcs++;
                    a++;
                }
                int want = over ? (r->kind == CY_RULES_MISERE ? 1 : k > 2 ? k - 1 : -1) : bf_value(b, r, m);
                if (tr.cycle[p] != over || arcs != moves || tr.vvalue[p] != want)
                    fail_msg("rules %s (extra %d, players %d), position %d: ended %d/%d, moves %d/%d, value %d/%d "
                             "(tree/brute force) on %s",
                             cy_rules_name(r), r->extra_turn, r->players, p, tr.cycle[p], over, arcs, moves,
                             tr.vvalue[p], want, desc);
                char label = k > 2                        ? (char)('1' + (tr.played[p] + want) % k)
                             : r->kind == CY_RULES_MISERE ? (want ? 'N' : 'P')
                             : want > 0                   ? 'N'
                             : want < 0                   ? 'P'
                                                          : 'D';
                assert_int_equal(tr.value[p], label);
                positions++;
            }
            assert_int_equal(a, tr.narcs);
            cy_statetree_free(&tr);
        }
        cy_board_free(b);
    }
    assert_true(positions > 1000);
}

/* A special vertex under misère (what `solve cycle:5 --special 1 --rules
 * misere` answers, tests/cli/variants.sh): the search agrees with the brute
 * force with and without it, and the special vertex changes who wins. */
static void test_special_misere(void **state)
{
    (void)state;
    cy_board *b = t_board("cycle:5");
    unsigned char sp[5] = {1, 0, 0, 0, 0}, m[8] = {0};
    cy_error err;
    cy_board *bs = cy_board_with_special(b, sp, &err);
    assert_non_null(bs);
    cy_rules r = {CY_RULES_MISERE, 0, 2};
    int plain = bf_value(b, &r, m), special = bf_value(bs, &r, m);
    assert_int_equal(value_of(b, &r, m), plain);
    assert_int_equal(value_of(bs, &r, m), special);
    assert_int_equal(plain, 0); /* P: player 1 loses */
    assert_true(special != 0);  /* N: player 1 wins */
    cy_board_free(bs);
    cy_board_free(b);
}

/* The hash table keyed by components (variants.c, component_key: the
 * default above 20 edges) against the present whole-position searches, the
 * direct table and the hash table keyed by whole positions
 * (--no-decompose), on random boards of up to 11 edges and random
 * positions, under every rule set whose values are functions of the
 * components (and any-cycle, which must fall back to whole positions). */
static void test_component_keys(void **state)
{
    (void)state;
    rb_rng rng = {2026};
    int checked = 0;
    for (int t = 0; t < 40; t++) {
        char desc[2048];
        cy_board *b = rb_board(&rng, 11, desc, sizeof desc);
        for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
            const cy_rules *r = &rules[i];
            unsigned char m[64] = {0};
            random_position(b, r, m, &rng, rb_below(&rng, 4));
            if (cy_variant_ended(b, r, m))
                continue;
            int v[3];
            for (int how = 0; how < 3; how++) {
                cy_error err;
                cy_solver_opts o = {.memory = 64u << 20, .no_bitboard = how > 0, .no_decompose = how == 2};
                cy_vsearch *s = cy_vsearch_new(b, r, &o, &err);
                assert_non_null(s);
                assert_int_equal(cy_vsearch_value(s, m, &v[how]), 0);
                cy_vsearch_free(s);
            }
            if (v[0] != v[1] || v[0] != v[2])
                fail_msg("rules %s (extra %d, players %d): direct %d, components %d, whole %d on %s", cy_rules_name(r),
                         r->extra_turn, r->players, v[0], v[1], v[2], desc);
            checked++;
        }
        cy_board_free(b);
    }
    assert_true(checked > 150);
}

/* A brute force for the misère game on the cycle C_N alone, written from
 * the rules for that board: edge i joins vertex i to vertex i+1 (mod N),
 * mark 1 pointing from i to i+1, 2 back; vertex i (between edges i-1 and
 * i) is a sink or a source when both its edges are marked and point both
 * in or both out; the one cell is complete when every edge is marked the
 * same way round.  Value: the mex of the values after the legal moves, 1
 * for a finished game (a completion or no move left).  Memoised on the
 * base-3 number of the marks. */
static int cyc_value(int n, unsigned char *m, signed char *memo)
{
    int idx = 0;
    for (int i = n - 1; i >= 0; i--)
        idx = idx * 3 + m[i];
    if (memo[idx] >= 0)
        return memo[idx];
    uint64_t seen = 0;
    int any = 0;
    for (int e = 0; e < n; e++) {
        if (m[e])
            continue;
        for (int dir = 1; dir <= 2; dir++) {
            m[e] = (unsigned char)dir;
            int ok = 1;
            for (int v = e; v <= e + 1 && ok; v++) {      /* the two ends of edge e */
                int a = m[(v + n - 1) % n], c = m[v % n]; /* edge into v along, edge out of v along */
                if (a && c)
                    ok = !((a == 1 && c == 2) || (a == 2 && c == 1)); /* both in, or both out */
            }
            if (ok) {
                any = 1;
                int all = 1;
                for (int f = 0; f < n; f++)
                    all &= m[f] == m[0];
                int g = all ? 1 : cyc_value(n, m, memo);
                seen |= 1ull << g;
            }
            m[e] = 0;
        }
    }
    int g = 0;
    if (!any)
        g = 1;
    else
        while (seen & (1ull << g))
            g++;
    memo[idx] = (signed char)g;
    return g;
}

/* cycle:N under misère for N = 3..12: the search (the hash table keyed by
 * components, and the default) gives the brute force's value, and the
 * pattern docs/variants.md states as observed (player 1 wins exactly when
 * N is even) holds. */
static void test_cycle_misere(void **state)
{
    (void)state;
    cy_rules r = {CY_RULES_MISERE, 0, 2};
    for (int n = 3; n <= 12; n++) {
        int states = 1;
        for (int i = 0; i < n; i++)
            states *= 3;
        signed char *memo = malloc((size_t)states);
        memset(memo, -1, (size_t)states);
        unsigned char m[16] = {0};
        int want = cyc_value(n, m, memo);
        free(memo);
        char spec[32];
        snprintf(spec, sizeof spec, "cycle:%d", n);
        cy_board *b = t_board(spec);
        assert_int_equal(value_with(b, &r, m, 1), want);
        assert_int_equal(value_with(b, &r, m, 0), want);
        assert_int_equal(want != 0, n % 2 == 0);
        cy_board_free(b);
    }
}

/* The same brute force on boards of other closed surfaces (the rules read
 * only cell walks): K5 on the torus from a few moves in, the hemicube (K4 on
 * the projective plane, where two cells walk some edge the same way), K4 on
 * the torus (whose 8-cell walks an edge twice) and torus:3x3 from 11 moves
 * in, under every rule set, both tables. */
static void test_surface_boards(void **state)
{
    (void)state;
    static const cy_rules rules[] = {
        {CY_RULES_STANDARD, 0, 2}, {CY_RULES_MISERE, 0, 2},    {CY_RULES_DRAW, 0, 2},     {CY_RULES_SCORE, 0, 2},
        {CY_RULES_SCORE, 1, 2},    {CY_RULES_ANY_CYCLE, 0, 2}, {CY_RULES_STANDARD, 0, 3},
    };
    static const int k4_torus[] = {0, 1, 2, 3, 0, 2, 1, 3, 2, 0, 3, 1};
    const int *cells[2] = {k4_torus, k4_torus + 4};
    int len[2] = {4, 8};
    cy_board_desc d = {.nv = 4, .ncells = 2, .cells = cells, .cell_len = len, .surface = 1, .orientable = 1, .genus = 1};
    cy_error err;
    cy_board *boards[4] = {t_board(t_source_path("boards/k5-torus.json")),
                           t_board(t_source_path("boards/k4-projective.json")), cy_board_from_faces(&d, &err),
                           t_board("torus:3x3")};
    const int min_played[4] = {3, 0, 0, 11};
    rb_rng rng = {5};
    int checked = 0;
    for (int i = 0; i < 4; i++) {
        assert_non_null(boards[i]);
        const cy_board *b = boards[i];
        for (int round = 0; round < 6; round++)
            for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
                const cy_rules *r = &rules[k];
                unsigned char m[64] = {0};
                random_position(b, r, m, &rng, min_played[i] + rb_below(&rng, 3));
                int played = 0;
                for (int e = 0; e < b->ne; e++)
                    played += m[e] != CY_UNMARKED;
                int over = (r->kind != CY_RULES_SCORE && bf_cycle_cells(b, m)) ||
                           (r->kind == CY_RULES_ANY_CYCLE && bf_directed_cycle(b, m));
                if (over || played < min_played[i])
                    continue;
                int want = bf_value(b, r, m);
                for (int hashed = 0; hashed < 2; hashed++) {
                    int got = value_with(b, r, m, hashed);
                    if (want != got)
                        fail_msg("rules %s (extra %d, players %d, %s table): brute force %d, search %d on surface board %d",
                                 cy_rules_name(r), r->extra_turn, r->players, hashed ? "hash" : "direct", want, got, i);
                }
                checked++;
            }
    }
    for (int i = 0; i < 4; i++)
        cy_board_free(boards[i]);
    assert_true(checked > 60);
}

/* ------------------------------------------------------------- theorems */

/* Under the draw rules a win (1) means every line ends with the player to
 * move completing a cycle cell, and a loss (-1) with the opponent
 * completing one; both are then wins or losses under the standard rules
 * too.  And the standard rules through the variant search agree with the
 * existing engines; with two players, "player p wins against the other"
 * is the same question. */
static void test_standard_and_draw_agree(void **state)
{
    (void)state;
    rb_rng rng = {99};
    cy_rules std = {CY_RULES_STANDARD, 0, 2}, draw = {CY_RULES_DRAW, 0, 2};
    int compared = 0, draws = 0;
    for (int t = 0; t < 150; t++) {
        char desc[2048];
        cy_board *b = rb_board(&rng, 11, desc, sizeof desc);
        unsigned char *m = calloc((size_t)b->ne + 1, 1);
        rb_position(b, m, &rng, rb_below(&rng, 4));
        cy_analysis a;
        cy_error err;
        cy_solver_opts o = {.memory = 32u << 20, .threads = 1};
        cy_solver *s = cy_solver_new(b, &o, &err);
        assert_non_null(s);
        assert_int_equal(cy_analyse(s, m, &a, &err), 0);
        int v = value_of(b, &std, m), dv = value_of(b, &draw, m);
        if (v != (a.outcome == 'N' ? 1 : -1))
            fail_msg("standard through the variant search: %d, cy_analyse %c on %s", v, a.outcome, desc);
        if (dv != 0 && dv != v)
            fail_msg("draw rules %d but standard %d on %s", dv, v, desc);
        draws += dv == 0;
        cy_vsearch *vs = cy_vsearch_new(b, &std, NULL, &err);
        int w = -1, mover = cy_rules_played(b, m) % 2 + 1;
        assert_int_equal(cy_vsearch_force(vs, m, mover, &w), 0);
        assert_int_equal(w, v == 1);
        cy_vsearch_free(vs);
        cy_analysis_free(&a);
        cy_solver_free(s);
        free(m);
        cy_board_free(b);
        compared++;
    }
    assert_true(compared == 150 && draws > 0);
}

/* Mirror-reverse under the draw rules: the theorems' strategies (Alvarado et al. 2021
 * Thm 6, Barua et al. 2022 Thm 8, Adefiyiju et al. 2023 Thm 4.1) never let the opponent
 * complete a cycle cell and complete one when they can, so under draw the
 * strategy's player never loses: player 1's value is >= 0 when player 1
 * holds the strategy and <= 0 when player 2 does. */
static void test_mirror_under_draw(void **state)
{
    (void)state;
    static const char *boards[] = {"cycle:5",  "cycle:6",  "chord:6,3", "theta:2,3,2", "theta:3,1,3",
                                   "grid:2x3", "grid:3x3", "wedge:3,3", "wedge:4,4",   "windmill:2"};
    cy_rules draw = {CY_RULES_DRAW, 0, 2};
    int used = 0;
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        cy_board *b = t_board(boards[i]);
        char why[512];
        cy_strategy *st = cy_strategy_find(b, -1, why, sizeof why);
        if (st) {
            unsigned char *m = calloc((size_t)b->ne + 1, 1);
            int v = value_of(b, &draw, m);
            if (st->player == 1 ? v < 0 : v > 0)
                fail_msg("%s: the %s strategy belongs to player %d but the draw value is %d", boards[i], st->name,
                         st->player, v);
            free(m);
            cy_strategy_free(st);
            used++;
        }
        cy_board_free(b);
    }
    assert_true(used >= 6);
}

/* The game state after moves: turns, extra turns and points. */
static void test_play_scores(void **state)
{
    (void)state;
    cy_board *b = t_board("chord:4,2"); /* triangles 1-2-3 and 1-3-4 */
    cy_rules r = {CY_RULES_SCORE, 1, 2};
    unsigned char *m = calloc((size_t)b->ne + 1, 1);
    int *d = NULL, n = 0;
    cy_error err;
    /* 1->2 (p1), 2->3 (p2), 3->1 (p1 completes 1-2-3 and moves again), 1->4 (p1) */
    assert_int_equal(cy_moves_parse(b, "1->2 2->3 3->1 1->4", &d, &n, &err), 0);
    cy_variant_game g;
    assert_int_equal(cy_variant_play(b, &r, m, d, n, &g, &err), 0);
    assert_int_equal(g.score[1], 1);
    assert_int_equal(g.score[2], 0);
    assert_int_equal(g.to_move, 2);
    assert_int_equal(g.played, 4);
    /* under misère the third move ends the game; a fourth is refused */
    cy_rules mis = {CY_RULES_MISERE, 0, 2};
    memset(m, 0, (size_t)b->ne);
    assert_int_equal(cy_variant_play(b, &mis, m, d, n, &g, &err), -1);
    assert_non_null(strstr(err.msg, "move 4"));
    free(d);
    free(m);
    cy_board_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_triangle),          cmocka_unit_test(test_square),
        cmocka_unit_test(test_any_cycle_outer),   cmocka_unit_test(test_play_scores),
        cmocka_unit_test(test_brute_force),       cmocka_unit_test(test_standard_and_draw_agree),
        cmocka_unit_test(test_mirror_under_draw), cmocka_unit_test(test_tree_rules),
        cmocka_unit_test(test_special_misere),    cmocka_unit_test(test_component_keys),
        cmocka_unit_test(test_cycle_misere),      cmocka_unit_test(test_surface_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
