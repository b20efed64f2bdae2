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

/* wyhash's mixing step: the 128-bit product of a and b, its halves XORed. */
static inline uint64_t sg_wymix(uint64_t a, uint64_t b)
{
    __uint128_t r = (__uint128_t)a * b;
    return (uint64_t)r ^ (uint64_t)(r >> 64);
}

/* sg_key(sb, g, 0, key), inline: the key of g as labelled, the four words
 * of the position mixed in two independent ways, each a tree of three of
 * wyhash's 128-bit products (a quarter of the instructions of splitmix's
 * finaliser chained over the words; the labelled key is made for every
 * component of every child a search looks at).  Each word meets each other
 * word in one half or the other, so a factor that happens to XOR to 0 (one
 * word of one position equal to a constant) still leaves every word in the
 * key. */
static inline void sg_label_key(const sg *g, uint64_t key[2])
{
    uint64_t a = sg_wymix(g->live ^ 0xA0761D6478BD642Full, g->alive ^ 0xE7037ED1A0B428DBull);
    uint64_t b = sg_wymix(g->comm ^ 0x8EBC6AF09C88C6E3ull, g->flip ^ 0x589965CC75374CC3ull);
    uint64_t c = sg_wymix(g->live ^ 0x1D8E4E27C47D124Full, g->comm ^ 0xD6E8FEB86659FD93ull);
    uint64_t d = sg_wymix(g->alive ^ 0x9E3779B97F4A7C15ull, g->flip ^ 0xBF58476D1CE4E5B9ull);
    key[0] = sg_wymix(a ^ 0x94D049BB133111EBull, b ^ 0x2545F4914F6CDD1Dull);
    key[1] = sg_wymix(c ^ 0x632BE59BD9B4E019ull, d ^ 0x452821E638D01377ull);
}

/* A key of component g (live edges joined by its alive constraints: one
 * component, not a whole position) that is the same for every image of g
 * under a map of the plane (rotations, reflections, translations of a
 * pattern: whatever maps its constraints onto each other keeping the order of
 * edges around vertices and cells) and under reversing every arrow.  Much
 * cheaper than the nauty key, though blind to isomorphisms that do not come
 * from the plane; the two kinds of key never coincide. */
void sg_plane_key(const sg_board *sb, const sg *g, uint64_t key[2]);

#endif
