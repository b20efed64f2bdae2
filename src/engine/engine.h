/*
 * engine.h - the solver engines behind cy_solver: the plain memoised search
 * (solver_plain.c) and the fast one (solver_fast.c).  Internal to libcycles.
 */
#ifndef CYCLES_ENGINE_H
#define CYCLES_ENGINE_H

#include "internal.h"
#include "progress.h"

typedef struct plain plain;
plain *plain_new(const cy_board *b, const cy_solver_opts *o, cy_error *err);
int plain_grundy(plain *s, const unsigned char *mark);
void plain_stats(const plain *s, cy_solver_stats *st);
void plain_free(plain *s);

/* The bitboard engine: boards of at most BITS_MAX_EDGES edges whose table of
 * 3^E bytes fits the memory allowed.  Above 14 edges sub-games are faster
 * (bench/techniques.sh); at 14 a whole solve with its winning replies is
 * still faster on bitboards, whose table already holds every answer. */
#define BITS_MAX_EDGES 14
#define BITS_MAX_SYM 16
typedef struct bits bits;
bits *bits_new(const cy_board *b, const cy_solver_opts *o, cy_error *err);
int bits_grundy(bits *s, const unsigned char *mark);
/* Whether the player to move wins (1 or 0), or a negative code: by the one
 * question "is the value 0?" unless o.no_outcome_search. */
int bits_wins(bits *s, const unsigned char *mark);
void bits_stats(const bits *s, cy_solver_stats *st);
void bits_until(bits *s, double until);
void bits_free(bits *s);
/* The darts of position mark that the bitboard engine's copy of the
 * sink/source rule forbids, as edge masks (f[0]: dart 0, f[1]: dart 1); for
 * the tests, which check it against rules.c's. */
void bits_sink_source(const bits *s, const unsigned char *mark, uint64_t f[2]);

/* A shared table (table.c): its transposition table, and a fresh salt for
 * the labelled keys of each solver that uses it. */
struct tt;
struct tt *table_tt(cy_table *t);
void table_salt(cy_table *t, uint64_t salt[2]);

typedef struct fast fast;
fast *fast_new(const cy_board *b, const cy_solver_opts *o, cy_error *err);
int fast_grundy(fast *s, const unsigned char *mark);
/* The Grundy value of the part of mark's game played on the edges of keep
 * alone, which must be a union of the position's components (no alive
 * constraint with unmarked edges both in keep and out of it), or a
 * negative code. */
int fast_grundy_part(fast *s, const unsigned char *mark, uint64_t keep);
/* Whether the player to move wins (1 or 0), or a negative code. */
int fast_wins(fast *s, const unsigned char *mark);
/* Whether the player to move wins each of n positions (marks: n * ne):
 * results[i] is 1 or 0, or a negative code for a position not judged; the
 * threads share the positions out.  Returns 0 or a negative code. */
int fast_wins_each(fast *s, const unsigned char *marks, int n, int *results);
/* A winning move of the normal-play game (a dart to a position of value 0)
 * into *dart: 1, or 0 when the position is lost, or a negative code.  Read
 * from the table the search of the position left, searched only where the
 * table lacks it. */
int fast_move(fast *s, const unsigned char *mark, int *dart);
void fast_stats(const fast *s, cy_solver_stats *st);
/* From now on every Grundy value f stores for a component of at most edges
 * live edges under its canonical key goes into set too (compdb.c builds
 * its database so); f then consults no database. */
struct compdb_set;
void fast_collect(fast *f, struct compdb_set *set, int edges);
void fast_free(fast *s);

/* Whether the player to move wins each of n positions (marks: n * ne
 * marks, each admitting no completion): results[i] is 1 or 0, or a
 * negative CY_SOLVE_ code where it was not judged.  The fast engine's
 * threads share the positions out, each searching its own; returns 0 or
 * a negative code. */
int cyi_solver_wins_each(cy_solver *s, const unsigned char *marks, int n, int *results);

/* fast_grundy_part through s (certificate.c): the value of the part of
 * mark's game on the edges of keep, a union of components; with an engine
 * other than the fast one, a fast engine is made for it on first use.  A
 * negative code (CY_SOLVE_TOO_BIG where no fast engine can be made). */
int cyi_solver_grundy_part(cy_solver *s, const unsigned char *mark, uint64_t keep);

/* The strategy of player 2 that Theorem 6 of Alvarado et al. 2021 proves winning from
 * mark, or NULL: mark must be the empty board (and theorems not switched
 * off); the board's strategy is found once. */
const cy_strategy *cyi_solver_theorem(cy_solver *s, const unsigned char *mark);

/* When the last cy_analyse on s began (cy_now() seconds; 0 for never):
 * the answers that follow it (cy_analysis_replies) share its time limit. */
void cyi_solver_set_analysed(cy_solver *s, double when);
double cyi_solver_analysed(const cy_solver *s);

/* cy_solver_until (cycles.h) for each engine. */
void plain_until(plain *s, double until);
void fast_until(fast *s, double until);

/* The deadline of a search starting at start: the earlier of the timeout and
 * until, 0 for none. */
static inline double cyi_deadline(double start, double timeout, double until)
{
    double d = timeout > 0 ? start + timeout : 0;
    return until > 0 && (d == 0 || until < d) ? until : d;
}

/* The progress state of a solver's engine. */
cyi_progress_state *plain_progress(plain *s);
cyi_progress_state *fast_progress(fast *s);
cyi_progress_state *bits_progress(bits *s);

/* A set of Grundy values 0..191 in three words (the values of a position's
 * options: at most two for each of 64 edges).  vset_add puts g in; vset_mex
 * gives the least value not in the set, the mex. */
static inline void vset_add(uint64_t seen[3], int g)
{
    seen[g >> 6] |= 1ull << (g & 63);
}

static inline int vset_mex(const uint64_t seen[3])
{
    int g = 0;
    while (seen[g >> 6] & (1ull << (g & 63)))
        g++;
    return g;
}

#endif
