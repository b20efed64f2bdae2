/*
 * test_treekey.c - keys of tree components (src/engine/treekey.c): relabelled and
 * re-embedded copies of a tree, and the position with every arrow reversed,
 * get the key of the original; positions whose components have one key have
 * one Grundy value by the independent brute force (tests/brute.c), across
 * different trees and boards; components with a cycle or a cell get none.
 *
 * brute.c and randboard.c are included (a unity build), as in test_positions.c.
 */
#include "support.h"

#include "brute.c"
#include "randboard.c"

#include "subgame.h"
#include "treekey.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 16

/* A random tree of n vertices: parents, and special flags (the leaves, and
 * with extra other vertices at random). */
static void random_shape(rb_rng *r, int n, int extra, int *parent, unsigned char *sp)
{
    int deg[MAXN] = {0};
    for (int v = 1; v < n; v++) {
        parent[v] = rb_below(r, v);
        deg[v]++;
        deg[parent[v]]++;
    }
    for (int v = 0; v < n; v++)
        sp[v] = deg[v] == 1 || (extra && rb_below(r, 4) == 0);
}

/* The tree key of position mark of b when it is one component without free
 * edges (else 0): 1 with key set. */
static int position_key(const cy_board *b, const unsigned char *mark, uint64_t key[2])
{
    sg_board sb;
    assert_int_equal(sg_board_init(b, &sb), 0);
    sg g;
    sg_from_board(&sb, b, mark, &g);
    uint64_t comp[SG_MAXE], kcomp[SG_MAXE], free_edges;
    if (sg_components(&sb, &g, comp, kcomp, &free_edges) != 1 || free_edges)
        return 0;
    sg p = sg_part(&g, comp[0], kcomp[0]);
    return sg_tree_key(&sb, &p, key);
}

/* The marks of position mark of b on c, the same tree drawn and labelled
 * otherwise (tree vertex v is pb[v] of b and pc[v] of c), with every arrow
 * reversed when rev. */
static void carry(const cy_board *b, const int *pb, const cy_board *c, const int *pc, const unsigned char *mark,
                  int rev, unsigned char *out)
{
    int to[MAXN];
    for (int v = 0; v < b->nv; v++)
        to[pb[v]] = pc[v];
    for (int e = 0; e < b->ne; e++) {
        int d = cy_board_dart(c, to[b->eu[e]], to[b->ev[e]]);
        assert_true(d >= 0);
        if (mark[e] == CY_UNMARKED)
            out[cy_dart_edge(d)] = CY_UNMARKED;
        else /* d runs eu -> ev of b: the arrow is d when FWD (and not rev) */
            out[cy_dart_edge(d)] = (unsigned char)cy_dart_mark((mark[e] == CY_FWD) != !!rev ? d : d ^ 1);
    }
}

/* Copies and reversed positions get the original's key. */
static void test_copies(void **state)
{
    (void)state;
    rb_rng r = {7};
    int checked = 0;
    for (int round = 0; round < 300; round++) {
        int n = 3 + rb_below(&r, MAXN - 3), parent[MAXN], pb[MAXN], pc[MAXN];
        unsigned char sp[MAXN];
        random_shape(&r, n, round % 3 == 0, parent, sp);
        cy_board *b = rb_tree(&r, n, parent, sp, pb);
        unsigned char mark[64] = {0}, out[64];
        rb_position(b, mark, &r, rb_below(&r, b->ne));
        uint64_t k0[2];
        if (position_key(b, mark, k0)) {
            for (int rev = 0; rev < 2; rev++) {
                cy_board *c = rb_tree(&r, n, parent, sp, pc);
                carry(b, pb, c, pc, mark, rev, out);
                uint64_t k1[2];
                assert_int_equal(position_key(c, out, k1), 1);
                assert_true(k0[0] == k1[0] && k0[1] == k1[1]);
                cy_board_free(c);
            }
            checked++;
        }
        cy_board_free(b);
    }
    assert_true(checked > 100);
}

typedef struct seen {
    uint64_t key[2];
    int value, board;
} seen;

static seen pool[20000];
static int npool;

/* Records (key, value) of a position of board number id; fails when the key
 * was seen with another value.  Returns 1 when it was seen on another board. */
static int record(const uint64_t key[2], int value, int id)
{
    for (int i = 0; i < npool; i++)
        if (pool[i].key[0] == key[0] && pool[i].key[1] == key[1]) {
            if (pool[i].value != value)
                fail_msg("one tree key, Grundy values %d and %d", pool[i].value, value);
            return pool[i].board != id;
        }
    if (npool < (int)(sizeof pool / sizeof pool[0]))
        pool[npool++] = (seen){{key[0], key[1]}, value, id};
    return 0;
}

/* Equal keys, equal values (brute force), over random trees and over the
 * cell-free tree components of random boards with cells. */
static void test_equal_keys_equal_values(void **state)
{
    (void)state;
    rb_rng r = {2026};
    int across = 0, with_cells = 0;
    for (int id = 0; id < 600; id++) {
        cy_board *b;
        if (id % 3 == 2) {
            b = rb_board(&r, 11, NULL, 0);
        } else {
            int n = 3 + rb_below(&r, 11), parent[MAXN], perm[MAXN];
            unsigned char sp[MAXN];
            random_shape(&r, n, id % 2, parent, sp);
            b = rb_tree(&r, n, parent, sp, perm);
        }
        if (b->ne > 11) {
            cy_board_free(b);
            continue;
        }
        br_game *g = br_new(b);
        assert_non_null(g);
        for (int t = 0; t < 6; t++) {
            unsigned char mark[64] = {0};
            rb_position(b, mark, &r, rb_below(&r, b->ne + 1));
            uint64_t key[2];
            if (!position_key(b, mark, key))
                continue;
            int v = br_grundy(g, mark);
            across += record(key, v, id);
            with_cells += b->ncells > 0;
        }
        br_free(g);
        cy_board_free(b);
    }
    print_message("%d positions met a key of another board, %d on boards with cells\n", across, with_cells);
    /* the check had something to compare */
    assert_true(across > 200);
    assert_true(with_cells > 20);
}

/* A component with an alive cell, or whose vertices close a cycle, has no
 * tree key. */
static void test_not_trees(void **state)
{
    (void)state;
    const char *specs[] = {"cycle:5", "grid:2x3", "theta:2,2,2"};
    for (int i = 0; i < 3; i++) {
        cy_board *b = t_board(specs[i]);
        unsigned char mark[64] = {0};
        uint64_t key[2];
        assert_int_equal(position_key(b, mark, key), 0);
        cy_board_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copies),
        cmocka_unit_test(test_equal_keys_equal_values),
        cmocka_unit_test(test_not_trees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
