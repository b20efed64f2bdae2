/*
 * test_solver.c - the rules and the plain solver against an independent brute
 * force (tests/brute.c) on random boards and positions (tests/randboard.c),
 * and hand-checked positions for the rules.
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

#include "engine.h"
#include "subgame.h"
#include "rstate.h"

/* ------------------------------------------------------------ helpers */

/* A board from labels ("a b c"; NULL: "1".."nv"), cells written as label
 * walks separated by '|' ("1 2 3 | 1 3 4") and special labels (NULL: none);
 * the outer face is derived.  Fails the test if the library rejects it. */
static cy_board *hand_board(int nv, const char *labels, const char *cells, const char *special)
{
    char lab[16][12];
    const char *lp[16];
    assert_true(nv <= 16);
    for (int v = 0; v < nv; v++)
        snprintf(lab[v], sizeof lab[v], "%d", v + 1 < 100 ? v + 1 : 0);
    if (labels) {
        const char *p = labels;
        for (int v = 0; v < nv; v++) {
            int used = 0;
            assert_int_equal(sscanf(p, "%11s%n", lab[v], &used), 1);
            p += used;
        }
    }
    for (int v = 0; v < nv; v++)
        lp[v] = lab[v];
    int walks[8][16], len[8] = {0}, nc = 0;
    const int *wp[8];
    const char *p = cells;
    char tok[8];
    int used;
    while (sscanf(p, "%7s%n", tok, &used) == 1) {
        p += used;
        if (strcmp(tok, "|") == 0) {
            nc++;
            continue;
        }
        int v = -1;
        for (int k = 0; k < nv; k++)
            if (strcmp(lab[k], tok) == 0)
                v = k;
        assert_true(v >= 0 && nc < 8 && len[nc] < 16);
        walks[nc][len[nc]++] = v;
    }
    nc++;
    for (int c = 0; c < nc; c++)
        wp[c] = walks[c];
    unsigned char sp[16] = {0};
    if (special) {
        p = special;
        while (sscanf(p, "%7s%n", tok, &used) == 1) {
            p += used;
            for (int k = 0; k < nv; k++)
                if (strcmp(lab[k], tok) == 0)
                    sp[k] = 1;
        }
    }
    cy_board_desc d = {.nv = nv, .labels = lp, .ncells = nc, .cells = wp, .cell_len = len, .special = sp, .name = "hand"};
    cy_error err;
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("hand board %s: %s", cells, err.msg);
    return b;
}

/* The position after the moves (may be NULL), as a calloc'd mark array;
 * fails the test if a move does not parse or is illegal. */
static unsigned char *play(const cy_board *b, const char *moves)
{
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    if (moves) {
        cy_error err;
        int *d, n;
        if (cy_moves_parse(b, moves, &d, &n, &err) < 0 || cy_moves_play(b, mark, d, n, &err) < 0)
            fail_msg("moves %s: %s", moves, err.msg);
        free(d);
    }
    return mark;
}

/* The dart u -> v given by labels; fails the test if there is none. */
static int dart(const cy_board *b, const char *u, const char *v)
{
    int d = cy_board_dart(b, cy_board_find(b, u), cy_board_find(b, v));
    if (d < 0)
        fail_msg("no edge %s-%s", u, v);
    return d;
}

/* The edge u-v given by labels. */
static int edge(const cy_board *b, const char *u, const char *v)
{
    return cy_dart_edge(dart(b, u, v));
}

/* The position written as its marked darts "u->v ..." (in edge order). */
static void pos_str(const cy_board *b, const unsigned char *mark, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = 0;
    for (int e = 0; e < b->ne; e++)
        if (mark[e] != CY_UNMARKED && at < n) {
            char m[2 * CY_MAX_LABEL + 8];
            cy_move_str(b, cy_dart(e, mark[e]), m, sizeof m);
            at += (size_t)snprintf(buf + at, n - at, "%s%s", at ? " " : "", m);
        }
}

/* Analyses mark with a fresh plain solver. */
static void analyse(const cy_board *b, const unsigned char *mark, cy_analysis *a)
{
    cy_error err;
    cy_solver *s = cy_solver_new(b, NULL, &err);
    if (!s)
        fail_msg("%s", err.msg);
    if (cy_analyse(s, mark, a, &err) < 0)
        fail_msg("%s", err.msg);
    cy_solver_free(s);
}

/* Whether dart d is among the n darts of list. */
static int has_dart(const int *list, int n, int d)
{
    for (int i = 0; i < n; i++)
        if (list[i] == d)
            return 1;
    return 0;
}

/* ------------------------------------------- random boards vs brute force */

typedef struct stats {
    int boards, positions, grundy_cmp, over, n_pos, p_pos, completions;
    int gcount[8];
    int max_edges_seen, cells_not_cyclable, special_boards;
} stats;

/* Checks every rules query of the library on one position against the brute
 * force: legality and the sink/source vertex, the legal and safe move lists,
 * completions, death moves, cycle cells, game over, edge classes. */
/* The bitboard engine of the board under test (test_random_boards), whose
 * copy of the sink/source rule check_sink_source compares. */
static bits *cur_bits;
static const cy_board *cur_bits_board;

/* THE SINK/SOURCE RULE is written once for the rules (rules.c) and again in
 * each hot path: the variants' incremental position (rs_sink_source_ok), the
 * bitboard engine (bits_sink_source) and the sub-game engine (sg_forbidden,
 * whose live edges leave out those that can be marked neither way).  Each
 * copy against rules.c's verdict, dart by dart, in a position with no cycle
 * cell. */
static void check_sink_source(const cy_board *b, const unsigned char *mark, const char *ctx)
{
    static sg_board sb;
    cy_rules std = {CY_RULES_STANDARD, 0, 2};
    rstate rs;
    rs_init(&rs, b, &std, mark);
    uint64_t bf[2] = {0, 0}, sf[2] = {0, 0};
    int have_bits = cur_bits && cur_bits_board == b;
    if (have_bits)
        bits_sink_source(cur_bits, mark, bf);
    int have_sg = sg_board_init(b, &sb) == 0;
    sg sgp = {0, 0, 0, 0};
    if (have_sg) {
        sg_from_board(&sb, b, mark, &sgp);
        sg_forbidden(&sb, &sgp, sf);
    }
    char m[2 * CY_MAX_LABEL + 8];
    for (int e = 0; e < b->ne; e++) {
        if (mark[e] != CY_UNMARKED)
            continue;
        int ok[2];
        for (int dir = 0; dir < 2; dir++) {
            int d = cy_dart(e, dir ? CY_BWD : CY_FWD);
            cy_verdict v = cy_rules_check(b, mark, d, NULL);
            ok[dir] = v == CY_LEGAL;
            cy_move_str(b, d, m, sizeof m);
            if (rs_sink_source_ok(&rs, d) != ok[dir])
                fail_msg("%s: rs_sink_source_ok(%s) = %d, rules.c says %d", ctx, m, rs_sink_source_ok(&rs, d), ok[dir]);
            if (have_bits && (int)((bf[d & 1] >> e) & 1u) == ok[dir])
                fail_msg("%s: the bitboard engine %s %s, rules.c says %d", ctx,
                         ((bf[d & 1] >> e) & 1u) ? "forbids" : "allows", m, ok[dir]);
            if (have_sg && ((sgp.live >> e) & 1u) && (int)((sf[d & 1] >> e) & 1u) == ok[dir])
                fail_msg("%s: the sub-game engine %s %s, rules.c says %d", ctx,
                         ((sf[d & 1] >> e) & 1u) ? "forbids" : "allows", m, ok[dir]);
        }
        if (have_sg && (int)((sgp.live >> e) & 1u) != (ok[0] || ok[1]))
            fail_msg("%s: the sub-game engine has edge %d %s, rules.c allows %d of its darts", ctx, e,
                     ((sgp.live >> e) & 1u) ? "live" : "dead", ok[0] + ok[1]);
    }
    rs_free(&rs);
}

static void check_rules(const cy_board *b, br_game *g, unsigned char *mark, const char *ctx)
{
    int nd = 2 * b->ne;
    int *lib = malloc(sizeof(int) * (size_t)(nd + 1)), *bru = malloc(sizeof(int) * (size_t)(nd + 1));
    int over_cycle = br_has_cycle_cell(g, mark);
    int can_complete = br_can_complete(g, mark);
    char m[2 * CY_MAX_LABEL + 8];

    int cc = cy_rules_cycle_cell(b, mark);
    if ((cc >= 0) != over_cycle || (cc >= 0 && !br_is_cycle_cell(g, mark, cc)))
        fail_msg("%s: cy_rules_cycle_cell says %d, the brute force %s a cycle cell", ctx, cc,
                 over_cycle ? "finds" : "finds no");
    if (!over_cycle)
        check_sink_source(b, mark, ctx);
    for (int c = 0; c < b->ncells; c++) {
        cy_cell_state st = cy_rules_cell(b, mark, c, NULL);
        if ((st == CY_CELL_CYCLE) != br_is_cycle_cell(g, mark, c))
            fail_msg("%s: cell %d state %d disagrees with the brute force", ctx, c, (int)st);
    }
    for (int d = 0; d < nd; d++) {
        int vertex = -1;
        cy_verdict v = cy_rules_check(b, mark, d, &vertex);
        int legal = br_legal(g, mark, d);
        cy_move_str(b, d, m, sizeof m);
        if ((v == CY_LEGAL) != legal)
            fail_msg("%s: %s is %s for the library (verdict %d), %s for the brute force", ctx, m,
                     v == CY_LEGAL ? "legal" : "illegal", (int)v, legal ? "legal" : "illegal");
        int e = cy_dart_edge(d);
        if (v == CY_ILLEGAL_MARKED && mark[e] == CY_UNMARKED)
            fail_msg("%s: %s called marked", ctx, m);
        if (v == CY_ILLEGAL_OVER && !over_cycle)
            fail_msg("%s: %s refused as game over without a cycle cell", ctx, m);
        if (v == CY_ILLEGAL_SINK || v == CY_ILLEGAL_SOURCE) {
            /* the named vertex really is a sink (source) after the move */
            if (vertex < 0 || vertex >= b->nv || b->special[vertex])
                fail_msg("%s: %s names vertex %d", ctx, m, vertex);
            mark[e] = (unsigned char)cy_dart_mark(d);
            int all = 1;
            for (int i = g->istart[vertex]; i < g->istart[vertex + 1]; i++) {
                int h = br_arrow_head(g, mark, g->iedge[i]);
                if (v == CY_ILLEGAL_SINK ? h != vertex : (h < 0 || h == vertex))
                    all = 0;
            }
            mark[e] = CY_UNMARKED;
            if (!all)
                fail_msg("%s: %s does not make %s a %s", ctx, m, b->label[vertex],
                         v == CY_ILLEGAL_SINK ? "sink" : "source");
        }
        if (legal) {
            int comp = cy_rules_completes(b, mark, d);
            if ((comp >= 0) != br_completes(g, mark, d))
                fail_msg("%s: cy_rules_completes(%s) = %d disagrees with the brute force", ctx, m, comp);
            if (comp >= 0) {
                mark[e] = (unsigned char)cy_dart_mark(d);
                int ok = br_is_cycle_cell(g, mark, comp);
                mark[e] = CY_UNMARKED;
                if (!ok)
                    fail_msg("%s: %s completes cell %d, which is no cycle cell after it", ctx, m, comp);
            } else {
                int cell = -1;
                int death = cy_rules_is_death(b, mark, d, &cell);
                if (death != br_is_death(g, mark, d))
                    fail_msg("%s: cy_rules_is_death(%s) = %d disagrees with the brute force", ctx, m, death);
            }
        }
    }
    int nl = cy_rules_legal(b, mark, lib), nb = br_legal_moves(g, mark, bru);
    if (nl != nb || memcmp(lib, bru, sizeof(int) * (size_t)nl) != 0)
        fail_msg("%s: cy_rules_legal gives %d moves, the brute force %d", ctx, nl, nb);
    if (cy_rules_over(b, mark) != (nb == 0))
        fail_msg("%s: cy_rules_over disagrees", ctx);
    /* once a cycle cell exists no move is legal, so no completion either */
    int w = cy_rules_winning_completion(b, mark);
    if (over_cycle && w >= 0)
        fail_msg("%s: cy_rules_winning_completion offers a move after the game ended", ctx);
    if ((w >= 0) != (can_complete && !over_cycle) || (w >= 0 && !(br_legal(g, mark, w) && br_completes(g, mark, w))))
        fail_msg("%s: cy_rules_winning_completion = %d disagrees with the brute force", ctx, w);
    if (!can_complete && !over_cycle) {
        /* no move completes a cycle cell: the normal-play moves are defined */
        int ns = cy_rules_safe(b, mark, lib), k = 0;
        for (int i = 0; i < nb; i++)
            if (!br_is_death(g, mark, bru[i]))
                bru[k++] = bru[i];
        if (ns != k || memcmp(lib, bru, sizeof(int) * (size_t)ns) != 0)
            fail_msg("%s: cy_rules_safe gives %d moves, the brute force %d", ctx, ns, k);
        for (int e = 0; e < b->ne; e++) {
            cy_edge_info info;
            cy_rules_classify(b, mark, e, &info);
            cy_edge_class want = CY_EDGE_MARKED;
            if (mark[e] == CY_UNMARKED) {
                int legal = 0, safe = 0;
                for (int s = 0; s < 2; s++)
                    if (br_legal(g, mark, 2 * e + s)) {
                        legal++;
                        safe += !br_is_death(g, mark, 2 * e + s);
                    }
                want = legal == 0  ? CY_EDGE_UNMARKABLE
                       : safe == 2 ? CY_EDGE_BOTH
                       : safe == 1 ? CY_EDGE_ONE_WAY
                                   : CY_EDGE_UNPLAYABLE;
            }
            if (info.cls != want)
                fail_msg("%s: edge %s-%s classified %d, the brute force says %d", ctx, b->label[b->eu[e]],
                         b->label[b->ev[e]], (int)info.cls, (int)want);
        }
    }
    free(lib);
    free(bru);
}

/* Checks cy_analyse on one position against the brute force: moves played,
 * player to move, game over, cycle cell, outcome and winner under the
 * original rules, the exact set of winning moves, and the normal-play Grundy
 * value where the library gives one.  Also checks the brute forces against
 * each other: the player to move wins iff a cycle cell can be completed or
 * the normal-play Grundy value is non-zero (Fokkink and Zandee 2022, section 1). */
static void check_analysis(cy_solver *s, br_game *g, const cy_board *b, unsigned char *mark, const char *ctx, stats *st)
{
    cy_analysis a;
    cy_error err;
    if (cy_analyse(s, mark, &a, &err) < 0)
        fail_msg("%s: cy_analyse: %s", ctx, err.msg);
    int played = 0;
    for (int e = 0; e < b->ne; e++)
        played += mark[e] != CY_UNMARKED;
    int nd = 2 * b->ne;
    int *legal = malloc(sizeof(int) * (size_t)(nd + 1)), *win = malloc(sizeof(int) * (size_t)(nd + 1));
    int nl = br_legal_moves(g, mark, legal);
    int cycle = br_has_cycle_cell(g, mark);
    int complete = br_can_complete(g, mark);
    int wins = br_wins(g, mark);
    int nw = br_winning_moves(g, mark, win);
    int to_move = played % 2 == 0 ? 1 : 2;

    if (a.played != played || a.to_move != to_move)
        fail_msg("%s: played %d to_move %d, expected %d and %d", ctx, a.played, a.to_move, played, to_move);
    if (a.over != (nl == 0))
        fail_msg("%s: over = %d but the brute force finds %d legal moves", ctx, a.over, nl);
    if ((a.cycle_cell >= 0) != cycle || (a.cycle_cell >= 0 && !br_is_cycle_cell(g, mark, a.cycle_cell)))
        fail_msg("%s: cycle_cell = %d disagrees with the brute force", ctx, a.cycle_cell);
    if ((a.outcome == 'N') != wins || (a.outcome != 'N' && a.outcome != 'P'))
        fail_msg("%s: outcome %c, the brute force says %c", ctx, a.outcome, wins ? 'N' : 'P');
    if (a.winner != (wins ? to_move : 3 - to_move))
        fail_msg("%s: winner %d disagrees with the outcome", ctx, a.winner);
    if ((wins != 0) != (nw > 0))
        fail_msg("%s: the brute force is inconsistent", ctx);
    int same = a.nwin == nw;
    for (int i = 0; i < a.nwin && same; i++)
        same = has_dart(win, nw, a.winning[i]);
    if (!same) {
        char lib[512] = "", bru[512] = "", m[2 * CY_MAX_LABEL + 8];
        for (int i = 0; i < a.nwin; i++) {
            cy_move_str(b, a.winning[i], m, sizeof m);
            strncat(lib, m, sizeof lib - strlen(lib) - 2);
            strcat(lib, " ");
        }
        for (int i = 0; i < nw; i++) {
            cy_move_str(b, win[i], m, sizeof m);
            strncat(bru, m, sizeof bru - strlen(bru) - 2);
            strcat(bru, " ");
        }
        fail_msg("%s: winning moves: library {%s}, brute force {%s}", ctx, lib, bru);
    }
    if (cycle || complete) {
        if (a.grundy != -1)
            fail_msg("%s: grundy %d where %s", ctx, a.grundy,
                     cycle ? "a cycle cell exists" : "a cycle cell can be completed");
        if (complete && !wins)
            fail_msg("%s: a completion is available but the brute force loses", ctx);
        st->completions++;
    } else {
        int gb = br_grundy(g, mark);
        if (a.grundy != gb)
            fail_msg("%s: grundy: library %d, brute force %d", ctx, a.grundy, gb);
        if ((gb != 0) != wins)
            fail_msg("%s: brute Grundy %d but the brute original game says %c", ctx, gb, wins ? 'N' : 'P');
        st->grundy_cmp++;
        st->gcount[gb < 7 ? gb : 7]++;
    }
    st->positions++;
    st->over += a.over;
    st->n_pos += a.outcome == 'N';
    st->p_pos += a.outcome == 'P';
    cy_analysis_free(&a);
    free(legal);
    free(win);
}

/* Plays random legal moves (brute-force legality) from the empty board and
 * checks every position on the way, including the last. */
static void random_playout(cy_solver *const *s, const char *const *engine, int ns, br_game *g, const cy_board *b,
                           rb_rng *r, const char *desc, stats *st)
{
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    int *legal = malloc(sizeof(int) * (size_t)(2 * b->ne + 1));
    char ctx[4096], pos[1024];
    for (;;) {
        pos_str(b, mark, pos, sizeof pos);
        snprintf(ctx, sizeof ctx, "board %s, position {%s}", desc, pos);
        check_rules(b, g, mark, ctx);
        for (int i = 0; i < ns; i++) {
            snprintf(ctx, sizeof ctx, "%s engine, board %s, position {%s}", engine[i], desc, pos);
            check_analysis(s[i], g, b, mark, ctx, st);
        }
        int n = br_legal_moves(g, mark, legal);
        if (n == 0)
            break;
        int d = legal[rb_below(r, n)];
        mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
    }
    free(mark);
    free(legal);
}

/* Several hundred random boards, two random playouts each. */
static void test_random_boards(void **state)
{
    (void)state;
    stats st;
    memset(&st, 0, sizeof st);
    char desc[1024];
    for (uint64_t seed = 1; seed <= 400; seed++) {
        rb_rng r = {seed * 0x2545F4914F6CDD1Dull};
        int max_edges = seed % 10 == 0 ? 12 : 10;
        cy_board *b = rb_board(&r, max_edges, desc, sizeof desc);
        br_game *g = br_new(b);
        assert_non_null(g);
        /* every engine on every board: the plain one, the fast one with
         * bitboards (the default on these boards), with sub-games, and with
         * sub-games valued by each --grundy-method above 2 edges (so that
         * it values nearly every component); and on one board in eight the
         * fast one with its techniques off */
        static const char *const engine[] = {"plain",
                                             "fast",
                                             "fast --no-bitboard (sub-games)",
                                             "fast --no-bitboard --grundy-method mex, mex up to 2 edges",
                                             "fast --no-bitboard --grundy-method rounds, mex up to 2 edges",
                                             "fast (no decomposition, no canonical keys)",
                                             "fast (2 threads)"};
        cy_solver_opts o[7] = {
            {.memory = 8u << 20, .engine = CY_ENGINE_PLAIN},
            {.memory = 8u << 20, .engine = CY_ENGINE_FAST, .threads = 1},
            {.memory = 8u << 20, .engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1},
            {.memory = 8u << 20,
             .engine = CY_ENGINE_FAST,
             .threads = 1,
             .no_bitboard = 1,
             .mex_edges = 2,
             .grundy_method = CY_GRUNDY_MEX},
            {.memory = 8u << 20,
             .engine = CY_ENGINE_FAST,
             .threads = 1,
             .no_bitboard = 1,
             .mex_edges = 2,
             .grundy_method = CY_GRUNDY_ROUNDS},
            {.memory = 8u << 20, .engine = CY_ENGINE_FAST, .threads = 1, .no_decompose = 1, .no_canon = 1, .no_bitboard = 1},
            {.memory = 8u << 20, .engine = CY_ENGINE_FAST, .threads = 2, .no_bitboard = 1},
        };
        int ns = seed % 8 == 0 ? 7 : 5;
        cy_solver_opts bo = {.memory = 8u << 20, .engine = CY_ENGINE_FAST, .threads = 1};
        cy_error berr;
        cur_bits = bits_new(b, &bo, &berr);
        assert_non_null(cur_bits);
        cur_bits_board = b;
        cy_solver *s[7];
        for (int i = 0; i < ns; i++) {
            cy_error err;
            s[i] = cy_solver_new(b, &o[i], &err);
            if (!s[i])
                fail_msg("%s engine, board %s: %s", engine[i], desc, err.msg);
        }
        for (int k = 0; k < 2; k++)
            random_playout(s, engine, ns, g, b, &r, desc, &st);
        st.boards++;
        if (b->ne > st.max_edges_seen)
            st.max_edges_seen = b->ne;
        for (int c = 0; c < b->ncells; c++)
            if (!g->cyclable[c]) {
                st.cells_not_cyclable++;
                break;
            }
        for (int v = 0; v < b->nv; v++)
            if (b->special[v]) {
                st.special_boards++;
                break;
            }
        for (int i = 0; i < ns; i++)
            cy_solver_free(s[i]);
        bits_free(cur_bits);
        cur_bits = NULL;
        cur_bits_board = NULL;
        br_free(g);
        cy_board_free(b);
    }
    print_message("%d boards (up to %d edges; %d with a cell using an edge twice, %d with special "
                  "vertices), %d positions (%d N, %d P, %d over, %d with a completion), %d Grundy "
                  "values compared: 0:%d 1:%d 2:%d 3:%d 4+:%d\n",
                  st.boards, st.max_edges_seen, st.cells_not_cyclable, st.special_boards, st.positions, st.n_pos,
                  st.p_pos, st.over, st.completions, st.grundy_cmp, st.gcount[0], st.gcount[1], st.gcount[2],
                  st.gcount[3], st.gcount[4] + st.gcount[5] + st.gcount[6] + st.gcount[7]);
    /* the generator must produce the variety the test is meant to cover */
    assert_true(st.cells_not_cyclable >= 20);
    assert_true(st.special_boards >= 50);
    assert_true(st.n_pos >= 100 && st.p_pos >= 100 && st.completions >= 50);
    assert_true(st.gcount[2] >= 5);
}

/* The lollipop of Fokkink and Zandee 2022, Fig. 1: triangle 1 2 3 with a loose end 1-4
 * outside it (outer walk 1 4 1 3 2). */
static cy_board *lollipop_board(void)
{
    const int w[3] = {0, 1, 2}, o[5] = {0, 3, 0, 2, 1};
    const int *cells[1] = {w};
    int len = 3;
    cy_board_desc d = {.nv = 4, .ncells = 1, .cells = cells, .cell_len = &len, .outer = o, .outer_len = 5};
    cy_error err;
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("%s", err.msg);
    return b;
}

/* The brute force itself on boards whose answer is known by hand: C3 is won
 * by player 1, C4 by player 2 (Alvarado et al. 2021 Thm 3), and the lollipop has
 * Grundy value 2 (Fokkink and Zandee 2022 Fig. 1). */
static void test_brute_sanity(void **state)
{
    (void)state;
    cy_board *c3 = hand_board(3, NULL, "1 2 3", NULL), *c4 = hand_board(4, NULL, "1 2 3 4", NULL);
    cy_board *lol = lollipop_board();
    unsigned char m[16] = {0};
    br_game *g = br_new(c3);
    assert_true(br_wins(g, m));
    assert_int_equal(br_grundy(g, m), 1);
    br_free(g);
    g = br_new(c4);
    assert_false(br_wins(g, m));
    assert_int_equal(br_grundy(g, m), 0);
    br_free(g);
    g = br_new(lol);
    assert_int_equal(br_grundy(g, m), 2);
    br_free(g);
    cy_board_free(c3);
    cy_board_free(c4);
    cy_board_free(lol);
}

/* --------------------------------------------------- hand-checked rules */

/* "marking 3->4 makes 4 a sink" and its source twin on C5; cy_moves_play
 * names the move and the reason. */
static void test_sink_source_messages(void **state)
{
    (void)state;
    cy_board *b = hand_board(5, NULL, "1 2 3 4 5", NULL);
    unsigned char *mark = play(b, "5->4");
    char buf[256];
    int vertex = -1;
    int d = dart(b, "3", "4");
    assert_int_equal(cy_rules_check(b, mark, d, &vertex), CY_ILLEGAL_SINK);
    assert_string_equal(b->label[vertex], "4");
    cy_rules_explain(b, d, CY_ILLEGAL_SINK, vertex, buf, sizeof buf);
    assert_string_equal(buf, "marking 3->4 makes 4 a sink");
    assert_int_equal(cy_rules_check(b, mark, dart(b, "4", "3"), NULL), CY_LEGAL);
    free(mark);

    mark = play(b, "4->5");
    d = dart(b, "4", "3");
    assert_int_equal(cy_rules_check(b, mark, d, &vertex), CY_ILLEGAL_SOURCE);
    assert_string_equal(b->label[vertex], "4");
    cy_rules_explain(b, d, CY_ILLEGAL_SOURCE, vertex, buf, sizeof buf);
    assert_string_equal(buf, "marking 4->3 makes 4 a source");
    free(mark);

    mark = calloc((size_t)b->ne, 1);
    int *darts, n;
    cy_error err;
    assert_int_equal(cy_moves_parse(b, "5->4, 3->4", &darts, &n, &err), 0);
    assert_int_equal(n, 2);
    assert_int_equal(cy_moves_play(b, mark, darts, n, &err), -1);
    assert_string_equal(err.msg, "move 2 (3->4) is illegal: marking 3->4 makes 4 a sink");
    free(darts);
    free(mark);
    cy_board_free(b);
}

/* An edge at a degree-1 vertex can never be marked (Fokkink and Zandee 2022, section 1),
 * unless that vertex is special; special vertices may become sinks and
 * sources. */
static void test_degree_one_and_special(void **state)
{
    (void)state;
    /* a triangle with a pendant vertex 4 hanging at 1 inside the cell */
    cy_board *b = hand_board(4, NULL, "1 4 1 2 3", NULL);
    unsigned char *mark = play(b, NULL);
    int vertex = -1;
    assert_int_equal(cy_rules_check(b, mark, dart(b, "1", "4"), &vertex), CY_ILLEGAL_SINK);
    assert_string_equal(b->label[vertex], "4");
    assert_int_equal(cy_rules_check(b, mark, dart(b, "4", "1"), &vertex), CY_ILLEGAL_SOURCE);
    assert_string_equal(b->label[vertex], "4");
    cy_edge_info info;
    cy_rules_classify(b, mark, edge(b, "1", "4"), &info);
    assert_int_equal(info.cls, CY_EDGE_UNMARKABLE);
    /* the cell's walk uses edge 1-4 twice, so it can never be a cycle cell */
    assert_false(b->cyclable[0]);
    free(mark);

    unsigned char sp[4] = {0, 0, 0, 1};
    cy_error err;
    cy_board *s = cy_board_with_special(b, sp, &err);
    assert_non_null(s);
    mark = play(s, NULL);
    assert_int_equal(cy_rules_check(s, mark, dart(s, "1", "4"), NULL), CY_LEGAL);
    assert_int_equal(cy_rules_check(s, mark, dart(s, "4", "1"), NULL), CY_LEGAL);
    free(mark);
    cy_board_free(s);
    cy_board_free(b);

    /* C3 with 1 special: after 2->1, 3->1 makes 1 a sink only if 1 is not special */
    b = hand_board(3, NULL, "1 2 3", NULL);
    mark = play(b, "2->1");
    assert_int_equal(cy_rules_check(b, mark, dart(b, "3", "1"), &vertex), CY_ILLEGAL_SINK);
    assert_string_equal(b->label[vertex], "1");
    free(mark);
    cy_board_free(b);
    b = hand_board(3, NULL, "1 2 3", "1");
    mark = play(b, "2->1 3->1");
    assert_int_equal(cy_rules_check(b, mark, dart(b, "2", "3"), NULL), CY_ILLEGAL_SOURCE);
    assert_int_equal(cy_rules_check(b, mark, dart(b, "3", "2"), NULL), CY_ILLEGAL_SOURCE);
    free(mark);
    cy_board_free(b);
}

/* Alvarado et al. 2021, Figure 3 discussion: an edge between a square and a triangle is
 * currently unplayable when either direction is a death move for one of the
 * two cells.  Square 1 2 3 4 over triangle 4 3 5; after 1->2 2->3 3->5,
 * 3->4 would let the opponent cycle the square (4->1) and 4->3 the triangle
 * (5->4).  Worked out by hand: every remaining move is a death move. */
static void test_figure3_unplayable(void **state)
{
    (void)state;
    cy_board *b = hand_board(5, NULL, "1 2 3 4 | 4 3 5", NULL);
    unsigned char *mark = play(b, "1->2 2->3 3->5");
    cy_edge_info info;
    int e = edge(b, "3", "4");
    cy_rules_classify(b, mark, e, &info);
    assert_int_equal(info.cls, CY_EDGE_UNPLAYABLE);
    int s34 = dart(b, "3", "4") & 1, s43 = dart(b, "4", "3") & 1;
    assert_int_equal(info.verdict[s34], CY_LEGAL);
    assert_int_equal(info.verdict[s43], CY_LEGAL);
    assert_int_equal(info.death_cell[s34], 0); /* the square */
    assert_int_equal(info.death_cell[s43], 1); /* the triangle */
    int cell = -1;
    assert_true(cy_rules_is_death(b, mark, dart(b, "3", "4"), &cell));
    assert_int_equal(cell, 0);

    /* 4-1: 1->4 makes 1 (degree 2, 1->2 out) a source, 4->1 is a death move */
    cy_rules_classify(b, mark, edge(b, "4", "1"), &info);
    assert_int_equal(info.cls, CY_EDGE_UNPLAYABLE);
    int s14 = dart(b, "1", "4") & 1;
    assert_int_equal(info.verdict[s14], CY_ILLEGAL_SOURCE);
    assert_string_equal(b->label[info.vertex[s14]], "1");
    assert_int_equal(info.death_cell[1 - s14], 0);
    /* 4-5: 4->5 makes 5 a sink, 5->4 hands over the triangle */
    cy_rules_classify(b, mark, edge(b, "4", "5"), &info);
    assert_int_equal(info.cls, CY_EDGE_UNPLAYABLE);
    /* almost-sinks and almost-sources (Alvarado et al. 2021, section 2) */
    assert_int_equal(cy_rules_almost(b, mark, cy_board_find(b, "5")), 1);
    assert_int_equal(cy_rules_almost(b, mark, cy_board_find(b, "1")), 2);
    assert_int_equal(cy_rules_almost(b, mark, cy_board_find(b, "2")), 0);
    assert_int_equal(cy_rules_almost(b, mark, cy_board_find(b, "4")), 0);

    /* player 2 to move has only death moves: player 1 wins */
    cy_analysis a;
    analyse(b, mark, &a);
    assert_int_equal(a.to_move, 2);
    assert_int_equal(a.outcome, 'P');
    assert_int_equal(a.winner, 1);
    assert_int_equal(a.nwin, 0);
    assert_int_equal(a.grundy, 0);
    assert_int_equal(a.over, 0);
    cy_analysis_free(&a);
    free(mark);

    /* once the square is a cycle cell the game is over */
    mark = play(b, "1->2 2->3 3->4 4->1");
    assert_int_equal(cy_rules_cycle_cell(b, mark), 0);
    assert_int_equal(cy_rules_check(b, mark, dart(b, "3", "5"), NULL), CY_ILLEGAL_OVER);
    assert_true(cy_rules_over(b, mark));
    analyse(b, mark, &a);
    assert_true(a.over);
    assert_int_equal(a.cycle_cell, 0);
    assert_int_equal(a.winner, 2); /* player 2 made move 4 */
    assert_int_equal(a.grundy, -1);
    cy_analysis_free(&a);
    free(mark);
    cy_board_free(b);
}

/* An edge between two almost-sinks is unmarkable (Alvarado et al. 2021, section 2); on
 * C4 after 1->2 4->3 both remaining edges are, the game is over and player 2
 * made the last move (two unmarkable edges, Lemma 2). */
static void test_unmarkable(void **state)
{
    (void)state;
    cy_board *b = hand_board(4, NULL, "1 2 3 4", NULL);
    unsigned char *mark = play(b, "1->2 4->3");
    cy_edge_info info;
    cy_rules_classify(b, mark, edge(b, "2", "3"), &info);
    assert_int_equal(info.cls, CY_EDGE_UNMARKABLE);
    assert_int_equal(info.verdict[0], CY_ILLEGAL_SINK);
    assert_int_equal(info.verdict[1], CY_ILLEGAL_SINK);
    cy_rules_classify(b, mark, edge(b, "4", "1"), &info);
    assert_int_equal(info.cls, CY_EDGE_UNMARKABLE);
    assert_int_equal(info.verdict[0], CY_ILLEGAL_SOURCE);
    assert_int_equal(info.verdict[1], CY_ILLEGAL_SOURCE);
    assert_int_equal(cy_rules_almost(b, mark, cy_board_find(b, "2")), 1);
    assert_int_equal(cy_rules_almost(b, mark, cy_board_find(b, "3")), 1);
    assert_int_equal(cy_rules_almost(b, mark, cy_board_find(b, "1")), 2);
    cy_rules_classify(b, mark, edge(b, "1", "2"), &info);
    assert_int_equal(info.cls, CY_EDGE_MARKED);
    cy_analysis a;
    analyse(b, mark, &a);
    assert_true(a.over);
    assert_int_equal(a.winner, 2);
    assert_int_equal(a.grundy, 0);
    cy_analysis_free(&a);
    free(mark);
    cy_board_free(b);
}

/* Edge classes on small positions: on the empty triangle every edge can be
 * marked both ways; on C4 after 1->2, 2-3 only as 2->3 (3->2 makes 2 a sink)
 * and 3-4 both ways; on the triangle after 1->2, 2->3 is a death move and
 * 3->2 illegal, so 2-3 is unplayable. */
static void test_classify(void **state)
{
    (void)state;
    cy_edge_info info;
    cy_board *t = hand_board(3, NULL, "1 2 3", NULL);
    unsigned char *mark = play(t, NULL);
    for (int e = 0; e < 3; e++) {
        cy_rules_classify(t, mark, e, &info);
        assert_int_equal(info.cls, CY_EDGE_BOTH);
    }
    free(mark);
    mark = play(t, "1->2");
    cy_rules_classify(t, mark, edge(t, "2", "3"), &info);
    assert_int_equal(info.cls, CY_EDGE_UNPLAYABLE);
    int s23 = dart(t, "2", "3") & 1;
    assert_int_equal(info.verdict[s23], CY_LEGAL);
    assert_int_equal(info.death_cell[s23], 0);
    assert_int_equal(info.verdict[1 - s23], CY_ILLEGAL_SINK);
    /* player 2 has only death moves */
    cy_analysis a;
    analyse(t, mark, &a);
    assert_int_equal(a.outcome, 'P');
    assert_int_equal(a.nwin, 0);
    assert_int_equal(a.grundy, 0);
    cy_analysis_free(&a);
    free(mark);
    /* after 1->2 2->3 player 1 completes with 3->1 */
    mark = play(t, "1->2 2->3");
    analyse(t, mark, &a);
    assert_int_equal(a.outcome, 'N');
    assert_int_equal(a.winner, 1);
    assert_int_equal(a.nwin, 1);
    assert_int_equal(a.winning[0], dart(t, "3", "1"));
    assert_int_equal(a.grundy, -1);
    assert_int_equal(cy_rules_winning_completion(t, mark), dart(t, "3", "1"));
    cy_analysis_free(&a);
    free(mark);
    cy_board_free(t);

    cy_board *c4 = hand_board(4, NULL, "1 2 3 4", NULL);
    mark = play(c4, "1->2");
    cy_rules_classify(c4, mark, edge(c4, "2", "3"), &info);
    assert_int_equal(info.cls, CY_EDGE_ONE_WAY);
    cy_rules_classify(c4, mark, edge(c4, "3", "4"), &info);
    assert_int_equal(info.cls, CY_EDGE_BOTH);
    free(mark);
    cy_board_free(c4);
}

/* Alvarado et al. 2021, proof of Thm 1, Board 1: K4 as triangle a b c around d, after
 * a->b and d->c.  Edge ad is currently unplayable (a->d hands over cell
 * c a d, d->a cell a b d); on each of bc, ca, bd exactly one direction is not
 * a death move; player 2 wins (Thm 1).  Directions worked out by hand. */
static void test_k4_board1(void **state)
{
    (void)state;
    cy_board *b = hand_board(4, "a b c d", "a b d | b c d | c a d", NULL);
    unsigned char *mark = play(b, "a->b d->c");
    cy_edge_info info;
    cy_rules_classify(b, mark, edge(b, "a", "d"), &info);
    assert_int_equal(info.cls, CY_EDGE_UNPLAYABLE);
    int cell = -1;
    assert_true(cy_rules_is_death(b, mark, dart(b, "a", "d"), &cell));
    assert_int_equal(cell, 2);
    assert_true(cy_rules_is_death(b, mark, dart(b, "d", "a"), &cell));
    assert_int_equal(cell, 0);
    const char *safe[3][2] = {{"b", "c"}, {"a", "c"}, {"d", "b"}};
    for (int i = 0; i < 3; i++) {
        int d = dart(b, safe[i][0], safe[i][1]);
        cy_rules_classify(b, mark, cy_dart_edge(d), &info);
        assert_int_equal(info.cls, CY_EDGE_ONE_WAY);
        assert_false(cy_rules_is_death(b, mark, d, NULL));
        assert_true(cy_rules_is_death(b, mark, cy_dart_rev(d), NULL));
    }
    cy_analysis a;
    analyse(b, mark, &a);
    assert_int_equal(a.to_move, 1);
    assert_int_equal(a.winner, 2);
    cy_analysis_free(&a);
    free(mark);
    mark = play(b, NULL);
    analyse(b, mark, &a);
    assert_int_equal(a.winner, 2);
    cy_analysis_free(&a);
    free(mark);
    cy_board_free(b);
}

/* Fokkink and Zandee 2022, Fig. 1: the lollipop (triangle 1 2 3 with a loose end at 1) has
 * Grundy value 2; Alice wins by marking the edge 2-3 opposite the loose end
 * (either way) and loses by marking one of the other two (checked by hand). */
static void test_lollipop_hand(void **state)
{
    (void)state;
    cy_board *b = lollipop_board();
    assert_true(b->cyclable[0]);
    unsigned char *mark = play(b, NULL);
    cy_analysis a;
    analyse(b, mark, &a);
    assert_int_equal(a.grundy, 2);
    assert_int_equal(a.outcome, 'N');
    assert_int_equal(a.nwin, 2);
    assert_true(has_dart(a.winning, a.nwin, dart(b, "2", "3")));
    assert_true(has_dart(a.winning, a.nwin, dart(b, "3", "2")));
    cy_analysis_free(&a);
    free(mark);
    cy_board_free(b);
}

/* cy_moves_parse and cy_moves_play name the bad move and say what is wrong. */
static void test_moves_errors(void **state)
{
    (void)state;
    cy_board *b = hand_board(4, NULL, "1 2 3 4", NULL);
    int *darts = NULL, n = 0;
    cy_error err;
    assert_int_equal(cy_moves_parse(b, "1->2 2-3", &darts, &n, &err), -1);
    assert_non_null(strstr(err.msg, "move 2"));
    assert_non_null(strstr(err.msg, "not of the form U->V"));
    assert_int_equal(cy_moves_parse(b, "1->9", &darts, &n, &err), -1);
    assert_non_null(strstr(err.msg, "no vertex 9"));
    assert_int_equal(cy_moves_parse(b, "1->3", &darts, &n, &err), -1);
    assert_non_null(strstr(err.msg, "no edge between 1 and 3"));
    assert_int_equal(cy_moves_parse(b, "->2", &darts, &n, &err), -1);
    assert_int_equal(cy_moves_parse(b, "1->", &darts, &n, &err), -1);
    assert_int_equal(cy_moves_parse(b, "  ", &darts, &n, &err), 0);
    assert_int_equal(n, 0);
    free(darts);

    assert_int_equal(cy_moves_parse(b, "1->2,1->2", &darts, &n, &err), 0);
    unsigned char mark[4] = {0};
    assert_int_equal(cy_moves_play(b, mark, darts, n, &err), -1);
    assert_string_equal(err.msg, "move 2 (1->2) is illegal: edge 1-2 is already marked");
    free(darts);
    cy_board_free(b);

    b = hand_board(5, NULL, "1 2 3 4 | 4 3 5", NULL);
    assert_int_equal(cy_moves_parse(b, "1->2 2->3 3->4 4->1 3->5", &darts, &n, &err), 0);
    unsigned char m2[8] = {0};
    assert_int_equal(cy_moves_play(b, m2, darts, n, &err), -1);
    assert_string_equal(err.msg, "move 5 (3->5) is illegal: the game is over: a cycle cell has been completed");
    free(darts);
    cy_board_free(b);
}

/* Every rules query, and every copy of the sink/source rule (check_rules,
 * check_sink_source), against the brute force on every position reachable
 * on the boards with loops of tests/data/benntaylor-loops, where a loop's
 * vertex can never be a sink nor a source: the brute force counts a marked
 * loop as an arrow in and one out, rules.c lets a loop be marked always,
 * and the engines treat its vertex as special (cy_rules_exempt). */
static void walk_all(const cy_board *b, br_game *g, unsigned char *mark, unsigned char *seen, int *count)
{
    size_t idx = 0;
    for (int e = b->ne - 1; e >= 0; e--)
        idx = idx * 3 + mark[e];
    if (seen[idx])
        return;
    seen[idx] = 1;
    (*count)++;
    char pos[1024], ctx[2048];
    pos_str(b, mark, pos, sizeof pos);
    snprintf(ctx, sizeof ctx, "board %s, position {%s}", b->name, pos);
    check_rules(b, g, mark, ctx);
    int mv[64], n = br_legal_moves(g, mark, mv);
    for (int i = 0; i < n; i++) {
        mark[mv[i] / 2] = (unsigned char)cy_dart_mark(mv[i]);
        walk_all(b, g, mark, seen, count);
        mark[mv[i] / 2] = CY_UNMARKED;
    }
}

static void test_loop_boards(void **state)
{
    (void)state;
    static const char *const files[] = {"benntaylor-loops/two-loops.txt", "benntaylor-loops/loops-and-edges.txt",
                                        "benntaylor-loops/loops-three-cells.txt", "benntaylor-loops/loop-sphere.txt",
                                        "benntaylor-loops/loop-triangle.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        cy_board *b = t_board(t_data_path(files[i]));
        assert_true(b->loops);
        br_game *g = br_new(b);
        cy_solver_opts bo = {.engine = CY_ENGINE_FAST, .memory = 16u << 20};
        cy_error berr;
        cur_bits = bits_new(b, &bo, &berr);
        cur_bits_board = b;
        assert_non_null(cur_bits);
        size_t n3 = 1;
        for (int e = 0; e < b->ne; e++)
            n3 *= 3;
        unsigned char *seen = calloc(n3, 1), mark[32] = {0};
        int count = 0;
        walk_all(b, g, mark, seen, &count);
        assert_true(count > 1);
        /* a loop's vertex is exempt, and so only it */
        for (int v = 0; v < b->nv; v++) {
            int loop = 0;
            for (int e = 0; e < b->ne; e++)
                loop |= b->eu[e] == v && b->ev[e] == v;
            assert_int_equal(cy_rules_exempt(b, v), loop || b->special[v]);
        }
        free(seen);
        bits_free(cur_bits);
        cur_bits = NULL;
        br_free(g);
        cy_board_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_sanity),
        cmocka_unit_test(test_sink_source_messages),
        cmocka_unit_test(test_degree_one_and_special),
        cmocka_unit_test(test_figure3_unplayable),
        cmocka_unit_test(test_unmarkable),
        cmocka_unit_test(test_classify),
        cmocka_unit_test(test_k4_board1),
        cmocka_unit_test(test_lollipop_hand),
        cmocka_unit_test(test_moves_errors),
        cmocka_unit_test(test_random_boards),
        cmocka_unit_test(test_loop_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
