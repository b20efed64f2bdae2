/*
 * format_internal.h - the readers and writers behind cy_read_board and
 * cy_write_board (format.c dispatches to them); not public API.
 */
#ifndef CYCLES_FORMAT_INTERNAL_H
#define CYCLES_FORMAT_INTERNAL_H

#include "internal.h"

#include <jansson.h>

/* Largest number of rows x columns a game table may have (read or written). */
#define CY_TABLE_MAX_ENTRIES 10000000L

/* Reads a game table given as parsed JSON (an array of rows). */
cy_board *cyi_table_from_json(const json_t *root, cy_error *err);
/* Reads the paper's printed table: whitespace-separated columns, an optional
 * header line, comma-separated lists. */
cy_board *cyi_table_from_text(const char *text, size_t len, cy_error *err);
/* Writes b as a game table: JSON (text == 0) or the printed form. */
char *cyi_table_write(const cy_board *b, int text, cy_error *err);

/* Reads a native board (want == CY_FMT_JSON), a drawing (CY_FMT_DRAWING) or
 * whichever the object is (CY_FMT_AUTO); *moves as in cy_read_board. */
cy_board *cyi_json_read(const json_t *root, cy_format want, char **moves, cy_error *err);
/* Writes b as a native board or (drawing != 0) as a drawing, with the marked
 * edges of mark (may be NULL) as "moves". */
char *cyi_json_write(const cy_board *b, const unsigned char *mark, int drawing, cy_error *err);

/* Writes b as a Graphviz graph with the arrows of mark (may be NULL). */
char *cyi_dot_write(const cy_board *b, const unsigned char *mark, cy_error *err);

/* The text format of BennTaylor/Game-of-Cycles (format_benntaylor.c):
 * whether text looks like it (its third non-blank line is EDGES), the
 * reader, and the writer. */
int cyi_benntaylor_detect(const char *text, size_t len);
cy_board *cyi_benntaylor_read(const char *text, size_t len, cy_error *err);
char *cyi_benntaylor_write(const cy_board *b, cy_error *err);

#endif
