/*
 * canon.h - keys for sub-games: a 128-bit hash of a canonical form, so that
 * isomorphic sub-games (relabelled, mirrored, or with every arrow reversed)
 * share one key.  Internal to libcycles.
 */
#ifndef CYCLES_CANON_H
#define CYCLES_CANON_H

#include "subgame.h"

/* Writes the key of sub-game g (all of whose edges are live) to key[2].  With
 * canonical false the key is of g as labelled (no symmetry is used). */
void sg_key(const sg *g, int canonical, uint64_t key[2]);

#endif
