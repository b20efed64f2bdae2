/* format.c - STUB, to be replaced by the formats module. */
#include "internal.h"
#include <string.h>
int cy_format_parse(const char *s) { (void)s; return -1; }
const char *cy_format_name(cy_format f) { (void)f; return "?"; }
cy_board *cy_read_board(const char *text, size_t len, cy_format f, char **moves, cy_error *err)
{ (void)text; (void)len; (void)f; if (moves) *moves = NULL; return cy_error_set(err, "formats not implemented"), NULL; }
char *cy_write_board(const cy_board *b, const unsigned char *mark, cy_format f, cy_error *err)
{ (void)b; (void)mark; (void)f; return cy_error_set(err, "formats not implemented"), NULL; }
cy_board *cy_board_from_drawing(int nv, const char *const *labels, const double *xy, int ne, const int *edges,
                                const unsigned char *special, const char *name, cy_error *err)
{ (void)nv; (void)labels; (void)xy; (void)ne; (void)edges; (void)special; (void)name; return cy_error_set(err, "drawings not implemented"), NULL; }
