/*
 * progress.h - the progress line of a long search on stderr, which every
 * engine and the variants' search show through (progress.c).  It calls no
 * engine, so the engines and solver.c, which picks them, depend on it and
 * not on each other's files.
 */
#ifndef CY_PROGRESS_H
#define CY_PROGRESS_H

#include "internal.h"

/* Progress reporting of one solver: shown on stderr for runs over a second,
 * in place once a second on a terminal, a line every ten seconds otherwise. */
typedef struct cyi_progress_state {
    cyi_ticker t;   /* when (its born: when the solver was made; on: 1) */
    char stage[96]; /* what the search is doing, if the engine says */
} cyi_progress_state;

/* Whether cyi_progress would show a line now: an engine need gather what
 * the line shows (its statistics, its stage) only then. */
int cyi_progress_due(const cy_solver_opts *o, const cyi_progress_state *p, int final);
/* Shows the progress line if it is time (always when final, if anything was
 * shown before or the run took over a second). */
void cyi_progress(const cy_solver_opts *o, cyi_progress_state *p, int final, const cy_solver_stats *st, size_t capacity);

#endif
