/*
 * test_reduce.c - the bitboard engine's ways of finding a Grundy value
 * against the independent brute force (tests/brute.c): by questions "is the
 * value h?" (the default, src/engine/solver_bits.c's heap_eq) and by mex of every
 * child (--no-outcome-search), each with and without the reductions of
 * cy_solver_opts.reductions (the summary keys of src/engine/reduce.h, the free
 * edges and the settled edges of src/engine/solver_bits.c).  At every
 * position of every plane board of up to 9 edges (tests/planeboards.c;
 * 9,549 boards) and of every 37th board of 10 edges (1,197 of 44,276) each
 * gives the brute force's Grundy value, one solver per board answering
 * all its positions in base-3 order (so entries stored for one position,
 * exact values or values excluded, serve the next, as in a search); each switch changes the positions
 * searched (so it reaches the code it names); and the table of the summary
 * keys keeps every entry through its growth and is empty after rtab_clear.
 *
 * (Under AddressSanitizer, every board of up to 8 edges and every 97th of
 * 9 and 10: see read_extent.)
 *
 * THE FULL CHECK, every position of every plane board of up to 10 edges
 * (53,825 boards), takes some minutes, too long for `make test`; it is run
 * by hand:
 *     CYCLES_REDUCE_EDGES=10 build/tests/test_reduce
 * (CYCLES_REDUCE_EDGES=N, 1 to 10: every board of up to N edges, and every
 * 37th board of more, 97th under AddressSanitizer; CYCLES_REDUCE_SHARD=I/K:
 * only the boards whose number is I modulo K, so that K processes share
 * the work; the counts are asserted only for N of 8 or more).  Its last
 * run is recorded in docs/benchmarks.md.
 *
 * brute.c and planeboards.c are included (a unity build), as in
 * test_theorem6.c.
 */
#include "support.h"

#include "brute.c"
#define PB_MAXE 10 /* the boards of the full check */
#include "planeboards.c"

#include "reduce.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The ways checked: by questions (the default), by mex, each reduction
 * alone by mex and by questions, the summary keys with each of the others
 * (the settled edges include the free edges). */
static const struct way {
    const char *name;
    int mex, reductions;
} ways[] = {
    {"questions", 0, 0},
    {"mex", 1, 0},
    {"mex, summary keys", 1, CY_REDUCE_KEYS},
    {"mex, free edges", 1, CY_REDUCE_FREE},
    {"questions, free edges", 0, CY_REDUCE_FREE},
    {"summary keys and free edges", 0, CY_REDUCE_KEYS | CY_REDUCE_FREE},
    {"mex, settled edges", 1, CY_REDUCE_SETTLED},
    {"questions, settled edges", 0, CY_REDUCE_SETTLED},
    {"summary keys, settled edges", 0, CY_REDUCE_KEYS | CY_REDUCE_SETTLED},
};
#define NWAYS 9

typedef struct tally {
    long positions;           /* positions compared */
    long wrong[NWAYS];        /* values unlike the brute force's */
    char first[NWAYS][400];   /* the first of them: the board's faces and the marks */
    uint64_t searched[NWAYS]; /* positions each way searched for the empty boards */
} tally;

/* Whether mark is a position the engines value as a normal-play game: no
 * sink or source, no cycle cell, and no move that completes one. */
static int normal_play_position(br_game *br, const cy_board *b, unsigned char *mark)
{
    for (int v = 0; v < b->nv; v++) {
        int in = 0, out = 0, open = 0;
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++) {
            int x = b->vdarts[i], k = mark[cy_dart_edge(x)];
            open += k == CY_UNMARKED;
            out += k != CY_UNMARKED && k == cy_dart_mark(x);
            in += k != CY_UNMARKED && k != cy_dart_mark(x);
        }
        if (!b->special[v] && !open && !(in && out))
            return 0;
    }
    return !br_has_cycle_cell(br, mark) && !br_can_complete(br, mark);
}

/* Compares every position of b (every marking, in base-3 order) under each
 * reduction with the brute force, into *ty; desc names b in messages. */
static void every_position(const cy_board *b, const char *desc, tally *ty)
{
    br_game *br = br_new(b);
    assert_non_null(br);
    cy_solver *s[NWAYS];
    for (int i = 0; i < NWAYS; i++) {
        cy_solver_opts o = {.threads = 1, .no_theorems = 1, .memory = (size_t)64 << 20};
        o.no_outcome_search = ways[i].mex;
        o.reductions = ways[i].reductions;
        cy_error err;
        s[i] = cy_solver_new(b, &o, &err);
        assert_non_null(s[i]);
    }
    unsigned char m[PB_MAXE + 1] = {0};
    for (;;) {
        if (normal_play_position(br, b, m)) {
            int want = br_grundy(br, m);
            ty->positions++;
            for (int i = 0; i < NWAYS; i++) {
                int got = cy_solver_grundy(s[i], m);
                if (got != want && !ty->wrong[i]++) {
                    int k = snprintf(ty->first[i], sizeof ty->first[i], "%s, marks", desc);
                    for (int e = 0; e < b->ne && k > 0 && (size_t)k < sizeof ty->first[i] - 4; e++)
                        k += snprintf(ty->first[i] + k, sizeof ty->first[i] - (size_t)k, " %d", m[e]);
                }
            }
        }
        int e = 0; /* the next marking, counting in base 3 */
        while (e < b->ne && m[e] == 2)
            m[e++] = 0;
        if (e == b->ne)
            break;
        m[e]++;
    }
    for (int i = 0; i < NWAYS; i++) {
        cy_solver_free(s[i]);
        /* the empty board alone, on a fresh table */
        cy_solver_opts o = {.threads = 1, .no_theorems = 1, .memory = (size_t)64 << 20};
        o.no_outcome_search = ways[i].mex;
        o.reductions = ways[i].reductions;
        cy_error err;
        cy_solver *e = cy_solver_new(b, &o, &err);
        assert_non_null(e);
        memset(m, 0, sizeof m);
        assert_int_equal(cy_solver_grundy(e, m), br_grundy(br, m));
        cy_solver_stats st;
        cy_solver_stats_get(e, &st);
        ty->searched[i] += st.positions;
        cy_solver_free(e);
    }
    br_free(br);
}

/* The extent of test_every_small_board: every board of up to `full` edges,
 * and every `stride`-th board of full + 1 to PB_MAXE edges (1: every one),
 * of those the ones whose number (counted over all levels from 0) is
 * shard modulo shards. */
typedef struct extent {
    int full, stride, shard, shards;
} extent;

/* The extent read from CYCLES_REDUCE_EDGES and CYCLES_REDUCE_SHARD (see the
 * top of the file), else the default: every board of up to 9 edges, and
 * every 37th board of 10 edges (about 40 s of CPU in all).  Under
 * AddressSanitizer, which makes it five times as slow and checks the
 * memory, not the values (the plain build checks those), every board of up
 * to 8 edges and every 97th of 9 and 10. */
static extent read_extent(void)
{
#if defined(__SANITIZE_ADDRESS__)
    extent x = {8, 97, 0, 1};
#else
    extent x = {9, 37, 0, 1};
#endif
    const char *e = getenv("CYCLES_REDUCE_EDGES"), *sh = getenv("CYCLES_REDUCE_SHARD");
    if (e && *e) {
        char *end;
        long n = strtol(e, &end, 10);
        if (*end || n < 1 || n > PB_MAXE)
            fail_msg("CYCLES_REDUCE_EDGES must be a whole number from 1 to %d, not \"%s\"", PB_MAXE, e);
        x.full = (int)n;
    }
    if (sh && *sh) {
        int i, k, used = 0;
        if (sscanf(sh, "%d/%d%n", &i, &k, &used) != 2 || sh[used] || k < 1 || i < 0 || i >= k)
            fail_msg("CYCLES_REDUCE_SHARD must be I/K with 0 <= I < K, not \"%s\"", sh);
        x.shard = i;
        x.shards = k;
    }
    return x;
}

/* Every position of every plane board of up to 9 edges and of every 37th
 * board of 10 edges (or the extent the environment asks for):
 * each reduction gives the brute force's value; each changes what is
 * searched. */
static void test_every_small_board(void **state)
{
    (void)state;
    extent x = read_extent();
    pb_list level[PB_MAXE + 1];
    pb_generate(PB_MAXE, level);
    tally ty;
    memset(&ty, 0, sizeof ty);
    int boards = 0, number = 0;
    for (int e = 1; e <= PB_MAXE; e++) {
        long before = ty.positions;
        int here = 0;
        clock_t t0 = clock();
        for (int i = 0; i < level[e].n; i++, number++) {
            if ((e > x.full && i % x.stride) || number % x.shards != x.shard)
                continue;
            cy_error err;
            char desc[256];
            cy_board *b = pb_board(&level[e].m[i], desc, sizeof desc, &err);
            assert_non_null(b);
            boards++;
            here++;
            every_position(b, desc, &ty);
            cy_board_free(b);
        }
        print_message("  %2d edges: %d of %d boards, %ld positions, %.1f s CPU\n", e, here, level[e].n,
                      ty.positions - before, (double)(clock() - t0) / CLOCKS_PER_SEC);
        free(level[e].m);
    }
    print_message("every plane board to %d edges, every %d-th to %d (shard %d of %d): %d boards, %ld positions\n",
                  x.full, x.stride, PB_MAXE, x.shard, x.shards, boards, ty.positions);
    for (int i = 0; i < NWAYS; i++)
        print_message("  %-28s %llu positions searched for the empty boards\n", ways[i].name,
                      (unsigned long long)ty.searched[i]);
    for (int i = 0; i < NWAYS; i++)
        if (ty.wrong[i])
            fail_msg("%s: %ld values unlike the brute force's, first %s", ways[i].name, ty.wrong[i], ty.first[i]);
    if (x.full < 8)
        return; /* too few boards asked for the counts below */
    assert_true(boards * x.shards >= 1000 && ty.positions * x.shards >= 100000);
    /* each switch reaches its code: questions search fewer positions than
     * mex; free edges fewer than without; the summary keys trade the
     * automorphisms for their summaries, so a different number */
    assert_true(ty.searched[0] < ty.searched[1]);
    assert_true(ty.searched[3] < ty.searched[1]);
    assert_true(ty.searched[4] < ty.searched[0]);
    assert_true(ty.searched[2] != ty.searched[1]);
    /* the settled edges are the free edges and more */
    assert_true(ty.searched[6] < ty.searched[3]);
    assert_true(ty.searched[7] < ty.searched[4]);
    assert_true(ty.searched[8] < ty.searched[5]);
}

/* The summary keys' table: every key stored is found with its value through
 * the doublings, a key never stored is not, and rtab_clear empties it; with
 * max_bytes reached, rtab_put says so and stores nothing. */
static void test_table(void **state)
{
    (void)state;
    rtab t;
    assert_int_equal(rtab_init(&t, (size_t)64 << 20), 0);
    const int n = 100000;
    for (int i = 0; i < n; i++)
        assert_int_equal(rtab_put(&t, (uint64_t)i * 7919u, (unsigned char)(1 + i % 200)), 0);
    assert_true(t.n == (size_t)n && t.cap >= 2 * (size_t)n);
    for (int i = 0; i < n; i++)
        assert_int_equal(rtab_get(&t, (uint64_t)i * 7919u), 1 + i % 200);
    assert_int_equal(rtab_get(&t, 3), 0);
    assert_int_equal(rtab_get(&t, (uint64_t)n * 7919u), 0);
    rtab_clear(&t);
    assert_int_equal((int)t.n, 0);
    for (int i = 0; i < n; i++)
        assert_int_equal(rtab_get(&t, (uint64_t)i * 7919u), 0);
    rtab_free(&t);
    /* a table of at most 2^12 slots' bytes cannot double */
    assert_int_equal(rtab_init(&t, ((size_t)1 << 12) * 9), 0);
    int i = 0;
    while (rtab_put(&t, (uint64_t)i, 1) == 0)
        i++;
    assert_int_equal(i, 1 << 11);
    assert_int_equal(rtab_get(&t, (uint64_t)i), 0);
    assert_int_equal(rtab_get(&t, (uint64_t)i - 1), 1);
    rtab_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_every_small_board),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
