/*
 * canon.h - keys for sub-games: a 128-bit hash of a canonical form, so that
 * isomorphic sub-games (relabelled, mirrored, or with every arrow reversed)
 * share one key.  Internal to libcycles.
 */
#ifndef CYCLES_CANON_H
#define CYCLES_CANON_H

#include "subgame.h"

/* Writes the key of sub-game g (a component: every constraint covers only
 * live edges) to key[2].  With canonical false the key is of g as labelled by
 * the board's edge numbers (no symmetry is used); the two kinds of key never
 * coincide. */
void sg_key(const sg_board *sb, const sg *g, int canonical, uint64_t key[2]);

/* A key of component g (live edges joined by its alive constraints: one
 * component, not a whole position) that is the same for every image of g
 * under a map of the plane (rotations, reflections, translations of a
 * pattern: whatever maps its constraints onto each other keeping the order of
 * edges around vertices and cells) and under reversing every arrow.  Much
 * cheaper than the nauty key, though blind to isomorphisms that do not come
 * from the plane; the two kinds of key never coincide. */
void sg_plane_key(const sg_board *sb, const sg *g, uint64_t key[2]);

#endif
