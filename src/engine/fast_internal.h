/*
 * fast_internal.h - what the fast engine (solver_fast.c) lends the searches
 * written beside it (solver_dfpn.c) and the component database's build
 * (compdb.c): its workers stay opaque, and each
 * function below is a thin door to one of the engine's own.  Internal to
 * libcycles.
 */
#ifndef CYCLES_FAST_INTERNAL_H
#define CYCLES_FAST_INTERNAL_H

#include "engine.h"
#include "subgame.h"

#include <stdint.h>

/* One thread of a search of the fast engine. */
typedef struct worker worker;

/* The keys of a component: labelled, and canonical (computed when first
 * needed, unless switched off). */
typedef struct keys {
    const sg *g;
    uint64_t l[2], c[2];
    int have_c;
} keys;

/* The outcome searches a worker may run (cy_solver_opts.search). */
int fx_search(const worker *f);
/* The board's constraints the worker searches. */
const sg_board *fx_board(const worker *f);
/* Components of at most this many edges are valued by mex. */
int fx_small(const worker *f);
/* Counts a position; CY_SOLVE_TIMEOUT when time is up, a negative code when
 * another thread finished, else 0. */
int fx_tick(worker *f);
/* Positions searched so far by all threads, this one's not yet counted
 * included: work counts for the table's replacement policy. */
uint64_t fx_done(const worker *f);
/* Starts the keys of g (the labelled one now, the canonical on demand). */
void fx_keys_of(const worker *f, const sg *g, keys *k);
/* Gives k its canonical key if canonical keys are used for it; returns
 * whether they are. */
int fx_canonical(worker *f, keys *k);
/* The main table's entry of k under salt (both keys), or -1. */
int fx_lookup(worker *f, keys *k, uint64_t salt);
/* The main table's entry of k under salt, under the labelled key only
 * (cheap: no canonical key is computed), or -1. */
int fx_get(worker *f, const keys *k, uint64_t salt);
/* Stores a settled entry in the main table under k and salt, with the
 * move that settled it (a dart or -1) and the work it cost. */
void fx_store(worker *f, keys *k, uint64_t salt, int v, int move, uint64_t work);
/* The salt of outcome entries of a component against a nim-heap of n. */
uint64_t fx_outcome_salt(int n);
/* The Grundy value of a small component by mex (k its keys), or a negative
 * code. */
int fx_mex_value(worker *f, const sg *g, keys *k);
/* How win() sees g + *n: the largest component left once isomorphic pairs
 * cancel into *big, everything else folded into *heap.  Returns 1 when
 * there is a largest component, 0 when not (then g + *n is won exactly
 * when *heap is not 0), or a negative code. */
int fx_fold(worker *f, const sg *g, int n, sg *big, int *heap);
/* The moves of big (against a heap of n) in the order win() tries them,
 * death moves dropped, into dart[] with their scores (a mirror reply's has
 * bit 27 set); returns how many.  When the table already shows a move to a
 * lost position, returns -1 - that dart instead. */
int fx_order(worker *f, const sg *big, int n, int *dart, int *score);
/* Components of at most this many edges are searched in rounds even
 * with --search dfpn (cy_solver_opts.dfpn_edges). */
#define DFPN_EDGES 20
int fx_dfpn_edges(const worker *f);
/* Whether the player to move wins big + *n (big a folded component, as
 * fx_fold leaves it) by the rounds search of win(), within budget
 * positions: 1, 0, FX_OVER when it needs more, or a negative code. */
#define FX_OVER (-101)
int fx_win_rounds(worker *f, const sg *big, int n, uint64_t budget);
/* g's Grundy value, 0 or 1, when Theorem 6, generalised (theorem6.c),
 * proves it, else -1; never with --no-theorems. */
int fx_proved_value(const worker *f, const sg *g);
/* Counts a win of dart d for the move order (history). */
void fx_won(worker *f, int d);

/* A position's mark among those the threads of a search are searching
 * (ABDADA): its slot, or NULL for none, and what the slot holds. */
typedef struct fx_mark {
    uint64_t *slot, key;
} fx_mark;
/* Marks big + *n (k its keys) as being searched by this worker, if its
 * slot is free (no mark with one thread); fx_unmark gives the mark back. */
fx_mark fx_claim(worker *f, const keys *k, int n);
void fx_unmark(fx_mark *m);
/* Whether some thread has marked big + *n (k its keys) by fx_claim. */
int fx_marked(const worker *f, const keys *k, int n);

/* The df-pn search (solver_dfpn.c): whether the player to move wins big +
 * *n, 1 or 0, or a negative code; big is a folded largest component with
 * keys k whose value and outcome against n are not in the table.  The
 * result goes into the main table as win()'s does. */
int dfpn_win(worker *f, const sg *big, int n, keys *k);

/* The table of proof and disproof numbers of a df-pn search, shared by the
 * threads of one fast engine; NULL when memory is short. */
typedef struct dfpn_table dfpn_table;
dfpn_table *dfpn_table_new(size_t bytes);
void dfpn_table_free(dfpn_table *t);
/* The df-pn table of the engine f works for (made on first use). */
dfpn_table *fx_dfpn_table(worker *f);

/* The canonical key the fast engine gives component g with its default
 * keys (plane keys, or a tree key): 1, or 0 when a component so small
 * gets no canonical key (solver_fast.c; the component database
 * keys its entries so, compdb.c). */
int fast_canon_key(const sg_board *sb, const sg *g, uint64_t key[2]);

#endif
