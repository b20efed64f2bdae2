/*
 * progress.c - the progress line of a long search (progress.h): positions,
 * speed, the table's fill and the memory, on stderr through cyi_ticker.
 */
#include "progress.h"

#include <stdio.h>

int cyi_progress_due(const cy_solver_opts *o, const cyi_progress_state *p, int final)
{
    return o->progress && cyi_ticker_due(&p->t, final);
}

void cyi_progress(const cy_solver_opts *o, cyi_progress_state *p, int final, const cy_solver_stats *st, size_t capacity)
{
    if (!cyi_progress_due(o, p, final))
        return;
    double el = cy_now() - p->t.born;
    char text[512];
    snprintf(text, sizeof text,
             "%s%s%llu positions, %.0f/s, table %llu/%zu entries (%.0f%%), memory %.0f MiB (table %.0f MiB), %.1f s",
             p->stage, p->stage[0] ? ": " : "", (unsigned long long)st->positions,
             (double)st->positions / (el > 0 ? el : 1), (unsigned long long)st->stored, capacity,
             capacity ? 100.0 * (double)st->stored / (double)capacity : 0.0, (double)cy_resident_memory() / 1048576.0,
             (double)st->memory / 1048576.0, el);
    cyi_ticker_line(&p->t, final, text);
}
