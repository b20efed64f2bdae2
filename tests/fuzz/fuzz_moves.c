/*
 * fuzz_moves.c - libFuzzer target for the move lists a user types
 * (`--moves`, the server's ?moves=) and the vertex maps of `--involution`:
 * the first byte picks a board, the rest is the text.  Moves that parse are
 * played under the standard rules and under misère.
 */
#include "cycles.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Boards with plain, multi-digit and special labels, and (the BennTaylor
 * texts) parallel edges and loops on the torus, whose moves name edges and,
 * on a loop, its way (+eN / -eN). */
static const char *const specs[] = {"k4",
                                    "grid:3x4",
                                    "lollipop:4",
                                    "theta:3,2,5",
                                    "star:4",
                                    "cycle:12",
                                    "wedge:3,4",
                                    "spider:1,2,3",
                                    "SP3\n3 6\nEDGES\n0 2\n0 1\n1 0\n1 2\n2 1\n2 0\nCYCLES\n"
                                    "-0 +1 +2 -5\n-2 +3 +4 -1\n-4 +5 +0 -3",
                                    "LP\n2 5\nEDGES\n0 0\n0 0\n0 1\n0 1\n0 1\nCYCLES\n+0 +3 -2\n+1 +4 -3\n-0 -1 +2 -4"};
#define NSPECS (sizeof specs / sizeof specs[0])

/* The boards, built once. */
static cy_board *boards[NSPECS];

/* Parses text on b; plays what parses, under both rule sets. */
static void moves(const cy_board *b, const char *text)
{
    cy_error err;
    int *darts = NULL, n = 0;
    if (cy_moves_parse(b, text, &darts, &n, &err) == 0) {
        unsigned char *mark = calloc((size_t)b->ne + 1, 1);
        cy_moves_play(b, mark, darts, n, &err);
        cy_rules r;
        if (cy_rules_parse("misere", 0, 0, &r, &err) == 0) {
            memset(mark, 0, (size_t)b->ne + 1);
            cy_variant_game g;
            cy_variant_play(b, &r, mark, darts, n, &g, &err);
        }
        free(mark);
    }
    free(darts);
    int *vmap = calloc((size_t)b->nv + 1, sizeof(int));
    cy_involution_parse(b, text, vmap, &err);
    free(vmap);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t k = data[0] % NSPECS;
    if (!boards[k]) {
        cy_error err;
        boards[k] = !strchr(specs[k], '\n') ? cy_family_build(specs[k], &err)
                                            : cy_read_board(specs[k], strlen(specs[k]), CY_FMT_AUTO, NULL, &err);
        if (!boards[k])
            __builtin_trap();
    }
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    moves(boards[k], text);
    free(text);
    return 0;
}
