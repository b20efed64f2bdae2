/*
 * test_theorem6.c - Theorem 6 of Alvarado et al. 2021, generalised to positions
 * (src/engine/theorem6.c), against the independent brute force (tests/brute.c):
 * on boards with involutions (named families, a ring of two cells that a
 * half-turn swaps, random boards), on the empty board and on random
 * positions made their own mirror-reverse image move pair by move pair,
 * every position the check calls lost has brute-force value 0, and every
 * one th6_one calls of value 1 (one self-involutive edge left open) has
 * value 1, a claim the brute force refutes without th6_one's condition
 * (f); the fast engine gives the same values with and without
 * --no-theorems, under rounds and df-pn, as the plain engine; and the
 * check broken on purpose (condition (c) dropped, or a rotation of order 3
 * taken for an involution) is refuted by the brute force on the boards
 * kept here.
 *
 * brute.c and randboard.c are included (a unity build), as in test_treekey.c.
 */
#include "support.h"

#include "brute.c"
#include "planeboards.c"
#include "randboard.c"

#include "subgame.h"
#include "theorem6.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A ring of two cells between an outer and an inner square, the inner
 * square a cell too, joined by two spokes: a half-turn swaps the two ring
 * cells, and each holds both spokes (part-involutive: condition (c)).
 * With pinwheel, one edge of each ring cell is subdivided so that the
 * half-turn is the board's only symmetry besides the identity. */
static cy_board *ring(int pinwheel)
{
    /* outer o0..o3 = 0..3 (east, north, west, south), inner i0..i3 = 4..7;
     * pinwheel: 8 on o0-o1, 9 on o2-o3 */
    static const int north[] = {0, 1, 2, 6, 5, 4}, south[] = {2, 3, 0, 4, 7, 6}, inner[] = {4, 5, 6, 7};
    static const int pnorth[] = {0, 8, 1, 2, 6, 5, 4}, psouth[] = {2, 9, 3, 0, 4, 7, 6};
    const int *cells[3] = {pinwheel ? pnorth : north, pinwheel ? psouth : south, inner};
    int len[3] = {pinwheel ? 7 : 6, pinwheel ? 7 : 6, 4};
    cy_board_desc d = {.nv = pinwheel ? 10 : 8,
                       .ncells = 3,
                       .cells = cells,
                       .cell_len = len,
                       .name = pinwheel ? "pinwheel ring" : "ring"};
    cy_error err;
    cy_board *b = cy_board_from_faces(&d, &err);
    if (!b)
        fail_msg("the ring board: %s", err.msg);
    return b;
}

/* What the walks found. */
typedef struct tally {
    int positions;   /* positions checked (no cycle cell, no completion) */
    int claims;      /* of them called lost by the check */
    int nonempty;    /* claims with marks on the board */
    int empty;       /* claims at the empty board */
    int refuted;     /* claims the brute force refutes */
    char first[160]; /* the first refuted: board and marks */
} tally;

/* A board under test, with what a walk's positions are checked against. */
typedef struct ctx {
    const cy_board *b;
    br_game *br;
    const sg_board *sb;
    const th6 *t;
    tally *ty;
    int one;          /* 0: check th6_lost; else th6_one with these conditions (TH6_ALL, or TH6_E or TH6_F alone) */
    cy_solver *s[4];  /* test_engines: the engines compared */
    uint64_t work[2]; /* test_engines: positions searched with and without theorems */
} ctx;

/* Checks the position mark of c->b: a claim of c->t must have brute-force
 * value 0 (th6_lost) or 1 (th6_one, c->one). */
static void check(ctx *c, const unsigned char *mark)
{
    const cy_board *b = c->b;
    br_game *br = c->br;
    tally *ty = c->ty;
    unsigned char m[SG_MAXE];
    memcpy(m, mark, (size_t)b->ne);
    if (br_has_cycle_cell(br, m) || br_can_complete(br, m))
        return;
    ty->positions++;
    sg g;
    sg_from_board(c->sb, b, m, &g);
    if (!(c->one ? th6_one(c->t, c->sb, &g, c->one) : th6_lost(c->t, &g)))
        return;
    int marked = 0;
    for (int e = 0; e < b->ne; e++)
        marked += m[e] != CY_UNMARKED;
    ty->claims++;
    ty->nonempty += marked > 0;
    ty->empty += marked == 0;
    if (br_grundy(br, m) != (c->one ? 1 : 0) && !ty->refuted++) {
        int at = snprintf(ty->first, sizeof ty->first, "%s:", b->name ? b->name : "?");
        for (int e = 0; e < b->ne && at < (int)sizeof ty->first - 2; e++)
            at += snprintf(ty->first + at, sizeof ty->first - (size_t)at, "%d", m[e]);
    }
}

/* The dart tau(d) reversed, for the vertex map vmap. */
static int mirror_reverse(const cy_board *b, const int *vmap, int d)
{
    return cy_board_dart(b, vmap[cy_head(b, d)], vmap[cy_tail(b, d)]);
}

/* Walks of random move pairs d, R(d) on c->b under each involution of sym
 * (runs walks each), visit() called at every position on the way. */
static void walks(ctx *c, void (*visit)(ctx *, const unsigned char *), const cy_symmetry *sym, rb_rng *r, int runs)
{
    const cy_board *b = c->b;
    unsigned char mark[SG_MAXE];
    int moves[2 * SG_MAXE + 1];
    for (int a = 1; a < sym->n; a++) {
        if (sym->aut[a].order != 2)
            continue;
        for (int run = 0; run < runs; run++) {
            memset(mark, CY_UNMARKED, (size_t)b->ne);
            visit(c, mark);
            for (;;) {
                int n = cy_rules_safe(b, mark, moves);
                if (!n)
                    break;
                int d = moves[rb_below(r, n)], rd = mirror_reverse(b, sym->aut[a].vmap, d);
                mark[cy_dart_edge(d)] = (unsigned char)cy_dart_mark(d);
                visit(c, mark); /* (not symmetric, as a rule) */
                n = cy_rules_safe(b, mark, moves);
                int ok = 0;
                for (int i = 0; i < n && !ok; i++)
                    ok = moves[i] == rd;
                if (!ok)
                    break;
                mark[cy_dart_edge(rd)] = (unsigned char)cy_dart_mark(rd);
                visit(c, mark);
            }
        }
    }
}

/* The boards of the tests: named ones with involutions and the rings. */
static const char *const named[] = {"grid:2x3",  "grid:2x4",       "grid:3x3",    "grid:2x5",    "cycle:4",
                                    "cycle:6",   "cycle:7",        "theta:2,2,2", "theta:1,3,3", "theta:3,2,3",
                                    "chord:6,3", "butterfly",      "windmill:3",  "wedge:4,4",   "path:5",
                                    "star:4",    "spider:2,2,3,3", "k4"};
#define NNAMED ((int)(sizeof named / sizeof *named))
/* The named boards, then the ring and the pinwheel ring. */
#define NBOARDS (NNAMED + 2)
static cy_board *board_at(int i)
{
    return i < NNAMED ? t_board(named[i]) : ring(i - NNAMED);
}

/* Walks the boards of the tests (runs walks per involution) and random
 * boards with an involution (want of them, or as many as 4000 tries find,
 * into *found; rruns walks each), from seed, with check() in mode one;
 * returns the tally. */
static tally walk_all(int one, int want, uint64_t seed, int runs, int rruns, int *found)
{
    rb_rng r = {seed};
    tally ty = {0};
    for (int i = 0; i < NBOARDS; i++) {
        cy_board *b = board_at(i);
        br_game *br = br_new(b);
        assert_non_null(br);
        sg_board sb;
        assert_int_equal(sg_board_init(b, &sb), 0);
        cy_symmetry *sym = cy_symmetry_new(b, NULL);
        th6 t;
        th6_init(b, &sb, sym, &t);
        walks(&(ctx){.b = b, .br = br, .sb = &sb, .t = &t, .ty = &ty, .one = one}, check, sym, &r, runs);
        cy_symmetry_free(sym);
        br_free(br);
        cy_board_free(b);
    }
    *found = 0;
    for (int i = 0; *found < want && i < 4000; i++) {
        cy_board *b = rb_board(&r, 11, NULL, 0);
        sg_board sb;
        cy_symmetry *sym = sg_board_init(b, &sb) == 0 ? cy_symmetry_new(b, NULL) : NULL;
        th6 t;
        if (sym && th6_init(b, &sb, sym, &t)) {
            ++*found;
            br_game *br = br_new(b);
            walks(&(ctx){.b = b, .br = br, .sb = &sb, .t = &t, .ty = &ty, .one = one}, check, sym, &r, rruns);
            br_free(br);
        }
        cy_symmetry_free(sym);
        cy_board_free(b);
    }
    return ty;
}

/* The check's claims hold by the brute force, on the boards, with a few
 * hundred claims at positions with marks. */
static void test_claims_hold(void **state)
{
    (void)state;
    int found;
    tally ty = walk_all(0, 40, 2026, 8, 4, &found);
    print_message("theorem 6: %d positions, %d claims (%d at the empty board), %d refuted\n", ty.positions, ty.claims,
                  ty.empty, ty.refuted);
    if (ty.refuted)
        fail_msg("the check calls a won position lost: %s", ty.first);
    assert_true(found >= 20);
    assert_true(ty.empty >= 5);
    assert_true(ty.nonempty >= 200);
}

/* Theorem 6 with a nim-heap (th6_one): every position it claims has
 * brute-force value 1, with claims at the empty board and at many marked
 * positions; without its condition (f) the claim is refuted. */
static void test_one_claims_hold(void **state)
{
    (void)state;
    int found;
    tally ty = walk_all(TH6_ALL, 60, 11, 16, 16, &found);
    print_message("theorem 6 with a heap: %d positions, %d claims (%d at the empty board), %d refuted\n", ty.positions,
                  ty.claims, ty.empty, ty.refuted);
    if (ty.refuted)
        fail_msg("the check calls a position of value other than 1 so: %s", ty.first);
    assert_true(ty.empty >= 2);
    assert_true(ty.nonempty >= 200);
    tally no_f = walk_all(TH6_E, 60, 11, 16, 16, &found);
    print_message("without (f): %d of %d claims refuted (first %s)\n", no_f.refuted, no_f.claims, no_f.first);
    assert_true(no_f.refuted > 0);
}

/* Calls check() at every position of c->b: every marking with no sink or
 * source (any marking without one is reachable: a vertex is judged only
 * when its last edge is marked), the cycle cells left to check(). */
static void every_position(ctx *c)
{
    const cy_board *b = c->b;
    unsigned char m[SG_MAXE] = {0};
    for (;;) {
        int ok = 1;
        for (int v = 0; v < b->nv && ok; v++) {
            int in = 0, out = 0, open = 0;
            for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
                int x = b->vdarts[i], k = m[cy_dart_edge(x)];
                open += k == CY_UNMARKED;
                out += k != CY_UNMARKED && k == cy_dart_mark(x);
                in += k != CY_UNMARKED && k != cy_dart_mark(x);
            }
            ok = b->special[v] || open || (in && out);
        }
        if (ok)
            check(c, m);
        int e = 0; /* the next marking, counting in base 3 */
        while (e < b->ne && m[e] == 2)
            m[e++] = 0;
        if (e == b->ne)
            return;
        m[e]++;
    }
}

/* Checks every position of b with th6_lost (one 0) or th6_one (one its
 * conditions) into *ty; whether b has an involution at all. */
static int all_positions_of(const cy_board *b, int one, tally *ty)
{
    sg_board sb;
    if (sg_board_init(b, &sb))
        return 0;
    cy_symmetry *sym = cy_symmetry_new(b, NULL);
    th6 t;
    int n = th6_init(b, &sb, sym, &t);
    if (n) {
        br_game *br = br_new(b);
        assert_non_null(br);
        every_position(&(ctx){.b = b, .br = br, .sb = &sb, .t = &t, .ty = ty, .one = one});
        br_free(br);
    }
    cy_symmetry_free(sym);
    return n > 0;
}

/* Every claim of th6_lost and th6_one at every position of every plane
 * board of up to 8 edges (tests/planeboards.c) holds by the brute force. */
static void test_every_small_board(void **state)
{
    (void)state;
    pb_list level[PB_MAXE + 1];
    pb_generate(PB_MAXE, level);
    tally lost = {0}, one = {0};
    int boards = 0, with = 0;
    for (int e = 1; e <= PB_MAXE; e++) {
        for (int i = 0; i < level[e].n; i++) {
            cy_error err;
            cy_board *b = pb_board(&level[e].m[i], NULL, 0, &err);
            assert_non_null(b);
            boards++;
            with += all_positions_of(b, 0, &lost);
            all_positions_of(b, TH6_ALL, &one);
            cy_board_free(b);
        }
        free(level[e].m);
    }
    print_message("every board to %d edges: %d boards, %d with an involution; th6_lost %d claims, th6_one %d "
                  "claims, in %d positions\n",
                  PB_MAXE, boards, with, lost.claims, one.claims, lost.positions);
    if (lost.refuted)
        fail_msg("th6_lost calls a won position lost: %s", lost.first);
    if (one.refuted)
        fail_msg("th6_one calls a position of value other than 1 so: %s", one.first);
    assert_true(with >= 500);
    assert_true(lost.claims >= 1000 && one.claims >= 1000);
}

/* A board of 10 edges where condition (e) of th6_one matters, found by
 * running the check without it over every position of every plane board of
 * up to 10 edges (the least that refute it have 10): a square 1 2 5 4 with
 * a triangle on each of two opposite sides and a pendant edge at 1 and at 2;
 * the mirror through the middle of 1-2 and 4-5 maps the square to itself.
 * With th6_one's conditions it claims none of its positions; without (e)
 * it claims some that the brute force refutes. */
static void test_condition_e(void **state)
{
    (void)state;
    static const char json[] =
        "{\"name\": \"condition e\", \"vertices\": [\"1\",\"2\",\"3\",\"4\",\"5\",\"6\",\"7\",\"8\"],"
        " \"cells\": [[\"1\",\"2\",\"5\",\"4\"], [\"1\",\"3\",\"2\"], [\"4\",\"5\",\"6\"]],"
        " \"outer\": [\"1\",\"7\",\"1\",\"4\",\"6\",\"5\",\"2\",\"8\",\"2\",\"3\"]}";
    cy_error err;
    cy_board *b = cy_read_board(json, sizeof json - 1, cy_format_parse("json"), NULL, &err);
    if (!b)
        fail_msg("the board of condition (e): %s", err.msg);
    tally all = {0}, no_e = {0};
    assert_true(all_positions_of(b, TH6_ALL, &all));
    all_positions_of(b, TH6_F, &no_e);
    print_message("condition (e): %d claims with it, %d refuted; %d claims without it, %d refuted (first %s)\n",
                  all.claims, all.refuted, no_e.claims, no_e.refuted, no_e.first);
    if (all.refuted)
        fail_msg("th6_one calls a position of value other than 1 so: %s", all.first);
    assert_true(no_e.refuted > 0);
    cy_board_free(b);
}

/* The check broken on purpose must be refuted: with condition (c)
 * dropped on the ring boards, and with a rotation of order 3 taken for an
 * involution on cycle:3 and windmill:3. */
static void test_broken_refuted(void **state)
{
    (void)state;
    rb_rng r = {7};
    tally no_c = {0}, order3 = {0};
    for (int i = NNAMED; i < NBOARDS; i++) {
        cy_board *b = board_at(i);
        br_game *br = br_new(b);
        sg_board sb;
        assert_int_equal(sg_board_init(b, &sb), 0);
        cy_symmetry *sym = cy_symmetry_new(b, NULL);
        th6 t;
        assert_true(th6_init(b, &sb, sym, &t) > 0);
        for (int k = 0; k < t.n; k++)
            t.inv[k].moved = 0; /* (c) dropped */
        walks(&(ctx){.b = b, .br = br, .sb = &sb, .t = &t, .ty = &no_c}, check, sym, &r, 40);
        cy_symmetry_free(sym);
        br_free(br);
        cy_board_free(b);
    }
    static const char *const three[] = {"cycle:3", "windmill:3"};
    for (int i = 0; i < 2; i++) {
        cy_board *b = t_board(three[i]);
        br_game *br = br_new(b);
        sg_board sb;
        assert_int_equal(sg_board_init(b, &sb), 0);
        cy_symmetry *sym = cy_symmetry_new(b, NULL);
        int *kof = malloc(sizeof(int) * (size_t)(b->nv + b->ncells));
        th6_constraints(b, kof);
        th6 t = {0};
        for (int a = 1; a < sym->n; a++)
            if (sym->aut[a].order == 3)
                th6_inv_fill(b, &sb, kof, &sym->aut[a], &t.inv[t.n++]);
        assert_true(t.n > 0);
        unsigned char mark[SG_MAXE];
        memset(mark, CY_UNMARKED, (size_t)b->ne);
        check(&(ctx){.b = b, .br = br, .sb = &sb, .t = &t, .ty = &order3},
              mark); /* the empty board is symmetric under any rotation */
        free(kof);
        cy_symmetry_free(sym);
        br_free(br);
        cy_board_free(b);
    }
    print_message("broken on purpose: without (c) %d of %d claims refuted (first %s); order 3: %d of %d\n",
                  no_c.refuted, no_c.claims, no_c.first, order3.refuted, order3.claims);
    assert_true(no_c.refuted > 0);
    assert_true(order3.refuted > 0);
}

/* The engines of test_engines: the fast engine on sub-games (outcome
 * search above 2 edges) with and without theorems, its df-pn, and the
 * plain engine. */
static const cy_solver_opts engines[4] = {
    {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2},
    {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .no_theorems = 1},
    {.engine = CY_ENGINE_FAST, .threads = 1, .no_bitboard = 1, .mex_edges = 2, .search = CY_SEARCH_DFPN, .dfpn_edges = 2},
    {.engine = CY_ENGINE_PLAIN, .no_theorems = 1},
};

/* Values and outcomes of position mark by the engines of c, against the
 * brute force. */
static void compare(ctx *c, const unsigned char *mark)
{
    unsigned char m[SG_MAXE];
    memcpy(m, mark, (size_t)c->b->ne);
    if (br_has_cycle_cell(c->br, m) || br_can_complete(c->br, m))
        return;
    int want = br_grundy(c->br, m);
    c->ty->positions++;
    sg g;
    sg_from_board(c->sb, c->b, m, &g);
    int claimed = th6_lost(c->t, &g) || th6_one(c->t, c->sb, &g, TH6_ALL);
    c->ty->claims += claimed;
    for (int i = 0; i < 4; i++) {
        cy_solver_stats st;
        cy_solver_stats_get(c->s[i], &st);
        uint64_t before = st.positions;
        int v = cy_solver_grundy(c->s[i], m), w = cy_solver_wins(c->s[i], m);
        cy_solver_stats_get(c->s[i], &st);
        if (i < 2 && claimed)
            c->work[i] += st.positions - before;
        if (v != want || w != (want != 0))
            fail_msg("%s, engine %d: value %d, wins %d; the brute force says %d", c->b->name, i, v, w, want);
    }
}

/* The fast engine with and without theorems, with df-pn and the plain
 * engine agree with the brute force on the walks' positions; with
 * theorems the fast engine searches fewer positions at the positions the
 * theorems settle (th6_lost, th6_one). */
static void test_engines(void **state)
{
    (void)state;
    rb_rng r = {99};
    tally ty = {0};
    ctx c = {.ty = &ty};
    for (int i = 0; i < NBOARDS; i++) {
        cy_board *b = board_at(i);
        sg_board sb;
        assert_int_equal(sg_board_init(b, &sb), 0);
        cy_symmetry *sym = cy_symmetry_new(b, NULL);
        th6 t;
        th6_init(b, &sb, sym, &t);
        c.b = b;
        c.sb = &sb;
        c.t = &t;
        c.br = br_new(b);
        for (int k = 0; k < 4; k++) {
            cy_error err;
            c.s[k] = cy_solver_new(b, &engines[k], &err);
            assert_non_null(c.s[k]);
        }
        walks(&c, compare, sym, &r, 2);
        for (int k = 0; k < 4; k++)
            cy_solver_free(c.s[k]);
        br_free(c.br);
        cy_symmetry_free(sym);
        cy_board_free(b);
    }
    print_message("engines: %d positions, %d settled by the theorems; there fast searched %llu with theorems, "
                  "%llu without\n",
                  ty.positions, ty.claims, (unsigned long long)c.work[0], (unsigned long long)c.work[1]);
    assert_true(ty.positions >= 300);
    assert_true(ty.claims >= 50);
    assert_true(c.work[0] < c.work[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_claims_hold),       cmocka_unit_test(test_one_claims_hold),
        cmocka_unit_test(test_every_small_board), cmocka_unit_test(test_condition_e),
        cmocka_unit_test(test_broken_refuted),    cmocka_unit_test(test_engines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
