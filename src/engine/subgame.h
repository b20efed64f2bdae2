/*
 * subgame.h - the compact position the fast solver searches: the unmarked
 * edges and the constraints still alive on them, as four machine words over
 * a fixed board.  Internal to libcycles.
 *
 * The constraints of a board are its non-special vertices and its cells whose
 * walk uses no edge twice, numbered 0..nk-1.  In a position each is in one of
 * three states that can still matter, or dead:
 *   fresh      no arrow yet.  A vertex: its last edge may not make it a sink
 *              or a source.  A cell: it may still cycle either way.
 *   committed  its arrows all point one way.  A vertex: its last edge may not
 *              point that (dangerous) way too.  A cell: its arrows all cycle
 *              one way, so marking its last edge that way completes it.
 *   dead       a vertex with an arrow in and an arrow out, a cell whose
 *              arrows disagree, or a constraint on an edge that can never be
 *              marked: it constrains nothing any more.
 * Each constraint has, per edge, a reference dart (for a vertex the dart
 * pointing into it, for a cell the dart running along its walk); a committed
 * constraint's dangerous darts are the reference darts, or, when it is
 * flipped, the others.
 */
#ifndef CYCLES_SUBGAME_H
#define CYCLES_SUBGAME_H

#include "internal.h"

#include <stdint.h>

/* A 64-bit finaliser of the xorshift-multiply kind: shifts a, b, c and
 * multipliers m1, m2. */
static inline uint64_t sg_mix_by(uint64_t x, int a, uint64_t m1, int b, uint64_t m2, int c)
{
    x ^= x >> a;
    x *= m1;
    x ^= x >> b;
    x *= m2;
    x ^= x >> c;
    return x;
}

/* 64-bit mixing (splitmix64's finaliser), for the hashes behind the keys of
 * sub-games (canon.c, treekey.c). */
static inline uint64_t sg_mix(uint64_t x)
{
    return sg_mix_by(x, 30, 0xBF58476D1CE4E5B9ull, 27, 0x94D049BB133111EBull, 31);
}

/* murmur3's 64-bit finaliser: a mixing independent of sg_mix's. */
static inline uint64_t sg_fmix(uint64_t x)
{
    return sg_mix_by(x, 33, 0xFF51AFD7ED558CCDull, 33, 0xC4CEB9FE1A85EC53ull, 33);
}

#define SG_MAXE 64 /* edges: one bit each in a word */
#define SG_MAXK 64 /* constraints: one bit each in a word */

/* The fixed part: a board's constraints as edge masks. */
typedef struct sg_board {
    int ne, nk;
    uint64_t cells;          /* the constraints that are cells */
    uint64_t edges[SG_MAXK]; /* the edges of constraint k */
    uint64_t ref[SG_MAXK];   /* per edge of k: 1 if its reference dart is dart 1 */
    uint64_t on[SG_MAXE];    /* the constraints on edge e */
    uint64_t adj[SG_MAXE];   /* the edges of the constraints on edge e (e too, if any) */
    /* the embedding, for plane keys (canon.c): each constraint's darts in
     * order (a vertex's leaving darts in rotation order, a cell's walk), the
     * place of each of its edges in that order, and per edge the constraints
     * at the tail and head of dart 0 and the cells of darts 0 and 1 (-1 for
     * none) */
    uint8_t len[SG_MAXK];
    uint8_t list[SG_MAXK][SG_MAXE];
    uint8_t place[SG_MAXK][SG_MAXE];
    int8_t ends[SG_MAXE][2], sides[SG_MAXE][2];
} sg_board;

/* A position.  Invariants (kept by sg_play and sg_normalise): every alive
 * constraint has a live edge and no edge that can never be marked; comm and
 * flip lie within alive, and flip within comm. */
typedef struct sg {
    uint64_t live;  /* edges still to be played: unmarked and markable */
    uint64_t alive; /* constraints not dead */
    uint64_t comm;  /* alive constraints with an arrow */
    uint64_t flip;  /* committed ones whose dangerous darts are not the reference */
} sg;

/* The constraints of board b; -1 if it has more than SG_MAXE edges or
 * SG_MAXK constraints. */
int sg_board_init(const cy_board *b, sg_board *sb);

/* The position of the board marks mark[], normalised.  The position must have
 * no cycle cell. */
void sg_from_board(const sg_board *sb, const cy_board *b, const unsigned char *mark, sg *g);

/* The edges whose dart 0 (f[0]) or dart 1 (f[1]) breaks the sink/source
 * rule: the last edge of a vertex, marked the way its other arrows point (or
 * either way, if it has no arrow). */
void sg_forbidden(const sg_board *sb, const sg *g, uint64_t f[2]);

/* The dangerous darts of constraint k of g, as a mask over its edges. */
static inline uint64_t sg_danger(const sg_board *sb, const sg *g, int k)
{
    return sb->ref[k] ^ (((g->flip >> k) & 1u) ? sb->edges[k] : 0);
}

/* Marks live edge e as dart dir (which must be legal) in place, then
 * normalises; the edge leaves the live set.  Returns 1 when the move was a
 * death move (the opponent could then complete a cycle cell), else 0. */
int sg_play(const sg_board *sb, sg *g, int e, int dir);

/* Drops what can no longer matter: edges that can never be marked (with
 * every constraint on them) and cells with an edge that can never be marked
 * the completing way; a fresh cell with an edge that can only be marked one
 * way becomes committed to that direction. */
void sg_normalise(const sg_board *sb, sg *g);

/* Splits the live edges into components joined by alive constraints.
 * comp[i] gets the edge mask of component i and kcomp[i] its constraints;
 * live edges on no alive constraint (each a nim-heap *1) are returned in
 * *free_edges.  Returns the number of components. */
int sg_components(const sg_board *sb, const sg *g, uint64_t *comp, uint64_t *kcomp, uint64_t *free_edges);

/* The component with edges m and constraints km of g, as a position of its own. */
static inline sg sg_part(const sg *g, uint64_t m, uint64_t km)
{
    sg p = {g->live & m, g->alive & km, g->comm & km, g->flip & km};
    return p;
}

#endif
