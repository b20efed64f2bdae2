/*
 * subgame.h - the compact position the fast solver searches: the unmarked
 * edges and the constraints still alive on them.  Internal to libcycles.
 *
 * Only four kinds of constraint can still matter in a position:
 *   VF  a vertex with no arrow yet: its last edge may not make it a sink or
 *       a source; ref marks, for each edge, the dart pointing into it.
 *   VC  a vertex whose arrows all point one way: its last edge may not point
 *       that way too; ref marks the darts pointing that (dangerous) way.
 *   CF  a cell with no arrow yet; ref marks the darts running along its walk.
 *   CC  a cell whose arrows all cycle one way; ref marks the darts that
 *       continue that cycle, so marking its last edge along ref completes it.
 * A vertex with an arrow in and an arrow out, a special vertex, a cell whose
 * arrows disagree or whose walk uses an edge twice, the outer face: none of
 * them constrains anything any more, and they are not represented at all.
 */
#ifndef CYCLES_SUBGAME_H
#define CYCLES_SUBGAME_H

#include "internal.h"

#include <stdint.h>

#define SG_MAXE 64    /* edges of a sub-game: one bit each in a word */
#define SG_MAXC 72    /* constraints: V + cells = E + 1 on a plane board */

enum { SG_VF, SG_VC, SG_CF, SG_CC };

typedef struct sg {
    int ne, nc;
    uint64_t live;            /* edges still to be played: unmarked and markable */
    uint8_t kind[SG_MAXC];
    uint64_t edges[SG_MAXC];  /* unmarked edges the constraint covers */
    uint64_t ref[SG_MAXC];    /* per covered edge: 1 if its reference dart is dart 1 */
} sg;

/* The sub-game of a board position.  Edges keep their board numbers (dart 0
 * is CY_FWD), so sub-games of one board can be compared as labelled.  The
 * position must have no cycle cell.  Returns -1 if the board has more than
 * SG_MAXE edges or the position more than SG_MAXC constraints. */
int sg_from_board(const cy_board *b, const unsigned char *mark, sg *g);

/* The edges whose dart 0 (f[0]) or dart 1 (f[1]) breaks the sink/source
 * rule: the last edge of a vertex, marked the way its other arrows point. */
void sg_forbidden(const sg *g, uint64_t f[2]);
/* Whether marking edge e as dart dir (0 or 1) obeys the sink/source rule. */
int sg_legal(const sg *g, int e, int dir);

/* Marks live edge e as dart dir (which must be legal) in place, then
 * normalises (see sg_normalise); the edge leaves the live set but keeps its
 * number.  Returns 1 when the move was a death move (the opponent could then
 * complete a cycle cell), else 0. */
int sg_play(sg *g, int e, int dir);

/* Drops what can no longer matter: edges that can never be marked (with
 * every constraint on them) and cells with an edge that can never be marked
 * the completing way; a fresh cell with an edge that can only be marked one
 * way becomes committed to that direction. */
void sg_normalise(sg *g);

/* Splits the live edges into connected components joined by constraints.
 * comp[i] gets the edge mask of component i; live edges covered by no
 * constraint (each a nim-heap *1) are returned in *free_edges.  Returns the
 * number of components. */
int sg_components(const sg *g, uint64_t *comp, uint64_t *free_edges);

/* Extracts the component with edge mask m as a sub-game of its own. */
void sg_extract(const sg *g, uint64_t m, sg *out);

#endif
