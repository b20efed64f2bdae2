/*
 * format.c - board formats: names, auto-detection, and dispatch to the
 * readers and writers in format_table.c, format_json.c and format_dot.c.
 */
#include "format_internal.h"

#include <string.h>

static const struct {
    const char *name;
    cy_format f;
} names[] = {
    {"auto", CY_FMT_AUTO},       {"table", CY_FMT_TABLE}, {"table-text", CY_FMT_TABLE_TEXT}, {"json", CY_FMT_JSON},
    {"drawing", CY_FMT_DRAWING}, {"dot", CY_FMT_DOT},     {"benntaylor", CY_FMT_BENNTAYLOR},
};

/* The format named s, or -1. */
int cy_format_parse(const char *s)
{
    if (!s)
        return -1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i].name) == 0)
            return (int)names[i].f;
    return -1;
}

/* The name of f ("?" for a value that is no format). */
const char *cy_format_name(cy_format f)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].f == f)
            return names[i].name;
    return "?";
}

/* Index of the first byte of text that is not blank or a UTF-8 byte order
 * mark (len when there is none). */
static size_t first_content(const char *text, size_t len)
{
    size_t i = 0;
    if (len >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
        i = 3;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
        i++;
    return i;
}

/* The most values ("[", "{" and ",") a JSON board object may hold: a
 * native board or drawing within CY_MAX_VERTICES and CY_MAX_EDGES holds
 * fewer than 3 million (5 a vertex with coordinates, 3 an edge pair, 2 a
 * step of a walk with its edge number, and a move an edge).  Counted before
 * the text is parsed, so that a file of millions of vertices is refused
 * without building them all. */
#define JSON_MAX_VALUES 4000000L

/* Parses text as JSON; NULL with a message naming the line and column. */
static json_t *parse_json(const char *text, size_t len, cy_error *err)
{
    json_error_t je;
    size_t skip = first_content(text, len);
    if (skip < len && text[skip] == '{') {
        long values = 0;
        int in_string = 0;
        for (size_t i = skip; i < len; i++) {
            char c = text[i];
            if (in_string) {
                if (c == '\\')
                    i++;
                else if (c == '"')
                    in_string = 0;
            } else if (c == '"')
                in_string = 1;
            else if ((c == ',' || c == '[' || c == '{') && ++values > JSON_MAX_VALUES)
                return cy_error_set(err,
                                    "the board has more than %ld JSON values, more than a board of at most %d vertices and %d edges needs",
                                    JSON_MAX_VALUES, CY_MAX_VERTICES, CY_MAX_EDGES),
                       NULL;
        }
    }
    json_t *root = json_loadb(text + skip, len - skip, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &je);
    if (!root)
        cy_error_set(err, "invalid JSON at line %d, column %d: %s", je.line, je.column, je.text);
    return root;
}

/* Reads a board in format f from parsed JSON. */
static cy_board *read_json(const json_t *root, cy_format f, char **moves, cy_error *err)
{
    if (f == CY_FMT_TABLE) {
        if (!json_is_array(root))
            return cy_error_set(err, "a game table is a JSON array of rows"), NULL;
        return cyi_table_from_json(root, err);
    }
    if (f == CY_FMT_JSON || f == CY_FMT_DRAWING)
        return cyi_json_read(root, f, moves, err);
    /* auto */
    if (json_is_array(root))
        return cyi_table_from_json(root, err);
    if (json_is_object(root)) {
        if (json_object_get(root, "cells"))
            return cyi_json_read(root, CY_FMT_JSON, moves, err);
        if (json_object_get(root, "edges"))
            return cyi_json_read(root, CY_FMT_DRAWING, moves, err);
        return cy_error_set(err, "a JSON board object needs \"cells\" (a native board) or \"edges\" (a drawing)"), NULL;
    }
    return cy_error_set(err, "a JSON board is an array (a game table) or an object (a native board or a drawing)"), NULL;
}

/* Reads a board from text in format f (CY_FMT_AUTO: detected). */
cy_board *cy_read_board(const char *text, size_t len, cy_format f, char **moves, cy_error *err)
{
    if (moves)
        *moves = NULL;
    if (!text)
        len = 0;
    if (f == CY_FMT_DOT)
        return cy_error_set(err, "dot is an output format only; it cannot be read"), NULL;
    if (f == CY_FMT_BENNTAYLOR || (f == CY_FMT_AUTO && cyi_benntaylor_detect(text, len)))
        return cyi_benntaylor_read(text, len, err);
    if (f != CY_FMT_AUTO && f != CY_FMT_TABLE && f != CY_FMT_TABLE_TEXT && f != CY_FMT_JSON && f != CY_FMT_DRAWING)
        return cy_error_set(err, "unknown board format %d", (int)f), NULL;
    size_t start = first_content(text, len);
    if (start == len)
        return cy_error_set(err, "the input is empty"), NULL;
    if (f == CY_FMT_TABLE_TEXT || (f == CY_FMT_AUTO && (!text[start] || !strchr("[{\"", text[start]))))
        return cyi_table_from_text(text, len, err);
    if (f == CY_FMT_TABLE && text[start] != '[')
        return cy_error_set(err, "a game table in JSON starts with \"[\" (the printed table is the table-text format)"),
               NULL;
    if ((f == CY_FMT_JSON || f == CY_FMT_DRAWING) && text[start] != '{' && text[start] != '[')
        return cy_error_set(err, "a %s is a JSON object, starting with \"{\"",
                            f == CY_FMT_JSON ? "native board" : "drawing"),
               NULL;
    json_t *root = parse_json(text, len, err);
    if (!root)
        return NULL;
    char *mv = NULL;
    cy_board *b = read_json(root, f, &mv, err);
    json_decref(root);
    if (moves)
        *moves = mv;
    else
        free(mv);
    return b;
}

/* Writes b in format f (CY_FMT_AUTO: the native JSON board). */
char *cy_write_board(const cy_board *b, const unsigned char *mark, cy_format f, cy_error *err)
{
    if (!b)
        return cy_error_set(err, "no board to write"), NULL;
    switch (f) {
    case CY_FMT_TABLE:
        return cyi_table_write(b, 0, err);
    case CY_FMT_TABLE_TEXT:
        return cyi_table_write(b, 1, err);
    case CY_FMT_AUTO:
    case CY_FMT_JSON:
        return cyi_json_write(b, mark, 0, err);
    case CY_FMT_DRAWING:
        return cyi_json_write(b, mark, 1, err);
    case CY_FMT_DOT:
        return cyi_dot_write(b, mark, err);
    case CY_FMT_BENNTAYLOR:
        return cyi_benntaylor_write(b, err);
    }
    return cy_error_set(err, "unknown board format %d", (int)f), NULL;
}
