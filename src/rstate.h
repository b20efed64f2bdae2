/*
 * rstate.h - the rules of the variants as the searches use them: an
 * incremental position (src/rules.c) that answers legality, completion and
 * what a finished game is worth in constant time per question (a directed
 * cycle takes a search of the marked arrows).  Internal to libcycles.
 */
#ifndef CYCLES_RSTATE_H
#define CYCLES_RSTATE_H

#include "internal.h"

#include <stdint.h>

/* A position under rules r, with counts kept up to date move by move. */
typedef struct rstate {
    const cy_board *b;
    cy_rules r;
    unsigned char *mark;  /* the marks */
    int *vin, *vout;      /* per vertex: marked edges pointing in, out */
    int *along, *against; /* per face: marked darts along, against its walk */
    uint64_t km, kd;      /* the position as bits (edges < 64): marked, backward */
    int played;
    int *stack; /* scratch for the directed-cycle search */
    unsigned *seen, stamp;
} rstate;

/* Sets s up at mark (NULL: the empty board). */
void rs_init(rstate *s, const cy_board *b, const cy_rules *r, const unsigned char *mark);
void rs_free(rstate *s);
/* Marks dart d (its edge unmarked) / takes it back. */
void rs_play(rstate *s, int d);
void rs_undo(rstate *s, int d);
/* Whether marking d breaks no sink/source rule (its edge must be unmarked). */
int rs_sink_source_ok(const rstate *s, int d);
/* The cycle cells marking d completes (0, 1 or 2). */
int rs_completes(const rstate *s, int d);
/* What marking legal dart d does under s->r. */
void rs_effect(rstate *s, int d, cy_move_effect *fx);
/* Whether the game has ended by a completion (cy_variant_ended). */
int rs_ended(rstate *s);
/* The darts that break no sink/source rule on unmarked edges, into out[2*ne]
 * (the caller checks rs_ended first). */
int rs_moves(const rstate *s, int *out);
/* What a finished game is worth to the player to move: the end came by a
 * completion (by_completion) or because no legal move was left.
 * Two players: 1 win, 0 draw, -1 loss (MISERE: the nim-value 1; SCORE: 0
 * points more).  K >= 3 players: the winner as an offset from the player to
 * move (K-1: the previous player). */
int rs_end_value(const cy_rules *r, int by_completion);

#endif
