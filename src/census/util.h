/*
 * util.h - what every part of the census shares and that needs nothing of
 * it (util.c): the growing text buffer and the clocks.  census.h includes
 * it; the enumeration, which census.h includes, uses it without census.h.
 */
#ifndef CY_CENSUS_UTIL_H
#define CY_CENSUS_UTIL_H

#include <stddef.h>

/* A growing string. */
typedef struct census_buf {
    char *s;
    size_t n, cap;
} census_buf;
void census_printf(census_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Seconds on a monotonic clock. */
double census_now(void);
/* The process's CPU seconds (all threads). */
double census_cpu(void);

#endif
