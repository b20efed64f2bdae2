/*
 * test_subgame.c - the compact positions of the fast engine (src/engine/subgame.c):
 * sg_play's local normalisation against the board, and sg_components'
 * split against a union-find written here.
 *
 * randboard.c is included (a unity build), as in test_solver.c.
 */
#include "support.h"

#include "randboard.c"

#include "subgame.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Whether two positions are the same four words. */
static int same(const sg *a, const sg *b)
{
    return a->live == b->live && a->alive == b->alive && a->comm == b->comm && a->flip == b->flip;
}

/* The components of g by union-find over edges, each live edge joined to
 * the other live edges of every alive constraint on it: comp[] sorted by
 * lowest edge, free edges (on no alive constraint) apart.  Returns the
 * number of components. */
static int components_by_union(const sg_board *sb, const sg *g, uint64_t *comp, uint64_t *free_edges)
{
    int up[SG_MAXE];
    for (int e = 0; e < SG_MAXE; e++)
        up[e] = e;
    uint64_t covered = 0;
    for (int k = 0; k < sb->nk; k++) {
        if (!((g->alive >> k) & 1u))
            continue;
        int first = -1;
        for (int e = 0; e < sb->ne; e++) {
            if (!((g->live >> e) & 1u) || !((sb->edges[k] >> e) & 1u))
                continue;
            covered |= 1ull << e;
            if (first < 0) {
                first = e;
                continue;
            }
            int a = first, b = e;
            while (up[a] != a)
                a = up[a];
            while (up[b] != b)
                b = up[b];
            up[a > b ? a : b] = a < b ? a : b;
        }
    }
    *free_edges = g->live & ~covered;
    uint64_t by_root[SG_MAXE] = {0};
    for (int e = 0; e < sb->ne; e++) {
        if (!((covered >> e) & 1u))
            continue;
        int root = e;
        while (up[root] != root)
            root = up[root];
        by_root[root] |= 1ull << e;
    }
    int n = 0;
    for (int e = 0; e < sb->ne; e++)
        if (by_root[e])
            comp[n++] = by_root[e];
    return n;
}

/* Checks sg_components on g against components_by_union. */
static void check_split(const sg_board *sb, const sg *g, const char *desc)
{
    uint64_t comp[SG_MAXE], kcomp[SG_MAXE], free_edges, want[SG_MAXE], want_free;
    int n = sg_components(sb, g, comp, kcomp, &free_edges);
    int m = components_by_union(sb, g, want, &want_free);
    if (n != m || free_edges != want_free)
        fail_msg("%s: %d components and free edges %llx, union-find says %d and %llx", desc, n,
                 (unsigned long long)free_edges, m, (unsigned long long)want_free);
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < m && want[j] != comp[i])
            j++;
        if (j == m)
            fail_msg("%s: component %llx is not one of union-find's", desc, (unsigned long long)comp[i]);
        /* its constraints: the alive ones on its edges */
        uint64_t ks = 0;
        for (uint64_t es = comp[i]; es; es &= es - 1)
            ks |= sb->on[__builtin_ctzll(es)];
        assert_true(kcomp[i] == (ks & g->alive));
    }
}

/* Plays random games on random boards: after every legal move of every
 * position on the way, sg_play's position equals sg_from_board's of the
 * marks, and sg_normalise leaves it as it is; the split agrees with the
 * union-find. */
static void test_play_normalises(void **state)
{
    (void)state;
    char desc[1024];
    long children = 0;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        rb_rng r = {seed * 0xD1B54A32D192ED03ull + 5};
        cy_board *b = rb_board(&r, seed % 2 ? 24 : 12, desc, sizeof desc);
        sg_board sb;
        assert_int_equal(sg_board_init(b, &sb), 0);
        unsigned char *mark = calloc((size_t)b->ne + 1, 1), *next = calloc((size_t)b->ne + 1, 1);
        rb_position(b, mark, &r, rb_below(&r, b->ne / 2 + 1));
        if (cy_rules_cycle_cell(b, mark) >= 0) {
            free(mark);
            free(next);
            cy_board_free(b);
            continue;
        }
        sg g;
        sg_from_board(&sb, b, mark, &g);
        check_split(&sb, &g, desc);
        while (g.live) {
            uint64_t f[2];
            sg_forbidden(&sb, &g, f);
            int darts[2 * SG_MAXE], nd = 0;
            for (uint64_t es = g.live; es; es &= es - 1) {
                int e = __builtin_ctzll(es);
                for (int dir = 0; dir < 2; dir++)
                    if (!((f[dir] >> e) & 1u))
                        darts[nd++] = 2 * e + dir;
            }
            assert_true(nd > 0); /* normalised: no live edge is unmarkable */
            for (int i = 0; i < nd; i++) {
                sg child = g, again, built;
                int death = sg_play(&sb, &child, darts[i] >> 1, darts[i] & 1);
                again = child;
                sg_normalise(&sb, &again);
                if (!same(&child, &again))
                    fail_msg("%s: sg_play(%d, %d) is not normalised", desc, darts[i] >> 1, darts[i] & 1);
                memcpy(next, mark, (size_t)b->ne);
                next[darts[i] >> 1] = (darts[i] & 1) ? CY_BWD : CY_FWD;
                if (!death && cy_rules_cycle_cell(b, next) < 0) {
                    sg_from_board(&sb, b, next, &built);
                    if (!same(&child, &built))
                        fail_msg("%s: sg_play(%d, %d) differs from the board's position", desc, darts[i] >> 1,
                                 darts[i] & 1);
                }
                check_split(&sb, &child, desc);
                children++;
            }
            int d = darts[rb_below(&r, nd)];
            int death = sg_play(&sb, &g, d >> 1, d & 1);
            mark[d >> 1] = (d & 1) ? CY_BWD : CY_FWD;
            if (death)
                break;
        }
        free(mark);
        free(next);
        cy_board_free(b);
    }
    print_message("%ld children checked\n", children);
    assert_true(children > 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_play_normalises),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
