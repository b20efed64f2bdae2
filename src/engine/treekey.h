/*
 * treekey.h - keys of tree components: a component with no cell plays the
 * same in every drawing, so when its constraints form a tree its key can be
 * the canonical form of that unordered tree (with each vertex's state and
 * its pendant edges), which merges every isomorphic component, not only the
 * images under maps of the plane.  Internal to libcycles.
 */
#ifndef CYCLES_TREEKEY_H
#define CYCLES_TREEKEY_H

#include "subgame.h"

/* When component g (live edges joined by its alive constraints) has no alive
 * cell and its alive vertices with the live edges between them form a tree,
 * writes to key[2] a 128-bit hash of its canonical form and returns 1: equal
 * for every component isomorphic to g as a graph (vertices to vertices,
 * states kept, or every committed state reversed, as reversing every arrow
 * does), whatever the board and drawing.  Otherwise returns 0 and leaves key
 * alone.  Its keys are hashes of their own, apart from sg_key's and
 * sg_plane_key's but for a collision of 128 bits. */
int sg_tree_key(const sg_board *sb, const sg *g, uint64_t key[2]);

#endif
