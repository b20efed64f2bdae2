/* sinksource.h - THE SINK/SOURCE RULE, once, for every copy on a hot path.
 *
 * No move may leave a vertex that is not exempt (special, or on a loop:
 * cy_rules_exempt) with all its edges marked pointing in (a sink) or all
 * pointing out (a source).  Put as a test on one move: an arrow added at a
 * vertex v closes v iff v is not exempt and every other edge of v is
 * already marked pointing the same way (into v, or out of it) as the new
 * arrow.  Each copy feeds it what its representation has at hand:
 *
 *   rules.c sink_or_source   counts over the mark array
 *   rules.c rs_sink_source_ok  the variants' running in/out counts
 *   rules.c cy_rules_almost  counts (used by filled.c)
 *   positions.c vertex_ok    counts over a complete marking (the last arrow)
 *   solver_bits.c sink_source  edge masks, branch-free
 *
 * The sub-game engine (subgame.c sg_forbidden and forbidden_at, which
 * solver_fast.c uses) keeps the rule in its own terms: a vertex stays in a
 * sub-game only while every arrow at it points one way, so there the test
 * has already been made and only "is this its last live edge" is left.
 * tests/test_solver.c, test_engines.c, test_positions.c, test_filled.c,
 * test_variants.c and test_subgame.c compare the copies with one another. */
#ifndef CYCLES_SINKSOURCE_H
#define CYCLES_SINKSOURCE_H

#include <stdint.h>

/* Whether adding an arrow at a vertex makes it a sink or a source.  exempt:
 * the vertex is special or on a loop.  others: its other edges, as a count
 * or as an edge mask; same: those of them already marked pointing the same
 * way as the new arrow, as a count (at most others) or a sub-mask of
 * others.  Promises: nonzero iff the vertex is not exempt and same ==
 * others (every other edge marked, and all the new arrow's way); a vertex
 * of degree 1 (others 0) always closes. */
static inline int cyi_ss_closes(int exempt, uint64_t others, uint64_t same)
{
    return !exempt && same == others;
}

#endif
