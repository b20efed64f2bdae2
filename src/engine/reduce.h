/*
 * reduce.h - the bitboard engine's reduced keys: a position summarised by
 * what its future depends on, so that positions with the same summary share
 * one table entry (reduce.c has the table).  Internal to libcycles.
 *
 * THE REDUCTION.  In the game the bitboard engine searches (death moves not
 * allowed, so no cycle cell is ever completed), the moves of a position and
 * the positions they lead to depend on the arrows only through these
 * summaries:
 *   - the set O of open (unmarked) edges;
 *   - per vertex v that is not exempt from the sink/source rule and has an
 *     open edge: whether its arrows all point in (code 1), all point out
 *     (code 2), or neither (code 0: none marked, which O tells apart, or
 *     both ways, which no later arrow undoes);
 *   - per cyclable cell with an open edge: whether its arrows all run along
 *     its walk (code 1), all against (code 2), or neither (code 0: none
 *     marked, which O tells apart, or both ways: the cell is dead for good).
 * Proof that two positions P and Q with equal summaries have equal Grundy
 * values, by induction on |O|.  With O empty neither has a move: both 0.
 * Otherwise: (a) the same darts are legal in both, since the sink/source
 * rule forbids a dart only at a vertex with exactly one open edge, by
 * whether the vertex's marked arrows all point in or all out (with none
 * marked both), and a death move is the second-to-last open edge of a cell
 * whose marked arrows all run one way, continuing that way (forbidden() in
 * solver_bits.c is exactly this); (b) marking the same dart d in both
 * gives children with equal summaries: O loses d's edge in both, and each
 * code changes only at d's ends and cells, to a value fixed by the old code
 * and d (all in + in = all in, all in + out = both ways, none + in = all in,
 * and so on; a vertex or cell left with no open edge drops out).  By
 * induction the children have equal values, so P and Q have the same set of
 * children's values and the same mex.  Reversing every arrow maps the game
 * onto itself (sink and source, along and against trade places), so a
 * summary and its reverse (codes 1 and 2 swapped) have equal values too:
 * the key is the lesser of the two.  The tests check the engine with and
 * without the reduction against tests/brute.c on every position of every
 * plane board up to 10 edges (tests/test_reduce.c).  Measured, it costs more
 * than it spares (docs/benchmarks.md): it merges few positions beyond the
 * reversal, loses the bitboard engine's automorphisms, and a hash probe
 * costs more than the direct table's index, so it is off unless asked for
 * (cy_solver_opts.reductions).
 */
#ifndef CYCLES_REDUCE_H
#define CYCLES_REDUCE_H

#include <stddef.h>
#include <stdint.h>

/* An open-addressing table of reduced keys (key + 1 stored, 0 empty) and
 * their values (1 + Grundy value); grows by doubling. */
typedef struct rtab {
    uint64_t *key;
    unsigned char *val;
    size_t cap;       /* a power of two */
    size_t n;         /* entries */
    size_t max_bytes; /* the most its two arrays may take */
} rtab;

/* A table of at most max_bytes (at least 2^12 slots).  Returns 0, or -1
 * when even that cannot be allocated. */
int rtab_init(rtab *t, size_t max_bytes);

/* The value stored under key (key < 2^63), 0 when none. */
static inline unsigned char rtab_get(const rtab *t, uint64_t key)
{
    uint64_t k = key + 1;
    size_t mask = t->cap - 1, i = (size_t)((k * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & mask;
    for (;; i = (i + 1) & mask) {
        if (t->key[i] == k)
            return t->val[i];
        if (!t->key[i])
            return 0;
    }
}

/* Stores v (non-zero) under key, growing the table when it is half full.
 * Returns 0, or -1 when growing would pass max_bytes (nothing is stored). */
int rtab_put(rtab *t, uint64_t key, unsigned char v);

/* Empties t for the next board without freeing it (rtab_free frees it). */
void rtab_clear(rtab *t);
void rtab_free(rtab *t);

#endif
