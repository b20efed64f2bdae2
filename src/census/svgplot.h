/*
 * svgplot.h - a small SVG chart writer for the census report.
 */
#ifndef CYCLES_CENSUS_SVGPLOT_H
#define CYCLES_CENSUS_SVGPLOT_H

#include "census.h"

typedef enum census_svg_kind {
    CY_SVG_BARS_LOG, /* bars side by side per category, log10 scale */
    CY_SVG_LINES,    /* one line per series, linear scale from 0 */
    CY_SVG_STACKED   /* per category the series stacked as shares of 100% */
} census_svg_kind;

typedef struct census_svg_chart_spec {
    census_svg_kind kind;
    const char *title, *xlabel, *ylabel;
    int ncat;                      /* categories along x ... */
    const char *const *categories; /* ... and their labels */
    int nseries;
    const char *const *series; /* series names (the legend) */
    const double *values;      /* nseries x ncat, row by series; NAN: none */
    int percent;               /* LINES: y labels as percent of 1 */
} census_svg_chart_spec;

/* The chart as an SVG document (malloc'd). */
char *census_svg_chart(const census_svg_chart_spec *c);

#endif
