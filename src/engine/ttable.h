/*
 * ttable.h - the transposition table of the fast solver: Grundy values of
 * sub-games, and the moves that settled them, by 128-bit key, in a fixed
 * amount of memory, shared by threads without locks.  Internal to libcycles.
 */
#ifndef CYCLES_TTABLE_H
#define CYCLES_TTABLE_H

#include <stddef.h>
#include <stdint.h>

typedef struct tt tt;

typedef struct tt_stats {
    uint64_t probes, hits, stores, replaced;
    size_t entries, capacity, bytes;
} tt_stats;

/* A table using at most bytes of memory (at least one bucket); NULL if the
 * memory cannot be had.  With grow it starts small, and doubles each time
 * its users call tt_grow. */
tt *tt_new(size_t bytes, int grow);
/* Whether a growing table is full enough to want doubling, and may. */
int tt_needs_room(const tt *t);
/* Doubles a growing table (or leaves it as it is if the memory cannot be
 * had).  No other thread may use the table meanwhile. */
void tt_grow(tt *t);
void tt_free(tt *t);
/* What a table's user counts for its statistics, and adds to them now and
 * then (tt_count): probes and stores are not counted by the table, as a
 * counter that all threads write costs a cache miss at each probe. */
typedef struct tt_counts {
    uint64_t probes, hits, stores, fresh, replaced;
} tt_counts;

/* The value stored under key, or -1. */
int tt_get(tt *t, const uint64_t key[2]);
/* The same, and the move stored with it into *move (if not NULL): -1 for
 * none, else 0..254. */
int tt_probe(tt *t, const uint64_t key[2], int *move);
/* Stores value (0..30; a larger one is not kept, and counts as TT_SAME)
 * and move (-1 for none, else 0..254: the move that settled the entry, as
 * chess engines keep a best move) under key; work
 * (positions searched to find it) decides what a full bucket gives up: a
 * newcomer that cost at least as much as the cheapest of the six ways that
 * keep the dearest entries takes its place, any other the place of the
 * latest entry in one of the two other ways.  Returns where it went: over key's own entry
 * (TT_SAME), into a free one (TT_FRESH) or over another key's
 * (TT_REPLACED), for the user's counts. */
enum { TT_SAME, TT_FRESH, TT_REPLACED };
int tt_put(tt *t, const uint64_t key[2], int value, int move, uint64_t work);
/* Outcomes against nim-heaps of fewer than TT_HEAPS, packed a bit each
 * into one entry under the component's own key (the key of its value):
 * whether the player to move wins the component beside *n.  tt_outcome
 * says 1 (a win), 0 (a loss: the key's value is n) or -1 (not known), from
 * the key's value if it is stored, else from its set of won heaps;
 * tt_put_win adds "won beside *n" to the key's set (nothing when the key's
 * value is stored, which says as much), work as for tt_put, and returns
 * where it went as tt_put does.  A loss beside *n is stored as the value
 * n (tt_put).  Heaps of TT_HEAPS and more are not kept here (-1, TT_SAME). */
#define TT_HEAPS 8
int tt_outcome(tt *t, const uint64_t key[2], int n);
int tt_put_win(tt *t, const uint64_t key[2], int n, uint64_t work);
/* Starts bringing the bucket of key into the cache: every key differing
 * only in key[0] (an entry's salt) lives in the same bucket, so a probe
 * under any of them that follows soon finds it there. */
void tt_prefetch(const tt *t, const uint64_t key[2]);
/* Adds what a user counted to the statistics (the entries in use and
 * those given up decide tt_needs_room), and zeroes c. */
void tt_count(tt *t, tt_counts *c);
void tt_stats_get(const tt *t, tt_stats *st);

#endif
