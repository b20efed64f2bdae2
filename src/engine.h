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

/* Prints a progress line for a run that has lasted over a second (at most
 * once a second unless final); last_report is the caller's timestamp. */
void cy_progress(const cy_solver_opts *o, double start, double *last_report, int final,
                 const cy_solver_stats *st, size_t capacity);

#endif
