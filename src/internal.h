/*
 * internal.h - helpers shared by the modules of libcycles; not public API.
 */
#ifndef CYCLES_INTERNAL_H
#define CYCLES_INTERNAL_H

#include "cycles.h"
#include <math.h>
#include <stdlib.h>

/* malloc/calloc/realloc that abort with a message when memory runs out:
 * inputs are bounded by the board limits, so this is not reachable from
 * ordinary user input. */
void *cyi_xmalloc(size_t n);
void *cyi_xcalloc(size_t n, size_t size);
void *cyi_xrealloc(void *p, size_t n);
char *cyi_xstrdup(const char *s);

/* A growable string buffer. */
typedef struct cyi_buf {
    char *s;
    size_t len, cap;
} cyi_buf;
void cyi_buf_printf(cyi_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cyi_buf_puts(cyi_buf *b, const char *s);
/* Returns the string (never NULL) and leaves the buffer empty. */
char *cyi_buf_take(cyi_buf *b);

struct json_t;
/* The JSON value o (jansson), indented, with keys in insertion order and a
 * final newline, as a malloc'd string; o is released.  Never NULL. */
char *cyi_json_text(struct json_t *o);

/* Whether label is acceptable as a vertex label (non-empty, at most
 * CY_MAX_LABEL bytes, printable, no blanks, commas, quotes or "->"). */
int cyi_label_ok(const char *label);
/* cy_rules_check for a position the caller knows has no cycle cell (the
 * game goes on): the same verdict without looking at every cell. */
cy_verdict cyi_rules_check_open(const cy_board *b, const unsigned char *mark, int d, int *vertex);
/* The largest size of a coordinate: a board whose coordinates are not
 * finite numbers within +-CY_MAX_COORD is refused, so that differences and
 * products of coordinates (the geometry of drawings, the scaling of
 * pictures) never overflow. */
#define CY_MAX_COORD 1e100
/* Writes finite x into s (n >= 32) as the shortest of %.15g, %.16g and
 * %.17g that reads back (strtod) as the same double; -0 as 0. */
void cyi_double_text(char *s, size_t n, double x);
#define cyi_coord_ok(x) (isfinite(x) && fabs(x) <= CY_MAX_COORD)

/* Whether xy is a plane straight-line drawing of b with the board's
 * rotations and its cells clockwise (layout_spread.c).  O(E^2). */
int cyi_layout_ok(const cy_board *b, const double *xy);
/* Spreads out a drawing that passes cyi_layout_ok without changing its
 * embedding (layout_spread.c). */
void cyi_layout_spread(const cy_board *b, double *xy);
/* The layout computed from the embedding alone (cy_layout's for a board
 * without coordinates), whether or not b has coordinates of its own; 0, or
 * -1 with a message. */
int cyi_layout_computed(const cy_board *b, double *xy, cy_error *err);

/* Total physical memory in bytes (0 if unknown). */
size_t cyi_physical_memory(void);
/* A progress line on stderr for a long run (the solvers' cyi_progress keeps
 * one too): shown once the run is over a second old, in place once a
 * second on a terminal, else a line every ten seconds. */
typedef struct cyi_ticker {
    int on;      /* show lines at all */
    double born; /* when the run began (cy_now) */
    double last; /* when a line was last shown */
    int shown;   /* a line is on the terminal and wants ending */
} cyi_ticker;
/* Whether cyi_ticker_show would show a line now (what it shows need be
 * gathered only then). */
int cyi_ticker_due(const cyi_ticker *t, int final);
/* Shows "cycles: " and text as the line, in place on a terminal (final:
 * the last line, which ends one left in place); what cyi_ticker_show and the
 * solvers' cyi_progress print through, when cyi_ticker_due says. */
void cyi_ticker_line(cyi_ticker *t, int final, const char *text);
/* Shows "cycles: " and the formatted text, then the memory and the elapsed
 * time, if it is time (final: the last line, which ends one left in place). */
void cyi_ticker_show(cyi_ticker *t, int final, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Whether a search with this deadline (cy_now() seconds, 0 for none) must
 * stop now: the deadline has passed, or cy_interrupt was called. */
static inline int cyi_time_up(double deadline)
{
    return cy_interrupted() || (deadline > 0 && cy_now() > deadline);
}

#endif
