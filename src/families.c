/* families.c - STUB, to be replaced by the families module. */
#include "internal.h"
#include <string.h>
static const cy_family_info list[] = {{0, 0, 0}};
const cy_family_info *cy_family_list(void) { return list; }
int cy_family_known(const char *spec) { return strncmp(spec, "cycle:", 6) == 0; }
cy_board *cy_family_build(const char *spec, cy_error *err)
{
    int n = atoi(spec + 6);
    if (n < 3 || n > 1000) return cy_error_set(err, "bad n"), NULL;
    int *w = cy_xmalloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) w[i] = i;
    const int *cells[1] = {w};
    cy_board_desc d = {.nv = n, .ncells = 1, .cells = cells, .cell_len = &n, .name = spec};
    cy_board *b = cy_board_from_faces(&d, err);
    free(w);
    return b;
}
