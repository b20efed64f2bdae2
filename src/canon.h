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
void sg_key(const sg *g, int canonical, uint64_t key[2]);

#endif
