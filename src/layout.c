/*
 * layout.c - STUB: coordinates for drawing a board (to be replaced).
 */
#include "internal.h"

#include <math.h>

int cy_layout(const cy_board *b, double *xy, cy_error *err)
{
    (void)err;
    for (int v = 0; v < b->nv; v++) {
        xy[2 * v] = b->has_coords ? b->x[v] : cos(2 * M_PI * v / b->nv);
        xy[2 * v + 1] = b->has_coords ? b->y[v] : sin(2 * M_PI * v / b->nv);
    }
    return 0;
}
