/*
 * brute.h - an independent brute force of the Game of Cycles, for tests.
 *
 * Written from the rules alone (Alvarado et al. 2021 sections 1-2, Fokkink and Zandee 2022 section 1),
 * separately from src/rules.c, src/engine/solver.c and src/analysis.c: it calls no
 * cy_rules_*, cy_solver_* or cy_analyse function and reads only the board's
 * vertices, edges, special flags and cell walks.  It is slow on purpose:
 * every question is answered by re-reading the whole position.
 *
 * Positions are arrays of edge marks as in cycles.h (CY_UNMARKED, CY_FWD =
 * arrow eu -> ev, CY_BWD = arrow ev -> eu); moves are darts (2e: eu -> ev,
 * 2e+1: ev -> eu).
 */
#ifndef CYCLES_TEST_BRUTE_H
#define CYCLES_TEST_BRUTE_H

#include "cycles.h"

/* The brute force memoises by the full 3^E state; boards are kept small. */
#define BR_MAX_EDGES 13
/* br_new_sparse memoises in a hash table keyed by the same base-3 number
 * instead, for larger boards searched from positions some moves in. */
#define BR_MAX_SPARSE_EDGES 40

typedef struct br_game br_game;

/* A brute force for board b (at most BR_MAX_EDGES edges, else NULL); b must
 * outlive it. */
br_game *br_new(const cy_board *b);
/* The same for a board of at most BR_MAX_SPARSE_EDGES edges, with the memo
 * in a hash table that grows with the positions met (else NULL). */
br_game *br_new_sparse(const cy_board *b);
void br_free(br_game *g);

/* Whether cell c is a cycle cell: its walk uses no edge twice and every edge
 * of the walk carries an arrow, all along the walk or all against it. */
int br_is_cycle_cell(const br_game *g, const unsigned char *mark, int c);
/* Whether the position has a cycle cell (the game is over). */
int br_has_cycle_cell(const br_game *g, const unsigned char *mark);
/* Whether dart d is a legal move: its edge is unmarked, no cycle cell exists,
 * and after marking it no vertex that is not special is a sink or a source. */
int br_legal(const br_game *g, unsigned char *mark, int d);
/* The legal moves, into out[2E]; returns their number. */
int br_legal_moves(const br_game *g, unsigned char *mark, int *out);
/* Whether legal dart d completes a cycle cell. */
int br_completes(const br_game *g, unsigned char *mark, int d);
/* Whether some legal move completes a cycle cell. */
int br_can_complete(const br_game *g, unsigned char *mark);
/* Whether legal dart d is a death move: afterwards the opponent can complete
 * a cycle cell (a move that itself completes one is not a death move). */
int br_is_death(const br_game *g, unsigned char *mark, int d);

/* ORIGINAL RULES: whether the player to move wins (some legal move completes
 * a cycle cell or leaves a position the opponent loses; no move = loss). */
int br_wins(br_game *g, unsigned char *mark);
/* The winning moves of the original game, into out[2E] in increasing dart
 * order; returns their number. */
int br_winning_moves(br_game *g, unsigned char *mark, int *out);

/* NORMAL PLAY: the Grundy value of the game whose moves are the legal moves
 * that neither complete a cycle cell nor are death moves (mex of the values
 * after them; 0 when there are none). */
int br_grundy(br_game *g, unsigned char *mark);

#endif
