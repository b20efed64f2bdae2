/*
 * randboard.h - random small connected plane boards for tests, built from
 * face walks with cy_board_from_faces and a seeded PRNG (deterministic).
 *
 * A board starts as a grid, a triangulated polygon, a wheel or a cycle; then
 * random edges between two different faces are deleted (merging the faces,
 * which keeps the graph connected), pendant edges are hung into faces, edges
 * are subdivided, pendant vertices are deleted and vertices are made special.
 * The result has cells with repeated vertices, trees inside cells, bridges,
 * degree-1 and degree-2 vertices.
 */
#ifndef CYCLES_TEST_RANDBOARD_H
#define CYCLES_TEST_RANDBOARD_H

#include <stddef.h>
#include <stdint.h>

#include "cycles.h"

/* A splitmix64 generator; any seed is fine. */
typedef struct rb_rng {
    uint64_t s;
} rb_rng;

/* The next 64 random bits. */
uint64_t rb_next(rb_rng *r);
/* A uniform integer in [0, n) (n >= 1). */
int rb_below(rb_rng *r, int n);

/* Plays up to k random safe moves on mark (never a position with a cycle
 * cell or a completion, so the normal-play value is defined). */
void rb_position(const cy_board *b, unsigned char *mark, rb_rng *r, int k);

/* A random board with 1..max_edges edges (max_edges >= 3).  desc (if not
 * NULL) receives a description of its vertices, walks and special vertices for
 * failure messages.  Never NULL: a board the library rejects fails the test. */
cy_board *rb_board(rb_rng *r, int max_edges, char *desc, size_t n);

/* The most vertices rb_tree takes. */
#define RB_TREE_MAXN 32

/* The tree on n vertices (2..RB_TREE_MAXN) with parent[v] < v for v >= 1, as
 * a board from its one face walk: with r, drawn with random rotations and
 * labelled at random; with r NULL, each vertex's neighbours in the order of
 * their numbers and tree vertex v as board vertex v.  Tree vertex v is
 * vertex perm[v] of the board (perm: n entries, filled in).  sp[v]: tree
 * vertex v is special; sp NULL: the leaves are. */
cy_board *rb_tree(rb_rng *r, int n, const int *parent, const unsigned char *sp, int *perm);

#endif
