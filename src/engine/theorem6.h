/*
 * theorem6.h - Theorem 6 of Alvarado et al. 2021 (and Theorem 8 of Barua et al. 2022),
 * generalised from the empty board to any position and to one component of
 * the fast engine's sub-game: a position that is its own mirror-reverse
 * image under an involution of the board, with no live self-involutive edge
 * and no live edge whose partner lies in the same moved cell, is lost for
 * the player to move.  The proof is at th6_lost() in theorem6.c.  With one
 * live self-involutive edge whose ends it swaps, and which can always be
 * marked safely, such a position has Grundy value 1 (th6_one(), with its
 * proof).  Internal to libcycles.
 */
#ifndef CYCLES_THEOREM6_H
#define CYCLES_THEOREM6_H

#include "subgame.h"

/* The most involutions kept per board. */
#define TH6_MAX 8

/* An automorphism of a board as a map of a sub-game's darts and
 * constraints, with or without every arrow reversed. */
typedef struct th6_map {
    uint8_t dart[2 * SG_MAXE]; /* the image of each dart (reversed, if so) */
    uint8_t kmap[SG_MAXK];     /* the image of each constraint */
    uint64_t kinv;             /* constraints whose reference darts map to
                                  the other darts of their image */
    uint64_t fixed;            /* the edges mapped to themselves */
} th6_map;

/* One involution tau of the board, with every arrow reversed (the
 * mirror-reverse map R of the papers' strategy). */
typedef struct th6_inv {
    th6_map m;
    uint64_t moved;          /* cell constraints k with tau(k) != k */
    uint64_t pairs[SG_MAXK]; /* per cell constraint: its edges whose
                                partner lies in the same cell */
} th6_inv;

/* The involutions of a board. */
typedef struct th6 {
    int n;
    th6_inv inv[TH6_MAX];
} th6;

/* The constraint (sg_board_init's numbering) of each vertex (0..nv-1) and
 * cell (nv + c), -1 for none; into kof[nv + ncells]. */
void th6_constraints(const cy_board *b, int *kof);

/* Automorphism au of b (its vertex, face and dart maps) as a map of the
 * darts and constraints of sb, with every arrow reversed when rev; kof from
 * th6_constraints. */
void th6_map_of(const cy_board *b, const sg_board *sb, const int *kof, const cy_automorphism *au, int rev, th6_map *m);

/* Whether g is its own image under the map of darts dart[] and of
 * constraints kmap[] (with kinv as in th6_map).  (Inline: the fast
 * engine's move ordering asks it of most children.) */
static inline int th6_symmetric(const uint8_t *dart, const uint8_t *kmap, uint64_t kinv, const sg *g)
{
    uint64_t live = 0, alive = 0, comm = 0, flip = 0, inv = g->flip ^ (g->comm & kinv);
    for (uint64_t es = g->live; es; es &= es - 1)
        live |= 1ull << (dart[2 * __builtin_ctzll(es)] >> 1);
    if (live != g->live)
        return 0;
    for (uint64_t ks = g->alive; ks; ks &= ks - 1) {
        int k = __builtin_ctzll(ks);
        uint64_t bit = 1ull << kmap[k];
        alive |= bit;
        comm |= (g->comm >> k) & 1u ? bit : 0;
        flip |= (inv >> k) & 1u ? bit : 0;
    }
    return alive == g->alive && comm == g->comm && flip == g->flip;
}

/* Whether Theorem 6 with a nim-heap (the statement and the proof are at
 * th6_one() in theorem6.c) proves that g + *1 is lost for the player to
 * move, so that g's Grundy value is 1: g is its own mirror-reverse image
 * under an involution that fixes one live edge c and swaps its ends, and c
 * can always be marked one way that is legal and no death move.  Returns
 * the involution's number plus 1, or 0.  checks is TH6_ALL; the tests that
 * show the claim false without a condition drop TH6_E or TH6_F. */
int th6_one(const th6 *t, const sg_board *sb, const sg *g, int checks);
enum { TH6_E = 1, TH6_F = 2, TH6_ALL = TH6_E | TH6_F };

/* Automorphism au of b, with every arrow reversed, as a th6_inv (whether
 * or not it is an involution: th6_init keeps only those that are). */
void th6_inv_fill(const cy_board *b, const sg_board *sb, const int *kof, const cy_automorphism *au, th6_inv *iv);

/* Finds the involutions of b among the automorphisms sym (NULL: none) into
 * t (the first TH6_MAX); only for a plane board (on another surface t gets
 * none).  Returns how many. */
int th6_init(const cy_board *b, const sg_board *sb, const cy_symmetry *sym, th6 *t);

/* 1 + the index of an involution of t by which g is lost for the player to
 * move (in the normal-play game of the fast engine, where death moves are
 * not allowed), or 0 when none shows it. */
int th6_lost(const th6 *t, const sg *g);

#endif
