/*
 * engine.h - the solver engines behind cy_solver: the plain memoised search
 * (solver_plain.c) and the fast one (solver_fast.c).  Internal to libcycles.
 */
#ifndef CYCLES_ENGINE_H
#define CYCLES_ENGINE_H

#include "internal.h"

typedef struct plain plain;
plain *plain_new(const cy_board *b, const cy_solver_opts *o, cy_error *err);
int plain_grundy(plain *s, const unsigned char *mark);
void plain_stats(const plain *s, cy_solver_stats *st);
void plain_free(plain *s);

typedef struct fast fast;
fast *fast_new(const cy_board *b, const cy_solver_opts *o, cy_error *err);
int fast_grundy(fast *s, const unsigned char *mark);
/* Whether the player to move wins (1 or 0), or a negative code. */
int fast_wins(fast *s, const unsigned char *mark);
void fast_stats(const fast *s, cy_solver_stats *st);
void fast_free(fast *s);

/* Makes every search of s stop by the absolute time until (cy_now() seconds;
 * 0 = only the per-search timeout). */
void cy_solver_until(cy_solver *s, double until);
void plain_until(plain *s, double until);
void fast_until(fast *s, double until);

/* The deadline of a search starting at start: the earlier of the timeout and
 * until, 0 for none. */
static inline double cy_deadline(double start, double timeout, double until)
{
    double d = timeout > 0 ? start + timeout : 0;
    return until > 0 && (d == 0 || until < d) ? until : d;
}

/* Prints a progress line for a run that has lasted over a second (at most
 * once a second unless final); last_report is the caller's timestamp. */
void cy_progress(const cy_solver_opts *o, double start, double *last_report, int final,
                 const cy_solver_stats *st, size_t capacity);

#endif
