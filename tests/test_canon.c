/*
 * test_canon.c - the keys of sub-games (src/engine/canon.c): plane keys and nauty
 * keys are the same for a component and its images under the board's
 * automorphisms and under reversing every arrow, and two components with
 * one plane key are isomorphic, as nauty (an independent canonical labelling)
 * confirms.
 *
 * randboard.c is included (a unity build), as in test_solver.c.
 */
#include "support.h"

#include "randboard.c"

#include "canon.h"
#include "subgame.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The marks of the image of position mark under automorphism a, with every
 * arrow reversed too when rev. */
static void image(const cy_board *b, const cy_automorphism *a, const unsigned char *mark, int rev, unsigned char *out)
{
    for (int e = 0; e < b->ne; e++) {
        if (mark[e] == CY_UNMARKED) {
            out[a->emap[e]] = CY_UNMARKED;
            continue;
        }
        int d = cy_dart(e, mark[e]);
        int tail = a->vmap[cy_tail(b, d)], head = a->vmap[cy_head(b, d)];
        int img = cy_board_dart(b, rev ? head : tail, rev ? tail : head);
        assert_true(img >= 0);
        out[cy_dart_edge(img)] = (unsigned char)cy_dart_mark(img);
    }
}

/* The keys of the components of a position, as a sorted list (plane keys
 * when plane, else nauty keys); returns the count. */
static int component_keys(const sg_board *sb, const cy_board *b, const unsigned char *mark, int plane,
                          uint64_t (*keys)[2])
{
    sg g;
    sg_from_board(sb, b, mark, &g);
    uint64_t comp[SG_MAXE], kcomp[SG_MAXE], free_edges;
    int n = sg_components(sb, &g, comp, kcomp, &free_edges);
    for (int i = 0; i < n; i++) {
        sg part = sg_part(&g, comp[i], kcomp[i]);
        if (plane)
            sg_plane_key(sb, &part, keys[i]);
        else
            sg_key(sb, &part, 1, keys[i]);
    }
    /* sort by first word, then second */
    for (int i = 1; i < n; i++)
        for (int j = i;
             j > 0 && (keys[j - 1][0] > keys[j][0] || (keys[j - 1][0] == keys[j][0] && keys[j - 1][1] > keys[j][1]));
             j--) {
            uint64_t t0 = keys[j][0], t1 = keys[j][1];
            keys[j][0] = keys[j - 1][0];
            keys[j][1] = keys[j - 1][1];
            keys[j - 1][0] = t0;
            keys[j - 1][1] = t1;
        }
    return n;
}

/* Every automorphism of the board, with and without reversal, maps the
 * components of random positions to components with the same keys. */
static void check_invariance(const char *spec, int positions)
{
    cy_board *b = t_board(spec);
    cy_symmetry *sym = cy_symmetry_new(b, NULL);
    assert_non_null(sym);
    sg_board sb;
    assert_int_equal(sg_board_init(b, &sb), 0);
    unsigned char *mark = calloc((size_t)b->ne, 1), *img = calloc((size_t)b->ne, 1);
    uint64_t keys[SG_MAXE][2], ikeys[SG_MAXE][2];
    rb_rng rng = {12345};
    int compared = 0;
    for (int p = 0; p < positions; p++) {
        memset(mark, CY_UNMARKED, (size_t)b->ne);
        rb_position(b, mark, &rng, rb_below(&rng, b->ne));
        if (cy_rules_winning_completion(b, mark) >= 0)
            continue;
        for (int plane = 0; plane < 2; plane++) {
            int n = component_keys(&sb, b, mark, plane, keys);
            for (int a = 0; a < sym->n; a++)
                for (int rev = 0; rev < 2; rev++) {
                    image(b, &sym->aut[a], mark, rev, img);
                    int m = component_keys(&sb, b, img, plane, ikeys);
                    assert_int_equal(n, m);
                    if (memcmp(keys, ikeys, sizeof(uint64_t) * 2 * (size_t)n) != 0)
                        fail_msg("%s: %s keys differ under automorphism %d%s", spec, plane ? "plane" : "nauty", a,
                                 rev ? " with reversal" : "");
                    compared++;
                }
        }
    }
    assert_true(compared > positions);
    free(mark);
    free(img);
    cy_symmetry_free(sym);
    cy_board_free(b);
}

static void test_invariance(void **state)
{
    (void)state;
    check_invariance("grid:3x4", 60);
    check_invariance("grid:4x4", 40);
    check_invariance("theta:3,4,5", 60);
    check_invariance("k4", 60);
    check_invariance("windmill:3", 60);
    check_invariance("chord:8,4", 60);
}

/* Components of one board that share a plane key share a nauty key: the
 * plane key never merges components that are not isomorphic. */
static void check_sound(const char *spec, int positions)
{
    cy_board *b = t_board(spec);
    sg_board sb;
    assert_int_equal(sg_board_init(b, &sb), 0);
    unsigned char *mark = calloc((size_t)b->ne, 1);
    enum { CAP = 1 << 14 };
    uint64_t(*plane)[2] = calloc(CAP, sizeof *plane), (*nauty)[2] = calloc(CAP, sizeof *nauty);
    uint64_t pk[SG_MAXE][2];
    int n = 0, merged = 0;
    rb_rng rng = {777};
    for (int p = 0; p < positions && n < CAP - SG_MAXE; p++) {
        memset(mark, CY_UNMARKED, (size_t)b->ne);
        rb_position(b, mark, &rng, rb_below(&rng, b->ne));
        if (cy_rules_winning_completion(b, mark) >= 0)
            continue;
        sg g;
        sg_from_board(&sb, b, mark, &g);
        uint64_t comp[SG_MAXE], kcomp[SG_MAXE], free_edges;
        int nc = sg_components(&sb, &g, comp, kcomp, &free_edges);
        for (int i = 0; i < nc; i++) {
            sg part = sg_part(&g, comp[i], kcomp[i]);
            sg_plane_key(&sb, &part, pk[0]);
            uint64_t nk[2];
            sg_key(&sb, &part, 1, nk);
            int j = 0;
            while (j < n && (plane[j][0] != pk[0][0] || plane[j][1] != pk[0][1]))
                j++;
            if (j < n) {
                if (nauty[j][0] != nk[0] || nauty[j][1] != nk[1])
                    fail_msg("%s: two components share a plane key but are not isomorphic", spec);
                merged++;
                continue;
            }
            plane[n][0] = pk[0][0];
            plane[n][1] = pk[0][1];
            nauty[n][0] = nk[0];
            nauty[n][1] = nk[1];
            n++;
        }
    }
    assert_true(merged > 0); /* the check met some pairs */
    free(plane);
    free(nauty);
    free(mark);
    cy_board_free(b);
}

static void test_sound(void **state)
{
    (void)state;
    check_sound("grid:3x5", 400);
    check_sound("theta:5,6,7", 400);
    check_sound("wedge:4,5,6", 400);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_invariance),
        cmocka_unit_test(test_sound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
