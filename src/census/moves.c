/*
 * moves.c - how many moves the standard game lasts under perfect play
 * (the census's moves column).
 *
 * The length is the remoteness of the position (Steinhaus; Conway, On
 * Numbers and Games, ch. 12): the winner plays to end the game as soon as he
 * can, the loser to put the end off as long as he can.  A position with no
 * legal move has remoteness 0 (the player to move has lost); a move that
 * completes a cycle cell ends the game at once, as a move to such a position
 * would.  Otherwise, if some move leads to a position of even remoteness (a
 * loss for the opponent), the remoteness is 1 + the least such; else it is 1
 * + the largest remoteness of any move.  So the player to move wins exactly
 * when it is odd.
 *
 * A memoised search over whole positions through the public rules (cy_rules_*),
 * one byte per position of the 3^E table: cheap on the small boards the census
 * gives it (CY_CENSUS_MOVES_MAX_EDGES).
 */
#include "census.h"

#include <stdlib.h>

typedef struct rem_ctx {
    const cy_board *b;
    unsigned char *mark;
    signed char *memo; /* remoteness + 1 by base-3 index of the position; 0 unknown */
    uint32_t pow3[CY_CENSUS_MOVES_MAX_EDGES + 1];
} rem_ctx;

/* The remoteness of the position c->mark (base-3 index idx), which has no
 * cycle cell. */
static int remoteness(rem_ctx *c, uint32_t idx)
{
    if (c->memo[idx])
        return c->memo[idx] - 1;
    const cy_board *b = c->b;
    int out[2 * CY_CENSUS_MOVES_MAX_EDGES];
    int n = cy_rules_legal(b, c->mark, out);
    int least_even = -1, largest = -1;
    for (int i = 0; i < n; i++) {
        int d = out[i], e = cy_dart_edge(d), r;
        if (cy_rules_completes(b, c->mark, d) >= 0)
            r = 0; /* the game ends: as a move to a position without moves */
        else {
            c->mark[e] = (unsigned char)cy_dart_mark(d);
            r = remoteness(c, idx + (uint32_t)cy_dart_mark(d) * c->pow3[e]);
            c->mark[e] = CY_UNMARKED;
        }
        if (r % 2 == 0 && (least_even < 0 || r < least_even))
            least_even = r;
        if (r > largest)
            largest = r;
    }
    int rem = n == 0 ? 0 : least_even >= 0 ? least_even + 1 : largest + 1;
    c->memo[idx] = (signed char)(rem + 1);
    return rem;
}

int census_moves(const cy_board *b)
{
    if (b->ne > CY_CENSUS_MOVES_MAX_EDGES)
        return -1;
    rem_ctx c = {.b = b};
    c.pow3[0] = 1;
    for (int e = 1; e <= b->ne; e++)
        c.pow3[e] = 3 * c.pow3[e - 1];
    c.mark = calloc((size_t)b->ne + 1, 1);
    c.memo = calloc(c.pow3[b->ne], 1);
    if (!c.mark || !c.memo)
        abort();
    int r = remoteness(&c, 0);
    free(c.mark);
    free(c.memo);
    return r;
}
