/*
 * fuzz_read.c - libFuzzer target for the board readers: every input is read
 * in each format; a board that loads is written in every format, the
 * table and JSON forms must load again, and its moves (and the input itself)
 * are parsed as moves.
 */
#include "cycles.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Parses text as moves on b, freeing what it returns. */
static void parse_moves(const cy_board *b, const char *text)
{
    cy_error err;
    int *darts = NULL, n = 0;
    if (cy_moves_parse(b, text, &darts, &n, &err) == 0)
        free(darts);
}

/* Writes b in every format; written tables and JSON boards must read back. */
static void write_all(const cy_board *b)
{
    static const cy_format out[] = {CY_FMT_TABLE,   CY_FMT_TABLE_TEXT, CY_FMT_JSON,
                                    CY_FMT_DRAWING, CY_FMT_DOT,        CY_FMT_BENNTAYLOR};
    unsigned char *mark = calloc((size_t)b->ne + 1, 1);
    for (int e = 0; e < b->ne; e += 2)
        mark[e] = (unsigned char)(e % 4 ? CY_BWD : CY_FWD);
    for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) {
        cy_error err;
        char *s = cy_write_board(b, mark, out[i], &err);
        if (!s)
            continue;
        if (out[i] == CY_FMT_BENNTAYLOR) {
            /* it keeps no outer face: reading it back may place trees and
             * blocks elsewhere, or refuse what it cannot place */
            cy_board *c = cy_read_board(s, strlen(s), out[i], NULL, &err);
            cy_board_free(c);
        } else if (out[i] != CY_FMT_DOT) {
            char *moves = NULL;
            cy_board *c = cy_read_board(s, strlen(s), out[i], &moves, &err);
            if (!c || c->nv != b->nv || c->ne != b->ne || c->ncells != b->ncells)
                __builtin_trap(); /* a written board must read back */
            cy_board_free(c);
            free(moves);
        }
        free(s);
    }
    free(mark);
}

/* Reads data in each format. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const cy_format fmts[] = {CY_FMT_AUTO,    CY_FMT_TABLE, CY_FMT_TABLE_TEXT, CY_FMT_JSON,
                                     CY_FMT_DRAWING, CY_FMT_DOT,   CY_FMT_BENNTAYLOR};
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
        cy_error err;
        char *moves = NULL;
        /* the reader gets the bytes without a terminating NUL */
        char *exact = malloc(size ? size : 1);
        memcpy(exact, data, size);
        cy_board *b = cy_read_board(exact, size, fmts[i], &moves, &err);
        free(exact);
        if (b) {
            if (moves)
                parse_moves(b, moves);
            parse_moves(b, text);
            if (i == 0)
                write_all(b);
            cy_board_free(b);
        }
        free(moves);
    }
    free(text);
    return 0;
}
